/*
 * Lab 07-scale, step 7.a: scale_on_gpu against the CPU, at sizes that leave a partial
 * block.
 */
#include <stdlib.h>

#include "grade.h"
#include "scale.h"

#define HANDOUT "handouts/07-scale.md"

static void check_scale(int n)
{
	size_t bytes = (size_t)n * sizeof(float);
	float *h_x = malloc(bytes), *h_got = malloc(bytes), *d_x;

	gpu_require();
	cr_assert(h_x && h_got, "out of host memory");
	for (int i = 0; i < n; i++)
		h_x[i] = (float)i - 0.5f * (float)n;
	d_x = gpu_alloc(bytes);
	gpu_upload(d_x, h_x, bytes);
	GPU_OK(scale_on_gpu(d_x, n, 3.0f));
	gpu_download(h_got, d_x, bytes);
	for (int i = 0; i < n; i++)
		cr_assert(
		    h_got[i] == 3.0f * h_x[i],
		    "n = %d: x[%d] expected %g, got %g: is every element i < n scaled once? (" HANDOUT
		    ", step 7.a)",
		    n, i, 3.0f * h_x[i], h_got[i]);
	cudaFree(d_x);
	free(h_x);
	free(h_got);
}

GRADED_TEST(scale, n_1, 1, 60)
{
	check_scale(1);
}

GRADED_TEST(scale, n_1000, 2, 60)
{
	check_scale(1000);
}
