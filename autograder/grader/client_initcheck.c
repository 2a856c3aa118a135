/* The initcheck mirror: the runner repeats the grader's writes into memory it maps. */
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"
#include "grade.h"

/*
 * Under compute-sanitizer (a workload, or make sanitize, which sets PL_SANITIZE) each
 * process's initcheck sees only its own writes: to the child, every input the grader
 * uploaded was never written, and each kernel reading one would be flagged
 * (autograder/NOTES.md, "Sanitizers"). So there the child repeats the grader's uploads
 * and memsets into device memory it maps, byte for byte (linked with --wrap=cudaMemcpy
 * and --wrap=cudaMemset). Memory the grader allocates and leaves unwritten stays unwritten
 * to both, as initcheck's tests need.
 */
#define WRITE_CHUNK 8192

static void mirror(void *dst, const void *src, int value, size_t bytes)
{
	static _Alignas(
	    16) char msg[sizeof(struct rpc_request) + sizeof(struct rpc_write) + WRITE_CHUNK];
	struct rpc_ptr e;

	if (!(grade_workload_mode || getenv("PL_SANITIZE")) || !dst || !bytes)
		return;
	if (child < 0)
		spawn();
	export_ptr(dst, &e);
	if (!e.mapped && !devmem_raw_shared)
		return; /* not memory the child maps */
	for (size_t done = 0; done < bytes;) {
		size_t len = src && bytes - done > WRITE_CHUNK ? WRITE_CHUNK : bytes - done;
		struct rpc_write w = {e, len, value, src == NULL};
		char ack;

		w.at.raw += done, w.at.offset += done;
		*(struct rpc_request *)msg = (struct rpc_request){
		    .fn = RPC_WRITE, .bytes = (uint32_t)(sizeof(w) + (src ? len : 0))};
		memcpy(msg + sizeof(struct rpc_request), &w, sizeof(w));
		if (src)
			memcpy(msg + sizeof(struct rpc_request) + sizeof(w),
			       (const char *)src + done, len);
		if (wire_write(sock, msg,
			       sizeof(struct rpc_request) + sizeof(w) + (src ? len : 0)) ||
		    wire_read(sock, &ack, 1))
			child_died("a write of the grader's, repeated for the sanitizer");
		if (ack != 'k')
			fail("the runner could not repeat a write of the grader's "
			     "(see client_initcheck.c)");
		done += len;
	}
}

cudaError_t __real_cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind);
cudaError_t __wrap_cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind);
cudaError_t __wrap_cudaMemcpy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
	cudaError_t err = __real_cudaMemcpy(dst, src, bytes, kind);

	if (err == cudaSuccess && kind == cudaMemcpyHostToDevice)
		mirror(dst, src, 0, bytes);
	return err;
}

cudaError_t __real_cudaMemset(void *p, int value, size_t bytes);
cudaError_t __wrap_cudaMemset(void *p, int value, size_t bytes);
cudaError_t __wrap_cudaMemset(void *p, int value, size_t bytes)
{
	cudaError_t err = __real_cudaMemset(p, value, bytes);

	if (err == cudaSuccess)
		mirror(p, NULL, value, bytes);
	return err;
}
