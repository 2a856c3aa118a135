/* Timed runs as batches: calls recorded on inputs of their own, staged, sent as one. */
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "client_internal.h"

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
 * cannot be done; work after the reply is not seen: the attack background_thread
 * (autograder/tests/attacks/) scores 0 (autograder/NOTES.md, "Timing checked from outside").
 */
#define BATCH_MEM_MAX (4ull << 30) /* bytes of copies a batch may take */
#define SLOT_COPIES   64	   /* allocations one call may name */

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

static struct slot *slots;     /* RPC_BATCH_MAX of them, kept for a measurement */
static int batch_k;	       /* the batch being recorded: its size, 0 when none */
static int batch_n;	       /* calls recorded so far */
int k_next = 1;		       /* the size of the next timed run's batch */
int k_max = RPC_BATCH_MAX;     /* what memory and the request allow (batch_observe) */
int run_calls = 1;	       /* API calls in one timed run: a batch holds exactly one each */
int calls_per_run;	       /* counted while a run is timed */
static struct slot *recording; /* the slot being recorded, else NULL */

/* The slot's copy of the allocation holding @p value, made fresh for this call. */
const void *batch_substitute(const void *value)
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
			     "(client_batch.c's SLOT_COPIES)");
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
void batch_observe(int fn, size_t len, const struct rpc_ptr *const *sent, int n_sent)
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
int batch_record(int fn, void *const *argv, void *ret)
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

int seen_remote; /* a run of this measurement called the runner */

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
void batch_release(void)
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
