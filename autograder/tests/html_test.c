/* The grade's page: a speed test's ratio read from its output, and hints' step links. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>

#include "html.h"
#include "speed.h"

/* Each speed message the labs write, passed and failed, with the ratio and bound read. */
static const struct {
	const char *test, *output, *ratio, *bound;
	int at_most;
} speeds[] = {
    {"speed/unroll_8_vs_1",
     "U=8 is 1.40x faster than U=1 at N = 65536 (2.429 against 3.389 ms, 1.77e+12 "
     "interactions/s; limit 1.10x)",
     "1.40x", "1.10x", 0},
    {"speed/auto_n1024",
     "accel_auto at N = 1024 chose P=32, U=8, Q=8: 0.0074 ms (1.41e+11 interactions/s); best of "
     "24: accel_split P=32, Q=8 at 0.0076 ms; ratio 0.98 (limit 1.15)",
     "0.98", "1.15", 1},
    {"speed/parity_vs_reference",
     "1.00x the baseline (limit 0.85x): 42.941 ms against 42.945 ms at N = 262144, P = 256",
     "1.00x", "0.85x", 0},
    {"speed/gpu_vs_cpu",
     "speedup 250x over one CPU core (GPU 1.234 ms = 1.2e+12 interactions/s, CPU 300 ms; limit "
     "50x)",
     "250x", "50x", 0},
    {"speed/gpu_vs_cpu",
     "speedup over one CPU core at N = 4099: got 3x (GPU 1.000 ms, 1.7e+10 interactions/s; CPU "
     "3.0 ms), want >= 50x\nhint: one thread per body (handouts/01-pair.md, step 1.b)",
     "3x", "50x", 0},
    {"speed/auto_n4096",
     "accel_auto at N = 4096 chose P=32: 0.0300 ms, best accel_split at 0.0203 ms; ratio 1.48, "
     "want <= 1.15 (24 configurations, 132 SMs)",
     "1.48", "1.15", 1},
    {"speed/scattered_vs_naive",
     "N = 100000, 27-cell grid: scattered 1.000 ms, naive 3.000 ms, 3.00x; want at least 5.0x",
     "3.00x", "5.0x", 0},
};

Test(speed, reads_each_labs_message)
{
	for (size_t i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++) {
		struct speed_ratio s;
		cr_assert_eq(speed_parse(speeds[i].test, speeds[i].output, &s), 0,
			     "no ratio in: %s", speeds[i].output);
		cr_expect_str_eq(s.ratio_text, speeds[i].ratio, "ratio of: %s", speeds[i].output);
		cr_expect_str_eq(s.bound_text, speeds[i].bound, "bound of: %s", speeds[i].output);
		cr_expect_eq(s.at_most, speeds[i].at_most, "direction of: %s", speeds[i].output);
	}
}

Test(speed, none_without_a_ratio_against_a_bound)
{
	struct speed_ratio s;

	cr_expect_neq(speed_parse("speed/step_vs_all_pairs",
				  "needs a GPU: the speed tests are not emulated", &s),
		      0);
	cr_expect_neq(speed_parse("speed/step_vs_all_pairs",
				  "after timing cloud, N = 20011 (seed 0x1f3ax): its last run's "
				  "forces have mean error 0.3 against the direct sum on 512 bodies "
				  "(limit 1.0e-03): a fast wrong result",
				  &s),
		      0, "a seed is no ratio, an error bound no speed bound");
	cr_expect_neq(speed_parse("accel/n_2", "1.5x faster (limit 1.1x)", &s), 0,
		      "only the speed suite");
}

static char *hint(const char *text)
{
	struct html_links links = {"../handouts", "01-pair 02-tiling", 1};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	html_hint(f, text, &links);
	fclose(f);
	return buf;
}

Test(html, links_each_step_and_handout)
{
	char *s = hint("a <b> (handouts/01-pair.md, steps 1.a and 1.b); then step 2.c, 0x1.a");

	cr_expect(strstr(s,
			 "a &lt;b&gt; (<a href=\"../handouts/01-pair.html\">handouts/01-pair.md"
			 "</a>, steps <a class=\"step\" href=\"../handouts/01-pair.html#step-1.a\">"
			 "1.a</a> and <a class=\"step\" href=\"../handouts/01-pair.html#step-1.b\">"
			 "1.b</a>); then step <a class=\"step\" "
			 "href=\"../handouts/02-tiling.html#step-2.c\">2.c</a>, 0x1.a") != NULL,
		  "got %s", s);
	free(s);
	s = hint("no step ran: 3.a is lab 3's, and step 3.a has no handout here");
	cr_expect(strstr(s, "href") == NULL, "a step only after 'step', of a known lab: %s", s);
	free(s);
}
