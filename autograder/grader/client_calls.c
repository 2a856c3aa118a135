/* A call of the lab's API on the wire: arguments packed, pointers exported, results read back. */
#include <string.h>

#include "client_internal.h"

#define MAX_EXPORTS 512

/* allocations the child has mapped, so that freeing one unmaps it there first */
static struct rpc_ptr exported[MAX_EXPORTS];
static int n_exported;

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
void export_ptr(const void *value, struct rpc_ptr *e)
{
	if (!exported_before(value, e))
		devmem_export(value, e);
	if (e->mapped)
		remember(e);
}

static void pack_ptr(char **p, const void *value, const struct rpc_ptr **sent, int *n_sent)
{
	struct rpc_ptr e;

	export_ptr(batch_substitute(value), &e);
	memcpy(*p, &e, sizeof(e));
	sent[(*n_sent)++] = (const struct rpc_ptr *)*p;
	*p += RPC_WIRE(sizeof(e));
}

/* Writes the request of a call of @p fn (argument addresses @p argv) into @p buf, the
 * pointers sent listed in @p sent; returns its length. */
size_t marshal(int fn, void *const *argv, char *buf, const struct rpc_ptr **sent, int *n_sent)
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
const char *unmarshal(const struct rpc_fn *f, const char *q, void *ret, char *const *inout,
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
void inout_structs(const struct rpc_fn *f, void *const *argv, char **inout)
{
	for (int i = 0; i < f->n_args; i++)
		inout[i] = f->args[i].kind == RPC_STRUCT_INOUT ? *(char *const *)argv[i] : NULL;
}

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
