/*
 * The CPU emulation's warp functions against what a GPU computes (emu.h): votes,
 * ballots and shuffles of ints, floats and doubles, in a block of 48 threads (a full
 * warp and a partial one). Built emulated (make test-units) and by nvcc (run on a GPU by
 * autograder/tools/device-check.sh, which shows the emulation's premise true); exits 0 when every
 * lane got what it should, else names each wrong one. A shuffle from a lane the block
 * does not have is undefined on a GPU, and not checked.
 */
#include <stdio.h>

#define THREADS 48

struct warp_out {
	unsigned ballot[THREADS];
	int any[THREADS], all[THREADS], idx[THREADS], up[THREADS], down[THREADS], xr[THREADS];
	int seg[THREADS];
	float f[THREADS];
	double d[THREADS];
};

static __global__ void warp_kernel(struct warp_out *o)
{
	int t = threadIdx.x, lane = t % 32;

	o->ballot[t] = __ballot_sync(0xffffffffu, lane % 3 == 0);
	o->any[t] = __any_sync(0xffffffffu, t == 40);
	o->all[t] = __all_sync(0xffffffffu, lane < 31);
	o->idx[t] = __shfl_sync(0xffffffffu, 100 + t, 5);
	o->up[t] = __shfl_up_sync(0xffffffffu, t, 2);
	o->down[t] = __shfl_down_sync(0xffffffffu, t, 3);
	o->xr[t] = __shfl_xor_sync(0xffffffffu, t, 1);
	o->seg[t] = __shfl_sync(0xffffffffu, t, 0, 8); /* the first lane of each 8 */
	o->f[t] = __shfl_sync(0xffffffffu, 0.5f * t, 31);
	o->d[t] = __shfl_down_sync(0xffffffffu, 1e300 * t, 1);
}

static int check(const char *what, int t, double got, double want)
{
	if (got == want)
		return 0;
	printf("warp_test: %s at thread %d: got %.17g, want %.17g\n", what, t, got, want);
	return 1;
}

int main(void)
{
	static struct warp_out o;
	struct warp_out *d_o = NULL;
	cudaError_t err;
	int bad = 0;

	err = cudaMalloc((void **)&d_o, sizeof(o));
	if (!err) {
		warp_kernel<<<1, THREADS>>>(d_o);
		err = cudaGetLastError();
	}
	if (!err)
		err = cudaMemcpy(&o, d_o, sizeof(o), cudaMemcpyDeviceToHost);
	cudaFree(d_o);
	if (err) {
		printf("warp_test: %s\n", cudaGetErrorString(err));
		return 1;
	}
	for (int t = 0; t < THREADS; t++) {
		int lane = t % 32, base = t - lane, n = t < 32 ? 32 : THREADS - 32;
		unsigned ballot = 0;
		for (int l = 0; l < n; l++)
			ballot |= (unsigned)(l % 3 == 0) << l;
		bad += check("__ballot_sync", t, o.ballot[t], ballot);
		bad += check("__any_sync", t, o.any[t], t >= 32);
		bad += check("__all_sync", t, o.all[t], t >= 32); /* lane 31 is only in warp 0 */
		bad += check("__shfl_sync", t, o.idx[t], 100 + base + 5);
		bad += check("__shfl_up_sync", t, o.up[t], lane >= 2 ? t - 2 : t);
		if (lane + 3 >= 32)
			bad += check("__shfl_down_sync", t, o.down[t], t);
		else if (t + 3 < THREADS)
			bad += check("__shfl_down_sync", t, o.down[t], t + 3);
		bad += check("__shfl_xor_sync", t, o.xr[t], t ^ 1);
		bad += check("__shfl_sync width 8", t, o.seg[t], t & ~7);
		if (base + 31 < THREADS)
			bad += check("__shfl_sync float", t, o.f[t], 0.5f * (base + 31));
		if (lane == 31)
			bad += check("__shfl_down_sync double", t, o.d[t], 1e300 * t);
		else if (t + 1 < THREADS)
			bad += check("__shfl_down_sync double", t, o.d[t], 1e300 * (t + 1));
	}
	if (!bad)
		printf("warp_test: votes, ballots and shuffles of %d threads as on a GPU\n", THREADS);
	return bad != 0;
}
