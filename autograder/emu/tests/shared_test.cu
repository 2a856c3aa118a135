/*
 * The CPU emulation's shared memory against what a GPU computes (emu.h, launch.py): a
 * tile declared in a kernel template, one array per instance, and a dynamic one
 * (extern __shared__, its size given at the launch, here on a stream of its own), each
 * read by other threads after a barrier, over several blocks. Built emulated (make
 * test-units) and by nvcc (run on a GPU by autograder/tools/device-check.sh, which shows the
 * emulation's premise true); exits 0 when every element is what it should be, else
 * names each wrong one.
 */
#include <stdio.h>

#define BLOCKS	 3
#define DYNAMIC	 96 /* threads of a block of the dynamic kernel, not a power of two */
#define ELEMENTS (BLOCKS * 128)

/* Each block reverses its TILE values through a tile of compile-time size. */
template <int TILE>
static __global__ void __launch_bounds__(TILE) reverse_static(const int *in, int *out)
{
	__shared__ int tile[TILE];
	int t = threadIdx.x, i = blockIdx.x * TILE + t;

	tile[t] = in[i];
	__syncthreads(); /* the whole tile is stored before a thread reads another's value */
	out[i] = tile[TILE - 1 - t];
}

/* The same through a tile of blockDim.x pairs (value, thread), whose size the launch
 * gives; each thread adds its right neighbour's value to the reversed one and overwrites
 * its own pair with that, so that the second barrier has a reason. */
static __global__ void reverse_dynamic(const int *in, int *out)
{
	extern __shared__ int2 pairs[];
	int t = threadIdx.x, n = blockDim.x, i = blockIdx.x * n + t;

	pairs[t] = make_int2(in[i], t);
	__syncthreads(); /* every pair is stored before a thread reads another's */
	int2 p = pairs[n - 1 - t];
	int right = pairs[(t + 1) % n].x;
	__syncthreads(); /* every read is done before any pair is overwritten */
	pairs[t] = make_int2(p.x + right, p.y);
	out[i] = pairs[t].x + 10000 * pairs[t].y;
}

static int check(const char *what, int i, int got, int want)
{
	if (got == want)
		return 0;
	printf("shared_test: %s at element %d: got %d, want %d\n", what, i, got, want);
	return 1;
}

int main(void)
{
	static int in[ELEMENTS], out[3][ELEMENTS];
	int *d_in = NULL, *d_out = NULL, bad = 0;
	cudaStream_t stream = NULL;
	cudaError_t err;

	for (int i = 0; i < ELEMENTS; i++)
		in[i] = 7 * i + 1;
	err = cudaMalloc((void **)&d_in, sizeof(in));
	if (!err)
		err = cudaMalloc((void **)&d_out, sizeof(out));
	if (!err)
		err = cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	if (!err)
		err = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
	if (!err) {
		reverse_static<64><<<2 * BLOCKS, 64>>>(d_in, d_out);
		reverse_static<128><<<BLOCKS, 128>>>(d_in, d_out + ELEMENTS);
		reverse_dynamic<<<BLOCKS, DYNAMIC, DYNAMIC * sizeof(int2), stream>>>(
		    d_in, d_out + 2 * ELEMENTS);
		err = cudaGetLastError();
	}
	if (!err)
		err = cudaDeviceSynchronize();
	if (!err)
		err = cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	cudaStreamDestroy(stream);
	cudaFree(d_in);
	cudaFree(d_out);
	if (err) {
		printf("shared_test: a CUDA call failed: %s\n", cudaGetErrorString(err));
		return 1;
	}
	for (int i = 0; i < ELEMENTS; i++) {
		int t64 = i % 64, t128 = i % 128;
		bad |= check("static tile of 64", i, out[0][i], in[i - t64 + 63 - t64]);
		bad |= check("static tile of 128", i, out[1][i], in[i - t128 + 127 - t128]);
	}
	for (int i = 0; i < BLOCKS * DYNAMIC; i++) {
		int t = i % DYNAMIC, base = i - t;
		int want = in[base + DYNAMIC - 1 - t] + in[base + (t + 1) % DYNAMIC] +
			   10000 * (DYNAMIC - 1 - t);
		bad |= check("dynamic tile", i, out[2][i], want);
	}
	if (!bad)
		printf("shared_test: static tiles of two template instances and a dynamic tile of "
		       "%d pairs, %d blocks each, as on a GPU\n",
		       DYNAMIC, BLOCKS);
	return bad;
}
