// Attack: accel_split's work on a stream of its own, which neither waits for the default
// stream nor makes it wait, and a return before it is done: a clock that stops on the
// default stream sees none of it. The kernel is the plainest right one, one thread per
// body and one interaction after another, slow at the small N where the split and
// accel_auto tests time it. attack.sed puts the course's accel_split out of the way.
static __global__ void attack_one_thread_per_body(const float4 *pos, float3 *acc, int n,
						  float eps2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 bi = pos[i];
	float3 ai = make_float3(0.f, 0.f, 0.f);
#pragma unroll 1
	for (int j = 0; j < n; j++)
		ai = body_body_interaction(bi, pos[j], ai, eps2);
	acc[i] = ai;
}

cudaError_t accel_split(const float4 *d_pos, float3 *d_acc, int n, float eps2, int p, int q)
{
	static cudaStream_t side;

	if (n <= 0)
		return cudaSuccess;
	if (p * q > 1024)
		return cudaErrorInvalidValue;
	if (!side)
		CUDA_CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
	attack_one_thread_per_body<<<blocks_for(n, 128), 128, 0, side>>>(d_pos, d_acc, n, eps2);
	CUDA_CHECK_LAUNCH();
	return cudaSuccess; /* no wait: the kernel is still running */
}
