/*
 * The grader's side of the submission runner (see rpc.h), its lifecycle: starts the
 * child in its sandbox, ends it, and says in the test's outcome how it died. The calls,
 * their timing and the grader's own memory calls are its siblings', client_*.c
 * (client_internal.h says which is which).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "client_internal.h"
#include "grade.h"
#include "runner_io.h"
#include "sandbox.h"

/* the exit status of a child that never became the runner (sandbox or exec failed) */
#define RUNNER_NOT_STARTED 127

pid_t child = -1;
int sock = -1;

/* Stops the test with @p msg: a Criterion failure, or under --workload (no Criterion)
 * the "workload:" line sanitize.c shows, and exit 1. */
void fail(const char *msg)
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
 * "runner_check_<lab>" (autograder/emu/emu_sanitizer.c). */
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

/* The runner says it is ready as its main() starts (server.c), once the submission's
 * static constructors have run. One that has not after RUNNER_READY_S seconds never
 * will: the test fails with the cause, and so does every later test of the grading at
 * once (runner_stuck_mark), so that a class's run spends seconds on it, not each test's
 * limit. Under compute-sanitizer the tool's start is slower: four times as long. */
#define RUNNER_READY_S 10
static void await_ready(void)
{
	struct pollfd p = {.fd = sock, .events = POLLIN};
	int limit_ms = RUNNER_READY_S * 1000 * (grade_workload_mode ? 4 : 1);
	char c = 0, msg[512];
	int got = poll(&p, 1, limit_ms);

	if (got == 1 && read(sock, &c, 1) == 1 && c == 'r')
		return;
	if (got == 1 || got < 0)
		child_died("its start"); /* it ended before its main(): say how */
	snprintf(msg, sizeof(msg),
		 "your code never returned control: the submission's process did not reach its "
		 "first call within %d s of its start, so a static constructor or initializer "
		 "of yours never ends (an endless loop, or a wait that nothing ends, before "
		 "main); every test of this lab fails with this reason",
		 limit_ms / 1000);
	runner_stuck_mark(msg);
	kill_child();
	fail(msg);
}

void spawn(void)
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
	char stuck[512];
	if (runner_stuck_reason(stuck, sizeof(stuck)))
		fail(stuck); /* an earlier test's runner never answered: so would this one */
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
	await_ready();
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
void child_died(const char *during)
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
		const char *line = runner_io_emulation_line() + strlen("CPU emulation: ");
		snprintf(
		    msg, sizeof(msg), "the emulated kernel was stopped during %s: %s%s", during,
		    line,
		    strstr(line, "after others returned")
			? "\nhint: never return before a barrier: a thread with no body of its "
			  "own still loads its slot of the tile (a zero-mass body past n) and "
			  "waits at every __syncthreads() (handouts/02-tiling.md, pitfall \"Never "
			  "return before a barrier\")"
			: "");
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
