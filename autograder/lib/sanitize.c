/*
 * Sanitizer tests: re-runs one of this binary's workloads under compute-sanitizer
 * and grades zero reported hazards. The workload runs in a process of its own,
 * outside Criterion, so the tool sees the lab's kernels and nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade.h"

#define SANITIZER_EXIT 3
#define KEEP_LINES     8

static int find_sanitizer(char *path, size_t len)
{
	const char *env = getenv("PL_COMPUTE_SANITIZER");
	const char *dirs[] = {"/usr/local/cuda/bin", "/usr/local/cuda/compute-sanitizer"};
	const char *p = getenv("PATH");

	if (env && access(env, X_OK) == 0)
		return snprintf(path, len, "%s", env), 0;
	while (p && *p) {
		size_t n = strcspn(p, ":");
		snprintf(path, len, "%.*s/compute-sanitizer", (int)n, p);
		if (n && access(path, X_OK) == 0)
			return 0;
		p += n + (p[n] == ':');
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, len, "%s/compute-sanitizer", dirs[i]);
		if (access(path, X_OK) == 0)
			return 0;
	}
	return -1;
}

/* Keeps the tool's first error lines and its summary for the failure message, and
 * the whole output in $PL_GRADE_LOGDIR when the grader asked for logs. */
static int run_tool(const char *cmd, const char *log_path, char *keep, size_t len)
{
	FILE *p = popen(cmd, "r"), *log = log_path ? fopen(log_path, "w") : NULL;
	char line[1024];
	int kept = 0, status;
	size_t used = 0;

	keep[0] = '\0';
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		int summary = strstr(line, "ERROR SUMMARY") != NULL;
		/* the workload's own one-line reason when its results were wrong */
		int reason = strncmp(line, "workload:", 9) == 0;
		if (log)
			fputs(line, log);
		if ((summary || reason ||
		     (strncmp(line, "=========", 9) == 0 && kept < KEEP_LINES)) &&
		    used < len) {
			used += (size_t)snprintf(keep + used, len - used, "%s", line);
			kept++;
		}
	}
	if (log)
		fclose(log);
	status = pclose(p);
	return status < 0 ? -1 : (status >> 8) & 0xff;
}

int grade_under_sanitizer(void)
{
	const char *v = getenv("PL_SANITIZE");
	return v && *v && strcmp(v, "0");
}

void grade_sanitize(const char *tool, const char *workload, const char *hint)
{
	char tool_path[1024], self[1024], cmd[3072], log_path[1200], keep[4096];
	const char *logdir = getenv("PL_GRADE_LOGDIR");
	ssize_t n;
	int rc;

	gpu_require();
	if (find_sanitizer(tool_path, sizeof(tool_path)))
		cr_skip_test("compute-sanitizer not found (PATH, /usr/local/cuda/bin): %s test "
			     "skipped",
			     tool);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	cr_assert(n > 0, "cannot find this test program's own path to re-run it");
	self[n] = '\0';
	snprintf(cmd, sizeof(cmd),
		 "'%s' --tool %s --error-exitcode %d --print-limit 20 '%s' --workload %s 2>&1",
		 tool_path, tool, SANITIZER_EXIT, self, workload);
	/* Criterion's sandbox hands its children a mapping through BXFI_MAP; the workload
	 * is not one of them and must start as a plain program. */
	unsetenv("BXFI_MAP");
	if (logdir)
		snprintf(log_path, sizeof(log_path), "%s/%s-%s.log", logdir, tool, workload);
	rc = run_tool(cmd, logdir ? log_path : NULL, keep, sizeof(keep));
	cr_assert(rc != SANITIZER_EXIT,
		  "compute-sanitizer --tool %s found hazards in workload '%s' (want none):\n%s"
		  "hint: %s",
		  tool, workload, keep, hint);
	cr_assert(rc == 0,
		  "workload '%s' failed under compute-sanitizer --tool %s (exit %d, want 0): the "
		  "kernels returned an error or wrong results even before any hazard check\n%s",
		  workload, tool, rc, keep);
	GRADE_NOTE("compute-sanitizer --tool %s: 0 hazards in workload '%s'", tool, workload);
}
