/*
 * Sanitizer tests: re-runs one of this binary's workloads under compute-sanitizer
 * and grades zero reported hazards (emulated: against the checking runner, which
 * reports them in the tool's words, autograder/emu/emu_sanitizer.c). The workload runs in a process of its own,
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
 * the whole output in $PL_GRADE_LOGDIR when the grader asked for logs; counts
 * racecheck's warnings into *warnings (they leave its exit status 0). */
static int run_tool(const char *cmd, const char *log_path, char *keep, size_t len, int *warnings)
{
	FILE *p = popen(cmd, "r"), *log = log_path ? fopen(log_path, "w") : NULL;
	char line[1024];
	int kept = 0, status;
	size_t used = 0;

	keep[0] = '\0';
	*warnings = 0;
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		*warnings += !strncmp(line, "========= Warning: Race reported", 32);
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

#ifdef PL_EMU
/* Whether @p line begins a hazard of @p tool, as emu_sanitizer.c prints them. */
static int is_hazard(const char *line, const char *tool)
{
	const char *words = !strcmp(tool, "memcheck")	 ? "========= Invalid __"
			    : !strcmp(tool, "initcheck") ? "========= Uninitialized __"
			    : !strcmp(tool, "racecheck") ? "========= Error: Race reported"
							 : "========= Barrier error";

	return !strncmp(line, words, strlen(words)) ||
	       (!strcmp(tool, "racecheck") &&
		!strncmp(line, "========= Warning: Race reported", 32));
}

/* @p line with each "@pc:0xOFF" of the checking runner @p prog as addr2line names it,
 * "0xOFF in FILE:LINE (FUNCTION)", into @p out */
static void symbolize(const char *line, const char *prog, char *out, size_t len)
{
	const char *at = strstr(line, "@pc:0x");
	char cmd[2048], func[512] = "", file[1024] = "";
	FILE *p;

	if (!at) {
		snprintf(out, len, "%s", line);
		return;
	}
	unsigned long off = strtoul(at + 6, NULL, 16);
	snprintf(cmd, sizeof(cmd), "addr2line -C -f -e '%s' 0x%lx 2>/dev/null", prog, off);
	if ((p = popen(cmd, "r"))) {
		if (fgets(func, sizeof(func), p))
			func[strcspn(func, "\n")] = '\0';
		if (fgets(file, sizeof(file), p))
			file[strcspn(file, "\n")] = '\0';
		pclose(p);
	}
	size_t end = strcspn(at + 6, " \n");
	char rest[1024];
	snprintf(rest, sizeof(rest), "%s", at + 6 + end);
	if (file[0] && file[0] != '?')
		snprintf(out, len, "%.*s0x%lx in %s", (int)(at - line), line, off, file);
	else
		snprintf(out, len, "%.*s0x%lx", (int)(at - line), line, off);
	symbolize(rest, prog, out + strlen(out), len - strlen(out));
}

/* Runs the workload against the checking runner, which reports every tool's hazards:
 * keeps @p tool's (their first lines, file and line named), counts them into *hazards. */
static const char *const TOOLS[] = {"memcheck", "initcheck", "racecheck", "synccheck"};

/* The tool (of TOOLS) whose hazard @p line begins, or NULL. */
static const char *hazard_of(const char *line)
{
	for (size_t k = 0; k < sizeof(TOOLS) / sizeof(TOOLS[0]); k++)
		if (is_hazard(line, TOOLS[k]))
			return TOOLS[k];
	return NULL;
}

/* @p other: the first line of the first hazard of another tool than @p tool, with the
 * tool's name ("" when none): a read past an array makes every tool's run go wrong, and
 * that tool's test is the one to read. */
static int run_checked(const char *cmd, const char *tool, const char *prog, const char *log_path,
		       char *keep, size_t len, int *hazards, char *other, size_t other_len)
{
	FILE *p = popen(cmd, "r"), *log = log_path ? fopen(log_path, "w") : NULL;
	char line[1024], named[2048];
	int in_mine = 0, status;
	size_t used = 0;

	keep[0] = other[0] = '\0';
	*hazards = 0;
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		int cont = !strncmp(line, "=========     ", 14);
		if (!cont && !strncmp(line, "=========", 9)) {
			in_mine = is_hazard(line, tool);
			*hazards += in_mine;
			const char *t = in_mine ? NULL : hazard_of(line);
			if (t && !other[0])
				snprintf(other, other_len, "%s: %.400s", t, line + 10);
		}
		symbolize(line, prog, named, sizeof(named));
		if (log)
			fputs(named, log);
		int wanted =
		    (in_mine && (cont || !strncmp(line, "=========", 9)) && *hazards <= 2) ||
		    !strncmp(line, "workload:", 9);
		if (wanted && used < len)
			used += (size_t)snprintf(keep + used, len - used, "%s", named);
		if (!cont && strncmp(line, "=========", 9))
			in_mine = 0;
	}
	if (log)
		fclose(log);
	status = pclose(p);
	return status < 0 ? -1 : (status >> 8) & 0xff;
}

/* The emulated sanitizer test: the workload's kernels run in the checking runner
 * (autograder/emu/emu_sanitizer.c), each block's threads last to first. */
static void sanitize_emulated(const char *tool, const char *workload, const char *hint,
			      const char *self, const char *log_path)
{
	char cmd[3072], prog[1100], keep[4096], other[512];
	int hazards, rc;

	snprintf(prog, sizeof(prog), "%s", self);
	snprintf(strrchr(prog, '/') + 1, sizeof(prog) - (size_t)(strrchr(prog, '/') + 1 - prog),
		 "runner_check_%s", GRADE_LAB);
	snprintf(cmd, sizeof(cmd), "'%s' --workload %s 2>&1", self, workload);
	setenv("PL_EMU_TOOL", tool, 1);
	rc = run_checked(cmd, tool, prog, log_path, keep, sizeof(keep), &hazards, other,
			 sizeof(other));
	unsetenv("PL_EMU_TOOL");
	cr_assert(hazards == 0,
		  "compute-sanitizer --tool %s, emulated on the CPU (every access of the kernels "
		  "checked, each block's threads run last to first), found %d hazard%s in "
		  "workload '%s' (want none%s):\n%shint: %s",
		  tool, hazards, hazards == 1 ? "" : "s", workload,
		  hazards > 2 ? "; the first two here, every one in the test's log" : "", keep,
		  hint);
	/* the emulation stopped a kernel (a barrier some threads never reach, say): its
	 * line says why; the tool's hint, about what this tool looks for, would mislead */
	cr_assert(rc == 0 || !strstr(keep, "the emulated kernel was stopped"),
		  "workload '%s' under the emulated %s: the emulation stopped a kernel where a "
		  "GPU would hang or go wrong, for the reason below; fix that first\n%s",
		  workload, tool, keep);
	/* another tool's hazard explains the wrong results better than this tool's hint */
	cr_assert(rc == 0 || !other[0],
		  "workload '%s' failed under the emulated %s (exit %d, want 0), which found "
		  "none of its own hazards; the emulated checks found one of another tool, the "
		  "likely cause (sanitize/%.*s's message and hint say where):\n%s%s",
		  workload, tool, rc, (int)strcspn(other, ":"), other, other,
		  strstr(keep, "workload:") ? strstr(keep, "workload:") : "");
	/* no hazard, yet wrong: run again unchecked, each block's threads first to last. Wrong
	 * there too, the results are wrong in any order: the correctness tests' finding,
	 * which a hint about races and barriers would only hide. */
	if (rc != 0) {
		char plain[3072];
		snprintf(plain, sizeof(plain), "'%s' --workload %s >/dev/null 2>&1", self,
			 workload);
		int plain_rc = system(plain);
		cr_assert(plain_rc == 0,
			  "workload '%s' under the emulated %s: no hazard found, and its results "
			  "are wrong whatever the threads' order (wrong with each block's threads "
			  "run first to last too): a wrong answer, not a hazard. The failing "
			  "correctness tests say where and why; fix them first, and this test "
			  "passes once the results are right\n%s",
			  workload, tool, keep);
	}
	cr_assert(rc == 0,
		  "workload '%s' failed under the emulated %s (exit %d, want 0), with no hazard "
		  "found: its results are right with each block's threads run first to last and "
		  "wrong last to first, so they depend on the threads' order, a race\n%shint: %s",
		  workload, tool, rc, keep, hint);
	GRADE_NOTE("compute-sanitizer --tool %s, emulated: 0 hazards in workload '%s'", tool,
		   workload);
}
#endif

/* "a write at FILE:LINE" from a racecheck line's "Write access at ... in PATH:LINE",
 * appended to @p out; nothing when the line names no place. */
static void race_place(const char *line, char *out, size_t len)
{
	const char *at = strstr(line, " access at "), *in = at ? strstr(at, " in ") : NULL;
	const char *kind = at, *path, *base;
	size_t used = strlen(out);

	if (!in || used >= len)
		return;
	while (kind > line && kind[-1] != ' ')
		kind--;
	path = in + 4;
	size_t plen = strcspn(path, " \n");
	base = path;
	for (const char *c = path; c < path + plen; c++)
		if (*c == '/')
			base = c + 1;
	snprintf(out + used, len - used, "%sa %s at %.*s", used ? " and " : "",
		 !strncmp(kind, "Write", 5) ? "write" : "read", (int)(path + plen - base), base);
}

/*
 * A correctness test's control for a race: runs @p workload of this binary under
 * racecheck (emulated: the checking runner, each block's threads last to first) and
 * returns the number of races it reports, the first one's two accesses in @p where
 * ("a write at tiling.cu:33 and a read at tiling.cu:34", or ""); -1 where it cannot
 * tell (no compute-sanitizer, or a GPU test already under make sanitize). Costs a sanitizer run:
 * call it only once a test has failed.
 */
int grade_race_probe(const char *workload, char *where, size_t len)
{
	char self[1024], cmd[3072], line[1024], named[2048];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int races = 0, lines = 0;
	FILE *p;

	where[0] = '\0';
	/* under make sanitize a GPU test already runs under a tool; emulated, PL_SANITIZE is
	 * only a lab's choice of sizes (lab 05's EMU_ENV) and the checking runner nests */
	if (n <= 0 || (grade_under_sanitizer() && !grade_emulated()))
		return -1;
	self[n] = '\0';
	unsetenv("BXFI_MAP"); /* the workload starts as a plain program (grade_sanitize) */
#ifdef PL_EMU
	char prog[1100];
	snprintf(prog, sizeof(prog), "%s", self);
	snprintf(strrchr(prog, '/') + 1, sizeof(prog) - (size_t)(strrchr(prog, '/') + 1 - prog),
		 "runner_check_%s", GRADE_LAB);
	snprintf(cmd, sizeof(cmd), "PL_EMU_TOOL=racecheck '%s' --workload %s 2>&1", self, workload);
#else
	char tool[1024];
	if (find_sanitizer(tool, sizeof(tool)))
		return -1;
	snprintf(cmd, sizeof(cmd), "'%s' --tool racecheck --print-limit 20 '%s' --workload %s 2>&1",
		 tool, self, workload);
#endif
	if (!(p = popen(cmd, "r")))
		return -1;
	while (fgets(line, sizeof(line), p)) {
		int race = !strncmp(line, "========= Error: Race reported", 30) ||
			   !strncmp(line, "========= Warning: Race reported", 32);
		races += race;
		/* the first race's line and its continuation, "and Read access at ..." */
		if ((race && races == 1) || (lines == 1 && !strncmp(line, "=========     ", 14))) {
#ifdef PL_EMU
			symbolize(line, prog, named, sizeof(named));
#else
			snprintf(named, sizeof(named), "%s", line);
#endif
			race_place(named, where, len);
			lines++;
		}
	}
	pclose(p);
	return races;
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
	int rc, warnings;

	gpu_require();
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	cr_assert(n > 0, "cannot find this test program's own path to re-run it");
	self[n] = '\0';
	if (logdir)
		snprintf(log_path, sizeof(log_path), "%s/%s-%s.log", logdir, tool, workload);
	/* Criterion's sandbox hands its children a mapping through BXFI_MAP; the workload
	 * is not one of them and must start as a plain program. */
	unsetenv("BXFI_MAP");
#ifdef PL_EMU
	sanitize_emulated(tool, workload, hint, self, logdir ? log_path : NULL);
	return;
#endif
	if (find_sanitizer(tool_path, sizeof(tool_path)))
		cr_skip_test("compute-sanitizer not found (PATH, /usr/local/cuda/bin): %s test "
			     "skipped",
			     tool);
	snprintf(cmd, sizeof(cmd),
		 "'%s' --tool %s --error-exitcode %d --print-limit 20 '%s' --workload %s 2>&1",
		 tool_path, tool, SANITIZER_EXIT, self, workload);
	rc = run_tool(cmd, logdir ? log_path : NULL, keep, sizeof(keep), &warnings);
	cr_assert(rc != SANITIZER_EXIT,
		  "compute-sanitizer --tool %s found hazards in workload '%s' (want none):\n%s"
		  "hint: %s",
		  tool, workload, keep, hint);
	/* a race between lanes of one warp is real since Volta, whose lanes need not run
	 * together: racecheck calls it a warning and exits 0, the test counts it */
	cr_assert(warnings == 0,
		  "compute-sanitizer --tool %s found %d race%s between lanes of one warp in "
		  "workload '%s' (want none: since Volta a warp's lanes need not run together, so "
		  "lanes that share memory need a __syncwarp() between a write and another lane's "
		  "access; the tool calls these warnings):\n%shint: %s",
		  tool, warnings, warnings == 1 ? "" : "s", workload, keep, hint);
	cr_assert(rc == 0,
		  "workload '%s' failed under compute-sanitizer --tool %s (exit %d, want 0) with "
		  "no hazard found: the kernels returned an error or wrong results, a wrong answer "
		  "rather than a hazard; the failing correctness tests say where and why\n%s",
		  workload, tool, rc, keep);
	GRADE_NOTE("compute-sanitizer --tool %s: 0 hazards in workload '%s'", tool, workload);
}
