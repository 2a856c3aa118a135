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
#define MAX_REQUEST RPC_MAX_REQUEST
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

/* The environment, out of the submission's reach until main. A constructor is called
 * with the process's environment (envp, its third argument, needs no import that
 * api-imports.sh could refuse), where compute-sanitizer names its library: code that
 * looked there could behave only while the tool is not watching. So before any
 * constructor the variables are copied aside, the array emptied and their text on the
 * stack (also /proc/self/environ's) wiped; main puts the copies back for the CUDA
 * runtime, which reads them when it starts, after every constructor. LD_* text stays
 * where it is: the dynamic loader may still point into it. */
static char **hidden_env;

static void hide_environment(int argc, char **argv, char **envp)
{
	static char *none[1];
	size_t n = 0;

	(void)argc, (void)argv;
	while (envp && envp[n])
		n++;
	hidden_env = calloc(n + 1, sizeof(*hidden_env));
	for (size_t k = 0; hidden_env && k < n; k++)
		if (!(hidden_env[k] = strdup(envp[k])))
			hidden_env = NULL;
	if (!hidden_env)
		_exit(126); /* a runner whose environment is in reach does not serve */
	for (size_t k = 0; k < n; k++) {
		if (strncmp(envp[k], "LD_", 3))
			memset(envp[k], 0, strlen(envp[k]));
		envp[k] = NULL;
	}
	environ = none;
}

static void before_the_submission(int argc, char **argv, char **envp)
{
	forbid_exec();
	hide_environment(argc, argv, envp);
}
__attribute__((section(".preinit_array"),
	       used)) static void (*const before_first)(int, char **,
							char **) = before_the_submission;

/* write_glue.py's dispatcher: calls function @p fn with argument addresses @p argv. */
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

/* One call of a request: its function, its arguments as the submission sees them
 * (mapped into this process), and what it returned. */
struct call {
	const struct rpc_fn *f;
	void *argv[RPC_MAX_ARGS], *sent_ptr[RPC_MAX_ARGS][RPC_MAX_FIELDS];
	struct mapped m[MAX_PTRS];
	int n;
	_Alignas(16) char ret[256];
};

/* Unpacks the arguments of a call of @p fn from @p args (which must outlive the call:
 * a value argument is passed where it lies). 0, or -1 for a malformed request. */
static int unpack(struct call *c, int fn, char *args)
{
	char *p = args;

	if (fn < 0 || fn >= rpc_api_count)
		return -1;
	c->f = &rpc_api[fn];
	c->n = 0;
	memset(c->ret, 0, sizeof(c->ret));
	for (int i = 0; i < c->f->n_args; i++) {
		const struct rpc_arg *a = &c->f->args[i];

		c->argv[i] = p;
		if (a->kind == RPC_VALUE) {
			p += RPC_WIRE(a->size);
		} else if (a->kind == RPC_DEVPTR) {
			void *local = unpack_ptr(&p, c->m, &c->n);
			/* the pointer's value now sits where its wire form began */
			memcpy(c->argv[i], &local, sizeof(local));
		} else {
			char *s;
			if (a->kind != RPC_STRUCT_VALUE) {
				uint32_t present;
				memcpy(&present, p, sizeof(present));
				p += RPC_WIRE(sizeof(present));
				if (!present) {
					c->argv[i] = NULL; /* the caller passed NULL */
					continue;
				}
				c->argv[i] = p;
			}
			s = p;
			p += RPC_WIRE(a->size);
			for (int k = 0; k < a->n_pointers; k++) {
				void *local = unpack_ptr(&p, c->m, &c->n);
				memcpy(s + a->pointers[k], &local, sizeof(local));
				c->sent_ptr[i][k] = local;
			}
		}
	}
	return 0;
}

/* What a call gives back: its return value, then each struct it may have changed, its
 * pointers in the grader's terms (locate). Returns the end of what was written. */
static char *pack_back(const struct call *c, char *q)
{
	memcpy(q, c->ret, c->f->ret_size), q += c->f->ret_size;
	for (int i = 0; i < c->f->n_args; i++) {
		const struct rpc_arg *a = &c->f->args[i];
		if (a->kind != RPC_STRUCT_INOUT || !c->argv[i])
			continue;
		memcpy(q, c->argv[i], a->size), q += a->size;
		for (int k = 0; k < a->n_pointers; k++) {
			void *now;
			memcpy(&now, (char *)c->argv[i] + a->pointers[k], sizeof(now));
			struct rpc_back_ptr b = locate(now, c->sent_ptr[i][k], c->m, c->n);
			memcpy(q, &b, sizeof(b)), q += sizeof(b);
		}
	}
	return q;
}

/* The most a reply's structs take: every argument a struct of MAX_REQUEST bytes is far
 * more than any lab passes; a request whose reply would not fit is refused. */
#define BACK_MAX (MAX_REQUEST + RPC_MAX_ARGS * RPC_MAX_FIELDS * sizeof(struct rpc_back_ptr))

/*
 * Runs @p count calls back to back and replies once. The clock covers every call and
 * all the work they leave on the GPU, on any stream of the submission's: the stop
 * event is recorded after a device-wide synchronise, so a kernel left running on a
 * stream of the submission's own is in the figure (a call is over when its work is).
 */
static int run_calls(struct call *calls, int count)
{
	static _Alignas(16) char back[RPC_BATCH_MAX * BACK_MAX];
	struct rpc_reply rep = {0};
	cudaEvent_t start, stop;
	int timed = events(&start, &stop);
	char *q = back;
	float ms = 0.f;

	if (timed)
		cudaEventRecord(start, 0);
	for (int i = 0; i < count; i++)
		rpc_dispatch((int)(calls[i].f - rpc_api), calls[i].argv, calls[i].ret);
	if (timed) {
		rep.fault = cudaDeviceSynchronize();
		if (rep.fault == cudaSuccess && cudaEventRecord(stop, 0) == cudaSuccess &&
		    cudaEventSynchronize(stop) == cudaSuccess &&
		    cudaEventElapsedTime(&ms, start, stop) == cudaSuccess)
			rep.ms = ms;
	}
	for (int i = 0; i < count; i++)
		q = pack_back(&calls[i], q);
	rep.bytes = (uint32_t)(q - back);
	return wire_write(FD, &rep, sizeof(rep)) || wire_write(FD, back, rep.bytes);
}

static struct call calls[RPC_BATCH_MAX];

static int serve(struct rpc_request *req, char *args)
{
	return unpack(&calls[0], req->fn, args) || run_calls(calls, 1);
}

/* A batch (RPC_BATCH): struct rpc_batch, then each call as a request of its own (its
 * struct rpc_request and arguments), all timed as one. */
static int serve_batch(char *args, uint32_t bytes)
{
	struct rpc_batch b;
	char *p = args + sizeof(b), *end = args + bytes;

	if (bytes < sizeof(b))
		return -1;
	memcpy(&b, args, sizeof(b));
	if (b.calls < 1 || b.calls > RPC_BATCH_MAX)
		return -1;
	for (uint32_t i = 0; i < b.calls; i++) {
		struct rpc_request r;

		if (end - p < (ptrdiff_t)sizeof(r))
			return -1;
		memcpy(&r, p, sizeof(r));
		p += sizeof(r);
		if (r.bytes > (uint32_t)(end - p) || unpack(&calls[i], r.fn, p))
			return -1;
		p += r.bytes;
	}
	return run_calls(calls, (int)b.calls);
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
	static _Alignas(16) char args[RPC_MAX_BATCH_BYTES];
	struct rpc_request req;

	environ = hidden_env; /* see hide_environment */
	/* ready: the submission's static constructors have returned (client.c waits for it) */
	if (wire_write(FD, "r", 1))
		_exit(1);
	/* _exit, never exit: the submission's exit handlers do not run when the test is over */
	while (wire_read(FD, &req, sizeof(req)) == 0) {
		if (req.bytes > sizeof(args) || wire_read(FD, args, req.bytes))
			_exit(1);
		if (req.fn == RPC_BATCH) {
			if (serve_batch(args, req.bytes))
				_exit(1);
			continue;
		}
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
		if (req.bytes > MAX_REQUEST || serve(&req, args))
			_exit(1);
	}
	_exit(0); /* the grader closed the socket: its test is over */
}
