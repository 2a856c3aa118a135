/*
 * The verdict channel (see verdict.h). One record a line, each one write() to a file
 * opened for appending, so that tests running at once never interleave within one:
 *
 *     <kind> <suite>/<name>\t<text, newlines as \n>\n
 *
 * kind: B began, F a failed check, N a note (GRADE_NOTE), S skipped, P passed.
 * Every assertion and skip of a test reaches Criterion through criterion_send_assert
 * and criterion_skip_test; the grader is linked with --wrap for both, so each is
 * recorded here first.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "verdict.h"

#define ENV	   "PL_VERDICT_SOCK"
#define MAX_RECORD 8192

static int channel = -1;

/* Criterion's workers start with none of the parent's files (BoxFort closes them), so
 * each asks for the channel: the parent listens on an abstract socket of a random
 * name, given to its tests in the environment (never to a runner: sandbox.c strips
 * PL_* and refuses every new socket), and hands the memory file to each of its own
 * children that connects. */
static int listener = -1;

static int own_child(int conn)
{
	struct ucred who;
	socklen_t len = sizeof(who);
	char path[64], stat[512];
	FILE *f;
	int ppid = -1;

	if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &who, &len))
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)who.pid);
	if ((f = fopen(path, "r"))) {
		if (fgets(stat, sizeof(stat), f)) {
			const char *end = strrchr(stat, ')'); /* the name may hold spaces */
			if (end)
				sscanf(end + 1, " %*c %d", &ppid);
		}
		fclose(f);
	}
	return ppid == (int)getpid();
}

static void *hand_out(void *arg)
{
	(void)arg;
	for (;;) {
		int conn = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
		char c = 'v', ctl[CMSG_SPACE(sizeof(int))];
		struct iovec io = {&c, 1};
		struct msghdr m = {.msg_iov = &io, .msg_iovlen = 1};

		if (conn < 0)
			continue;
		if (own_child(conn)) {
			m.msg_control = ctl, m.msg_controllen = sizeof(ctl);
			struct cmsghdr *h = CMSG_FIRSTHDR(&m);
			h->cmsg_level = SOL_SOCKET, h->cmsg_type = SCM_RIGHTS;
			h->cmsg_len = CMSG_LEN(sizeof(int));
			memcpy(CMSG_DATA(h), &channel, sizeof(int));
			sendmsg(conn, &m, MSG_NOSIGNAL);
		}
		close(conn);
	}
	return NULL;
}

static socklen_t address(const char *name, struct sockaddr_un *a)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	snprintf(a->sun_path + 1, sizeof(a->sun_path) - 1, "%s", name); /* abstract */
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name));
}

int verdict_open(void)
{
	unsigned char rnd[16];
	char name[80];
	struct sockaddr_un a;
	socklen_t len;
	pthread_t t;
	int n;

	/* no process of the same user may open this one's files through /proc */
	prctl(PR_SET_DUMPABLE, 0);
	channel = memfd_create("particle-labs-verdicts", MFD_CLOEXEC);
	if (channel < 0 || fcntl(channel, F_SETFL, O_APPEND) ||
	    getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
		return -1;
	n = snprintf(name, sizeof(name), "particle-labs-verdicts-%d-", (int)getpid());
	for (size_t i = 0; i < sizeof(rnd); i++)
		n += snprintf(name + n, sizeof(name) - (size_t)n, "%02x", rnd[i]);
	len = address(name, &a);
	listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listener < 0 || bind(listener, (struct sockaddr *)&a, len) || listen(listener, 64) ||
	    pthread_create(&t, NULL, hand_out, NULL))
		return -1;
	pthread_detach(t);
	return setenv(ENV, name, 1);
}

/* a test's process: the channel, asked of the parent once */
static int channel_fd(void)
{
	const char *name = getenv(ENV);
	char c, ctl[CMSG_SPACE(sizeof(int))];
	struct iovec io = {&c, 1};
	struct msghdr m = {
	    .msg_iov = &io, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof(ctl)};
	struct sockaddr_un a;
	struct cmsghdr *h;
	socklen_t len;
	int s;

	if (channel >= 0 || !name)
		return channel;
	len = address(name, &a);
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s >= 0 && !connect(s, (struct sockaddr *)&a, len) &&
	    recvmsg(s, &m, MSG_CMSG_CLOEXEC) == 1 && (h = CMSG_FIRSTHDR(&m)) &&
	    h->cmsg_type == SCM_RIGHTS)
		memcpy(&channel, CMSG_DATA(h), sizeof(int));
	if (s >= 0)
		close(s);
	unsetenv(ENV); /* nothing this process starts learns the name */
	return channel;
}

static void record(char kind, const char *text)
{
	char buf[MAX_RECORD];
	const struct criterion_test *t = criterion_current_test;
	int fd = channel_fd();
	size_t n;

	if (fd < 0 || !t)
		return;
	n = (size_t)snprintf(buf, sizeof(buf) - 2, "%c %s/%s\t", kind, t->category, t->name);
	for (const char *c = text ? text : ""; *c && n < sizeof(buf) - 3; c++) {
		if (*c == '\n' || *c == '\\')
			buf[n++] = '\\', buf[n++] = *c == '\n' ? 'n' : '\\';
		else
			buf[n++] = *c;
	}
	buf[n++] = '\n';
	if (write(fd, buf, n) != (ssize_t)n)
		return; /* a short record reads as none: the test is not passed */
}

void verdict_begin(void)
{
	const char *report = getenv("PL_GRADE_FD");

	/* nothing of this process's user opens its files through /proc, and nothing it
	 * starts (the runner, compute-sanitizer) inherits the report */
	prctl(PR_SET_DUMPABLE, 0);
	if (report)
		fcntl(atoi(report), F_SETFD, FD_CLOEXEC);
	channel_fd();
	record('B', NULL);
}

void verdict_pass(void)
{
	record('P', NULL);
}

void __real_criterion_send_assert(struct criterion_assert_stats *stats);
void __wrap_criterion_send_assert(struct criterion_assert_stats *stats);
void __wrap_criterion_send_assert(struct criterion_assert_stats *stats)
{
	if (!stats->passed)
		record('F', stats->message && *stats->message ? stats->message : "a check failed");
	else if (stats->message && !strncmp(stats->message, "note: ", 6))
		record('N', stats->message + 6);
	__real_criterion_send_assert(stats);
}

void __real_criterion_skip_test(const char *format, ...);
void __wrap_criterion_skip_test(const char *format, ...) __attribute__((noreturn));
void __wrap_criterion_skip_test(const char *format, ...)
{
	char msg[1024] = "";
	va_list ap;

	va_start(ap, format);
	if (format && *format)
		vsnprintf(msg, sizeof(msg), format, ap);
	va_end(ap);
	record('S', msg);
	__real_criterion_skip_test("%s", msg);
	abort(); /* not reached */
}

/* the channel's whole content, read once */
static char *contents(void)
{
	static char *all;
	size_t cap = 1 << 16, len = 0;
	ssize_t n;

	if (all || channel_fd() < 0)
		return all;
	all = malloc(cap);
	while (all && (n = pread(channel, all + len, cap - len - 1, (off_t)len)) > 0) {
		len += (size_t)n;
		if (len + 1 == cap && !(all = realloc(all, cap *= 2)))
			return NULL;
	}
	if (all)
		all[len] = '\0';
	return all;
}

static void append(char *dst, size_t cap, const char *src, size_t len)
{
	size_t used = strlen(dst);

	if (used && used + 1 < cap)
		dst[used++] = '\n', dst[used] = '\0';
	for (size_t i = 0; i < len && used + 1 < cap; i++) {
		char c = src[i];
		if (c == '\\' && i + 1 < len)
			c = src[++i] == 'n' ? '\n' : src[i];
		dst[used++] = c;
	}
	dst[used] = '\0';
}

int verdict_lookup(const char *suite, const char *name, struct verdict *v)
{
	char key[512];
	const char *all = contents();
	size_t klen;

	memset(v, 0, sizeof(*v));
	if (!all)
		return -1;
	klen = (size_t)snprintf(key, sizeof(key), "%s/%s\t", suite, name);
	for (const char *line = all; *line;) {
		const char *end = strchr(line, '\n');
		if (!end)
			break; /* a record cut short counts as none */
		if (end - line > 2 && line[1] == ' ' && !strncmp(line + 2, key, klen)) {
			const char *text = line + 2 + klen;
			size_t len = (size_t)(end - text);
			switch (line[0]) {
			case 'B':
				v->began = 1;
				break;
			case 'P':
				v->passed = v->began;
				break;
			case 'S':
				v->skipped = 1, append(v->skip, sizeof(v->skip), text, len);
				break;
			case 'F':
				append(v->failures, sizeof(v->failures), text, len);
				break;
			case 'N':
				v->note[0] = '\0', append(v->note, sizeof(v->note), text, len);
				break;
			}
		}
		line = end + 1;
	}
	return 0;
}
