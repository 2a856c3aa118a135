/*
 * Lab 05-octree, steps 5.a and 5.b: the root box, then the tree's structure, checked on
 * the CPU after the build: every body in exactly one slot, every body inside the box of
 * its cell, cells where their octant says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

/* The bounding box alone on a cloud of 3 blocks and a part (a reduction of every round,
 * a last partial block), for grade_race_probe: a failing box test's control for a race. */
GRADE_WORKLOAD(box)
{
	struct cloud c;
	cudaError_t err = cloud_open(&c, 3 * 256 + 5, 0, 42);

	if (!err)
		err = bh_bounding_box(&c.t, c.d_bodies);
	if (!err)
		err = cudaDeviceSynchronize();
	if (err)
		fprintf(stderr, "workload: bh_bounding_box: %s\n", cudaGetErrorString(err));
	cloud_close(&c);
	return err != cudaSuccess;
}

/* The cause of a wrong root box: what the box shows (never written, the box of no body),
 * else racecheck on the box alone. */
static const char *box_hint(int n, const float4 *got, char *buf, size_t len)
{
	static const unsigned char poison[sizeof(float4)] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
							     0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
							     0xff, 0xff, 0xff, 0xff};
	char where[256];
	int races;

	if (!memcmp(got, poison, sizeof(poison)))
		return "the box still holds the grader's poison (all bytes 0xff): no kernel wrote "
		       "it. Does box_final_kernel write the centre and half-width? (" HANDOUT
		       ", step 5.a)";
	if (got->w == -INFINITY) {
		snprintf(buf, len,
			 "half-width -inf: the box of no body at all (the minima still FLT_MAX, "
			 "the maxima -FLT_MAX): no block read a body. With N = %d, a grid of n / "
			 "256 blocks, rounded down, is none: the blocks must cover n, "
			 "blocks_for(n, 256), then at most 1024 (" HANDOUT ", step 5.a)",
			 n);
		return buf;
	}
	if ((races = grade_race_probe("box", where, sizeof(where))) > 0) {
		snprintf(buf, len,
			 "a race in the box's reduction: racecheck finds %d hazard%s in "
			 "bh_bounding_box alone, the first between %s: a round reads its partner's "
			 "slot before the partner stored the round before. A __syncthreads() "
			 "before every round of the reduction, reached by every thread (" HANDOUT
			 ", step 5.a)",
			 races, races == 1 ? "" : "s", where[0] ? where : "two threads");
		return buf;
	}
	return "min and max are exact in float, whatever the order: a difference means a body "
	       "left out (the last block, a grid-stride loop that stops early) or a lost "
	       "reduction step; centre = (lo + hi) * 0.5f, half-width = largest (hi - lo) * "
	       "0.5f (" HANDOUT ", step 5.a)";
}

static void check_box(int n, int plummer)
{
	struct cloud c;
	float3 centre;
	float radius;
	float4 got;
	char buf[768];

	gpu_require();
	GPU_OK(cloud_open(&c, n, plummer, rng_fresh_seed()));
	GPU_OK(cudaMemset(c.t.d_box, 0xff, sizeof(float4)));
	GPU_OK(bh_bounding_box(&c.t, c.d_bodies));
	gpu_download(&got, c.t.d_box, sizeof(got));
	octree_root_box(c.h_bodies, n, &centre, &radius);
	int ok = got.x == centre.x && got.y == centre.y && got.z == centre.z && got.w == radius;
	cr_assert(ok,
		  "N = %d: root box centre (%.9g, %.9g, %.9g), half-width %.9g; want (%.9g, %.9g, "
		  "%.9g), %.9g\nhint: %s",
		  n, got.x, got.y, got.z, got.w, centre.x, centre.y, centre.z, radius,
		  ok ? "" : box_hint(n, &got, buf, sizeof(buf)));
	GRADE_NOTE("N = %d: root box exact", n);
	cloud_close(&c);
}

GRADED_TEST(box, n_1, 1, 30)
{
	check_box(1, 0);
}

/* fewer bodies than a block: a grid of n / 256 blocks, rounded down, has none */
GRADED_TEST(box, n_255, 1, 30)
{
	check_box(255, 0);
}

GRADED_TEST(box, n_257, 1, 30)
{
	check_box(257, 0);
}

GRADED_TEST(box, plummer_1000003, 1, 60)
{
	check_box(grade_under_sanitizer() ? 100003 : 1000003, 1);
}

static void check_build(int n, int plummer)
{
	struct cloud c;
	struct octree_host h;
	char why[1024];

	gpu_require();
	GPU_OK(cloud_open(&c, n, plummer, rng_fresh_seed()));
	GPU_OK(cloud_upload_box(&c));
	GPU_OK(bh_build(&c.t, c.d_bodies));
	cr_assert(!cloud_download_tree(&c, &h), "the tree could not be downloaded");
	int bad = octree_check_structure(&h, c.h_bodies, why, sizeof(why));
	cr_assert(!bad,
		  "%s of %d bodies (seed 0x%llx): %s\nhint: a body lost or twice means a slot "
		  "changed without its lock, or a lock released before the new cells were "
		  "complete (" HANDOUT ", step 5.b)",
		  plummer ? "Plummer sphere" : "uniform cube", n, (unsigned long long)c.seed, why);
	GRADE_NOTE("%s of %d bodies: %d cells, %d levels, structure right",
		   plummer ? "Plummer sphere" : "uniform cube", n, c.t.nnodes - c.t.bottom + 1,
		   c.t.max_depth + 1);
	octree_free(&h);
	cloud_close(&c);
}

GRADED_TEST(build, cube_2, 1, 60)
{
	check_build(2, 0);
}

GRADED_TEST(build, cube_4099, 2, 60)
{
	check_build(4099, 0);
}

GRADED_TEST(build, plummer_100000, 3, 120)
{
	check_build(grade_under_sanitizer() ? 5003 : BH_N, 1);
}

GRADED_TEST(build, coincident_refused, 2, 60)
{
	/* two bodies on one point can never be separated: an error, not a hang */
	struct cloud c;

	gpu_require();
	GPU_OK(cloud_open(&c, 64, 0, rng_fresh_seed()));
	c.h_bodies[7] = c.h_bodies[3];
	gpu_upload(c.d_bodies, c.h_bodies, 64 * sizeof(float4));
	GPU_OK(cloud_upload_box(&c));
	cudaError_t err = bh_build(&c.t, c.d_bodies);
	cr_assert(err == cudaErrorInvalidValue,
		  "two coincident bodies: bh_build returned %s, want cudaErrorInvalidValue\nhint: "
		  "stop splitting at OCTREE_MAX_DEPTH levels, set BH_TOO_DEEP and release the "
		  "lock (" HANDOUT ", step 5.b)",
		  cudaGetErrorName(err));
	GRADE_NOTE("coincident bodies refused with cudaErrorInvalidValue");
	cloud_close(&c);
}

GRADED_TEST(build, rebuild_moved, 2, 120)
{
	/* The tree of the next step, in the same buffers, the bodies moved by a drift of
	 * dt = REBUILD_DT: deep cells empty and fill, and the new cells, numbered from the
	 * root down again, reuse the old tree's numbers. Only the first build finds their
	 * slots empty (bh_tree_open fills them): a cell must clear its slots when taken. */
	struct cloud c;
	struct octree_host h;
	char why[1024];
	int n = grade_under_sanitizer() ? 5003 : BH_N;

	gpu_require();
	GPU_OK(cloud_open(&c, n, 1, rng_fresh_seed()));
	GPU_OK(cloud_upload_box(&c));
	GPU_OK(bh_build(&c.t, c.d_bodies));
	cr_assert(!cloud_download_tree(&c, &h), "the tree could not be downloaded");
	cr_assert(!octree_check_structure(&h, c.h_bodies, why, sizeof(why)),
		  "the first build, Plummer sphere of %d bodies (seed 0x%llx): %s\nhint: see "
		  "build/plummer_100000 (" HANDOUT ", step 5.b)",
		  n, (unsigned long long)c.seed, why);
	octree_free(&h);
	int before = c.t.nnodes - c.t.bottom + 1;
	GPU_OK(cloud_drift(&c, REBUILD_DT));
	GPU_OK(cloud_upload_box(&c));
	cudaError_t err = bh_build(&c.t, c.d_bodies);
	if (err == cudaSuccess) {
		cr_assert(!cloud_download_tree(&c, &h), "the tree could not be downloaded");
		if (octree_check_structure(&h, c.h_bodies, why, sizeof(why)))
			err = cudaErrorUnknown;
	} else {
		snprintf(why, sizeof(why), "bh_build returned %s (want cudaSuccess)",
			 cudaGetErrorName(err));
	}
	cr_assert(err == cudaSuccess,
		  "the second build, Plummer sphere of %d bodies (seed 0x%llx) moved by v dt, dt "
		  "= %.2f, after a right first build: %s\nhint: a new cell reuses the number of "
		  "a cell of the old tree and keeps its slots unless you clear all 8 to EMPTY "
		  "when you take it (" HANDOUT ", step 5.b)",
		  n, (unsigned long long)c.seed, REBUILD_DT, why);
	GRADE_NOTE("Plummer sphere of %d bodies built (%d cells), moved and rebuilt (%d cells): "
		   "structure right",
		   n, before, c.t.nnodes - c.t.bottom + 1);
	octree_free(&h);
	cloud_close(&c);
}
