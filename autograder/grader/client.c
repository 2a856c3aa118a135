/*
 * The grader's side of the submission runner (see rpc.h): starts the child, sends each
 * API call's arguments, reads back results, and checks the child's timings against its
 * own clock.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "confirm.h"
#include "grade.h"
#include "rpc.h"
#include "runner_io.h"
#include "sandbox.h"
#include "timing.h"

#define MAX_EXPORTS 512
/* the exit status of a child that never became the runner (sandbox or exec failed) */
#define RUNNER_NOT_STARTED 127

static pid_t child = -1;
static int sock = -1;
static int calls_timed;
static double ms_timed; /* the child's own timing of the calls since remote_mark */

/* allocations the child has mapped, so that freeing one unmaps it there first */
static struct rpc_ptr exported[MAX_EXPORTS];
static int n_exported;

/* Stops the test with @p msg: a Criterion failure, or under --workload (no Criterion)
 * the "workload:" line sanitize.c shows, and exit 1. */
static void fail(const char *msg)
{
	if (grade_workload_mode) {
		fprintf(stderr, "workload: %s\n", msg);
		exit(1);
	}
	cr_assert_fail("%s", msg);
}

static char scratch[4096]; /* the runner's own folder, removed when it ends */

static void kill_child(void)
{
	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
		child = -1;
		runner_io_stop();
	}
	runner_scratch_remove(scratch);
	scratch[0] = '\0';
}

/* The folders the runner may not read: $PL_HIDE (grade-lab.sh: the course, the
 * submissions, the grade), else the folder the grader was started in. */
static const char *const *hidden_folders(void)
{
	static char list[8192], cwd[4096];
	static const char *dirs[17];
	const char *env = getenv("PL_HIDE");
	int n = 0;

	if (env && *env) {
		snprintf(list, sizeof(list), "%s", env);
		for (char *t = strtok(list, ":"); t && n < 16; t = strtok(NULL, ":"))
			dirs[n++] = t;
	} else if (getcwd(cwd, sizeof(cwd))) {
		dirs[n++] = cwd;
	}
	dirs[n] = NULL;
	return dirs;
}

/* The runner is "runner_<lab>" beside this program (the grader or its workload); an
 * emulated sanitizer test's workload (PL_EMU_TOOL, sanitize.c) runs the checking one,
 * "runner_check_<lab>" (autograder/emu/emu_check.c). */
static void runner_path(char *buf, size_t len)
{
#ifdef PL_EMU
	const char *kind = getenv("PL_EMU_TOOL") ? "runner_check" : "runner";
#else
	const char *kind = "runner";
#endif
	ssize_t n = readlink("/proc/self/exe", buf, len - 64);
	char *slash;

	if (n <= 0)
		fail("cannot find the grader's own path to start the submission's runner");
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	snprintf(slash + 1, len - (size_t)(slash + 1 - buf), "%s_%s", kind, GRADE_LAB);
}

static double test_limit_s(void)
{
	const struct criterion_test *t = grade_workload_mode ? NULL : criterion_current_test;
	return t && t->data && t->data->timeout > 0 ? t->data->timeout + 5.0 : 0.0;
}

static void spawn(void)
{
	char path[4096];
	int sv[2], out[2], mem_fd;
	const char *mem_env = devmem_child_env(&mem_fd);
	struct sandbox_policy policy = {.hidden = hidden_folders(),
					.max_file_bytes = RUNNER_FILE_LIMIT,
					.under_tool = grade_workload_mode};

	/* nothing in this process may be read or written through /proc or ptrace by the
	 * child (it runs as the same user) */
	prctl(PR_SET_DUMPABLE, 0);
	runner_path(path, sizeof(path));
	if (access(path, X_OK))
		fail("the submission's runner was not built (make grade builds it)");
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) || pipe2(out, O_CLOEXEC))
		fail("socketpair or pipe failed: cannot start the submission's runner");
	if (runner_scratch_make(scratch, sizeof(scratch)))
		fail("cannot make a scratch folder for the submission's runner ($PL_SCRATCH_ROOT, "
		     "else 'scratch' beside the grader): is the disk full?");
	policy.scratch = scratch;
	policy.out_fd = out[1];
	fflush(NULL);
	child = fork();
	if (child < 0)
		fail("fork failed: cannot start the submission's runner");
	if (child == 0) {
		sandbox_exec_runner(path, sv[1], mem_fd, mem_env, &policy); /* only on failure */
		_exit(RUNNER_NOT_STARTED);
	}
	close(sv[1]);
	close(out[1]);
	sock = sv[0];
	static int registered;
	if (!registered++)
		atexit(kill_child);
	/* the test's own limit, and 5 s: Criterion's parent kills the test first */
	if (runner_io_start(child, out[0], scratch, test_limit_s()))
		fail("cannot start watching the submission's runner (a thread of the grader)");
}

void rpc_stop(void)
{
	kill_child();
}

void rpc_prespawn(void)
{
	if (child < 0)
		spawn();
}

/* The child died: say how, in the test's own outcome. */
static void child_died(const char *during)
{
	int status = 0;
	char msg[512];

	close(sock);
	sock = -1;
	waitpid(child, &status, 0);
	child = -1;
	runner_io_stop();
	if (runner_io_reason()) {
		snprintf(msg, sizeof(msg), "%s during %s", runner_io_reason(), during);
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
		snprintf(msg, sizeof(msg),
			 "the submission's process wrote a file larger than %ld MiB during %s and "
			 "was stopped (SIGXFSZ)",
			 RUNNER_FILE_LIMIT >> 20, during);
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) {
		snprintf(msg, sizeof(msg),
			 "the submission's process was stopped during %s for a forbidden system "
			 "call: a submission may not start or execute a program (fork, system, "
			 "popen, exec), trace a process, or read or write another process's memory",
			 during);
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT &&
		   runner_io_emulation_line()) {
		/* the emulation stopped the kernel and said why: that is the test's reason */
		snprintf(msg, sizeof(msg), "the emulated kernel was stopped during %s: %s", during,
			 runner_io_emulation_line() + strlen("CPU emulation: "));
	} else if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		fprintf(stderr,
			"the submission's process died of signal %d (%s) during %s; the test is "
			"reported as crashed\n",
			sig, strsignal(sig), during);
		if (!grade_workload_mode && sig != SIGKILL) {
			signal(sig, SIG_DFL);
			raise(sig);
		}
		snprintf(msg, sizeof(msg),
			 "the submission's process died of signal %d (%s) during %s", sig,
			 strsignal(sig), during);
	} else if (WIFEXITED(status) && WEXITSTATUS(status) == RUNNER_NOT_STARTED) {
		snprintf(msg, sizeof(msg),
			 "the submission's runner could not be started in its sandbox (the test's "
			 "log says which step failed), so %s could not run",
			 during);
	} else {
		snprintf(msg, sizeof(msg),
			 "the submission's process exited (status %d) during %s: a submission must "
			 "return from the lab's functions, never end the program",
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1, during);
	}
	fail(msg);
}

static void pack(char **p, const void *src, size_t len)
{
	memcpy(*p, src, len);
	*p += RPC_WIRE(len);
}

static void remember(const struct rpc_ptr *e)
{
	for (int i = 0; i < n_exported; i++)
		if (!memcmp(exported[i].handle, e->handle, sizeof(e->handle)))
			return;
	if (n_exported < MAX_EXPORTS)
		exported[n_exported++] = *e;
}

/* An allocation the child has mapped already: its handle, without asking the driver
 * again (the lookups are host work inside the grader's timing of the call). */
static int exported_before(const void *value, struct rpc_ptr *e)
{
	uint64_t v = (uint64_t)(uintptr_t)value;

	for (int i = 0; i < n_exported; i++) {
		uint64_t base = exported[i].raw - exported[i].offset;
		if (v >= base && v < base + exported[i].size) {
			*e = exported[i];
			e->raw = v;
			e->offset = v - base;
			return 1;
		}
	}
	return 0;
}

/* Describes @p value for the child (see devmem_export), remembering a mapped
 * allocation so that freeing it unmaps it there first. */
static void export_ptr(const void *value, struct rpc_ptr *e)
{
	if (!exported_before(value, e))
		devmem_export(value, e);
	if (e->mapped)
		remember(e);
}

static const void *batch_substitute(const void *value);

static void pack_ptr(char **p, const void *value, const struct rpc_ptr **sent, int *n_sent)
{
	struct rpc_ptr e;

	export_ptr(batch_substitute(value), &e);
	memcpy(*p, &e, sizeof(e));
	sent[(*n_sent)++] = (const struct rpc_ptr *)*p;
	*p += RPC_WIRE(sizeof(e));
}

#define MAX_REQUEST RPC_MAX_REQUEST
#define MAX_PTRS    (RPC_MAX_ARGS * RPC_MAX_FIELDS)

/* Writes the request of a call of @p fn (argument addresses @p argv) into @p buf, the
 * pointers sent listed in @p sent; returns its length. */
static size_t marshal(int fn, void *const *argv, char *buf, const struct rpc_ptr **sent,
		      int *n_sent)
{
	const struct rpc_fn *f = &rpc_api[fn];
	char *p = buf + sizeof(struct rpc_request);

	*n_sent = 0;
	for (int i = 0; i < f->n_args; i++) {
		const struct rpc_arg *a = &f->args[i];
		const char *s;

		switch (a->kind) {
		case RPC_VALUE:
			pack(&p, argv[i], a->size);
			break;
		case RPC_DEVPTR:
			pack_ptr(&p, *(void *const *)argv[i], sent, n_sent);
			break;
		default:
			s = a->kind == RPC_STRUCT_VALUE ? argv[i] : *(const char *const *)argv[i];
			if (a->kind != RPC_STRUCT_VALUE) {
				/* a pointer to a struct may be NULL: the callee gets NULL too */
				uint32_t present = s != NULL;
				pack(&p, &present, sizeof(present));
				if (!present)
					break;
			}
			pack(&p, s, a->size);
			for (int k = 0; k < a->n_pointers; k++)
				pack_ptr(&p, *(void *const *)(s + a->pointers[k]), sent, n_sent);
		}
	}
	*(struct rpc_request *)buf = (struct rpc_request){
	    .fn = fn, .bytes = (uint32_t)(p - buf - sizeof(struct rpc_request))};
	return (size_t)(p - buf);
}

/* Reads what a call gave back from @p q: its return value into @p ret, and each struct
 * it may have changed into @p inout[i] (the caller's struct; NULL where the caller
 * passed none), a pointer the callee made in its memory translated by @p sent and
 * @p to_caller. With @p keep 0, reads past the structs. Returns the end of what was
 * read. */
static const char *unmarshal(const struct rpc_fn *f, const char *q, void *ret, char *const *inout,
			     int keep, const struct rpc_ptr *const *sent, int n_sent,
			     uint64_t (*to_caller)(uint64_t))
{
	if (f->ret_size) {
		if (ret)
			memcpy(ret, q, f->ret_size);
		q += f->ret_size;
	}
	for (int i = 0; i < f->n_args; i++) {
		const struct rpc_arg *a = &f->args[i];
		char *s = inout[i], saved[RPC_MAX_FIELDS][8];

		if (a->kind != RPC_STRUCT_INOUT || !s)
			continue;
		if (!keep) {
			q += a->size + a->n_pointers * sizeof(struct rpc_back_ptr);
			continue;
		}
		for (int k = 0; k < a->n_pointers; k++)
			memcpy(saved[k], s + a->pointers[k], 8);
		memcpy(s, q, a->size), q += a->size;
		for (int k = 0; k < a->n_pointers; k++) {
			struct rpc_back_ptr b;
			uint64_t v;

			memcpy(&b, q, sizeof(b)), q += sizeof(b);
			if (b.how == RPC_BACK_SAME)
				memcpy(&v, saved[k], 8);
			else if (b.how == RPC_BACK_MAPPED && (int)b.which < n_sent)
				v = to_caller(sent[b.which]->raw - sent[b.which]->offset + b.value);
			else
				v = b.value;
			memcpy(s + a->pointers[k], &v, 8);
		}
	}
	return q;
}

static uint64_t as_is(uint64_t v)
{
	return v;
}

/* The caller's structs of a call: for each argument, the struct the callee may change
 * (a pointer to a host struct, not const), else NULL. */
static void inout_structs(const struct rpc_fn *f, void *const *argv, char **inout)
{
	for (int i = 0; i < f->n_args; i++)
		inout[i] = f->args[i].kind == RPC_STRUCT_INOUT ? *(char *const *)argv[i] : NULL;
}

static int batch_record(int fn, void *const *argv, void *ret);
static void batch_observe(int fn, size_t len, const struct rpc_ptr *const *sent, int n_sent);

void rpc_call(int fn, void *const *argv, void *ret)
{
	const struct rpc_fn *f = &rpc_api[fn];
	static _Alignas(16) char buf[MAX_REQUEST], back[MAX_REQUEST];
	const struct rpc_ptr *sent[MAX_PTRS];
	char *inout[RPC_MAX_ARGS];
	int n_sent = 0;
	size_t len;
	struct rpc_reply rep;

	if (child < 0)
		spawn();
	if (batch_record(fn, argv, ret))
		return; /* a call of a batch: it runs when the batch is sent */
	/* the buffers are complete (a poison's memset is asynchronous) before the child
	 * reads them, and nothing of the grader's runs in the child's timing */
	cudaDeviceSynchronize();
	len = marshal(fn, argv, buf, sent, &n_sent);
	batch_observe(fn, len, sent, n_sent);
	if (wire_write(sock, buf, len) || wire_read(sock, &rep, sizeof(rep)) ||
	    rep.bytes > sizeof(back) || wire_read(sock, back, rep.bytes))
		child_died(f->name);
	calls_timed++;
	ms_timed += rep.ms;
	inout_structs(f, argv, inout);
	unmarshal(f, back, ret, inout, 1, sent, n_sent, as_is);
	if (f->ret_is_error && rep.fault && *(cudaError_t *)ret == cudaSuccess)
		*(cudaError_t *)ret = (cudaError_t)rep.fault;
}

/*
 * Batches. A short call cannot be checked from outside one at a time: beyond its work
 * a call costs a round trip and the GPU's switches between the two processes (about
 * 0.35 ms on the H200, give or take CONFIRM_SLACK_MS), more than a small kernel takes.
 * So a timed run of a short call is K calls in one request, timed as one by both
 * clocks and divided by K, with K raised until the batch takes BATCH_MIN_MS as the
 * grader sees it. Each call of a batch has inputs of its own: the timing's prepare
 * writes fresh inputs before each, and every allocation the call names is copied to a
 * slot of the batch's, so that no call can reuse another's result. The calls are sent
 * in an order the runner cannot predict, and the last one prepared (whose inputs the
 * test knows) is copied back into the caller's memory for its check after timing.
 */
/*
 * Staged batches. A runner may leave work to a thread of its own, which computes a
 * call's result after the reply, or, seeing the next run's inputs in memory it maps
 * before the request comes, computes it ahead of the grader's clock. So every timed run
 * is a batch (of one call, too) whose inputs are recorded into memory the runner never
 * maps, and copied into the memory it maps only inside the grader's window, right
 * before the request; the grader's figure runs from those copies' end to the reply, and
 * the checked call's outputs are taken at the reply. Work before the inputs exist
 * cannot be done; work after the reply is not seen. (H200, 2026-12-03: the attack
 * background_thread, which scored lab 01's speed points before, scores 0.)
 */
#define BATCH_MIN_MS	4.0	     /* a batch shorter than this is too short to check */
#define BATCH_TARGET_MS 8.0	     /* what K aims at */
#define BATCH_MEM_MAX	(4ull << 30) /* bytes of copies a batch may take */
#define SLOT_COPIES	64	     /* allocations one call may name */

struct slot_copy {
	uint64_t base, size; /* the caller's allocation */
	void *copy;	     /* the slot's, which the runner maps */
	void *stage;	     /* staged: the recorded inputs, which it never sees */
	int fresh;	     /* copied for the call being recorded */
};

struct slot {
	int fn;
	size_t len;
	_Alignas(16) char req[MAX_REQUEST];
	const struct rpc_ptr *sent[MAX_PTRS];
	int n_sent;
	char *inout[RPC_MAX_ARGS];
	struct slot_copy c[SLOT_COPIES];
	int n_copies;
};

static struct slot *slots;	  /* RPC_BATCH_MAX of them, kept for a measurement */
static int batch_k;		  /* the batch being recorded: its size, 0 when none */
static int batch_n;		  /* calls recorded so far */
static int k_next = 1;		  /* the size of the next timed run's batch */
static int k_max = RPC_BATCH_MAX; /* what memory and the request allow (batch_observe) */
static int run_calls = 1;	  /* API calls in one timed run: a batch holds exactly one each */
static int calls_per_run;	  /* counted while a run is timed */
static struct slot *recording;	  /* the slot being recorded, else NULL */

/* The slot's copy of the allocation holding @p value, made fresh for this call. */
static const void *batch_substitute(const void *value)
{
	struct slot *s = recording;
	struct rpc_ptr e;
	struct slot_copy *c = NULL;

	if (!s || !value)
		return value;
	devmem_export(value, &e);
	if (!e.mapped)
		return value; /* not device memory the runner maps: passed as it is */
	uint64_t base = e.raw - e.offset;
	for (int i = 0; i < s->n_copies && !c; i++)
		if (s->c[i].base == base && s->c[i].size == e.size)
			c = &s->c[i];
	if (!c) {
		if (s->n_copies == SLOT_COPIES)
			fail("a timed call names more allocations than a batch can copy "
			     "(client.c's SLOT_COPIES)");
		c = &s->c[s->n_copies++];
		*c = (struct slot_copy){base, e.size, NULL, NULL, 0};
		if (cudaMalloc(&c->copy, e.size) != cudaSuccess ||
		    cudaMalloc(&c->stage, e.size) != cudaSuccess)
			fail("no device memory for a batch's copy of a timed call's buffers");
	}
	if (!c->fresh) {
		if (cudaMemcpy(c->stage, (void *)(uintptr_t)base, e.size, cudaMemcpyDeviceToDevice))
			fail("copying a timed call's buffers into its batch slot failed");
		c->fresh = 1;
	}
	return (char *)c->copy + e.offset;
}

/* A pointer into a slot's copy, as the caller's allocation has it. */
static struct slot *back_slot;
static uint64_t slot_to_caller(uint64_t v)
{
	for (int i = 0; back_slot && i < back_slot->n_copies; i++) {
		uint64_t c = (uint64_t)(uintptr_t)back_slot->c[i].copy;
		if (v >= c && v < c + back_slot->c[i].size)
			return back_slot->c[i].base + (v - c);
	}
	return v;
}

/* A call outside a batch, timed or not: what a batch of it would take. */
static void batch_observe(int fn, size_t len, const struct rpc_ptr *const *sent, int n_sent)
{
	uint64_t bytes = 0;

	(void)fn;
	calls_per_run++;
	for (int i = 0; i < n_sent; i++) {
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = sent[j]->mapped && sent[i]->mapped &&
			       !memcmp(sent[j]->handle, sent[i]->handle, sizeof(sent[i]->handle));
		if (sent[i]->mapped && !seen)
			bytes += sent[i]->size;
	}
	k_max = RPC_BATCH_MAX;
	if (bytes && BATCH_MEM_MAX / bytes < (uint64_t)k_max)
		k_max = (int)(BATCH_MEM_MAX / bytes);
	if ((RPC_MAX_BATCH_BYTES - sizeof(struct rpc_batch)) / len < (size_t)k_max)
		k_max = (int)((RPC_MAX_BATCH_BYTES - sizeof(struct rpc_batch)) / len);
	if (n_sent > SLOT_COPIES)
		k_max = 1;
	k_max = k_max < 1 ? 1 : k_max;
}

/* In a batch being recorded: the call goes to its slot, and returns success for now
 * (the batch's calls' errors are remote_batch_end's). 1 when recorded. */
static int batch_record(int fn, void *const *argv, void *ret)
{
	const struct rpc_fn *f = &rpc_api[fn];
	struct slot *s;

	if (!batch_k)
		return 0;
	if (batch_n == batch_k)
		fail("a timed run made more than one call of the lab's API: it cannot be "
		     "batched (timing.c)");
	s = &slots[batch_n++];
	s->fn = fn;
	for (int i = 0; i < s->n_copies; i++)
		s->c[i].fresh = 0;
	cudaDeviceSynchronize(); /* the fresh inputs are written before they are copied */
	recording = s;
	s->len = marshal(fn, argv, s->req, s->sent, &s->n_sent);
	recording = NULL;
	inout_structs(f, argv, s->inout);
	if (f->ret_size)
		memset(ret, 0, f->ret_size); /* cudaSuccess, until the batch runs */
	return 1;
}

static int seen_remote; /* a run of this measurement called the runner */

int remote_batch_size(void)
{
	int k = k_next < k_max ? k_next : k_max;

	if (run_calls != 1)
		return 0;	    /* runs of several calls are not batched */
	return seen_remote ? k : 0; /* every run a batch, once it is known to call */
}

void remote_batch_begin(int k)
{
	if (k < 1 || k > RPC_BATCH_MAX)
		return;
	if (!slots && !(slots = calloc(RPC_BATCH_MAX, sizeof(*slots))))
		fail("no memory for a batch of timed calls");
	batch_k = k;
	batch_n = 0;
}

void remote_batch_cancel(void)
{
	batch_k = batch_n = 0;
}

static int batch_size_of_run = 1; /* the calls of the run being timed */
static int run_direct = 1;	  /* the run being timed was a call, not a batch */
static double staged_ms;	  /* staged: the grader's figure of the batch (ms) */

/* Staged: the recorded inputs into the memory the runner maps, inside the grader's
 * window; then the clock that times the batch starts. */
static void stage_inputs(int k, cudaEvent_t from)
{
	for (int i = 0; i < k; i++)
		for (int j = 0; j < slots[i].n_copies; j++) {
			struct slot_copy *c = &slots[i].c[j];
			if (cudaMemcpyAsync(c->copy, c->stage, c->size, cudaMemcpyDeviceToDevice,
					    0) != cudaSuccess)
				fail("copying a batch's inputs into its slots failed");
		}
	if (cudaEventRecord(from, 0) != cudaSuccess || cudaEventSynchronize(from) != cudaSuccess)
		fail("the grader's clock of a batch failed");
}

cudaError_t remote_batch_end(void)
{
	static _Alignas(16) char buf[sizeof(struct rpc_request) + RPC_MAX_BATCH_BYTES];
	static _Alignas(16) char back[RPC_BATCH_MAX * MAX_REQUEST];
	int order[RPC_BATCH_MAX], k = batch_n, checked = batch_n - 1;
	cudaError_t first = cudaSuccess;
	struct rpc_reply rep;
	char *p = buf + sizeof(struct rpc_request);
	const char *q = back;

	batch_k = batch_n = 0;
	if (k < 1)
		return cudaErrorInvalidValue;
	/* an order the runner cannot foresee (the kernel's random bytes, not a seed it
	 * could guess): which call is checked is not its to know */
	unsigned char r[RPC_BATCH_MAX];
	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		fail("getrandom failed: cannot order a batch of timed calls");
	for (int i = 0; i < k; i++)
		order[i] = i;
	for (int i = k - 1; i > 0; i--) {
		int j = r[i] % (i + 1), t = order[i];
		order[i] = order[j], order[j] = t;
	}
	*(struct rpc_batch *)p = (struct rpc_batch){.calls = (uint32_t)k};
	p += sizeof(struct rpc_batch);
	for (int i = 0; i < k; i++) {
		struct slot *s = &slots[order[i]];
		if ((size_t)(p - buf) + s->len > sizeof(buf))
			fail("a batch of timed calls is larger than a request may be");
		memcpy(p, s->req, s->len);
		p += s->len;
	}
	*(struct rpc_request *)buf = (struct rpc_request){
	    .fn = RPC_BATCH, .bytes = (uint32_t)(p - buf - sizeof(struct rpc_request))};
	static cudaEvent_t e[2];
	static int made;
	float ms = 0.f;
	if (!made++ &&
	    (cudaEventCreate(&e[0]) != cudaSuccess || cudaEventCreate(&e[1]) != cudaSuccess))
		fail("the grader's clock of a batch could not be made");
	stage_inputs(k, e[0]);
	if (wire_write(sock, buf, (size_t)(p - buf)) || wire_read(sock, &rep, sizeof(rep)) ||
	    rep.bytes > sizeof(back) || wire_read(sock, back, rep.bytes))
		child_died(rpc_api[slots[0].fn].name);
	if (cudaEventRecord(e[1], 0) != cudaSuccess || cudaEventSynchronize(e[1]) != cudaSuccess ||
	    cudaEventElapsedTime(&ms, e[0], e[1]) != cudaSuccess)
		fail("the grader's clock of a batch failed");
	staged_ms = ms;
	calls_timed++;
	ms_timed += rep.ms;
	batch_size_of_run = k;
	run_direct = 0;
	for (int i = 0; i < k; i++) {
		struct slot *s = &slots[order[i]];
		const struct rpc_fn *f = &rpc_api[s->fn];
		_Alignas(16) char ret[256] = {0};
		int keep = order[i] == checked;

		back_slot = s;
		/* the return value is only read here: the caller's variable for it was its
		 * stub's, gone since the call was recorded */
		q = unmarshal(f, q, ret, s->inout, keep, s->sent, s->n_sent, slot_to_caller);
		if (f->ret_is_error && first == cudaSuccess)
			first = *(cudaError_t *)ret;
	}
	back_slot = NULL;
	if (first == cudaSuccess && rep.fault)
		first = (cudaError_t)rep.fault;
	/* the checked call's buffers are the caller's again, for its check after timing */
	for (int i = 0; i < slots[checked].n_copies; i++) {
		struct slot_copy *c = &slots[checked].c[i];
		if (cudaMemcpy((void *)(uintptr_t)c->base, c->copy, c->size,
			       cudaMemcpyDeviceToDevice) != cudaSuccess &&
		    first == cudaSuccess)
			first = cudaGetLastError();
	}
	if (cudaDeviceSynchronize() != cudaSuccess && first == cudaSuccess)
		first = cudaGetLastError();
	return first;
}

/* The measurement is over: the slots' copies are freed (and unmapped by the runner). */
static void batch_release(void)
{
	for (int i = 0; slots && i < RPC_BATCH_MAX; i++) {
		for (int j = 0; j < slots[i].n_copies; j++) {
			cudaFree(slots[i].c[j].copy);
			cudaFree(slots[i].c[j].stage);
		}
		slots[i].n_copies = 0;
	}
	k_next = 1;
	k_max = RPC_BATCH_MAX;
	run_calls = 1;
	seen_remote = 0;
}

void remote_mark(void)
{
	calls_timed = 0;
	ms_timed = 0.0;
	calls_per_run = 0;
	batch_size_of_run = 1;
	run_direct = 1;
}

/* The timed runs of one measurement, checked together when it ends: what the child
 * reported, what the grader saw, and what an empty call cost right after each. */
#define MAX_RUNS 256
struct timed_run {
	double child, parent, empty;
	int calls, batch;
};
static struct timed_run runs[MAX_RUNS];
static int n_runs;

/* The grader's figure for an empty call (request, reply, the GPU's switches to the
 * child's context and back), on its own events as a timed run is seen; what the
 * child says of it is not used. Negative when it could not be measured. */
static double empty_call_ms(void)
{
	static cudaEvent_t e[2];
	static int made = -1;
	struct rpc_request req = {.fn = RPC_EMPTY};
	struct rpc_reply rep;
	float ms;

	if (made < 0)
		made =
		    cudaEventCreate(&e[0]) == cudaSuccess && cudaEventCreate(&e[1]) == cudaSuccess;
	if (!made || cudaDeviceSynchronize() != cudaSuccess ||
	    cudaEventRecord(e[0], 0) != cudaSuccess)
		return cudaGetLastError(), -1.0;
	if (wire_write(sock, &req, sizeof(req)) || wire_read(sock, &rep, sizeof(rep)))
		child_died("the grader's measure of an empty call");
	if (cudaEventRecord(e[1], 0) != cudaSuccess || cudaEventSynchronize(e[1]) != cudaSuccess ||
	    cudaEventElapsedTime(&ms, e[0], e[1]) != cudaSuccess)
		return cudaGetLastError(), -1.0;
	return ms;
}

/* the median cost of an empty call over the measurement's runs so far (one slow
 * empty call does not move it) */
static double empty_median(void)
{
	double v[MAX_RUNS];
	int n = 0;

	for (int i = 0; i < n_runs; i++)
		if (runs[i].empty >= 0.0)
			v[n++] = runs[i].empty;
	return median_of(v, n); /* 0 when none was measured */
}

int remote_elapsed(double parent_ms, int warmup, double *ms)
{
	int k = batch_size_of_run;
	double empty, work_ms;

	if (!calls_timed)
		return 0;
	seen_remote = 1;
	if (run_direct)
		run_calls = calls_per_run > run_calls ? calls_per_run : run_calls;
	else
		parent_ms = staged_ms; /* from the inputs' arrival to the reply (stage_inputs) */
	empty = empty_call_ms();
	/* too short to check from outside: more calls a batch, and the run again */
	if (parent_ms < BATCH_MIN_MS && run_calls == 1 && k < k_max) {
		double per_call = (parent_ms - (empty > 0.0 ? empty : 0.0)) / k;
		double want = BATCH_TARGET_MS / (per_call > 0.002 ? per_call : 0.002);
		k_next = want > k_max ? k_max : (int)want + 1;
		k_next = k_next > k ? k_next : k + 1;
		if (!warmup)
			return -1;
	}
	if (warmup)
		return calls_timed;
	if (n_runs < MAX_RUNS)
		runs[n_runs++] = (struct timed_run){ms_timed, parent_ms, empty, calls_timed, k};
	/* A report the grader's clock contradicts is replaced by the grader's own figure
	 * (what it saw less the calls' measured cost): a false report gains nothing, and
	 * an honest one on a loaded GPU loses only that run's precision. */
	*ms = ms_timed;
	empty = empty_median();
	work_ms = parent_ms - calls_timed * empty;
	if (!timing_believable(ms_timed, parent_ms, calls_timed, empty) && work_ms > *ms)
		*ms = work_ms;
	*ms /= k;
	return calls_timed * k;
}

/* PL_TIMING_LOG=FILE (the grader's own environment): every timed run, for calibrating
 * confirm.h on a new GPU */
static void log_runs(double empty)
{
	const char *path = getenv("PL_TIMING_LOG");
	FILE *f = path ? fopen(path, "a") : NULL;

	if (!f)
		return;
	for (int i = 0; i < n_runs; i++)
		fprintf(f, "%s\t%.4f\t%.4f\t%d\t%d\t%.4f\t%.4f\t%d\n", GRADE_LAB, runs[i].child,
			runs[i].parent, runs[i].calls, runs[i].batch, runs[i].empty, empty,
			timing_believable(runs[i].child, runs[i].parent, runs[i].calls, empty));
	fclose(f);
}

/* Only a speed test's verdict rests on the timings: there a measurement most of whose
 * reports the grader contradicts fails the test, naming the figures (a speed test has
 * the GPU to itself; elsewhere a loaded GPU blurs the grader's own clock). */
static int timings_graded(void)
{
	return !grade_workload_mode && criterion_current_suite &&
	       !strcmp(criterion_current_suite->name, "speed");
}

int remote_confirm(int judge, int last_try)
{
	char msg[900];
	double empty = empty_median();
	int bad = 0, seen = n_runs, worst = -1;

	if (judge)
		log_runs(empty);
	batch_release();
	for (int i = 0; i < n_runs; i++) {
		if (timing_believable(runs[i].child, runs[i].parent, runs[i].calls, empty))
			continue;
		bad++;
		if (worst < 0 ||
		    runs[i].parent - runs[i].child > runs[worst].parent - runs[worst].child)
			worst = i;
	}
	n_runs = 0;
	if (!judge || !timings_graded())
		return 1; /* the runs failed, or no verdict rests on them */
	/* a loaded machine can delay a few runs; a false report shows in most of them */
	if (2 * bad <= seen)
		return 1;
	if (!last_try)
		return 0; /* measured again: a busy GPU is not the student's fault */
	snprintf(msg, sizeof(msg),
		 "timing not confirmed in %d of %d runs, measured %d times: e.g. the "
		 "submission's process reported %.4f ms for %d call(s) that took %.4f ms as the "
		 "grader saw them, where an empty call took %.4f ms (believed: at most the "
		 "grader's figure, at least that less the calls' cost, %.0f%% and %.2f ms a "
		 "request). Its time must be its own work: no work left running after a call "
		 "returns, on a stream of its own or a thread, and no change to how time is read",
		 bad, seen, TIMING_TRIES, runs[worst].child, runs[worst].batch, runs[worst].parent,
		 empty, CONFIRM_OVERHEAD_PERCENT, CONFIRM_SLACK_MS);
	fail(msg);
	return 0;
}

/* The grader's watch over time_gpu (timing.h): its timed work runs in the runner, so
 * the runs are batched, the runner's own report of each taken and checked here. */
static const struct timing_observer runner_timing = {
    .batch_size = remote_batch_size,
    .batch_begin = remote_batch_begin,
    .batch_end = remote_batch_end,
    .batch_cancel = remote_batch_cancel,
    .mark = remote_mark,
    .elapsed = remote_elapsed,
    .confirm = remote_confirm,
};

/* Installed in every process of a grader that links this client, before any test: the
 * course's timing (common/, which ships to students) knows nothing of the grader. */
static void __attribute__((constructor)) install_runner_timing(void)
{
	timing_observe(&runner_timing);
}

/*
 * Guard zones. Every allocation of the grader's (linked with --wrap=cudaMalloc) is
 * followed by GUARD_BYTES of 0xff, a NaN as a float and as a double and -1 as an
 * index: a kernel that reads past the end of an array and uses what it read gets a
 * non-finite result, which the correctness tests fail, with or without
 * compute-sanitizer (a submission can tell whether the tool is attached; this does not
 * depend on it). Under the tool (a sanitizer workload, make sanitize) the allocations
 * are exact, so that its memcheck sees such a read as out of bounds.
 */
#define GUARD_BYTES (64 << 10)

cudaError_t __real_cudaMalloc(void **p, size_t bytes);
cudaError_t __real_cudaMemset(void *p, int value, size_t bytes);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes);
cudaError_t __wrap_cudaMalloc(void **p, size_t bytes)
{
	cudaError_t err;

	if (!bytes || grade_workload_mode || getenv("PL_SANITIZE"))
		return __real_cudaMalloc(p, bytes);
	err = __real_cudaMalloc(p, bytes + GUARD_BYTES);
	if (err == cudaSuccess &&
	    (err = __real_cudaMemset((char *)*p + bytes, 0xff, GUARD_BYTES)) != cudaSuccess) {
		cudaFree(*p);
		*p = NULL;
	}
	return err;
}

/* Freeing memory the child has mapped: the child unmaps it first (linked with
 * --wrap=cudaFree, so every cudaFree of the grader comes here). */
cudaError_t __real_cudaFree(void *p);
cudaError_t __wrap_cudaFree(void *p);
cudaError_t __wrap_cudaFree(void *p)
{
	struct rpc_ptr e;

	if (p && child > 0 && n_exported) {
		devmem_export(p, &e);
		for (int i = 0; e.mapped && i < n_exported; i++) {
			if (memcmp(exported[i].handle, e.handle, sizeof(e.handle)))
				continue;
			struct {
				struct rpc_request r;
				struct rpc_ptr e;
			} msg = {{.fn = RPC_FORGET, .bytes = sizeof(e)}, e};
			char ack;
			if (wire_write(sock, &msg, sizeof(msg)) || wire_read(sock, &ack, 1))
				child_died("cudaFree (the grader's)");
			exported[i] = exported[--n_exported];
			break;
		}
	}
	return __real_cudaFree(p);
}

/*
 * Under compute-sanitizer (a workload, or make sanitize, which sets PL_SANITIZE) each
 * process's initcheck sees only its own writes: to the child, every input the grader
 * uploaded was never written, and each kernel reading one was flagged (labs 04 and 06
 * on the H200, 2026-12-02). So there the child repeats the grader's uploads and
 * memsets into device memory it maps, byte for byte (linked with --wrap=cudaMemcpy and
 * --wrap=cudaMemset). Memory the grader allocates and leaves unwritten stays unwritten
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
			fail("the runner could not repeat a write of the grader's (see client.c)");
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

cudaError_t __wrap_cudaMemset(void *p, int value, size_t bytes);
cudaError_t __wrap_cudaMemset(void *p, int value, size_t bytes)
{
	cudaError_t err = __real_cudaMemset(p, value, bytes);

	if (err == cudaSuccess)
		mirror(p, NULL, value, bytes);
	return err;
}
