/* Merging the labs' fragments into a table and a Gradescope results.json. */
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define REASON_WIDTH 90

static int grow(struct report *r)
{
	int cap = r->cap ? 2 * r->cap : 64;
	void *rows = realloc(r->rows, (size_t)cap * sizeof(*r->rows));
	void *lines;

	if (!rows)
		return -1;
	r->rows = rows;
	lines = realloc(r->lines, (size_t)cap * sizeof(*r->lines));
	if (!lines)
		return -1;
	r->lines = lines;
	r->cap = cap;
	return 0;
}

static char *read_line(FILE *f)
{
	size_t cap = 256, len = 0;
	char *s = malloc(cap);
	int c;

	while (s && (c = fgetc(f)) != EOF && c != '\n') {
		if (len + 1 == cap) {
			char *t = realloc(s, cap *= 2);
			if (!t)
				free(s);
			s = t;
			if (!s)
				break;
		}
		s[len++] = (char)c;
	}
	if (s && c == EOF && len == 0) {
		free(s);
		return NULL;
	}
	if (s)
		s[len] = '\0';
	return s;
}

int report_load(struct report *r, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *line;
	int lineno = 0;

	if (!f) {
		snprintf(err, errlen, "%s: cannot open the results fragment", path);
		return -1;
	}
	while ((line = read_line(f))) {
		lineno++;
		if (line[0] == '#') { /* grade-lab.sh's "#complete" mark, a comment */
			free(line);
			continue;
		}
		if ((r->n == r->cap && grow(r)) || fragment_parse(line, &r->rows[r->n])) {
			snprintf(err, errlen,
				 "%s:%d: not a results row (lab, test, score, "
				 "max_score, status, output)",
				 path, lineno);
			free(line);
			fclose(f);
			return -1;
		}
		r->lines[r->n++] = line;
	}
	fclose(f);
	return 0;
}

void report_free(struct report *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->lines[i]);
	free(r->lines);
	free(r->rows);
	memset(r, 0, sizeof(*r));
}

struct report_totals report_sum(const struct report *r)
{
	struct report_totals t = {0, 0, 0, 0, 0};

	for (int i = 0; i < r->n; i++) {
		const char *s = r->rows[i].status;
		t.score += r->rows[i].score;
		t.max_score += r->rows[i].max_score;
		if (!strcmp(s, "passed"))
			t.passed++;
		else if (!strcmp(s, "skipped"))
			t.skipped++;
		else
			t.failed++;
	}
	return t;
}

/* A test's whole output in the reason column: each of its lines wrapped at a space
 * to REASON_WIDTH, the continuations indented to the column, nothing cut. */
static void print_reason(FILE *f, const char *out, int indent)
{
	int first = 1;

	do {
		size_t line = strcspn(out, "\n");
		const char *end = out + line;

		do {
			size_t n = (size_t)(end - out);
			if (n > REASON_WIDTH) {
				n = REASON_WIDTH;
				while (n > REASON_WIDTH / 2 && out[n] != ' ')
					n--;
				if (out[n] != ' ')
					n = REASON_WIDTH; /* one long word: cut it, never lose it */
			}
			fprintf(f, "%*s%.*s\n", first ? 0 : indent, "", (int)n, out);
			first = 0;
			out += n;
			while (out < end && *out == ' ')
				out++;
		} while (out < end);
		out = *end ? end + 1 : end;
	} while (*out);
	if (first)
		fputc('\n', f);
}

int report_reachable(const struct report *r)
{
	int points = 0;

	for (int i = 0; i < r->n; i++)
		if (strcmp(r->rows[i].status, "skipped"))
			points += r->rows[i].max_score;
	return points;
}

/* The suites of the rows skipped in @p r but resources, each once, comma-separated,
 * into @p buf; *@p resources: whether resources/ rows were skipped (nvcc's build, not
 * a GPU, runs them). */
static const char *skipped_suites(const struct report *r, char *buf, size_t len, int *resources)
{
	size_t used = 0;

	buf[0] = '\0';
	*resources = 0;
	for (int i = 0; i < r->n; i++) {
		const char *test = r->rows[i].test, *slash = strchr(test, '/');
		int n = slash ? (int)(slash - test) : (int)strlen(test), seen = 0;

		if (strcmp(r->rows[i].status, "skipped"))
			continue;
		if (!strncmp(test, "resources/", 10)) {
			*resources = 1;
			continue;
		}
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(r->rows[j].status, "skipped") &&
			       !strncmp(r->rows[j].test, test, (size_t)n) &&
			       (r->rows[j].test[n] == '/' || !r->rows[j].test[n]);
		if (!seen && used + (size_t)n + 3 < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%.*s", used ? ", " : "",
						 n, test);
	}
	return buf;
}

/* "LAB=06" when every row is one lab's, else "LAB=NN". */
static const char *lab_arg(const struct report *r, char *buf, size_t len)
{
	const char *lab = r->n ? r->rows[0].lab : NULL;

	for (int i = 1; i < r->n && lab; i++)
		if (strcmp(r->rows[i].lab, lab))
			lab = NULL;
	snprintf(buf, len, "LAB=%.2s", lab && strlen(lab) >= 2 ? lab : "NN");
	return buf;
}

void report_table(FILE *f, const struct report *r)
{
	struct report_totals t = report_sum(r);
	char pts[32], suites[256];
	int width = 32; /* the test column: the longest name, so that points stay in line */

	for (int i = 0; i < r->n; i++)
		if ((int)strlen(r->rows[i].test) > width)
			width = (int)strlen(r->rows[i].test);
	int indent = 10 + 1 + width + 1 + 7 + 2 + 8 + 1; /* where the reason column starts */

	fprintf(f, "%-10s %-*s %7s  %-8s %s\n", "lab", width, "test", "points", "status", "reason");
	for (int i = 0; i < r->n; i++) {
		const struct fragment_row *row = &r->rows[i];
		snprintf(pts, sizeof(pts), "%d/%d", row->score, row->max_score);
		fprintf(f, "%-10s %-*s %7s  %-8s ", row->lab, width, row->test, pts, row->status);
		print_reason(f, row->output, indent);
	}
	fprintf(f, "%-10s %-*s %7s  %d passed, %d failed, %d skipped\n", "TOTAL", width, "",
		(snprintf(pts, sizeof(pts), "%d/%d", t.score, t.max_score), pts), t.passed,
		t.failed, t.skipped);
	if (r->emulated) {
		int resources;
		char lab[16], skipped[512] = "";
		const char *gpu = skipped_suites(r, suites, sizeof(suites), &resources);

		if (t.skipped && resources)
			snprintf(
			    skipped, sizeof(skipped),
			    " (skipped here: %s%sresources, which needs only nvcc's build: make "
			    "grade %s EMU=0 FILTER='resources/*')",
			    gpu, *gpu ? ", which need a GPU; " : "", lab_arg(r, lab, sizeof(lab)));
		else if (t.skipped)
			snprintf(skipped, sizeof(skipped), " (skipped here: %s, which need a GPU)",
				 gpu);
		fprintf(f,
			"EMULATED on the CPU: correctness and sanitizers, at most %d of %d points "
			"here%s. A grade that counts is a GPU grade: the emulation runs a block's "
			"threads one at a time and orders no memory between blocks, so a race "
			"between threads, or blocks that share data without a fence (lab 05's tree "
			"build), pass here and can fail there.\n",
			report_reachable(r), t.max_score, skipped);
	}
}

/* Bytes a valid UTF-8 sequence starting at s has (1 to 4), or 0 when it is not one:
 * overlong forms, surrogates and code points past U+10FFFF are not. */
static int utf8_length(const unsigned char *s)
{
	int n = s[0] < 0x80		      ? 1
		: s[0] >= 0xc2 && s[0] < 0xe0 ? 2
		: s[0] >= 0xe0 && s[0] < 0xf0 ? 3
		: s[0] >= 0xf0 && s[0] < 0xf5 ? 4
					      : 0;

	for (int k = 1; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
	    (n == 4 && s[0] == 0xf0 && s[1] < 0x90) || (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* A JSON string, always valid UTF-8: a byte that begins no valid sequence (compiler
 * output quoting a Latin-1 source, say) becomes U+FFFD. */
void json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	while (p && *p) {
		int n = utf8_length(p);
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else if (n == 0)
			fputs("\\ufffd", f);
		else
			fwrite(p, 1, (size_t)n, f);
		p += n ? n : 1;
	}
	fputc('"', f);
}

/* Gradescope's results.json (its "Autograder Specifications"): the score, the run's
 * seconds, and each test with its points, status, visibility and output; what the
 * format has no key for (a test's seconds, why it did not pass) is in extra_data. */
void report_json(FILE *f, const struct report *r)
{
	struct report_totals t = report_sum(r);
	char summary[256];
	double seconds = 0.0;

	for (int i = 0; i < r->n; i++)
		seconds += r->rows[i].seconds;
	snprintf(summary, sizeof(summary),
		 "%s%d/%d points: %d tests passed, %d failed, %d skipped%s",
		 r->emulated ? "EMULATED on the CPU (correctness and sanitizers, not a GPU grade): "
			     : "",
		 t.score, t.max_score, t.passed, t.failed, t.skipped,
		 t.skipped ? " (skipped tests need a CUDA GPU, or for resources nvcc's build, and "
			     "score 0 here)"
			   : "");
	fprintf(f, "{\n  \"score\": %d,\n  \"execution_time\": %.0f,\n  \"output\": ", t.score,
		seconds);
	json_string(f, summary);
	fprintf(f,
		",\n  \"output_format\": \"text\",\n  \"visibility\": \"visible\",\n"
		"  \"stdout_visibility\": \"hidden\",\n"
		"  \"extra_data\": {\"max_score\": %d, \"skipped\": %d, \"emulated\": %s},\n"
		"  \"tests\": [",
		t.max_score, t.skipped, r->emulated ? "true" : "false");
	for (int i = 0; i < r->n; i++) {
		const struct fragment_row *row = &r->rows[i];
		char name[320];
		int passed = !strcmp(row->status, "passed");

		snprintf(name, sizeof(name), "%s: %s", row->lab, row->test);
		fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
		json_string(f, name);
		fprintf(f, ", \"score\": %d, \"max_score\": %d, \"status\": \"%s\", \"output\": ",
			row->score, row->max_score, passed ? "passed" : "failed");
		if (!passed && strcmp(row->status, "failed")) {
			/* say why it did not pass: skipped, crashed or timeout */
			char *tagged = malloc(strlen(row->output) + 16);
			if (tagged)
				sprintf(tagged, "%s: %s", row->status, row->output);
			json_string(f, tagged ? tagged : row->output);
			free(tagged);
		} else {
			json_string(f, row->output);
		}
		fprintf(f,
			", \"output_format\": \"text\", \"visibility\": \"visible\", "
			"\"extra_data\": {\"execution_time\": %.3f, \"outcome\": \"%s\"}}",
			row->seconds, row->status);
	}
	fprintf(f, "\n  ]\n}\n");
}
