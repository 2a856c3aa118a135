/*
 * grade_report: merges the labs' result fragments, prints the closing table and
 * writes results.json.
 *
 *   grade_report [--strict] [--emulated] [--json FILE] FRAGMENT...
 *
 * --emulated: the kernels ran on the CPU (make grade without a GPU): the table and
 * results.json say so, and how many points could be earned there.
 *
 * Exit status: 0 when the report was written (whatever the score); with --strict,
 * 1 when a test failed, crashed or timed out (skips are fine: no GPU); 2 when a
 * fragment is missing or malformed, or nothing was graded.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

static int usage(void)
{
	fprintf(stderr, "usage: grade_report [--strict] [--emulated] [--json FILE] FRAGMENT...\n");
	return 2;
}

static int write_json(const char *path, const struct report *r)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		return -1;
	}
	report_json(f, r);
	if (fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

int main(int argc, char *argv[])
{
	struct report r = {0};
	struct report_totals t;
	const char *json = NULL;
	char err[512];
	int strict = 0, i = 1, status = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--strict"))
			strict = 1;
		else if (!strcmp(argv[i], "--emulated"))
			r.emulated = 1;
		else if (!strcmp(argv[i], "--json") && i + 1 < argc)
			json = argv[++i];
		else
			return usage();
	}
	if (i == argc)
		return usage();
	for (; i < argc; i++) {
		if (report_load(&r, argv[i], err, sizeof(err))) {
			fprintf(stderr, "grade_report: %s\n", err);
			status = 2;
		}
	}
	t = report_sum(&r);
	report_table(stdout, &r);
	if (json && write_json(json, &r) == 0)
		printf("results: %s\n", json);
	if (r.n == 0) {
		fprintf(stderr, "grade_report: no graded tests were found\n");
		status = 2;
	}
	if (!status && strict && t.failed)
		status = 1;
	report_free(&r);
	return status;
}
