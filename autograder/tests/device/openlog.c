/* LD_PRELOAD, for sandbox-probe.c: logs every open for writing (and every failed one) and
 * what it returned, so that a sandbox's refusal names its file. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static void note(const char *fn, const char *path, int flags, long r, int err)
{
	char b[600];
	int n = snprintf(b, sizeof b, "[openlog] %s(%s, %#x) = %ld %s\n", fn, path, flags, r,
			 r < 0 ? strerror(err) : "");
	if (write(2, b, (size_t)n) < 0)
		return;
}

/* a wrapper of libc's NAME: calls it, and logs the call when LOGGED holds (r is its
 * result, errno kept as it was) */
#define WRAP(type, name, params, args, logged, path, flags)                                        \
	type name params                                                                           \
	{                                                                                          \
		static type(*real) params;                                                         \
		if (!real)                                                                         \
			real = dlsym(RTLD_NEXT, #name);                                            \
		type r = real args;                                                                \
		int e = errno;                                                                     \
		if (logged)                                                                        \
			note(#name, path, flags, (long)r, e);                                      \
		errno = e;                                                                         \
		return r;                                                                          \
	}

/* open and its kin take a mode only with O_CREAT; reading it always is harmless here */
#define OPEN_MODE(last)                                                                            \
	va_list a;                                                                                 \
	va_start(a, last);                                                                         \
	int m = va_arg(a, int);                                                                    \
	va_end(a)
#define WRITES(f) ((f) & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC))

#define WRAP_OPEN(name)                                                                            \
	int name(const char *p, int f, ...)                                                        \
	{                                                                                          \
		OPEN_MODE(f);                                                                      \
		static int (*real)(const char *, int, ...);                                        \
		if (!real)                                                                         \
			real = dlsym(RTLD_NEXT, #name);                                            \
		int r = real(p, f, m), e = errno;                                                  \
		if (WRITES(f) || r < 0)                                                            \
			note(#name, p, f, r, e);                                                   \
		errno = e;                                                                         \
		return r;                                                                          \
	}
#define WRAP_OPENAT(name)                                                                          \
	int name(int d, const char *p, int f, ...)                                                 \
	{                                                                                          \
		OPEN_MODE(f);                                                                      \
		static int (*real)(int, const char *, int, ...);                                   \
		if (!real)                                                                         \
			real = dlsym(RTLD_NEXT, #name);                                            \
		int r = real(d, p, f, m), e = errno;                                               \
		if (WRITES(f) || r < 0)                                                            \
			note(#name, p, f, r, e);                                                   \
		errno = e;                                                                         \
		return r;                                                                          \
	}
#define WRAP_FOPEN(name)                                                                           \
	FILE *name(const char *p, const char *mode)                                                \
	{                                                                                          \
		static FILE *(*real)(const char *, const char *);                                  \
		if (!real)                                                                         \
			real = dlsym(RTLD_NEXT, #name);                                            \
		FILE *r = real(p, mode);                                                           \
		int e = errno;                                                                     \
		if (strpbrk(mode, "wa+") || !r)                                                    \
			note(#name, p, mode[0], r ? 0 : -1, e);                                    \
		errno = e;                                                                         \
		return r;                                                                          \
	}

WRAP_OPEN(open)
WRAP_OPEN(open64)
WRAP_OPENAT(openat)
WRAP_OPENAT(openat64)
WRAP_FOPEN(fopen)
WRAP_FOPEN(fopen64)
/* these always: each is a write to the file system */
WRAP(int, mkdir, (const char *p, mode_t m), (p, m), 1, p, (int)m)
WRAP(int, unlink, (const char *p), (p), 1, p, 0)
WRAP(int, mknod, (const char *p, mode_t m, dev_t d), (p, m, d), 1, p, (int)m)

/* the driver may open through syscall() itself */
long syscall(long nr, ...)
{
	va_list a;
	long x[6];
	static long (*real)(long, ...);

	va_start(a, nr);
	for (int i = 0; i < 6; i++)
		x[i] = va_arg(a, long);
	va_end(a);
	if (!real)
		real = dlsym(RTLD_NEXT, "syscall");
	long r = real(nr, x[0], x[1], x[2], x[3], x[4], x[5]);
	int e = errno;
	if (nr == SYS_open || nr == SYS_openat)
		note("syscall-open", (const char *)(nr == SYS_open ? x[0] : x[1]),
		     (int)(nr == SYS_open ? x[1] : x[2]), r, e);
	errno = e;
	return r;
}
