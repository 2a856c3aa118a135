/**
 * @file client_internal.h
 * @brief What the files of the grader's client of its runner (rpc.h) share, each of one
 *        idea: client.c the runner's lifecycle, client_calls.c a call on the wire,
 *        client_batch.c a timed run's batch, client_timing.c the check of the runner's
 *        timing, client_initcheck.c the grader's writes repeated for initcheck, and
 *        client_guard.c (which shares nothing) the guard zones. Only they include it.
 */
#ifndef RPC_CLIENT_INTERNAL_H
#define RPC_CLIENT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "rpc.h"

/* ---- the runner's lifecycle (client.c) */

extern pid_t child; /* the runner, or -1 when none runs */
extern int sock;    /* the grader's end of its socket, or -1 */

/* Stops the test with @p msg: a Criterion failure, or under --workload the "workload:"
 * line sanitize.c shows, and exit 1. */
void fail(const char *msg);

/* Starts the runner in its sandbox (rpc_call starts it on first use, as rpc_prespawn). */
void spawn(void);

/* The runner died @p during a request: fails the test saying how. */
void child_died(const char *during);

/* ---- a call on the wire (client_calls.c) */

#define MAX_REQUEST RPC_MAX_REQUEST
#define MAX_PTRS    (RPC_MAX_ARGS * RPC_MAX_FIELDS)

/* Describes @p value for the child (see devmem_export), remembering a mapped allocation
 * so that freeing it unmaps it there first. */
void export_ptr(const void *value, struct rpc_ptr *e);

/* Writes the request of a call of @p fn into @p buf; returns its length. */
size_t marshal(int fn, void *const *argv, char *buf, const struct rpc_ptr **sent, int *n_sent);

/* Reads what a call gave back from @p q; returns the end of what was read. */
const char *unmarshal(const struct rpc_fn *f, const char *q, void *ret, char *const *inout,
		      int keep, const struct rpc_ptr *const *sent, int n_sent,
		      uint64_t (*to_caller)(uint64_t));

/* The caller's structs of a call the callee may change, else NULL, by argument. */
void inout_structs(const struct rpc_fn *f, void *const *argv, char **inout);

/* ---- a timed run's batch (client_batch.c), sized by client_timing.c's remote_elapsed */

#define BATCH_MIN_MS	4.0 /* a batch shorter than this is too short to check */
#define BATCH_TARGET_MS 8.0 /* what K aims at */

extern int k_next;	  /* the size of the next timed run's batch */
extern int k_max;	  /* what memory and the request allow (batch_observe) */
extern int run_calls;	  /* API calls in one timed run: a batch holds exactly one each */
extern int calls_per_run; /* counted while a run is timed */
extern int seen_remote;	  /* a run of this measurement called the runner */

/* In a batch being recorded, the slot's copy of the allocation holding @p value; else
 * @p value. */
const void *batch_substitute(const void *value);

/* A call outside a batch, timed or not: what a batch of it would take. */
void batch_observe(int fn, size_t len, const struct rpc_ptr *const *sent, int n_sent);

/* In a batch being recorded: the call goes to its slot. 1 when recorded. */
int batch_record(int fn, void *const *argv, void *ret);

/* The measurement is over: the slots' copies are freed (and unmapped by the runner). */
void batch_release(void);

/* ---- the run being timed (client_timing.c), as rpc_call and remote_batch_end saw it */

extern int calls_timed;	      /* the calls answered since remote_mark */
extern double ms_timed;	      /* the child's own timing of the calls since remote_mark */
extern int batch_size_of_run; /* the calls of the run being timed */
extern int run_direct;	      /* the run being timed was a call, not a batch */
extern double staged_ms;      /* staged: the grader's figure of the batch (ms) */

#endif /* RPC_CLIENT_INTERNAL_H */
