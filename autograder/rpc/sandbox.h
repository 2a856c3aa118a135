/**
 * @file sandbox.h
 * @brief What the submission's runner may not do: start processes that outlive it,
 *        trace or write other processes, or see the grader's settings.
 */
#ifndef RPC_SANDBOX_H
#define RPC_SANDBOX_H

/**
 * @brief In a freshly forked child: dies with its parent, keeps only @p fd (as fd 3)
 *        and @p mem_fd (as fd 4; -1: none), the environment minus the grader's own
 *        variables (PL_*, Criterion's) plus @p extra_env (may be NULL), installs the
 *        system-call filter and executes @p path. Returns only if that failed.
 */
void sandbox_exec_runner(const char *path, int fd, int mem_fd, const char *extra_env);

#endif /* RPC_SANDBOX_H */
