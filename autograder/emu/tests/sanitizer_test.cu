/*
 * The emulation's checks tested (sanitizer-test.sh): each case is a kernel that a GPU's
 * compute-sanitizer flags, or its corrected twin that it does not. Built checked
 * (emu_sanitizer.c), each run prints the hazards in the tool's words; built by nvcc, the same
 * cases run under compute-sanitizer on a GPU (device-check.sh), so the expectations are
 * the real tool's. "sanitizer_test CASE" runs one and prints "CASE: value".
 */
#include <stdio.h>
#include <string.h>

#include "cuda_check.h"

#define THREADS 64
#define WARP	32

/* each thread writes its slot, then reads its neighbour's: a barrier between, or not */
__global__ void neighbour_kernel(int *out, int barrier)
{
	__shared__ int slot[THREADS];
	int t = threadIdx.x;

	slot[t] = t;
	if (barrier)
		__syncthreads(); /* every slot is written before any is read */
	out[t] = slot[(t + 1) % THREADS];
}

/* the same within a warp: lanes exchange through shared memory */
__global__ void lane_kernel(int *out, int syncwarp)
{
	__shared__ int slot[WARP];
	int lane = threadIdx.x;

	slot[lane] = lane;
	if (syncwarp)
		__syncwarp(); /* every lane's slot is written before any lane reads */
	out[lane] = slot[lane ^ 1];
}

/* every thread writes one shared word, which thread 0 then copies out: the last
 * writer wins, and which is last depends on the threads' order */
__global__ void last_writer_kernel(int *out)
{
	__shared__ int who;

	who = threadIdx.x;
	__syncthreads(); /* the word is settled before thread 0 reads it */
	if (threadIdx.x == 0)
		*out = who;
}

/* thread i reads in[i + shift]: past the end when shift is 1 */
__global__ void shifted_read_kernel(const int *in, int *out, int n, int shift)
{
	int i = threadIdx.x;

	if (i < n)
		out[i] = in[i + shift];
}

/* reads dynamic shared memory at word k of the launch's */
__global__ void dynamic_kernel(int *out, int k)
{
	extern __shared__ int dyn[];

	if (threadIdx.x == 0) {
		dyn[0] = 1;
		out[0] = dyn[k];
	}
}

/* half the block returns before the barrier the other half waits at */
__global__ void early_return_kernel(int *out)
{
	if (threadIdx.x >= THREADS / 2)
		return;
	__syncthreads(); /* (the fault under test: not every thread reaches it) */
	out[threadIdx.x] = 1;
}

static int run_case(const char *name)
{
	int *d_in, *d_out, h_out[THREADS] = {0};
	size_t bytes = sizeof(int) * THREADS;

	CUDA_CHECK(cudaMalloc((void **)&d_in, bytes));
	CUDA_CHECK(cudaMalloc((void **)&d_out, bytes));
	CUDA_CHECK(cudaMemset(d_out, 0, bytes));
	if (strcmp(name, "uninit_read"))
		CUDA_CHECK(cudaMemset(d_in, 0, bytes));
	if (!strcmp(name, "race_block") || !strcmp(name, "race_block_fixed"))
		neighbour_kernel<<<1, THREADS>>>(d_out, !strcmp(name, "race_block_fixed"));
	else if (!strcmp(name, "race_warp") || !strcmp(name, "race_warp_fixed"))
		lane_kernel<<<1, WARP>>>(d_out, !strcmp(name, "race_warp_fixed"));
	else if (!strcmp(name, "last_writer"))
		last_writer_kernel<<<1, THREADS>>>(d_out);
	else if (!strcmp(name, "oob_read") || !strcmp(name, "in_bounds"))
		shifted_read_kernel<<<1, THREADS>>>(d_in, d_out, THREADS, !strcmp(name, "oob_read"));
	else if (!strcmp(name, "uninit_read") || !strcmp(name, "init_read"))
		shifted_read_kernel<<<1, THREADS>>>(d_in, d_out, THREADS, 0);
	else if (!strcmp(name, "dynamic_oob") || !strcmp(name, "dynamic_in"))
		dynamic_kernel<<<1, WARP, 4 * sizeof(int)>>>(d_out, !strcmp(name, "dynamic_oob") ? 4 : 3);
	else if (!strcmp(name, "early_return"))
		early_return_kernel<<<1, THREADS>>>(d_out);
	else
		return fprintf(stderr, "sanitizer_test: no case %s\n", name), 2;
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
	printf("%s: %d\n", name, h_out[0]);
	CUDA_CHECK(cudaFree(d_in));
	CUDA_CHECK(cudaFree(d_out));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return fprintf(stderr, "usage: sanitizer_test CASE\n"), 2;
	return run_case(argv[1]);
}
