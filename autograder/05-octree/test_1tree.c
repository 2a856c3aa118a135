/*
 * Lab 05-octree, steps 5.a and 5.b: the root box, then the tree's structure, checked on
 * the CPU after the build: every body in exactly one slot, every body inside the box of
 * its cell, cells where their octant says.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "grade.h"
#include "bh.h"
#include "harness.h"
#include "thresholds.h"

static void check_box(int n, int plummer)
{
	struct cloud c;
	float3 centre;
	float radius;
	float4 got;

	gpu_require();
	GPU_OK(cloud_open(&c, n, plummer, rng_fresh_seed()));
	GPU_OK(cudaMemset(c.t.d_box, 0xff, sizeof(float4)));
	GPU_OK(bh_bounding_box(&c.t, c.d_bodies));
	gpu_download(&got, c.t.d_box, sizeof(got));
	octree_root_box(c.h_bodies, n, &centre, &radius);
	cr_assert(got.x == centre.x && got.y == centre.y && got.z == centre.z && got.w == radius,
		  "N = %d: root box centre (%.9g, %.9g, %.9g), half-width %.9g; want (%.9g, %.9g, "
		  "%.9g), %.9g\nhint: min and max are exact in float, whatever the order: a "
		  "difference means a body left out (the last block, a grid-stride loop that "
		  "stops early) or a lost reduction step; centre = (lo + hi) * 0.5f, half-width "
		  "= largest (hi - lo) * 0.5f (" HANDOUT ", step 5.a)",
		  n, got.x, got.y, got.z, got.w, centre.x, centre.y, centre.z, radius);
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
