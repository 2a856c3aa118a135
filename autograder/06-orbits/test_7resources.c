/*
 * Lab 06-orbits: what the compiler made of the integrated kernel, read from nvcc's PTX of
 * integrated.cu (the build keeps it as integrated.ptx), not from the source or a clock.
 * A kernel that keeps the state in global memory between steps gets the same bits as
 * one that keeps it in registers, and on the H200 nearly the same time (its loop is
 * bound by double-precision arithmetic, and the state it reloads sits in the L2), so
 * only the loop itself shows it: its loads and stores, and the bytes they move a step.
 * A CPU test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "harness.h"
#include "ptx_traffic.h"

#define PTX_PATH  grade_build_file("integrated.ptx")
#define MAX_LOOPS 64

/* _Z17integrated_kernel10sat_arraysIdEidiPd -> integrated_kernel (a plain C++ name's
 * length and letters; anything else as it is) */
static const char *short_name(const char *mangled, char *buf, size_t len)
{
	char *end = NULL;
	long n = strncmp(mangled, "_Z", 2) ? 0 : strtol(mangled + 2, &end, 10);

	if (n > 0 && (size_t)n < len && strlen(end) >= (size_t)n)
		snprintf(buf, len, "%.*s", (int)n, end);
	else
		snprintf(buf, len, "%s", mangled);
	return buf;
}

GRADED_TEST(resources, state_in_registers, 2, 30)
{
	struct ptx_step_loop *l;
	int n, moving = -1;
	char name[256];

	grade_require_nvcc_build();
	l = calloc(MAX_LOOPS, sizeof(*l));
	cr_assert(l, "out of memory");
	n = ptx_step_loops_file(PTX_PATH, l, MAX_LOOPS);
	cr_assert(n >= 0,
		  "cannot read nvcc's PTX of integrated.cu at %s: the build writes it beside "
		  "integrated.o (lab.mk's PTX_06-orbits)\nhint: rebuild with make",
		  PTX_PATH);
	cr_assert(n > 0,
		  "integrated.cu has no loop of RK4 steps: no kernel of it has a loop with a "
		  "square root or a division in it (the J2 derivative's 1/r); want the "
		  "integrated kernel's loop over the steps, rk4_step in it\nhint: " HANDOUT
		  ", step 6.c");
	for (int i = 0; i < n && i < MAX_LOOPS && moving < 0; i++)
		if (l[i].loads || l[i].stores)
			moving = i;
	const struct ptx_step_loop *m = &l[moving < 0 ? 0 : moving];
	cr_assert(moving < 0,
		  "%s's loop of steps (lines %d to %d of %s) goes to memory every "
		  "step: %d loads (%d bytes) and %d stores (%d bytes) of global or local "
		  "memory, e.g. line %d: '%s'; want none: the six components loaded once "
		  "before the loop and stored once after it, registers in between (the "
		  "state kept in memory between steps is what the modular method pays "
		  "for)\nhint: " HANDOUT ", step 6.c and \"The register cost of RK4\"; a "
		  "local array indexed by a variable the compiler cannot unroll lives in "
		  "memory too",
		  short_name(m->kernel, name, sizeof(name)), m->first_line, m->last_line, PTX_PATH,
		  m->loads, m->load_bytes, m->stores, m->store_bytes, m->example_line, m->example);
	GRADE_NOTE("%d loop%s of RK4 steps in integrated.cu (%s): no load or store of global "
		   "or local memory in %s, the state in registers from the first step to the "
		   "last",
		   n, n == 1 ? "" : "s", short_name(l[0].kernel, name, sizeof(name)),
		   n == 1 ? "it" : "them");
	free(l);
}
