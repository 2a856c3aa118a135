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
#include <unistd.h>
static void note(const char *fn, const char *path, int flags, long r, int err)
{
	char b[600];
	int n = snprintf(b, sizeof b, "[openlog] %s(%s, %#x) = %ld %s\n", fn, path, flags, r,
			 r < 0 ? strerror(err) : "");
	write(2, b, n);
}
#define WR(f) ((f) & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC))
int open(const char *p, int f, ...)
{
	va_list a;
	va_start(a, f);
	int m = va_arg(a, int);
	va_end(a);
	static int (*real)(const char *, int, ...);
	if (!real)
		real = dlsym(RTLD_NEXT, "open");
	int r = real(p, f, m);
	int e = errno;
	if (WR(f) || r < 0)
		note("open", p, f, r, e);
	errno = e;
	return r;
}
int open64(const char *p, int f, ...)
{
	va_list a;
	va_start(a, f);
	int m = va_arg(a, int);
	va_end(a);
	static int (*real)(const char *, int, ...);
	if (!real)
		real = dlsym(RTLD_NEXT, "open64");
	int r = real(p, f, m);
	int e = errno;
	if (WR(f) || r < 0)
		note("open64", p, f, r, e);
	errno = e;
	return r;
}
int openat(int d, const char *p, int f, ...)
{
	va_list a;
	va_start(a, f);
	int m = va_arg(a, int);
	va_end(a);
	static int (*real)(int, const char *, int, ...);
	if (!real)
		real = dlsym(RTLD_NEXT, "openat");
	int r = real(d, p, f, m);
	int e = errno;
	if (WR(f) || r < 0)
		note("openat", p, f, r, e);
	errno = e;
	return r;
}
int openat64(int d, const char *p, int f, ...)
{
	va_list a;
	va_start(a, f);
	int m = va_arg(a, int);
	va_end(a);
	static int (*real)(int, const char *, int, ...);
	if (!real)
		real = dlsym(RTLD_NEXT, "openat64");
	int r = real(d, p, f, m);
	int e = errno;
	if (WR(f) || r < 0)
		note("openat64", p, f, r, e);
	errno = e;
	return r;
}
int mkdir(const char *p, mode_t m)
{
	static int (*real)(const char *, mode_t);
	if (!real)
		real = dlsym(RTLD_NEXT, "mkdir");
	int r = real(p, m);
	int e = errno;
	note("mkdir", p, m, r, e);
	errno = e;
	return r;
}
int unlink(const char *p)
{
	static int (*real)(const char *);
	if (!real)
		real = dlsym(RTLD_NEXT, "unlink");
	int r = real(p);
	int e = errno;
	note("unlink", p, 0, r, e);
	errno = e;
	return r;
}
int mknod(const char *p, mode_t m, dev_t d)
{
	static int (*real)(const char *, mode_t, dev_t);
	if (!real)
		real = dlsym(RTLD_NEXT, "mknod");
	int r = real(p, m, d);
	int e = errno;
	note("mknod", p, m, r, e);
	errno = e;
	return r;
}
FILE *fopen(const char *p, const char *m)
{
	static FILE *(*real)(const char *, const char *);
	if (!real)
		real = dlsym(RTLD_NEXT, "fopen");
	FILE *r = real(p, m);
	int e = errno;
	if (strpbrk(m, "wa+") || !r)
		note("fopen", p, m[0], r ? 0 : -1, e);
	errno = e;
	return r;
}
FILE *fopen64(const char *p, const char *m)
{
	static FILE *(*real)(const char *, const char *);
	if (!real)
		real = dlsym(RTLD_NEXT, "fopen64");
	FILE *r = real(p, m);
	int e = errno;
	if (strpbrk(m, "wa+") || !r)
		note("fopen64", p, m[0], r ? 0 : -1, e);
	errno = e;
	return r;
}
long syscall(long nr, ...)
{
	va_list a;
	va_start(a, nr);
	long x[6];
	for (int i = 0; i < 6; i++)
		x[i] = va_arg(a, long);
	va_end(a);
	static long (*real)(long, ...);
	if (!real)
		real = dlsym(RTLD_NEXT, "syscall");
	long r = real(nr, x[0], x[1], x[2], x[3], x[4], x[5]);
	int e = errno;
	if (nr == 257 || nr == 2)
		note("syscall-open", (const char *)(nr == 2 ? x[0] : x[1]),
		     (int)(nr == 2 ? x[1] : x[2]), r, e);
	errno = e;
	return r;
}
