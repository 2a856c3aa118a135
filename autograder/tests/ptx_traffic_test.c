/* Reading a kernel's loop of steps and its memory traffic from PTX (ptx_traffic.h). The
 * kernels are cut down from what nvcc 13 writes for lab 06's integrated kernel. */
#include <criterion/criterion.h>

#include "ptx_traffic.h"

#define HEAD ".version 9.0\n.target sm_80\n.address_size 64\n\n"

/* the state loaded before the loop, four square roots a step, stored after it */
static const char *in_registers =
    HEAD ".visible .entry _Z17integrated_kernelPdi(\n"
	 "\t.param .u64 _Z17integrated_kernelPdi_param_0,\n"
	 "\t.param .u32 _Z17integrated_kernelPdi_param_1\n"
	 ")\n{\n"
	 "\t.reg .pred \t%p<3>;\n\t.reg .f64 \t%fd<9>;\n\t.reg .b64 \t%rd<4>;\n\n"
	 "\tld.param.u64 \t%rd1, [_Z17integrated_kernelPdi_param_0];\n"
	 "\tcvta.to.global.u64 \t%rd2, %rd1;\n"
	 "\tld.global.f64 \t%fd1, [%rd2];\n"
	 "$L__BB0_2:\n"
	 "\tsqrt.rn.f64 \t%fd2, %fd1;\n"
	 "\tdiv.rn.f64 \t%fd3, %fd2, %fd1; // J2's 1/r^5 {\n"
	 "\tadd.f64 \t%fd1, %fd1, %fd3;\n"
	 "\tsetp.lt.s32 \t%p1, %r1, %r2;\n"
	 "\t@%p1 bra \t$L__BB0_2;\n"
	 "\tst.global.f64 \t[%rd2], %fd1;\n"
	 "\tret;\n\n}\n";

/* the same kernel with the state read and written back each step */
static const char *in_memory = HEAD ".visible .entry _Z17integrated_kernelPdi(\n"
				    "\t.param .u64 _Z17integrated_kernelPdi_param_0\n"
				    ")\n{\n"
				    "\tld.param.u64 \t%rd1, [_Z17integrated_kernelPdi_param_0];\n"
				    "$L__BB0_2:\n"
				    "\tld.global.f64 \t%fd1, [%rd2];\n"
				    "\tld.global.v2.f64 \t{%fd4, %fd5}, [%rd3];\n"
				    "\tsqrt.rn.f64 \t%fd2, %fd1;\n"
				    "\tst.global.f64 \t[%rd2], %fd2;\n"
				    "\t@%p1 bra \t$L__BB0_2;\n"
				    "\tret;\n\n}\n";

/* a grid-stride loop around the loop of steps: its loads and stores run once an item */
static const char *grid_stride =
    HEAD ".visible .entry _Z4gridPdi(\n\t.param .u64 _Z4gridPdi_param_0\n)\n{\n"
	 "$L__BB1_1:\n"
	 "\tld.global.f64 \t%fd1, [%rd2];\n"
	 "$L__BB1_2:\n"
	 "\trsqrt.approx.f64 \t%fd2, %fd1;\n"
	 "\tmul.f64 \t%fd1, %fd1, %fd2;\n"
	 "\t@%p1 bra.uni \t$L__BB1_2;\n"
	 "\tst.global.f64 \t[%rd2], %fd1;\n"
	 "\tadd.s32 \t%r1, %r1, %r3;\n"
	 "\t@%p2 bra \t$L__BB1_1;\n"
	 "\tret;\n}\n";

/* a device function kept out of line: what it does counts where it is called */
static const char *out_of_line =
    HEAD ".func  (.param .b64 func_retval0) _Z5stepsPd(\n"
	 "\t.param .b64 _Z5stepsPd_param_0\n)\n{\n"
	 "\tld.param.u64 \t%rd1, [_Z5stepsPd_param_0];\n"
	 "\tld.f64 \t%fd1, [%rd1];\n"
	 "\tsqrt.rn.f64 \t%fd2, %fd1;\n"
	 "\tst.f64 \t[%rd1], %fd2;\n"
	 "\tst.param.f64 \t[func_retval0+0], %fd2;\n"
	 "\tret;\n}\n"
	 ".visible .entry _Z6callerPd(\n\t.param .u64 _Z6callerPd_param_0\n)\n{\n"
	 "$L__BB2_1:\n"
	 "\t{ // callseq 0, 0\n"
	 "\t.param .b64 param0;\n"
	 "\tst.param.b64 \t[param0+0], %rd1;\n"
	 "\t.param .b64 retval0;\n"
	 "\tcall.uni (retval0), \n\t_Z5stepsPd, \n\t(\n\tparam0\n\t);\n"
	 "\tcall.uni (retval0), _Z5stepsPd, (param0);\n"
	 "\tld.param.f64 \t%fd3, [retval0+0];\n"
	 "\t} // callseq 0\n"
	 "\t@%p1 bra \t$L__BB2_1;\n"
	 "\tret;\n}\n";

/* local arrays indexed at run time, shared memory and a continue (two branches back) */
static const char *local_and_shared = HEAD ".visible .entry _Z5localv()\n{\n"
					   "\t.local .align 8 .b8 \t__local_depot0[48];\n"
					   "$L__BB3_1:\n"
					   "\tld.shared.f64 \t%fd1, [%r1];\n"
					   "\tsqrt.rn.f64 \t%fd2, %fd1;\n"
					   "\t@%p2 bra \t$L__BB3_1;\n"
					   "\tst.local.f64 \t[%rd4], %fd2;\n"
					   "\tatom.global.add.f32 \t%f1, [%rd5], %f2;\n"
					   "\t@%p1 bra \t$L__BB3_1;\n"
					   "\tret;\n}\n";

Test(ptx_traffic, state_in_registers_moves_nothing)
{
	struct ptx_step_loop l[4];
	int n = ptx_step_loops(in_registers, l, 4);

	cr_assert_eq(n, 1, "loops of steps: got %d, want 1", n);
	cr_assert_str_eq(l[0].kernel, "_Z17integrated_kernelPdi");
	cr_assert(l[0].heavy == 2 && l[0].loads == 0 && l[0].stores == 0 && !l[0].example_line,
		  "got %d heavy, %d loads, %d stores; want 2, 0, 0", l[0].heavy, l[0].loads,
		  l[0].stores);
	cr_assert(l[0].first_line == 17 && l[0].last_line == 22, "lines %d-%d, want 17-22",
		  l[0].first_line, l[0].last_line);
}

Test(ptx_traffic, state_in_memory_counts_bytes)
{
	struct ptx_step_loop l[4];
	int n = ptx_step_loops(in_memory, l, 4);

	cr_assert_eq(n, 1);
	cr_assert(l[0].loads == 2 && l[0].load_bytes == 24 && l[0].stores == 1 &&
		      l[0].store_bytes == 8,
		  "got %d loads (%d B), %d stores (%d B); want 2 (24 B), 1 (8 B)", l[0].loads,
		  l[0].load_bytes, l[0].stores, l[0].store_bytes);
	cr_assert_str_eq(l[0].example, "ld.global.f64  %fd1, [%rd2]");
	cr_assert_eq(l[0].example_line, 11);
}

Test(ptx_traffic, outer_loop_may_load)
{
	struct ptx_step_loop l[4];
	int n = ptx_step_loops(grid_stride, l, 4);

	cr_assert_eq(n, 1, "only the inner loop is a loop of steps: got %d", n);
	cr_assert(l[0].loads == 0 && l[0].stores == 0 && l[0].heavy == 1);
}

Test(ptx_traffic, calls_count_where_made)
{
	struct ptx_step_loop l[4];
	int n = ptx_step_loops(out_of_line, l, 4);

	cr_assert_eq(n, 1, "the kernel's loop (not the function's body): got %d", n);
	cr_assert_str_eq(l[0].kernel, "_Z6callerPd");
	cr_assert(l[0].heavy == 2 && l[0].loads == 2 && l[0].stores == 2,
		  "two calls of a function with a generic load and store: got %d heavy, %d "
		  "loads, %d stores",
		  l[0].heavy, l[0].loads, l[0].stores);
}

Test(ptx_traffic, local_and_atomics_count_shared_does_not)
{
	struct ptx_step_loop l[4];
	int n = ptx_step_loops(local_and_shared, l, 4);

	cr_assert_eq(n, 1, "two branches to one label are one loop: got %d", n);
	cr_assert(l[0].loads == 1 && l[0].stores == 2 && l[0].store_bytes == 12,
		  "got %d loads, %d stores (%d B); want 1, 2 (12 B)", l[0].loads, l[0].stores,
		  l[0].store_bytes);
}

Test(ptx_traffic, no_loop_and_not_ptx)
{
	struct ptx_step_loop l[1];

	cr_assert_eq(ptx_step_loops(HEAD ".visible .entry _Z1kv()\n{\n\tret;\n}\n", l, 1), 0);
	cr_assert_eq(ptx_step_loops("int main(void) { return 0; }\n", l, 1), -1);
	cr_assert_eq(ptx_step_loops(HEAD ".visible .entry _Z1kv()\n{\n\tret;\n", l, 1), -1);
	cr_assert_eq(ptx_step_loops_file("/nonexistent/integrated.ptx", l, 1), -1);
}
