/*
 * Lab 05-octree, steps 5.c and 5.d: the summaries and the sort, each on a right tree
 * built by the CPU (so each step is graded on its own), checked on the CPU. Do not
 * modify.
 */
#include <stdio.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

/* @mass_ratio > 1: masses spread over that range (cloud_spread_masses); else the
 * cloud's own (equal in a Plummer sphere, 0.5 to 1.5 over n in a cube). */
static void check_phase(enum phase p, int n, int plummer, double mass_ratio)
{
	struct cloud c;
	struct octree_host cpu, got;
	char why[1024], masses[64] = "";

	gpu_require();
	GPU_OK(cloud_open(&c, n, plummer, rng_fresh_seed()));
	if (mass_ratio > 1.0) {
		GPU_OK(cloud_spread_masses(&c, mass_ratio));
		snprintf(masses, sizeof(masses), " of masses from 1 to %.0f (relative)",
			 mass_ratio);
	}
	cr_assert(!cloud_upload_cpu_tree(&c, &cpu, p), "the CPU tree could not be uploaded");
	if (p == PHASE_SUMMARIZE)
		GPU_OK(bh_summarize(&c.t));
	else
		GPU_OK(bh_sort(&c.t));
	cr_assert(!cloud_download_tree(&c, &got), "the tree could not be downloaded");
	int bad = p == PHASE_SUMMARIZE
		      ? octree_check_summary(&got, c.h_bodies, SUMMARY_TOL, why, sizeof(why))
		      : octree_check_sort(&got, why, sizeof(why));
	cr_assert(!bad, "%s, %d bodies%s (seed 0x%llx): %s\nhint: %s",
		  p == PHASE_SUMMARIZE ? "bh_summarize" : "bh_sort", n, masses,
		  (unsigned long long)c.seed, why,
		  p == PHASE_SUMMARIZE
		      ? "one launch per level, deepest first; a cell sums its children's masses, "
			"mass-weighted positions and counts (a body counts 1) (" HANDOUT
			", step 5.c)"
		      : "one launch per level, root first (start[root] = 0); a cell hands out "
			"ranges in octant order, a child cell count[ch] slots, a body one (" HANDOUT
			", step 5.d)");
	GRADE_NOTE("%s, %d bodies%s: every cell right",
		   p == PHASE_SUMMARIZE ? "bh_summarize" : "bh_sort", n, masses);
	octree_free(&cpu), octree_free(&got);
	cloud_close(&c);
}

GRADED_TEST(summarize, cube_4099, 1, 60)
{
	check_phase(PHASE_SUMMARIZE, 4099, 0, 0.0);
}

GRADED_TEST(summarize, plummer_100000, 2, 120)
{
	check_phase(PHASE_SUMMARIZE, grade_under_sanitizer() ? 5003 : BH_N, 1, 0.0);
}

/* Equal masses hide a centre of mass weighted by body count: masses over 3 decades. */
GRADED_TEST(summarize, plummer_masses_100000, 2, 120)
{
	check_phase(PHASE_SUMMARIZE, grade_under_sanitizer() ? 5003 : BH_N, 1, MASS_RATIO);
}

GRADED_TEST(sort, cube_4099, 1, 60)
{
	check_phase(PHASE_SORT, 4099, 0, 0.0);
}

GRADED_TEST(sort, plummer_100000, 2, 120)
{
	check_phase(PHASE_SORT, grade_under_sanitizer() ? 5003 : BH_N, 1, 0.0);
}
