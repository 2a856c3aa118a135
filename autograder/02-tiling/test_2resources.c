/*
 * Lab 02-tiling, step 2.a: the tile really lives in shared memory. The evidence is
 * what the compiler made of the kernel (ptxas's resource report of tiling.cu, kept by
 * the build beside the object), not what the source says: a __shared__ array that no
 * code uses is removed and reports 0 bytes. CPU only.
 */
#include <stdio.h>
#include <string.h>

#include "grade.h"
#include "resources.h"
#include "harness.h"
#include "thresholds.h"

#define REPORT_PATH grade_build_file("tiling.o.res")
#define MAX_KERNELS 64
#define MAX_ARCHS   8

/* The architectures the report covers: every one must have its own tiles. */
static int list_archs(const struct kernel_resources *k, int n, char archs[][16])
{
	int m = 0;

	for (int i = 0; i < n; i++) {
		int seen = 0;
		for (int a = 0; a < m; a++)
			seen |= !strcmp(archs[a], k[i].arch);
		if (!seen && m < MAX_ARCHS)
			snprintf(archs[m++], 16, "%s", k[i].arch);
	}
	return m;
}

/* accel_tiled_kernel<TILE>, whatever its parameter list: _Z18accel_tiled_kernelILi<TILE>E... */
static const struct kernel_resources *find_tiled(const struct kernel_resources *k, int n, int p,
						 const char *arch)
{
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "_Z18accel_tiled_kernelILi%dE", p);
	for (int i = 0; i < n; i++)
		if (!strncmp(k[i].name, prefix, strlen(prefix)) && !strcmp(k[i].arch, arch))
			return &k[i];
	return NULL;
}

/* The shared memory of accel_tiled_kernel<p> for arch; fails the test when it is missing
 * or too small to hold a tile of p float4. */
static int tile_bytes(const struct kernel_resources *k, int n, int p, const char *arch)
{
	const struct kernel_resources *t = find_tiled(k, n, p, arch);
	int want = p * TILE_BYTES_PER_BODY;

	cr_assert(t,
		  "accel_tiled_kernel<%d> for %s was never compiled: got no entry in the "
		  "compiler's report, want one with >= %d bytes of shared memory (report: %s)"
		  "\nhint: a template is compiled only when it is used: launch "
		  "accel_tiled_kernel<TILE> from launch_tiled<TILE> (" HANDOUT ", step 2.c)",
		  p, arch, want, REPORT_PATH);
	cr_assert(t->smem_bytes >= want,
		  "accel_tiled_kernel<%d> for %s uses %d bytes of shared memory, want >= %d: the "
		  "tile must live in __shared__ memory, declared with the compile-time size TILE"
		  "\nhint: use the given static array: store tile[threadIdx.x] and read tile[k] "
		  "in the loop; lab 01's pos[j] there is right but reads global memory, and an "
		  "unused array shows 0 bytes (" HANDOUT ", step 2.a, pitfall \"Use the given "
		  "static array\")",
		  p, arch, t->smem_bytes, want);
	return t->smem_bytes;
}

GRADED_TEST(resources, tile_in_shared_memory, 3, 30)
{
	static struct kernel_resources k[MAX_KERNELS];
	const int sizes[N_GRADED_TILE_SIZES] = GRADED_TILE_SIZES;
	char archs[MAX_ARCHS][16], found[256] = "";
	int n, n_archs;
	size_t used = 0;

	grade_require_nvcc_build();
	n = resources_read(REPORT_PATH, k, MAX_KERNELS);
	cr_assert(n >= 0,
		  "cannot read the compiler's resource report %s: got no such file, want "
		  "the report the build keeps when it compiles tiling.cu (nvcc --resource-usage)"
		  "\nhint: grade through `make grade LAB=02`, which builds it; the kernels "
		  "belong in tiling.cu (" HANDOUT ", step 2.a)",
		  REPORT_PATH);
	n_archs = list_archs(k, n, archs);
	cr_assert(n_archs > 0,
		  "the resource report %s lists no kernel at all: want "
		  "accel_tiled_kernel<TILE> for TILE = 64, 128, 256\nhint: does tiling.cu compile "
		  "its kernels? (" HANDOUT ", step 2.c)",
		  REPORT_PATH);
	/* found: "sm_80: 1024/2048/4096 B, sm_90: ..." for the note */
	for (int a = 0; a < n_archs; a++) {
		for (int s = 0; s < N_GRADED_TILE_SIZES; s++) {
			int bytes = tile_bytes(k, n, sizes[s], archs[a]);
			if (used >= sizeof(found))
				continue;
			if (s)
				used += (size_t)snprintf(found + used, sizeof(found) - used, "/%d",
							 bytes);
			else
				used +=
				    (size_t)snprintf(found + used, sizeof(found) - used, "%s%s: %d",
						     a ? " B, " : "", archs[a], bytes);
		}
	}
	GRADE_NOTE("P = 64/128/256 tiles in shared memory, %s B (want >= 16 P: one float4 per "
		   "body)",
		   found);
}
