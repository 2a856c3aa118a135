/*
 * The submission's runner (see rpc.h): linked with the submission, started by the
 * grader with the request socket as fd 3. It serves one request at a time: maps the
 * arguments' memory, calls the function, times it with CUDA events, synchronises (a
 * fault of the submission's kernels is then the call's), and replies. It decides
 * nothing: the grader checks what it returns. Do not modify.
 */
#define _GNU_SOURCE
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rpc.h"

#define FD	    3
#define MAX_REQUEST 16384
#define MAX_PTRS    (RPC_MAX_ARGS * RPC_MAX_FIELDS)

/* The sandbox (sandbox.c) had to let this program be executed; from its first
 * instruction on, before any constructor of the submission's (a .preinit_array entry
 * runs before every .init_array one, and this file is linked first), executing a
 * program ends it with SIGSYS: it cannot become another student's runner. */
static void forbid_exec(void)
{
#if defined(__x86_64__)
	struct sock_filter code[] = {
	    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execve, 2, 0),
	    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execveat, 1, 0),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	};
	struct sock_fprog prog = {sizeof(code) / sizeof(code[0]), code};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		_exit(126); /* a runner that could still execute a program does not serve */
#endif
}
__attribute__((section(".preinit_array"),
	       used)) static void (*const forbid_exec_first)(void) = forbid_exec;

/* gen.py's dispatcher: calls function @p fn with argument addresses @p argv. */
void rpc_dispatch(int fn, void *const *argv, void *ret);

/* the pointers of one request, in order: what they were mapped to */
struct mapped {
	char *local, *base;
	uint64_t size;
};

static void *unpack_ptr(char **p, struct mapped *m, int *n)
{
	struct rpc_ptr e;
	char *local;

	memcpy(&e, *p, sizeof(e));
	*p += RPC_WIRE(sizeof(e));
	local = devmem_import(&e);
	if (*n < MAX_PTRS)
		m[(*n)++] = (struct mapped){local, e.mapped ? local - e.offset : NULL, e.size};
	return local;
}

static struct rpc_back_ptr locate(void *now, void *sent, const struct mapped *m, int n)
{
	char *v = now;

	if (now == sent)
		return (struct rpc_back_ptr){RPC_BACK_SAME, 0, 0};
	for (int k = 0; k < n; k++)
		if (m[k].base && v >= m[k].base && v < m[k].base + m[k].size)
			return (struct rpc_back_ptr){RPC_BACK_MAPPED, (uint32_t)k,
						     (uint64_t)(v - m[k].base)};
	return (struct rpc_back_ptr){RPC_BACK_RAW, 0, (uint64_t)(uintptr_t)now};
}

/* The runner's clock: CUDA events, made on first use. Without a usable device (a host
 * function of the API called where there is no GPU) nothing is timed or synchronised. */
static int events(cudaEvent_t *start, cudaEvent_t *stop)
{
	static int made = -1;
	static cudaEvent_t e[2];

	if (made < 0) {
		made =
		    cudaEventCreate(&e[0]) == cudaSuccess && cudaEventCreate(&e[1]) == cudaSuccess;
		if (!made)
			cudaGetLastError();
	}
	*start = e[0], *stop = e[1];
	return made;
}

static int serve(struct rpc_request *req, char *args)
{
	static _Alignas(16) char back[MAX_REQUEST];
	char *p = args, *q = back;
	const struct rpc_fn *f = &rpc_api[req->fn];
	void *argv[RPC_MAX_ARGS], *sent_ptr[RPC_MAX_ARGS][RPC_MAX_FIELDS];
	_Alignas(16) char ret[256] = {0};
	struct mapped m[MAX_PTRS];
	int n = 0;
	float ms = 0.f;
	struct rpc_reply rep = {0};

	for (int i = 0; i < f->n_args; i++) {
		const struct rpc_arg *a = &f->args[i];

		argv[i] = p;
		if (a->kind == RPC_VALUE) {
			p += RPC_WIRE(a->size);
		} else if (a->kind == RPC_DEVPTR) {
			void *local = unpack_ptr(&p, m, &n);
			/* the pointer's value now sits where its wire form began */
			memcpy(argv[i], &local, sizeof(local));
		} else {
			char *s;
			if (a->kind != RPC_STRUCT_VALUE) {
				uint32_t present;
				memcpy(&present, p, sizeof(present));
				p += RPC_WIRE(sizeof(present));
				if (!present) {
					argv[i] = NULL; /* the caller passed NULL */
					continue;
				}
				argv[i] = p;
			}
			s = p;
			p += RPC_WIRE(a->size);
			for (int k = 0; k < a->n_pointers; k++) {
				void *local = unpack_ptr(&p, m, &n);
				memcpy(s + a->pointers[k], &local, sizeof(local));
				sent_ptr[i][k] = local;
			}
		}
	}
	cudaEvent_t start, stop;
	int timed = events(&start, &stop);

	if (timed)
		cudaEventRecord(start, 0);
	rpc_dispatch(req->fn, argv, ret);
	if (timed) {
		cudaEventRecord(stop, 0);
		rep.fault = cudaDeviceSynchronize();
		if (rep.fault == cudaSuccess &&
		    cudaEventElapsedTime(&ms, start, stop) == cudaSuccess)
			rep.ms = ms;
	}
	memcpy(q, ret, f->ret_size), q += f->ret_size;
	for (int i = 0; i < f->n_args; i++) {
		const struct rpc_arg *a = &f->args[i];
		if (a->kind != RPC_STRUCT_INOUT || !argv[i])
			continue;
		memcpy(q, argv[i], a->size), q += a->size;
		for (int k = 0; k < a->n_pointers; k++) {
			void *now;
			memcpy(&now, (char *)argv[i] + a->pointers[k], sizeof(now));
			struct rpc_back_ptr b = locate(now, sent_ptr[i][k], m, n);
			memcpy(q, &b, sizeof(b)), q += sizeof(b);
		}
	}
	rep.bytes = (uint32_t)(q - back);
	return wire_write(FD, &rep, sizeof(rep)) || wire_write(FD, back, rep.bytes);
}

/* An empty call, for the grader's measure of what a call costs beyond its work: two
 * events on a stream of the runner's own, so that no work of the submission's still
 * running elsewhere delays the reply. */
static int serve_empty(void)
{
	static cudaStream_t s;
	static cudaEvent_t e[2];
	static int made = -1;
	struct rpc_reply rep = {0};
	float ms = 0.f;

	if (made < 0) {
		made = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess &&
		       cudaEventCreate(&e[0]) == cudaSuccess &&
		       cudaEventCreate(&e[1]) == cudaSuccess;
		if (!made)
			cudaGetLastError();
	}
	if (made && cudaEventRecord(e[0], s) == cudaSuccess &&
	    cudaEventRecord(e[1], s) == cudaSuccess && cudaEventSynchronize(e[1]) == cudaSuccess &&
	    cudaEventElapsedTime(&ms, e[0], e[1]) == cudaSuccess)
		rep.ms = ms;
	return wire_write(FD, &rep, sizeof(rep));
}

/* A write of the grader's, made again here (struct rpc_write): the same bytes, so that
 * initcheck in this process sees the grader's inputs as written. Answers one byte, 'k'
 * or 'e'. */
static int serve_write(const char *args, uint32_t bytes)
{
	struct rpc_write w;
	char ok = 'e';

	memcpy(&w, args, sizeof(w));
	if (bytes >= sizeof(w) && (w.fill || w.bytes <= bytes - sizeof(w))) {
		void *p = devmem_import(&w.at);
		cudaError_t err =
		    w.fill ? cudaMemset(p, w.value, w.bytes)
			   : cudaMemcpy(p, args + sizeof(w), w.bytes, cudaMemcpyHostToDevice);
		if (!err)
			err = cudaDeviceSynchronize(); /* a memset may still be running */
		if (err)
			cudaGetLastError();
		else
			ok = 'k';
	}
	return wire_write(FD, &ok, 1);
}

int main(void)
{
	static _Alignas(16) char args[MAX_REQUEST];
	struct rpc_request req;

	/* _exit, never exit: the submission's exit handlers do not run when the test is over */
	while (wire_read(FD, &req, sizeof(req)) == 0) {
		if (req.bytes > sizeof(args) || wire_read(FD, args, req.bytes))
			_exit(1);
		if (req.fn == RPC_FORGET) {
			devmem_forget((const struct rpc_ptr *)args);
			if (wire_write(FD, "k", 1))
				_exit(1);
			continue;
		}
		if (req.fn == RPC_EMPTY) {
			if (serve_empty())
				_exit(1);
			continue;
		}
		if (req.fn == RPC_WRITE) {
			if (serve_write(args, req.bytes))
				_exit(1);
			continue;
		}
		if (req.fn < 0 || req.fn >= rpc_api_count || serve(&req, args))
			_exit(1);
	}
	_exit(0); /* the grader closed the socket: its test is over */
}
