/*
 * Lab 05-octree, step 5.e, and the whole step: forces against the double direct sum on
 * a Plummer sphere, at three opening angles; then all five phases together, twice,
 * which must agree. Do not modify.
 */
#include <math.h>
#include <stdlib.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

static void check_error(struct cloud *c, float theta, double mean_max, double p99_max,
			const char *what, const char *hint)
{
	struct accel_error_stats st = cloud_error(c, BH_EPS2);

	cr_assert(st.mean <= mean_max && st.p99 <= p99_max,
		  "%s, theta = %.1f, %d bodies (seed 0x%llx): relative error against the direct "
		  "sum: mean %.3g (limit %.1e), 99th percentile %.3g (limit %.1e), worst %.3g at "
		  "body %d\nhint: %s",
		  what, theta, c->n, (unsigned long long)c->seed, st.mean, mean_max, st.p99,
		  p99_max, st.max, st.worst, hint);
	GRADE_NOTE("%s, theta = %.1f: mean error %.2e (limit %.1e), 99th percentile %.2e (limit "
		   "%.1e)",
		   what, theta, st.mean, mean_max, st.p99, p99_max);
}

static void check_forces(float theta, double mean_max, double p99_max, int sorted)
{
	struct cloud c;
	struct octree_host h;

	gpu_require();
	GPU_OK(cloud_open(&c, grade_under_sanitizer() ? BH_N_SMALL : BH_N, 1, rng_fresh_seed()));
	cr_assert(!cloud_upload_cpu_tree(&c, &h, PHASE_FORCES), "the CPU tree failed");
	GPU_OK(bh_forces(&c.t, c.d_acc, theta, BH_EPS2, sorted));
	check_error(&c, theta, mean_max, p99_max, sorted ? "bh_forces" : "bh_forces, unsorted",
		    "NaN or a large error: a body never written, a cell taken whole that should "
		    "be opened (the warp must open it if any lane needs it: __all_sync on r^2 > "
		    "dq), or dq of the wrong level (" HANDOUT ", step 5.e)");
	octree_free(&h);
	cloud_close(&c);
}

/* The bounds of the size being run: BH_N, or BH_N_SMALL under compute-sanitizer. */
#define BOUNDS(t)                                                                                  \
	(grade_under_sanitizer() ? ERR_MEAN_##t##_SMALL : ERR_MEAN_##t),                           \
	    (grade_under_sanitizer() ? ERR_P99_##t##_SMALL : ERR_P99_##t)

GRADED_TEST(forces, theta_03, 2, 120)
{
	check_forces(0.3f, BOUNDS(T03), 1);
}

GRADED_TEST(forces, theta_05, 2, 120)
{
	check_forces(0.5f, BOUNDS(T05), 1);
}

GRADED_TEST(forces, theta_07, 2, 120)
{
	check_forces(0.7f, BOUNDS(T07), 1);
}

GRADED_TEST(forces, unsorted, 1, 120)
{
	check_forces(0.5f, BOUNDS(T05), 0);
}

GRADED_TEST(step, whole_and_deterministic, 3, 180)
{
	struct cloud c;
	int n = grade_under_sanitizer() ? BH_N_SMALL : BH_N;
	float3 *first = malloc((size_t)n * sizeof(float3));
	double worst = 0.0;
	int wi = 0;

	gpu_require();
	GPU_OK(cloud_open(&c, n, 1, rng_fresh_seed()));
	GPU_OK(bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, BH_EPS2));
	check_error(&c, 0.5f, BOUNDS(T05), "bh_step, all five phases",
		    "each phase alone is checked by the tests above: see which of them fail");
	for (int i = 0; i < n; i++)
		first[i] = c.h_acc[i];
	GPU_OK(cudaMemset(c.d_acc, 0xff, (size_t)n * sizeof(float3)));
	GPU_OK(bh_step(&c.t, c.d_bodies, c.d_acc, 0.5f, BH_EPS2));
	gpu_download(c.h_acc, c.d_acc, (size_t)n * sizeof(float3));
	for (int i = 0; i < n; i++) {
		float3 a = first[i], b = c.h_acc[i];
		double d = sqrt(pow(a.x - b.x, 2) + pow(a.y - b.y, 2) + pow(a.z - b.z, 2)) /
			   sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
		if (!(d <= worst))
			worst = d, wi = i;
	}
	cr_assert(worst <= DETERMINISM_TOL,
		  "two runs of bh_step on the same %d bodies: body %d's force differs by %.3g "
		  "relative (limit %.0e)\nhint: the tree's shape does not depend on the order of "
		  "insertion; summaries and traversal must add in a fixed order (children in "
		  "octant order, one level per launch), not in the order threads arrive "
		  "(" HANDOUT ", steps 5.c and 5.e)",
		  n, wi, worst, DETERMINISM_TOL);
	GRADE_NOTE("two runs of the whole step agree to %.1e", worst);
	free(first);
	cloud_close(&c);
}
