/**
 * @file confirm.h
 * @brief The grader's check of the times a submission's runner reports.
 *
 * The runner times each call with CUDA events of its own, which the grader cannot
 * see; the grader times the same calls from outside (its events around the request,
 * reply included). A report is believed when it is no longer than the grader's
 * figure and no shorter than it less what a call costs beyond the submission's work
 * (the round trip, the runner's synchronise, mapping new buffers).
 */
#ifndef RPC_CONFIRM_H
#define RPC_CONFIRM_H

/** @brief A call's cost beyond the submission's own work, at most (ms). */
#define CONFIRM_OVERHEAD_MS 0.25
/** @brief And the share of the grader's figure a busy machine may add (percent). */
#define CONFIRM_OVERHEAD_PERCENT 10.0

/**
 * @brief 1 when @p child_ms, the runner's time for @p calls calls, is believable beside
 *        the @p parent_ms the grader measured around them; 0 otherwise.
 */
int timing_believable(double child_ms, double parent_ms, int calls);

#endif /* RPC_CONFIRM_H */
