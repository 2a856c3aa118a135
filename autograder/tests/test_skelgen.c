/*
 * Tests of the skeleton generator: the in-memory transform (markers, errors with
 * their lines, line endings) and the tree operations (generate, check) on
 * temporary directories.
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

/* ---- tree tests: each gets a fresh temporary root holding src/ and dst/ ---- */

#define ROOT_TEMPLATE "/tmp/skelgen-test-XXXXXX"

static char root[sizeof(ROOT_TEMPLATE)];
static char src[64], dst[64];

static char *path_of(const char *dir, const char *rel)
{
	static char buf[4][256];
	static int next;
	char *p = buf[next++ % 4];

	int n = snprintf(p, sizeof(buf[0]), "%s/%s", dir, rel);

	cr_assert(n > 0 && (size_t)n < sizeof(buf[0]), "expected a path under 256 bytes, got %d",
		  n);
	return p;
}

static void put(const char *dir, const char *rel, const char *text)
{
	char *path = path_of(dir, rel), *s;
	FILE *f;

	for (s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0777);
		*s = '/';
	}
	f = fopen(path, "wb");
	cr_assert_not_null(f, "expected to create %s, got NULL", path);
	fputs(text, f);
	fclose(f);
}

/* The file's content, or NULL when there is no such file. */
static char *get(const char *dir, const char *rel)
{
	FILE *f = fopen(path_of(dir, rel), "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n, "expected to read %ld bytes", n);
	fclose(f);
	return buf;
}

static void expect_file(const char *dir, const char *rel, const char *want)
{
	char *got = get(dir, rel);

	cr_expect(got && !strcmp(got, want), "%s/%s: expected:\n[%s]\ngot:\n[%s]", dir, rel, want,
		  got ? got : "(no file)");
	free(got);
}

static void rm_rf(const char *path)
{
	struct stat st;
	struct dirent *e;
	DIR *d;

	if (lstat(path, &st))
		return;
	if (S_ISDIR(st.st_mode) && (d = opendir(path))) {
		while ((e = readdir(d))) {
			char *child = malloc(strlen(path) + strlen(e->d_name) + 2);

			if (!child || !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) {
				free(child);
				continue;
			}
			sprintf(child, "%s/%s", path, e->d_name);
			rm_rf(child);
			free(child);
		}
		closedir(d);
	}
	remove(path);
}

static void setup_tree(void)
{
	strcpy(root, ROOT_TEMPLATE);
	cr_assert_not_null(mkdtemp(root), "expected a temporary directory, got NULL");
	snprintf(src, sizeof(src), "%s/solutions", root);
	snprintf(dst, sizeof(dst), "%s/labs", root);
	put(src, "01-pair/pair.cu",
	    "int f(void)\n{\n" BEGIN "\treturn 42;\n" END SKEL "\treturn 0; // TODO(lab1.a)\n" CLOSE
	    "}\n");
	put(src, "01-pair/pair.h", "int f(void);\n");
	put(src, "01-pair/README.md", "Keep " BEGIN "as is\n");
	put(src, "02-tiling/sub/deep.cuh", BEGIN "secret\n" END "visible\n");
}

static void teardown_tree(void)
{
	rm_rf(root);
}

/* Runs one tree operation, capturing its log; returns its result. */
static int run_op(int check, char *log, size_t log_size, char *err, size_t err_size)
{
	FILE *f;
	int rc;

	memset(log, 0, log_size);
	f = fmemopen(log, log_size - 1, "w");

	cr_assert_not_null(f, "expected a log stream, got NULL");
	rc = check ? skel_check(src, dst, f, err, err_size)
		   : skel_generate(src, dst, f, err, err_size);
	fclose(f);
	return rc;
}

static void generate_ok(char *log, size_t log_size)
{
	char err[4096] = "";
	int rc = run_op(0, log, log_size, err, sizeof(err));

	cr_assert_eq(rc, 0, "expected generate to succeed, got %d: %s", rc, err);
}

static void expect_log_has(const char *log, const char *line)
{
	cr_expect_not_null(strstr(log, line), "expected the log to contain [%s], got:\n%s", line,
			   log);
}

Test(skelgen_tree, generate_then_check_passes, .init = setup_tree, .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	int rc;

	generate_ok(log, sizeof(log));
	expect_file(dst, "01-pair/pair.cu", "int f(void)\n{\n\treturn 0; // TODO(lab1.a)\n}\n");
	expect_file(dst, "01-pair/pair.h", "int f(void);\n");
	expect_file(dst, "01-pair/README.md", "Keep " BEGIN "as is\n");
	expect_file(dst, "02-tiling/sub/deep.cuh", "visible\n");
	expect_log_has(log, "  SKEL  ");
	expect_log_has(log, "/labs/01-pair/pair.cu\n");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, 0, "expected check to find 0 differences, got %d; log:\n%s%s", rc, log,
		     err);
	generate_ok(log, sizeof(log));
	cr_expect_str_empty(log, "expected an up-to-date generate to write nothing, got:\n%s", log);
}

Test(skelgen_tree, check_reports_modified_missing_and_extra, .init = setup_tree,
     .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	int rc;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/pair.cu", "int f(void) { return 42; }\n");
	remove(path_of(dst, "01-pair/pair.h"));
	put(dst, "02-tiling/notes.txt", "mine\n");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, 3, "expected 3 differences, got %d; log:\n%s%s", rc, log, err);
	expect_log_has(log, "labs/01-pair/pair.cu: drifted");
	expect_log_has(log, "labs/01-pair/pair.h: missing");
	expect_log_has(log, "labs/02-tiling/notes.txt: extra");
}

Test(skelgen_tree, generate_updates_changed_and_removes_stale, .init = setup_tree,
     .fini = teardown_tree)
{
	char log[4096] = "", *gone;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/old.cu", "stale\n");
	put(dst, "03-unroll/orphan.h", "stale\n");
	put(src, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	generate_ok(log, sizeof(log));
	gone = get(dst, "01-pair/old.cu");
	cr_expect_null(gone, "expected labs/01-pair/old.cu removed, got a file: [%s]", gone);
	free(gone);
	expect_file(dst, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	expect_log_has(log, "  RM    ");
	expect_log_has(log, "/labs/03-unroll/orphan.h\n");
	expect_log_has(log, "  SKEL  ");
	cr_expect_null(strstr(log, "pair.cu"), "expected pair.cu untouched, got log:\n%s", log);
}

Test(skelgen_tree, marker_error_writes_nothing, .init = setup_tree, .fini = teardown_tree)
{
	char log[4096] = "", err[4096] = "";
	char *kept;
	int rc;

	generate_ok(log, sizeof(log));
	put(dst, "01-pair/extra.c", "kept\n");
	put(src, "01-pair/pair.h", "int f(void);\nint g(void);\n");
	put(src, "02-tiling/bad.cu", "x\n" BEGIN "y\n");
	put(src, "03-unroll/bad.h", "// END SOLUTION\n");
	rc = run_op(0, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, -1, "expected generate to fail, got %d", rc);
	cr_expect_str_empty(log, "expected no file written or removed, got:\n%s", log);
	expect_file(dst, "01-pair/pair.h", "int f(void);\n");
	kept = get(dst, "01-pair/extra.c");
	cr_expect_not_null(kept, "expected labs/01-pair/extra.c kept, got it removed");
	free(kept);
	expect_log_has(err, "/solutions/02-tiling/bad.cu:2: error: BEGIN SOLUTION is never closed");
	expect_log_has(err, "/solutions/03-unroll/bad.h:1: error: malformed marker");
	rc = run_op(1, log, sizeof(log), err, sizeof(err));
	cr_expect_eq(rc, -1, "expected check to fail on the marker error, got %d", rc);
}

Test(skelgen_tree, refuses_overlapping_trees, .init = setup_tree, .fini = teardown_tree)
{
	char err[4096] = "";
	int rc = skel_generate(src, src, NULL, err, sizeof(err));

	cr_expect_eq(rc, -1, "expected generate into its own source to fail, got %d", rc);
	rc = skel_generate(src, root, NULL, err, sizeof(err));
	cr_expect_eq(rc, -1, "expected generate into a parent of the source to fail, got %d", rc);
	expect_file(src, "01-pair/pair.h", "int f(void);\n");
}
