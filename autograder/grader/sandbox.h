/**
 * @file sandbox.h
 * @brief What the submission's runner may not do: start or run other programs, trace
 *        or write other processes, signal any process but itself, open sockets, write
 *        anywhere but its test's own scratch folder, read the course, the class or the
 *        temporary folders, or see the grader's settings.
 */
#ifndef RPC_SANDBOX_H
#define RPC_SANDBOX_H

/** @brief The runner's confinement, chosen by the grader for one test. */
struct sandbox_policy {
	const char *scratch;	   /**< its only writable folder: cwd, TMPDIR and HOME */
	const char *const *hidden; /**< folders it may not read (NULL-terminated), besides
				    *   /tmp and /var/tmp; NULL: none */
	int out_fd;		   /**< its stdout and stderr (a pipe the grader drains) */
	long max_file_bytes;	   /**< the largest file it may write (RLIMIT_FSIZE) */
	int under_tool;		   /**< nonzero under compute-sanitizer (a workload) */
};

/**
 * @brief In a freshly forked child: dies with its parent, keeps only @p fd (as fd 3),
 *        @p mem_fd (as fd 4; -1: none) and @p p's output pipe (as 1 and 2, with stdin
 *        /dev/null), the environment minus the grader's own variables (PL_*,
 *        Criterion's) plus @p extra_env (may be NULL), confines itself by @p p and
 *        executes @p path. Returns only if that failed (the reason on stderr).
 */
void sandbox_exec_runner(const char *path, int fd, int mem_fd, const char *extra_env,
			 const struct sandbox_policy *p);

#endif /* RPC_SANDBOX_H */
