/*
 * Tests of the skeleton generator's in-memory transform: markers, errors with their
 * lines, line endings. The tree operations are in skeltree_test.c.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "skelgen.h"

#define BEGIN "/* BEGIN SOLUTION */\n"
#define END   "/* END SOLUTION */\n"
#define SKEL  "/* SKELETON\n"
#define CLOSE "*/\n"

/* The name the transform tests use in messages. */
#define NAME "solutions/02-tiling/tiling.cu"

static void expect_output(const char *in, const char *want)
{
	char err[SKEL_ERR_SIZE] = "", *out;
	size_t len;
	int rc = skel_transform(NAME, in, strlen(in), &out, &len, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected success, got %d with error: %s", rc, err);
	cr_assert(len == strlen(want) && !memcmp(out, want, len),
		  "expected output (%zu bytes):\n[%s]\ngot (%zu bytes):\n[%.*s]", strlen(want),
		  want, len, (int)len, out);
	free(out);
}

/* The whole message must start with @want: "file:line: error: what". */
static void expect_error(const char *in, const char *want)
{
	char err[SKEL_ERR_SIZE] = "", *out = (char *)"unset";
	size_t len;
	int rc = skel_transform(NAME, in, strlen(in), &out, &len, err, sizeof(err));

	cr_assert_eq(rc, -1, "expected -1 (error \"%s\"), got %d", want, rc);
	cr_assert_null(out, "expected no output buffer on error, got %p", (void *)out);
	cr_assert(!strncmp(err, want, strlen(want)), "expected error starting with:\n%s\ngot:\n%s",
		  want, err);
}

Test(skelgen_transform, plain_file_is_copied_unchanged)
{
	expect_output("", "");
	expect_output("int x;\n/* a comment */\n\n", "int x;\n/* a comment */\n\n");
	expect_output("no final newline", "no final newline");
}

Test(skelgen_transform, block_with_skeleton)
{
	expect_output("a\n" BEGIN "answer\n" END SKEL "todo\n" CLOSE "b\n", "a\ntodo\nb\n");
}

Test(skelgen_transform, block_without_skeleton)
{
	expect_output("a\n" BEGIN "answer\n" END "b\n", "a\nb\n");
}

Test(skelgen_transform, several_blocks)
{
	expect_output(BEGIN "one\n" END SKEL "s1\n" CLOSE "mid\n" BEGIN "two\n" END "tail\n" BEGIN
			    "three\n" END SKEL "s3a\n\ns3b\n" CLOSE,
		      "s1\nmid\ntail\ns3a\n\ns3b\n");
}

Test(skelgen_transform, indentation_and_blank_lines_preserved)
{
	expect_output("{\n\t/* BEGIN SOLUTION */  \n\tx = 1;\n    /* END SOLUTION */\n\n"
		      "\t/* SKELETON\n\t// TODO(lab1.a): set x\n\t\tx = 0;\n\t*/\n}\n",
		      "{\n\n\t// TODO(lab1.a): set x\n\t\tx = 0;\n}\n");
}

Test(skelgen_transform, nested_begin_names_both_lines)
{
	expect_error("x\n" BEGIN "a\n" BEGIN "b\n" END END,
		     NAME ":4: error: nested BEGIN SOLUTION (the open block starts at line 2)");
}

Test(skelgen_transform, end_without_begin)
{
	expect_error("x\ny\n" END, NAME ":3: error: END SOLUTION without BEGIN SOLUTION");
	expect_error(BEGIN END END, NAME ":3: error: END SOLUTION without BEGIN SOLUTION");
}

Test(skelgen_transform, unterminated_begin_names_opening_line)
{
	expect_error("x\n\n" BEGIN "a\nb\n",
		     NAME ":3: error: BEGIN SOLUTION is never closed by END SOLUTION");
}

Test(skelgen_transform, unterminated_skeleton)
{
	expect_error(BEGIN END SKEL "todo\n", NAME ":3: error: SKELETON block is never closed");
	expect_error(
	    BEGIN END SKEL "todo\n" END,
	    NAME ":5: error: END SOLUTION inside a SKELETON block (the block starts at line 3)");
	expect_error(
	    BEGIN END SKEL BEGIN CLOSE,
	    NAME ":4: error: BEGIN SOLUTION inside a SKELETON block (the block starts at line 3)");
}

Test(skelgen_transform, skeleton_not_after_end)
{
	expect_error("x\n" SKEL "y\n" CLOSE,
		     NAME ":2: error: SKELETON block must directly follow END SOLUTION");
	expect_error(BEGIN END "code\n" SKEL CLOSE,
		     NAME ":4: error: SKELETON block must directly follow END SOLUTION");
	expect_error(BEGIN SKEL CLOSE END, NAME ":2: error: SKELETON inside a solution block");
	expect_output(BEGIN "a\n" END "\n  \n" SKEL "s\n" CLOSE, "\n  \ns\n");
}

Test(skelgen_transform, malformed_markers)
{
	static const char *const bad[] = {
	    "/* BEGIN SOLUTION\n",
	    "// BEGIN SOLUTION\n",
	    "/*BEGIN SOLUTION*/\n",
	    "/* begin solution */\n",
	    "/* END SOLUTION */ x = 1;\n",
	    "/* BEGIN_SOLUTION */\n",
	    "/* SKELETON */\n",
	    "// SKELETON\n",
	    "/** END SOLUTION */\n",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char in[128];

		snprintf(in, sizeof(in), "int x;\n%s", bad[i]);
		expect_error(in, NAME ":2: error: malformed marker");
	}
	expect_error(BEGIN "// END SOLUTION\n" END, NAME ":2: error: malformed marker");
	expect_output("/* Skeleton code: see the handout */\n// solution below\n",
		      "/* Skeleton code: see the handout */\n// solution below\n");
}

Test(skelgen_transform, comment_delimiter_inside_skeleton)
{
	expect_error(BEGIN END SKEL "x = 0; /* todo */\n" CLOSE,
		     NAME ":4: error: '/*' or '*/' inside a SKELETON block");
}

Test(skelgen_transform, crlf_lines_kept_as_found)
{
	expect_output("a\r\n/* BEGIN SOLUTION */\r\nanswer\r\n/* END SOLUTION */\r\n"
		      "/* SKELETON\r\ntodo\r\n*/\r\nb\r\nlast",
		      "a\r\ntodo\r\nb\r\nlast");
	expect_error("a\r\n/* END SOLUTION */\r\n", NAME ":2: error: END SOLUTION without");
}

Test(skelgen_transform, only_c_and_cuda_sources_are_transformed)
{
	static const char *const yes[] = {"a.c", "b/c.h", "k.cu", "k.cuh"};
	static const char *const no[] = {"README.md", "Makefile", "a.cpp", "x.c.orig", "dir.c/f"};
	size_t i;

	for (i = 0; i < 4; i++)
		cr_expect_eq(skel_is_source(yes[i]), 1, "expected %s to be a source, got 0",
			     yes[i]);
	for (i = 0; i < 5; i++)
		cr_expect_eq(skel_is_source(no[i]), 0, "expected %s to be copied, got 1", no[i]);
}
