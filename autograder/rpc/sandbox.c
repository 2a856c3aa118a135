/*
 * The runner's sandbox (see sandbox.h). A seccomp filter, installed before the runner
 * (and so the submission) is executed, ends it if it starts a process (threads are
 * allowed: the CUDA runtime starts some), traces one, or reads or writes another's
 * memory; the grader is not dumpable, so /proc/<pid>/mem is closed to it too; run as
 * root, it keeps no capability; and Landlock keeps it from writing outside scratch
 * space and the device files. Do not modify.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox.h"

extern char **environ;

#define MAX_ENV 1024

/* A forbidden call ends the runner with SIGSYS, which the grader names in the test's
 * reason; clone3 alone answers ENOSYS (its flags are out of the filter's sight), so
 * that glibc falls back to clone for threads. */
#define ON(nr, action)                                                                             \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, (action))
#define KILL SECCOMP_RET_KILL_PROCESS

static int install_filter(void)
{
#if defined(__x86_64__)
	struct sock_filter code[] = {
	    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	    /* clone: a thread (CLONE_THREAD) is allowed, a process is not */
	    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4),
	    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
	    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	    BPF_STMT(BPF_RET | BPF_K, KILL),
	    ON(__NR_clone3, SECCOMP_RET_ERRNO | ENOSYS),
	    ON(__NR_fork, KILL),
	    ON(__NR_vfork, KILL),
	    ON(__NR_ptrace, KILL),
	    ON(__NR_process_vm_readv, KILL),
	    ON(__NR_process_vm_writev, KILL),
	    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {sizeof(code) / sizeof(code[0]), code};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
#else
	/* other architectures: no filter yet (the report is still the parent's alone) */
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

/* The course's files, the grader's tools and the report stay out of the runner's reach
 * whoever runs the grader: where Landlock is available (Linux 5.13 and later), the
 * runner may write only beneath these (the GPU's device files, scratch space, and its
 * own /proc entry: the CUDA driver names its threads through
 * /proc/self/task/<tid>/comm and makes no context when it cannot; /proc/self resolves
 * now to the runner's pid, which exec keeps), and never beneath one that holds the
 * grader itself (a course cloned into /tmp). */
static const char *const writable[] = {"/dev", "/tmp", "/var/tmp", "/proc/self"};

static int holds_grader(const char *dir)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1); /* still the grader */
	size_t len = strlen(dir);

	if (n <= 0)
		return 1; /* unknown: grant nothing */
	exe[n] = '\0';
	return !strncmp(exe, dir, len) && exe[len] == '/';
}
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14) /* ABI 3; older headers lack it */
#endif

static int restrict_writes(void)
{
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	__u64 write = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
		      LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
		      LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
		      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
		      LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
	int rules, ok = 1;

	if (abi < 1)
		return 0; /* no Landlock in this kernel: the sandbox is the filter alone */
	if (abi >= 2)
		write |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		write |= LANDLOCK_ACCESS_FS_TRUNCATE;
	struct landlock_ruleset_attr attr = {.handled_access_fs = write};
	rules = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (rules < 0)
		return -1;
	for (size_t i = 0; i < sizeof(writable) / sizeof(writable[0]); i++) {
		int dir = holds_grader(writable[i]) ? -1 : open(writable[i], O_PATH | O_CLOEXEC);
		struct landlock_path_beneath_attr beneath = {.allowed_access = write,
							     .parent_fd = dir};
		if (dir < 0)
			continue;
		ok &= syscall(SYS_landlock_add_rule, rules, LANDLOCK_RULE_PATH_BENEATH, &beneath,
			      0) == 0;
		close(dir);
	}
	ok &= syscall(SYS_landlock_restrict_self, rules, 0) == 0;
	close(rules);
	return ok ? 0 : -1;
}

static int graders_own(const char *var)
{
	return !strncmp(var, "PL_", 3) || !strncmp(var, "BXFI_", 5) ||
	       !strncmp(var, "CRITERION_", 10);
}

/* @p from as @p to, inherited across exec */
static int keep_as(int from, int to)
{
	if (from == to)
		return fcntl(to, F_SETFD, 0);
	return dup2(from, to) < 0 ? -1 : 0;
}

void sandbox_exec_runner(const char *path, int fd, int mem_fd, const char *extra_env)
{
	pid_t parent = getppid();
	char *env[MAX_ENV + 2];
	int n = 0;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		return;
	/* fd 3 first: mem_fd may be 3 (then it moves to 4 before fd 3 is overwritten) */
	if (mem_fd == 3 && (mem_fd = dup(3)) < 0)
		return;
	if (fd == 4 && (fd = dup(4)) < 0)
		return;
	if (keep_as(fd, 3) || (mem_fd >= 0 && keep_as(mem_fd, 4)))
		return;
	/* everything else the grader holds (Criterion's sockets, the report) stays behind */
	for (int k = mem_fd >= 0 ? 5 : 4; k < 1024; k++)
		close(k);
	for (char **e = environ; *e && n < MAX_ENV; e++)
		if (!graders_own(*e))
			env[n++] = *e;
	if (extra_env)
		env[n++] = (char *)extra_env;
	env[n] = NULL;
	/* a runner outside its sandbox is never started: the grader reports why */
	if (drop_capabilities())
		perror("runner: dropping capabilities failed");
	else if (install_filter())
		perror("runner: the system-call filter (seccomp) could not be installed");
	else if (restrict_writes())
		perror("runner: the write restrictions (Landlock) could not be applied");
	else if (execve(path, (char *[]){(char *)path, NULL}, env))
		perror(path);
}
