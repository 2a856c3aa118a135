/*
 * The runner's sandbox (see sandbox.h), applied in the forked child before the runner
 * (and so the submission) is executed: nothing of the submission runs outside it, its
 * static constructors included.
 *
 * - a seccomp filter: starting a process (threads are allowed: the CUDA runtime starts
 *   some), tracing one or touching another's memory ends the runner with SIGSYS; a
 *   signal, a priority or a limit aimed at any process but itself, io_uring (whose
 *   operations no filter sees) and namespaces fail with EPERM; no socket reaches a
 *   peer (connect answers ENOENT: every other program's socket is as if absent);
 * - run as root, it keeps no capability;
 * - Landlock: it writes only its test's scratch folder, its own /proc entry (the CUDA
 *   driver names its threads there and makes no context without it) and the device
 *   files; it reads nothing beneath the course, the class, /tmp or /var/tmp but its own
 *   program; from ABI 4 no TCP, from ABI 6 its signals and abstract sockets reach no
 *   process outside the sandbox;
 * - limits: files of at most max_file_bytes, no core files; its output goes to a pipe
 *   the grader drains and cuts (runner_io.c);
 * - after exec, before the submission's first instruction, server.c forbids executing
 *   any program: the runner cannot become another student's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/securebits.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "landlock.h"
#include "sandbox.h"

extern char **environ;

#define MAX_ENV	   1024
#define MAX_FILTER 256

#define KILL	  SECCOMP_RET_KILL_PROCESS
#define ALLOW	  SECCOMP_RET_ALLOW
#define DENY	  (SECCOMP_RET_ERRNO | EPERM)
#define REFUSE	  (SECCOMP_RET_ERRNO | EACCES)
#define NOT_THERE (SECCOMP_RET_ERRNO | ENOENT)
#ifdef SANDBOX_PROBE /* sandbox-probe.c: each refusal a SIGSYS it can name */
#undef DENY
#undef REFUSE
#define DENY   SECCOMP_RET_TRAP
#define REFUSE SECCOMP_RET_TRAP
#endif
#define NR offsetof(struct seccomp_data, nr)
/* the low word of an argument (pid_t and int arguments: the kernel reads only it) */
#define ARG(i) offsetof(struct seccomp_data, args[i])

struct filter {
	struct sock_filter code[MAX_FILTER];
	int n;
};

static void emit(struct filter *f, struct sock_filter s)
{
	if (f->n < MAX_FILTER)
		f->code[f->n++] = s;
}

/* system call @p nr gets @p action */
static void on(struct filter *f, int nr, unsigned action)
{
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, action));
}

/* system call @p nr is allowed when its argument @p arg names this process (@p self,
 * or 0 where @p zero_is_self), refused otherwise */
static void only_self(struct filter *f, int nr, int arg, pid_t self, int zero_is_self)
{
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 5));
	emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(arg)));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)self, 2, 0));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
					     zero_is_self ? 0u : (unsigned)self, 1, 0));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, DENY));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ALLOW));
}

/* Sockets reach nobody: Criterion's (every grading's, /tmp/criterion_<pid>.sock) and
 * every other program's are as if absent (connect, and sendto with an address, answer
 * ENOENT); only local and netlink sockets may be made, which the CUDA driver does at
 * its start (two AF_UNIX sockets: its context fails when socket() is refused, not when
 * a daemon is missing; autograder/NOTES.md, "Sandbox"). The request socket, fd 3, is
 * the grader's. */
static void no_peers(struct filter *f)
{
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 5));
	emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(0)));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 2, 0));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_NETLINK, 1, 0));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, REFUSE));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ALLOW));
	on(f, __NR_connect, NOT_THERE);
	/* sendto(..., dest_addr, ...): an address, either half of the pointer nonzero */
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_sendto, 0, 6));
	emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(4)));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3));
	emit(f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(4) + 4));
	emit(f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ALLOW));
	emit(f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, NOT_THERE));
}

static int install(struct filter *f)
{
	struct sock_fprog prog = {(unsigned short)f->n, f->code};

	if (f->n >= MAX_FILTER)
		return errno = E2BIG, -1;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

/* What PL_SANDBOX_TOOL_RELAX (the grader's environment) lifts under compute-sanitizer,
 * for finding what a new version of the tool needs: "socket", "tmp", "signal". */
static int relaxed(const struct sandbox_policy *p, const char *what)
{
	const char *v = getenv("PL_SANDBOX_TOOL_RELAX");
	return p->under_tool && v && strstr(v, what);
}

static int install_filter(const struct sandbox_policy *p)
{
#if defined(__x86_64__)
	struct filter f = {.n = 0};
	pid_t self = getpid(); /* exec keeps it: the runner's own pid */

	emit(&f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch)));
	emit(&f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, NR));
	/* the x32 numbering would be a second copy of every call, unfiltered */
	emit(&f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
	/* clone: a thread (CLONE_THREAD) is allowed, a process is not */
	emit(&f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG(0)));
	emit(&f, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ALLOW));
	emit(&f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, KILL));
	/* clone3 answers ENOSYS (its flags are out of the filter's sight): glibc falls
	 * back to clone for threads */
	on(&f, __NR_clone3, SECCOMP_RET_ERRNO | ENOSYS);
	on(&f, __NR_fork, KILL);
	on(&f, __NR_vfork, KILL);
	on(&f, __NR_ptrace, KILL);
	on(&f, __NR_process_vm_readv, KILL);
	on(&f, __NR_process_vm_writev, KILL);
	/* signals: to itself only (kill(0), kill(-1), a parent's or a classmate's pid fail) */
	if (!relaxed(p, "signal")) {
		only_self(&f, __NR_kill, 0, self, 0);
		only_self(&f, __NR_tgkill, 0, self, 0);
		only_self(&f, __NR_rt_sigqueueinfo, 0, self, 0);
		only_self(&f, __NR_rt_tgsigqueueinfo, 0, self, 0);
		on(&f, __NR_tkill, DENY);
		on(&f, __NR_pidfd_open, DENY);
		on(&f, __NR_pidfd_send_signal, DENY);
		on(&f, __NR_pidfd_getfd, DENY);
	}
	/* nothing that slows, limits or inspects another process */
	only_self(&f, __NR_prlimit64, 0, self, 1);
	only_self(&f, __NR_sched_setaffinity, 0, self, 1);
	only_self(&f, __NR_sched_setscheduler, 0, self, 1);
	only_self(&f, __NR_sched_setparam, 0, self, 1);
	only_self(&f, __NR_sched_setattr, 0, self, 1);
	on(&f, __NR_setpriority, DENY);
	on(&f, __NR_ioprio_set, DENY);
	on(&f, __NR_kcmp, DENY);
	on(&f, __NR_process_madvise, DENY);
	if (!relaxed(p, "socket"))
		no_peers(&f);
	on(&f, __NR_io_uring_setup, DENY);
	on(&f, __NR_io_uring_enter, DENY);
	on(&f, __NR_io_uring_register, DENY);
	on(&f, __NR_unshare, DENY);
	on(&f, __NR_setns, DENY);
	on(&f, __NR_mount, DENY);
	on(&f, __NR_umount2, DENY);
	on(&f, __NR_chroot, DENY);
	on(&f, __NR_pivot_root, DENY);
	on(&f, __NR_bpf, DENY);
	on(&f, __NR_userfaultfd, DENY);
	on(&f, __NR_perf_event_open, REFUSE);
	emit(&f, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ALLOW));
	return install(&f);
#else
	/* other architectures: no filter yet (the verdict is still the grader's alone) */
	(void)p;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
#endif
}

/* Run as root (a GPU machine's default), the runner would still hold every capability:
 * CAP_SYS_PTRACE opens any process's memory, dumpable or not. It keeps none, now or
 * after exec. Not root: nothing to drop. */
static int drop_capabilities(void)
{
	struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct none[2] = {{0, 0, 0}, {0, 0, 0}};

	if (geteuid() != 0)
		return 0;
	if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
					 SECBIT_NO_SETUID_FIXUP_LOCKED))
		return -1;
	return (int)syscall(SYS_capset, &head, none);
}

/* the device files a CUDA context opens read-write, and the harmless ones */
static int allow_devices(struct ll_rules *r, const struct sandbox_policy *p)
{
	static const char *const always[] = {"/dev/null", "/dev/zero", "/dev/full",
					     "/dev/nvidia-caps", NULL};
	glob_t g;
	int rc = 0;

	for (int i = 0; always[i]; i++)
		rc |= ll_allow(r, always[i], LL_WRITE);
	if (glob("/dev/nvidia*", 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			rc |= ll_allow(r, g.gl_pathv[i], LL_WRITE);
		globfree(&g);
	}
	if (relaxed(p, "tmp"))
		rc |= ll_allow(r, "/dev/shm", LL_READ | LL_WRITE);
	return rc;
}

static int confine_files(const char *runner, const struct sandbox_policy *p)
{
	const char *hidden[64];
	struct ll_rules r;
	int n = 0, rc;

	if (ll_begin(&r, 1))
		return -1;
	if (r.fd < 0)
		return 0; /* no Landlock in this kernel: the filter and the verdict channel */
	if (!relaxed(p, "tmp"))
		hidden[n++] = "/tmp", hidden[n++] = "/var/tmp";
	for (int i = 0; p->hidden && p->hidden[i] && n < 63; i++)
		hidden[n++] = p->hidden[i];
	hidden[n] = NULL;
	rc = ll_allow_reads_except(&r, hidden);
	rc |= ll_allow(&r, runner, LL_READ);
	rc |= ll_allow(&r, p->scratch, LL_READ | LL_WRITE);
	rc |= ll_allow(&r, "/proc/self", LL_WRITE);
	rc |= allow_devices(&r, p);
	if (relaxed(p, "tmp"))
		rc |= ll_allow(&r, "/tmp", LL_READ | LL_WRITE);
	if (rc || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		close(r.fd);
		return -1;
	}
	return ll_enforce(&r);
}

static int set_limits(const struct sandbox_policy *p)
{
	struct rlimit fsize = {(rlim_t)p->max_file_bytes, (rlim_t)p->max_file_bytes};
	struct rlimit none = {0, 0};

	return setrlimit(RLIMIT_FSIZE, &fsize) || setrlimit(RLIMIT_CORE, &none);
}

static int graders_own(const char *var)
{
	return !strncmp(var, "PL_", 3) || !strncmp(var, "BXFI_", 5) ||
	       !strncmp(var, "CRITERION_", 10) || !strncmp(var, "TMPDIR=", 7) ||
	       !strncmp(var, "HOME=", 5);
}

/* @p from as @p to, inherited across exec */
static int keep_as(int from, int to)
{
	if (from == to)
		return fcntl(to, F_SETFD, 0);
	return dup2(from, to) < 0 ? -1 : 0;
}

/* fds 0 to 4 as the runner has them: /dev/null, the output pipe twice, the request
 * socket, the emulated arena; everything else the grader holds (Criterion's sockets,
 * the verdicts, the report) stays behind */
static int arrange_fds(int fd, int mem_fd, int out_fd)
{
	int moved[3] = {fd, mem_fd, out_fd}, null = open("/dev/null", O_RDONLY | O_CLOEXEC);

	if (null < 0)
		return -1;
	/* first out of 0..4, so that no dup2 below overwrites one not yet placed */
	for (int i = 0; i < 3; i++)
		if (moved[i] >= 0 && moved[i] <= 4 &&
		    (moved[i] = fcntl(moved[i], F_DUPFD_CLOEXEC, 5)) < 0)
			return -1;
	if (null <= 4 && (null = fcntl(null, F_DUPFD_CLOEXEC, 5)) < 0)
		return -1;
	if (keep_as(null, 0) || keep_as(moved[2], 1) || keep_as(moved[2], 2) ||
	    keep_as(moved[0], 3) || (moved[1] >= 0 && keep_as(moved[1], 4)))
		return -1;
	int first = moved[1] >= 0 ? 5 : 4;
	if (syscall(SYS_close_range, first, ~0U, 0))
		for (int k = first; k < 65536; k++) /* a kernel before 5.9 */
			close(k);
	return 0;
}

void sandbox_exec_runner(const char *path, int fd, int mem_fd, const char *extra_env,
			 const struct sandbox_policy *p)
{
	static char tmpdir[4200], home[4200];
	pid_t parent = getppid();
	char *env[MAX_ENV + 4];
	int n = 0;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		return;
	if (arrange_fds(fd, mem_fd, p->out_fd))
		return perror("runner: arranging its file descriptors failed");
	if (chdir(p->scratch))
		return perror(p->scratch);
	snprintf(tmpdir, sizeof(tmpdir), "TMPDIR=%s", p->scratch);
	snprintf(home, sizeof(home), "HOME=%s", p->scratch);
	for (char **e = environ; *e && n < MAX_ENV; e++)
		if (!graders_own(*e))
			env[n++] = *e;
	env[n++] = tmpdir;
	env[n++] = home;
	if (extra_env)
		env[n++] = (char *)extra_env;
	env[n] = NULL;
	/* a runner outside its sandbox is never started: the grader reports why */
	if (set_limits(p))
		perror("runner: its file-size limit could not be set");
	else if (drop_capabilities())
		perror("runner: dropping capabilities failed");
	else if (confine_files(path, p))
		perror("runner: the file restrictions (Landlock) could not be applied");
	else if (install_filter(p))
		perror("runner: the system-call filter (seccomp) could not be installed");
	/* named "runner" whatever its file: the emulated check's runner is another
	 * program, and a submission reading its own name could tell the two apart */
	else if (execve(path, (char *[]){(char *)"runner", NULL}, env))
		perror(path);
}
