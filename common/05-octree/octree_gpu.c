/* Lab 05's tree on the device: buffers and copies (see octree_gpu.h). */
#include <string.h>

#include "cuda_check.h"
#include "octree_gpu.h"

static cudaError_t tree_alloc(struct bh_tree *t)
{
	size_t nodes = (size_t)t->nnodes + 1, nb = (size_t)(t->n > 0 ? t->n : 1);

	CUDA_CHECK(cudaMalloc((void **)&t->d_child, 8 * nodes * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_node, nodes * sizeof(float4)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_count, nodes * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_start, nodes * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_sorted, nb * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_depth, nodes * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_state, BH_STATE_SLOTS * sizeof(int)));
	CUDA_CHECK(cudaMalloc((void **)&t->d_box, sizeof(float4)));
	CUDA_CHECK(
	    cudaMalloc((void **)&t->d_partial, 2 * (size_t)t->partial_blocks * sizeof(float4)));
	/* every byte defined once (-1 where it is an index): a download of nodes no build
	 * touched copies a known value, and compute-sanitizer's initcheck stays quiet */
	CUDA_CHECK(cudaMemset(t->d_child, 0xff, 8 * nodes * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_node, 0, nodes * sizeof(float4)));
	CUDA_CHECK(cudaMemset(t->d_count, 0, nodes * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_start, 0xff, nodes * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_sorted, 0xff, nb * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_depth, 0xff, nodes * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_state, 0, BH_STATE_SLOTS * sizeof(int)));
	CUDA_CHECK(cudaMemset(t->d_box, 0, sizeof(float4)));
	CUDA_CHECK(cudaMemset(t->d_partial, 0, 2 * (size_t)t->partial_blocks * sizeof(float4)));
	return cudaSuccess;
}

cudaError_t bh_tree_open(struct bh_tree *t, int n)
{
	cudaError_t err;

	memset(t, 0, sizeof(*t));
	t->n = n;
	t->nnodes = octree_nodes_for(n);
	t->partial_blocks = 1024;
	if (n < 1 || t->nnodes < 0)
		return cudaErrorInvalidValue;
	err = tree_alloc(t);
	if (err != cudaSuccess)
		bh_tree_close(t);
	return err;
}

void bh_tree_close(struct bh_tree *t)
{
	cudaFree(t->d_child), cudaFree(t->d_node), cudaFree(t->d_count), cudaFree(t->d_start);
	cudaFree(t->d_sorted), cudaFree(t->d_depth), cudaFree(t->d_state), cudaFree(t->d_box);
	cudaFree(t->d_partial);
	t->d_child = t->d_count = t->d_start = t->d_sorted = t->d_depth = t->d_state = NULL;
	t->d_node = t->d_box = t->d_partial = NULL;
}

cudaError_t bh_tree_download(const struct bh_tree *t, struct octree_host *h, int *depth)
{
	size_t nodes = (size_t)t->nnodes + 1;
	int state[BH_STATE_SLOTS];
	float4 box;

	CUDA_CHECK(cudaDeviceSynchronize());
	CUDA_CHECK(
	    cudaMemcpy(h->child, t->d_child, 8 * nodes * sizeof(int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(h->node, t->d_node, nodes * sizeof(float4), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(h->count, t->d_count, nodes * sizeof(int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(h->start, t->d_start, nodes * sizeof(int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(
	    cudaMemcpy(h->sorted, t->d_sorted, (size_t)t->n * sizeof(int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(state, t->d_state, sizeof(state), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(&box, t->d_box, sizeof(box), cudaMemcpyDeviceToHost));
	if (depth)
		CUDA_CHECK(
		    cudaMemcpy(depth, t->d_depth, nodes * sizeof(int), cudaMemcpyDeviceToHost));
	h->bottom = state[BH_BOTTOM];
	h->centre.x = box.x, h->centre.y = box.y, h->centre.z = box.z;
	h->radius = box.w;
	return cudaSuccess;
}

cudaError_t bh_tree_upload(struct bh_tree *t, const struct octree_host *h, const int *depth)
{
	size_t nodes = (size_t)t->nnodes + 1;
	int state[BH_STATE_SLOTS] = {h->bottom, 0, BH_OK, 0};
	float4 box = {h->centre.x, h->centre.y, h->centre.z, h->radius};

	for (size_t c = (size_t)h->bottom; c < nodes; c++)
		state[BH_MAX_DEPTH] =
		    depth[c] > state[BH_MAX_DEPTH] ? depth[c] : state[BH_MAX_DEPTH];
	CUDA_CHECK(
	    cudaMemcpy(t->d_child, h->child, 8 * nodes * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_node, h->node, nodes * sizeof(float4), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_count, h->count, nodes * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_start, h->start, nodes * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(
	    cudaMemcpy(t->d_sorted, h->sorted, (size_t)t->n * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_depth, depth, nodes * sizeof(int), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_state, state, sizeof(state), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(t->d_box, &box, sizeof(box), cudaMemcpyHostToDevice));
	t->bottom = h->bottom;
	t->max_depth = state[BH_MAX_DEPTH];
	return cudaSuccess;
}
