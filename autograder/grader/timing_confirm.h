/**
 * @file timing_confirm.h
 * @brief The grader's check of the times a submission's runner reports.
 *
 * The runner times each call with CUDA events of its own, which the grader cannot
 * see; the grader times the same calls from outside (its events around the request,
 * reply included). Beyond the submission's work, a call costs the round trip and the
 * GPU's switches between the two processes' contexts: about 0.36 ms on the H200,
 * more than a small kernel takes. So after each timed run the grader measures that
 * cost on a call that does nothing (its own events around an empty request, whatever
 * the runner says of it), and believes a report that is no longer than its own figure
 * and no shorter than that figure, less the calls' measured cost, less 10% and a
 * slack for what a real call costs beyond an empty one.
 */
#ifndef RPC_CONFIRM_H
#define RPC_CONFIRM_H

/** @brief How much more than an empty call a call may cost beyond its work (ms): above
 *         the most a real call was seen to cost, a lab 04 step at 500k boids on the
 *         H200 (autograder/NOTES.md, "Timing checked from outside"). A call of less work
 *         than a few times this is timed in a batch of calls (client_batch.c), so that
 *         the slack is a small share of it. */
#define CONFIRM_SLACK_MS 0.30
/** @brief And the share of the submission's time a busy machine may add (percent). */
#define CONFIRM_OVERHEAD_PERCENT 10.0

/**
 * @brief 1 when @p child_ms, the runner's time for @p calls calls, is believable beside
 *        the @p parent_ms the grader measured around them, a call costing
 *        @p overhead_ms beyond its work (the grader's figure for an empty call); 0
 *        otherwise.
 */
int timing_believable(double child_ms, double parent_ms, int calls, double overhead_ms);

#endif /* RPC_CONFIRM_H */
