/*
 * The grader's watch over its runner (see runner_io.h). A thread of the grader's test
 * process copies what the runner prints into the test's log until the limit, then
 * only counts it (the pipe never fills, so the runner never blocks on it), and every
 * 200 ms measures the scratch folder.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "runner_io.h"

#define TICK_MS 200

static pthread_t watcher;
static int watching, out_fd = -1;
static pid_t watched;
static char folder[PATH_MAX];
static char reason[256];
/* the last line the runner printed that began with EMU_PREFIX, and the line being read */
#define EMU_PREFIX "CPU emulation: "
static char emu_line[320], line[320];
static size_t line_len;
static double deadline_ms; /* 0: none */

/* the folder every runner's scratch folder of this grading is made in */
static int scratch_base(char *base, size_t len)
{
	const char *root = getenv("PL_SCRATCH_ROOT");
	char self[PATH_MAX];
	ssize_t n;

	if (root && *root) {
		snprintf(base, len, "%s", root);
	} else {
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n <= 0)
			return -1;
		self[n] = '\0';
		*strrchr(self, '/') = '\0';
		snprintf(base, len, "%s/scratch", self);
	}
	return 0;
}

int runner_scratch_make(char *buf, size_t len)
{
	char base[PATH_MAX + 16];

	if (scratch_base(base, sizeof(base)))
		return -1;
	if (mkdir(base, 0700) && errno != EEXIST)
		return -1;
	if ((size_t)snprintf(buf, len, "%s/test-XXXXXX", base) >= len)
		return -1;
	return mkdtemp(buf) ? 0 : -1;
}

static int open_up(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st, (void)f;
	if (type == FTW_D || type == FTW_DNR)
		chmod(path, 0700); /* a folder the runner closed to its owner */
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st, (void)type, (void)f;
	remove(path);
	return 0;
}

void runner_scratch_remove(const char *dir)
{
	if (!dir || !*dir)
		return;
	nftw(dir, open_up, 16, FTW_PHYS);
	nftw(dir, remove_one, 16, FTW_PHYS | FTW_DEPTH);
}

static long long used_bytes, used_entries;

static int add_size(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)path, (void)type, (void)f;
	used_bytes += (long long)st->st_blocks * 512;
	used_entries++;
	/* enough: stop counting */
	return used_bytes > RUNNER_SCRATCH_LIMIT || used_entries > RUNNER_SCRATCH_ENTRIES;
}

/* nonzero when the scratch folder holds more than its limits allow */
static int scratch_over(void)
{
	used_bytes = used_entries = 0;
	nftw(folder, add_size, 16, FTW_PHYS);
	return used_bytes > RUNNER_SCRATCH_LIMIT || used_entries > RUNNER_SCRATCH_ENTRIES;
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Follows the runner's lines for the CPU emulation's own (emu_sched.c's fail() and
 * its kin): the one-line reason a kernel was stopped, which the test reports in place
 * of the bare signal. A runner may print such a line itself; it changes only the words
 * of a test that fails anyway. */
static void scan_lines(const char *buf, ssize_t n)
{
	for (ssize_t k = 0; k < n; k++) {
		if (buf[k] != '\n') {
			if (line_len < sizeof(line) - 1)
				line[line_len++] = buf[k];
			continue;
		}
		line[line_len] = '\0';
		if (!strncmp(line, EMU_PREFIX, strlen(EMU_PREFIX)))
			memcpy(emu_line, line, line_len + 1);
		line_len = 0;
	}
}

static void *watch(void *arg)
{
	char buf[65536];
	long long shown = 0, cut = 0;
	double last = now_ms();
	struct pollfd p = {out_fd, POLLIN, 0};

	(void)arg;
	for (;;) {
		int r = poll(&p, 1, TICK_MS);
		if (r < 0 && errno != EINTR)
			break;
		if (r > 0) {
			ssize_t n = read(out_fd, buf, sizeof(buf));
			if (n <= 0)
				break; /* every writer is gone: the runner ended */
			scan_lines(buf, n);
			long long keep = RUNNER_OUTPUT_LIMIT - shown;
			keep = keep < 0 ? 0 : keep < n ? keep : n;
			if (keep && write(STDERR_FILENO, buf, (size_t)keep) < 0)
				keep = 0;
			shown += keep, cut += n - keep;
		}
		if (now_ms() - last >= TICK_MS && !reason[0]) {
			last = now_ms();
			if (deadline_ms > 0 && last > deadline_ms) {
				snprintf(reason, sizeof(reason),
					 "the submission's process outlived its test's time limit "
					 "and was stopped");
				kill(watched, SIGKILL);
				continue;
			}
			if (scratch_over()) {
				snprintf(reason, sizeof(reason),
					 "the submission's process wrote more than %ld MiB or %d "
					 "files into its scratch folder (the most a submission's "
					 "files may hold) and was stopped",
					 RUNNER_SCRATCH_LIMIT >> 20, RUNNER_SCRATCH_ENTRIES);
				kill(watched, SIGKILL);
			}
		}
	}
	if (cut)
		fprintf(stderr,
			"\n[the submission's output: %lld more bytes were cut (at most %d KiB a "
			"test is kept)]\n",
			cut, RUNNER_OUTPUT_LIMIT / 1024);
	return NULL;
}

int runner_io_start(pid_t child, int out_rd, const char *scratch, double limit_s)
{
	watched = child, out_fd = out_rd, reason[0] = emu_line[0] = '\0', line_len = 0;
	deadline_ms = limit_s > 0 ? now_ms() + limit_s * 1e3 : 0;
	snprintf(folder, sizeof(folder), "%.*s", (int)sizeof(folder) - 1, scratch);
	if (pthread_create(&watcher, NULL, watch, NULL))
		return -1;
	watching = 1;
	return 0;
}

void runner_io_stop(void)
{
	if (watching)
		pthread_join(watcher, NULL);
	watching = 0;
	if (out_fd >= 0)
		close(out_fd);
	out_fd = -1;
}

const char *runner_io_reason(void)
{
	return reason[0] ? reason : NULL;
}

const char *runner_io_emulation_line(void)
{
	return emu_line[0] ? emu_line : NULL;
}

/* the mark of a runner that never answered, beside the runners' scratch folders of one
 * grading ($PL_SCRATCH_ROOT, which grade-lab.sh makes fresh and removes): its tests share
 * it. A run outside a grading (no such root) marks nothing, so no mark outlives it. */
static int stuck_path(char *buf, size_t len)
{
	const char *root = getenv("PL_SCRATCH_ROOT");

	if (!root || !*root)
		return -1;
	return (size_t)snprintf(buf, len, "%s/runner-never-answered", root) >= len ? -1 : 0;
}

void runner_stuck_mark(const char *reason)
{
	char path[PATH_MAX + 32];
	FILE *f;

	if (stuck_path(path, sizeof(path)))
		return;
	f = fopen(path, "w");
	if (f) {
		fputs(reason, f);
		fclose(f);
	}
}

int runner_stuck_reason(char *buf, size_t len)
{
	char path[PATH_MAX + 32];
	FILE *f;
	size_t n;

	if (stuck_path(path, sizeof(path)))
		return 0;
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n > 0;
}
