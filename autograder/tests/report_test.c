/* The grade report: fragment rows, the table and the Gradescope results.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <criterion/criterion.h>

#include "fragment.h"
#include "report.h"

/* Runs fn(f, arg) into a memory buffer and returns the text (caller frees). */
static char *capture(void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_not_null(f, "open_memstream failed");
	fn(f, arg);
	fclose(f);
	return buf;
}

static void write_row(FILE *f, const void *row)
{
	fragment_write(f, row);
}

static void write_json(FILE *f, const void *r)
{
	report_json(f, r);
}

static void write_table(FILE *f, const void *r)
{
	report_table(f, r);
}

static void write_string(FILE *f, const void *s)
{
	json_string(f, s);
}

Test(fragment, round_trip_with_escapes)
{
	struct fragment_row in = {"01-pair", "accel/n_1", 0,
				  3,	     "failed",	  "line one\n\ttabbed \\ back\r",
				  2.5},
			    out;
	char *text = capture(write_row, &in);
	size_t n = strlen(text);

	cr_assert(n > 0 && text[n - 1] == '\n' && strchr(text, '\t') != NULL,
		  "a row is one line ending in a newline: got \"%s\"", text);
	cr_assert_eq(strchr(text, '\n'), text + n - 1, "the output's newline must be escaped");
	text[n - 1] = '\0';
	cr_assert_eq(fragment_parse(text, &out), 0, "parsing our own row failed");
	cr_assert_str_eq(out.lab, "01-pair");
	cr_assert_str_eq(out.test, "accel/n_1");
	cr_assert_eq(out.score, 0);
	cr_assert_eq(out.max_score, 3);
	cr_assert_str_eq(out.status, "failed");
	cr_assert_str_eq(out.output, in.output, "output: got \"%s\", want \"%s\"", out.output,
			 in.output);
	cr_assert_float_eq(out.seconds, 2.5, 1e-9, "seconds: got %g, want 2.5", out.seconds);
	free(text);
}

Test(fragment, seconds_optional)
{
	char six[] = "01-pair\taccel/n_1\t1\t1\tpassed\tok",
	     seven[] = "01-pair\ta/b\t1\t1\tpassed\tok\t0.25",
	     bad[] = "01-pair\ta/b\t1\t1\tpassed\tok\tsoon";
	struct fragment_row row;

	cr_assert_eq(fragment_parse(six, &row), 0, "a row without seconds (scripts write those)");
	cr_assert_eq(row.seconds, 0.0, "unmeasured seconds: got %g, want 0", row.seconds);
	cr_assert_eq(fragment_parse(seven, &row), 0, "a row with seconds");
	cr_assert_float_eq(row.seconds, 0.25, 1e-9, "seconds: got %g", row.seconds);
	cr_assert_eq(fragment_parse(bad, &row), -1, "seconds that are not a number");
}

Test(fragment, rejects_malformed_rows)
{
	const char *bad[] = {
	    "01-pair\tt\t1\t2\tpassed",		     /* five fields */
	    "01-pair\tt\t3\t2\tpassed\tx",	     /* score above max */
	    "01-pair\tt\t-1\t2\tfailed\tx",	     /* negative */
	    "01-pair\tt\t1\t2\tpass\tx",	     /* unknown status */
	    "01-pair\tt\t1x\t2\tpassed\tx",	     /* not a number */
	    "01-pair\tt\t1\t2\tpassed\tdangling \\", /* bad escape */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char line[128];
		struct fragment_row row;
		snprintf(line, sizeof(line), "%s", bad[i]);
		cr_expect_eq(fragment_parse(line, &row), -1, "row %zu should be rejected: %s", i,
			     bad[i]);
	}
}

Test(json, string_escaping)
{
	char *s = capture(write_string, "a\"b\\c\nd\te\x01"
					"f");

	cr_assert_str_eq(s, "\"a\\\"b\\\\c\\nd\\te\\u0001f\"", "got %s", s);
	free(s);
}

Test(json, always_valid_utf8)
{
	/* a Latin-1 e-acute (0xe9) from a student's source, quoted by the compiler; valid
	 * UTF-8 (e-acute, a CJK character, an emoji) kept; a lone continuation byte, an
	 * overlong slash and a truncated sequence replaced */
	char *s =
	    capture(write_string,
		    "caf\xe9 | caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x9a\x80 | \x80 \xc0\xaf \xe4\xb8");

	cr_assert_str_eq(
	    s,
	    "\"caf\\ufffd | caf\xc3\xa9 \xe4\xb8\xad \xf0\x9f\x9a\x80 | \\ufffd \\ufffd\\ufffd "
	    "\\ufffd\\ufffd\"",
	    "got %s", s);
	free(s);
}

static struct report load(const char *text)
{
	char path[] = "/tmp/pl-report-XXXXXX", err[256];
	int fd = mkstemp(path);
	struct report r = {0};

	cr_assert(fd >= 0, "mkstemp failed");
	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	cr_assert_eq(report_load(&r, path, err, sizeof(err)), 0, "load failed: %s", err);
	unlink(path);
	return r;
}

#define ROWS                                                                                       \
	"01-pair\tpair/a\t2\t2\tpassed\tnote\t1.5\n"                                               \
	"01-pair\tpair/b\t0\t3\tfailed\tbody 4 is wrong\\nhint: step 1.b\n"                        \
	"01-pair\tspeed/c\t0\t1\tskipped\tno usable CUDA device\n"                                 \
	"01-pair\tsan/d\t0\t1\ttimeout\ttimed out after 30 s\n"

#define LONG_REASON                                                                                \
	"a reason far longer than the column, which the table wraps at a space rather than "       \
	"cutting, so that a student reads all of it, including what it says at the end: "          \
	"nothing is cut"

Test(report, totals)
{
	struct report r = load(ROWS);
	struct report_totals t = report_sum(&r);

	cr_assert_eq(r.n, 4, "rows: got %d, want 4", r.n);
	cr_assert(t.score == 2 && t.max_score == 7, "points: got %d/%d, want 2/7", t.score,
		  t.max_score);
	cr_assert(t.passed == 1 && t.failed == 2 && t.skipped == 1,
		  "counts: got %d passed %d failed %d skipped, want 1 2 1", t.passed, t.failed,
		  t.skipped);
	report_free(&r);
}

Test(report, gradescope_json)
{
	struct report r = load(ROWS);
	char *j = capture(write_json, &r);
	const char *want[] = {
	    "\"score\": 2,",
	    "\"execution_time\": 2,",
	    "\"visibility\": \"visible\",",
	    "\"extra_data\": {\"max_score\": 7, \"skipped\": 1, \"emulated\": false}",
	    "{\"name\": \"01-pair: pair/a\", \"score\": 2, \"max_score\": 2, \"status\": "
	    "\"passed\", \"output\": \"note\", \"output_format\": \"text\", \"visibility\": "
	    "\"visible\", \"extra_data\": {\"execution_time\": 1.500, \"outcome\": \"passed\"}}",
	    "\"status\": \"failed\", \"output\": \"body 4 is wrong\\nhint: step 1.b\",",
	    "\"output\": \"skipped: no usable CUDA device\"",
	    "\"output\": \"timeout: timed out after 30 s\"",
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		cr_expect_not_null(strstr(j, want[i]), "results.json lacks %s\ngot:\n%s", want[i],
				   j);
	cr_assert_eq(j[0], '{', "results.json must be one object");
	report_free(&r);
	free(j);
}

Test(report, table_has_whole_reasons)
{
	struct report r = load(ROWS "01-pair\tlong/e\t0\t1\tfailed\t" LONG_REASON "\n");
	char *t = capture(write_table, &r);
	int lines = 0;

	for (char *p = t; *p; p++)
		lines += *p == '\n';
	/* header, 5 rows, the hint of pair/b on a line of its own, the long reason's second
	 * line, the total */
	cr_assert_eq(lines, 9, "got %d lines\n%s", lines, t);
	cr_assert_not_null(strstr(t, "0/3  failed   body 4 is wrong\n"
				     "                                                     "
				     "         hint: step 1.b\n"),
			   "a reason's second line goes under the first:\n%s", t);
	cr_assert_not_null(strstr(t, "at the end: nothing is cut"), "the whole reason:\n%s", t);
	cr_assert_not_null(strstr(t, "2/8  1 passed, 3 failed, 1 skipped"), "total:\n%s", t);
	report_free(&r);
	free(t);
}

Test(report, names_the_bad_line)
{
	char path[] = "/tmp/pl-report-XXXXXX", err[256];
	int fd = mkstemp(path);
	struct report r = {0};
	const char *text = "01-pair\tpair/a\t2\t2\tpassed\tok\nnot a row\n";

	cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	cr_assert_eq(report_load(&r, path, err, sizeof(err)), -1, "a bad row must fail the load");
	cr_assert_not_null(strstr(err, ":2:"), "the message names line 2: got \"%s\"", err);
	unlink(path);
	report_free(&r);
}
