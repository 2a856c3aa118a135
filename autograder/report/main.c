/*
 * grade_report: merges the labs' result fragments, prints the closing table and
 * writes results.json.
 *
 *   grade_report [--strict] [--emulated] [--json FILE] [--html FILE [--handouts DIR]
 *                [--labs "01-pair ..."]] FRAGMENT...
 *   grade_report --speed FRAGMENT...
 *
 * --html: the page, build/grade/report.html (html.h); its step links lead to DIR, the
 * built handouts relative to the page (default ../handouts), and a step N.x to lab N of
 * --labs (default: the labs graded). --speed: only each speed test's ratio and bound
 * (speed.h), a line each: lab, test, status, ratio, bound, at_most (the class's page).
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
#include <unistd.h>

#include "html.h"
#include "report.h"
#include "speed.h"

static int usage(void)
{
	fprintf(stderr, "usage: grade_report [--strict] [--emulated] [--json FILE] [--html FILE "
			"[--handouts DIR] [--labs LIST]] FRAGMENT...\n       grade_report --speed "
			"FRAGMENT...\n");
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

/* The handouts are built where the page's links lead: DIR/LAB.html beside the page. */
static int handouts_built(const char *html, const char *dir, const char *lab)
{
	char path[4096];
	const char *slash = strrchr(html, '/');
	int n = slash ? (int)(slash - html) + 1 : 0;

	snprintf(path, sizeof(path), "%.*s%s/%.*s.html", n, html, dir, (int)strcspn(lab, " "), lab);
	return access(path, R_OK) == 0;
}

static int write_html(const char *path, const struct report *r, struct html_links *links)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		return -1;
	}
	links->built = r->n > 0 && handouts_built(path, links->handouts, r->rows[0].lab);
	report_html(f, r, links);
	if (fclose(f)) {
		perror(path);
		return -1;
	}
	return 0;
}

/* --speed: lab, test, status, ratio, bound and at_most of each speed test with both. */
static void print_speed(const struct report *r)
{
	struct speed_ratio s;

	for (int i = 0; i < r->n; i++)
		if (!speed_parse(r->rows[i].test, r->rows[i].output, &s))
			printf("%s\t%s\t%s\t%s\t%s\t%d\n", r->rows[i].lab, r->rows[i].test,
			       r->rows[i].status, s.ratio_text, s.bound_text, s.at_most);
}

int main(int argc, char *argv[])
{
	struct report r = {0};
	struct report_totals t;
	const char *json = NULL, *html = NULL;
	struct html_links links = {"../handouts", NULL, 0};
	char err[512], labs[1024] = "";
	int strict = 0, speed = 0, i = 1, status = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--strict"))
			strict = 1;
		else if (!strcmp(argv[i], "--emulated"))
			r.emulated = 1;
		else if (!strcmp(argv[i], "--json") && i + 1 < argc)
			json = argv[++i];
		else if (!strcmp(argv[i], "--html") && i + 1 < argc)
			html = argv[++i];
		else if (!strcmp(argv[i], "--handouts") && i + 1 < argc)
			links.handouts = argv[++i];
		else if (!strcmp(argv[i], "--labs") && i + 1 < argc)
			links.labs = argv[++i];
		else if (!strcmp(argv[i], "--speed"))
			speed = 1;
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
	if (speed) {
		print_speed(&r);
		report_free(&r);
		return status;
	}
	t = report_sum(&r);
	report_table(stdout, &r);
	if (json && write_json(json, &r) == 0)
		printf("results: %s\n", json);
	if (!links.labs) { /* the labs graded, each once */
		for (int k = 0; k < r.n; k++)
			if (!strstr(labs, r.rows[k].lab) &&
			    strlen(labs) + strlen(r.rows[k].lab) + 2 < sizeof(labs))
				strcat(strcat(labs, " "), r.rows[k].lab);
		links.labs = labs;
	}
	if (html && write_html(html, &r, &links) == 0)
		printf("page: %s\n", html);
	if (r.n == 0) {
		fprintf(stderr, "grade_report: no graded tests were found\n");
		status = 2;
	}
	if (!status && strict && t.failed)
		status = 1;
	report_free(&r);
	return status;
}
