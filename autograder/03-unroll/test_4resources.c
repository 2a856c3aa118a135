/*
 * Lab 03-unroll: what the compiler made of the lab's kernels, read from ptxas's
 * resource report of unroll.cu (the build keeps it as unroll.o.res), not from the
 * source. A CPU test: it runs without a GPU too.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "resources.h"
#include "harness.h"

#define REPORT_PATH grade_build_file("unroll.o.res")
#define MAX_KERNELS 256

/* _Z21accel_unrolled_kernelILi256ELi8EEvPK6float4P6float3if -> accel_unrolled_kernel<256, 8>;
 * anything else is copied as it is. Enough for the integer template arguments used here. */
static const char *demangle(const char *m, char *buf, size_t len)
{
	const char *p = m + 2;
	char *end;
	long l;
	size_t used;

	snprintf(buf, len, "%s", m);
	if (strncmp(m, "_Z", 2) || !isdigit((unsigned char)*p))
		return buf;
	l = strtol(p, &end, 10);
	if ((size_t)l >= len || strlen(end) < (size_t)l)
		return buf;
	used = (size_t)snprintf(buf, len, "%.*s", (int)l, end);
	p = end + l;
	if (*p++ != 'I')
		return buf;
	for (int first = 1; !strncmp(p, "Li", 2) && used < len; first = 0) {
		long v = strtol(p + 2, &end, 10);
		if (*end != 'E')
			break;
		used += (size_t)snprintf(buf + used, len - used, "%s%ld", first ? "<" : ", ", v);
		p = end + 1;
	}
	if (used < len)
		snprintf(buf + used, len - used, ">");
	return buf;
}

static int is_lab_kernel(const char *name)
{
	return strstr(name, "accel_unrolled_kernel") || strstr(name, "accel_split_kernel");
}

GRADED_TEST(resources, no_spills, 3, 30)
{
	struct kernel_resources *k;
	int n, found = 0, unrolled = 0;
	int reg_lo = 1 << 30, reg_hi = 0;
	char name[300];

	grade_require_nvcc_build();
	k = calloc(MAX_KERNELS, sizeof(*k));
	n = resources_read(REPORT_PATH, k, MAX_KERNELS);
	cr_assert(n >= 0,
		  "cannot read the compiler's resource report %s: want the ptxas output of "
		  "unroll.cu, which the build writes beside unroll.o\nhint: rebuild with make; "
		  "the lab must be compiled for a real architecture (sm_XX), not PTX only",
		  REPORT_PATH);
	for (int i = 0; i < n; i++) {
		if (!is_lab_kernel(k[i].name))
			continue;
		found++;
		unrolled += strstr(k[i].name, "accel_unrolled_kernel") != NULL;
		demangle(k[i].name, name, sizeof(name));
		cr_assert(k[i].smem_bytes > 0,
			  "%s for %s uses no shared memory (ptxas: %d bytes smem, %d registers), "
			  "want its tile in shared memory: the kernel is not written yet, or it "
			  "never reads the tile it declares\nhint: " HANDOUT ", steps 3.a and 3.b",
			  name, k[i].arch, k[i].smem_bytes, k[i].registers);
		cr_assert(k[i].spill_stores == 0 && k[i].spill_loads == 0,
			  "%s for %s spills registers to local memory: %d bytes spill stores, %d "
			  "bytes spill loads (%d registers, %d bytes stack), want 0 and 0\nhint: a "
			  "local array indexed at run time, or more values live across the "
			  "unrolled loop than the registers hold (" HANDOUT ", step 3.a)",
			  name, k[i].arch, k[i].spill_stores, k[i].spill_loads, k[i].registers,
			  k[i].stack_bytes);
		reg_lo = k[i].registers < reg_lo ? k[i].registers : reg_lo;
		reg_hi = k[i].registers > reg_hi ? k[i].registers : reg_hi;
	}
	cr_assert(unrolled > 0 && found > unrolled,
		  "the report %s lists %d accel_unrolled_kernel and %d accel_split_kernel "
		  "instances, want both kernels (of %d functions in it)\nhint: keep the kernels' "
		  "names and the launchers that instantiate them (" HANDOUT ", step 3)",
		  REPORT_PATH, unrolled, found - unrolled, n);
	GRADE_NOTE("%d kernel builds (%d unrolled, %d split, every architecture): no spills, "
		   "shared memory used, %d to %d registers",
		   found, unrolled, found - unrolled, reg_lo, reg_hi);
	free(k);
}
