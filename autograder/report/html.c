/* The grade as a self-contained page (see html.h). */
#include <string.h>

#include "html.h"
#include "speed.h"

static const char style[] =
    "body{font:15px/1.45 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;"
    "color:#1d1d1f;background:#fff}"
    "h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin:1.6rem 0 .4rem}"
    ".note{background:#fff6d6;border-left:4px solid #e0b000;padding:.5rem .8rem}"
    ".gpu{background:#e6f4ea;border-left:4px solid #2e7d32;padding:.5rem .8rem}"
    "nav a{margin-right:1rem}"
    "table{border-collapse:collapse;width:100%;table-layout:fixed}"
    "th,td{text-align:left;vertical-align:top;padding:.3rem .4rem;border-bottom:1px solid #ddd}"
    "th.test,td.test{width:16rem;overflow-wrap:anywhere}th.pts,td.pts{width:4.5rem}"
    "th.status,td.status{width:5.5rem}"
    ".why{white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace}"
    ".passed{color:#1b5e20}.failed,.crashed,.timeout{color:#b71c1c;font-weight:600}"
    ".skipped{color:#666}"
    ".bar{position:relative;height:.8rem;background:#eee;margin:.3rem 0;max-width:24rem}"
    ".bar .fill{position:absolute;left:0;top:0;bottom:0;background:#4a7bd0}"
    ".bar .fill.short{background:#c62828}"
    ".bar .mark{position:absolute;top:-.2rem;bottom:-.2rem;width:2px;background:#000}"
    ".barlabel{font-size:13px;color:#333}";

/* Rows of lab @p lab whose status is in @p kind ("failed crashed timeout" and so on). */
static int in_kind(const char *status, const char *kind)
{
	const char *p = strstr(kind, status);
	return p && (p == kind || p[-1] == ' ');
}

static void lab_sum(const struct report *r, const char *lab, struct report_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < r->n; i++) {
		const struct fragment_row *row = &r->rows[i];
		if (strcmp(row->lab, lab))
			continue;
		t->score += row->score;
		t->max_score += row->max_score;
		t->passed += !strcmp(row->status, "passed");
		t->skipped += !strcmp(row->status, "skipped");
		t->failed += !in_kind(row->status, "passed skipped");
	}
}

/* The ratio against its bound: the bar spans 1.25 times the larger of the two, the
 * mark is the bound, the fill red where the ratio misses it. */
static void speed_bar(FILE *f, const struct speed_ratio *s)
{
	double top = 1.25 * (s->ratio > s->bound ? s->ratio : s->bound);
	int missed = s->at_most ? s->ratio > s->bound : s->ratio < s->bound;

	fprintf(f,
		"<div class=\"bar\" role=\"img\"><span class=\"fill%s\" style=\"width:%.1f%%\">"
		"</span><span class=\"mark\" style=\"left:%.1f%%\"></span></div>"
		"<div class=\"barlabel\"><span class=\"ratio\">%s</span> against the bound "
		"<span class=\"bound\">%s</span> (%s)</div>",
		missed ? " short" : "", 100.0 * s->ratio / top, 100.0 * s->bound / top,
		s->ratio_text, s->bound_text, s->at_most ? "at most" : "at least");
}

static void test_row(FILE *f, const struct fragment_row *row, const struct html_links *links)
{
	struct speed_ratio s;

	fprintf(f, "<tr class=\"row\" data-test=\"");
	html_escape(f, row->test, strlen(row->test));
	fprintf(f, "\"><td class=\"test\">");
	html_escape(f, row->test, strlen(row->test));
	fprintf(f,
		"</td><td class=\"pts\">%d/%d</td><td class=\"status %s\">%s</td>"
		"<td><div class=\"why\">",
		row->score, row->max_score, row->status, row->status);
	html_hint(f, row->output, links);
	fputs("</div>", f);
	if (!speed_parse(row->test, row->output, &s))
		speed_bar(f, &s);
	fputs("</td></tr>\n", f);
}

/* A lab's section: its score, then its tests, those that did not pass first, then the
 * skipped, then the passed. */
static void lab_section(FILE *f, const struct report *r, const char *lab,
			const struct html_links *links)
{
	static const char *const order[] = {"failed crashed timeout", "skipped", "passed"};
	struct report_totals t;

	lab_sum(r, lab, &t);
	fprintf(f, "<section id=\"lab-%s\" class=\"lab\" data-lab=\"%s\">\n", lab, lab);
	fprintf(f,
		"<h2>%s: <span class=\"score\">%d/%d</span></h2>\n<p>%d passed, %d did not pass, "
		"%d skipped. The handout: <a href=\"%s/%s.html\">%s</a>.</p>\n",
		lab, t.score, t.max_score, t.passed, t.failed, t.skipped, links->handouts, lab,
		lab);
	fputs("<table><thead><tr><th class=\"test\">test</th><th class=\"pts\">points</th>"
	      "<th class=\"status\">status</th><th>what the test said</th></tr></thead><tbody>\n",
	      f);
	for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++)
		for (int i = 0; i < r->n; i++)
			if (!strcmp(r->rows[i].lab, lab) && in_kind(r->rows[i].status, order[k]))
				test_row(f, &r->rows[i], links);
	fputs("</tbody></table>\n</section>\n", f);
}

/* Calls fn for each lab of @p r once, in the order of its rows. */
static void each_lab(FILE *f, const struct report *r, const struct html_links *links,
		     void (*fn)(FILE *, const struct report *, const char *,
				const struct html_links *))
{
	for (int i = 0; i < r->n; i++) {
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(r->rows[j].lab, r->rows[i].lab);
		if (!seen)
			fn(f, r, r->rows[i].lab, links);
	}
}

static void nav_entry(FILE *f, const struct report *r, const char *lab,
		      const struct html_links *links)
{
	struct report_totals t;

	(void)links;
	lab_sum(r, lab, &t);
	fprintf(f, "<a href=\"#lab-%s\">%s %d/%d</a>", lab, lab, t.score, t.max_score);
}

void report_html(FILE *f, const struct report *r, const struct html_links *links)
{
	struct report_totals t = report_sum(r);

	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<title>Grade report</title>\n<style>%s</style></head><body>\n",
		style);
	fprintf(f,
		"<h1>Grade report: <span id=\"total\">%d/%d</span></h1>\n<p>%d passed, %d did "
		"not pass, %d skipped.</p>\n",
		t.score, t.max_score, t.passed, t.failed, t.skipped);
	if (r->emulated)
		fprintf(f,
			"<p class=\"note\" id=\"mode\">EMULATED on the CPU: correctness and "
			"sanitizers, at most <span id=\"reachable\">%d</span> of %d points here. "
			"A grade that counts is a GPU grade: the speed tests are skipped here and "
			"score 0, and the resources tests need nvcc's build (<code>make grade "
			"EMU=0 FILTER='resources/*'</code>).</p>\n",
			report_reachable(r), t.max_score);
	else
		fputs("<p class=\"gpu\" id=\"mode\">Graded on a GPU.</p>\n", f);
	if (!links->built)
		fputs("<p class=\"note\" id=\"no-handouts\">The step links open the built "
		      "handouts: run make handouts first.</p>\n",
		      f);
	fputs("<nav>", f);
	each_lab(f, r, links, nav_entry);
	fputs("</nav>\n", f);
	each_lab(f, r, links, lab_section);
	fputs("</body></html>\n", f);
}
