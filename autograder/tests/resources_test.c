/* Reading ptxas's resource report. */
#include <criterion/criterion.h>

#include "resources.h"

static const char *report =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z18accel_tiled_kernelILi64EEvPK6float4P6float3if' for 'sm_80'\n"
    "ptxas info    : Function properties for _Z18accel_tiled_kernelILi64EEvPK6float4P6float3if\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 38 registers, used 1 barriers, 1024 bytes smem, 380 bytes cmem[0]\n"
    "ptxas info    : Compile time = 3.318 ms\n"
    "ptxas info    : Compiling entry function '_Z6spillyPf' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z6spillyPf\n"
    "    48 bytes stack frame, 40 bytes spill stores, 36 bytes spill loads\n"
    "ptxas info    : Used 255 registers, used 0 barriers, 380 bytes cmem[0]\n";

Test(resources, parses_each_kernel)
{
	struct kernel_resources k[4];
	int n = resources_parse(report, k, 4);

	cr_assert_eq(n, 2, "kernels: got %d, want 2", n);
	cr_assert_str_eq(k[0].name, "_Z18accel_tiled_kernelILi64EEvPK6float4P6float3if");
	cr_assert_str_eq(k[0].arch, "sm_80");
	cr_assert(k[0].registers == 38 && k[0].smem_bytes == 1024 && k[0].spill_stores == 0,
		  "tiled: got %d registers, %d bytes smem, %d spilled; want 38, 1024, 0",
		  k[0].registers, k[0].smem_bytes, k[0].spill_stores);
	cr_assert_str_eq(k[1].arch, "sm_90");
	cr_assert(k[1].registers == 255 && k[1].smem_bytes == 0 && k[1].stack_bytes == 48 &&
		      k[1].spill_stores == 40 && k[1].spill_loads == 36,
		  "spilly: got %d regs, %d smem, %d stack, %d/%d spills; want 255, 0, 48, 40/36",
		  k[1].registers, k[1].smem_bytes, k[1].stack_bytes, k[1].spill_stores,
		  k[1].spill_loads);
}

Test(resources, respects_the_limit_and_missing_files)
{
	struct kernel_resources k[1];

	cr_assert_eq(resources_parse(report, k, 1), 1, "at most max kernels are returned");
	cr_assert_eq(resources_read("/nonexistent/x.res", k, 1), -1, "a missing file is -1");
	cr_assert_eq(resources_parse("", k, 1), 0, "an empty report has no kernels");
}
