/*
 * On a GPU machine: which part of the runner's sandbox (autograder/grader/sandbox.c) stops
 * a CUDA context or CUDA IPC, and whether a VMM allocation passed over SCM_RIGHTS
 * survives it. Each variant applies part of the sandbox in a child, which then makes a
 * context, opens an IPC handle and imports the VMM fd; the "bisect" variants widen
 * Landlock's writable folders. What it found: Landlock without /proc/self stops the
 * context (the driver writes /proc/self/task/<tid>/comm; autograder/NOTES.md, "Sandbox").
 *
 *   gcc -std=gnu11 -O1 -w -Iautograder/grader -I$CUDA/include \
 *       autograder/tests/device/sandbox-probe.c -o build/sandbox-probe \
 *       -L$CUDA/lib64 -L$CUDA/lib64/stubs -lcudart -lcuda
 *   gcc -shared -fPIC -O1 -w autograder/tests/device/openlog.c -o build/openlog.so -ldl
 *   PROBE_PRELOAD=$PWD/build/openlog.so build/sandbox-probe
 */
#define _GNU_SOURCE
#include <ucontext.h>
#define SANDBOX_PROBE
#include <linux/landlock.h>
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#include "../../grader/landlock.c"
#include "../../grader/sandbox.c"
#include <cuda.h>
#include <cuda_runtime.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <sys/uio.h>

static int send_fd(int s, int fd, const void *buf, size_t len)
{
	struct iovec io = {(void *)buf, len};
	char c[CMSG_SPACE(sizeof(int))];
	struct msghdr m = {0};
	m.msg_iov = &io, m.msg_iovlen = 1;
	if (fd >= 0) {
		m.msg_control = c, m.msg_controllen = sizeof(c);
		struct cmsghdr *h = CMSG_FIRSTHDR(&m);
		h->cmsg_level = SOL_SOCKET, h->cmsg_type = SCM_RIGHTS,
		h->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(h), &fd, sizeof(int));
	}
	return sendmsg(s, &m, 0) == (ssize_t)len ? 0 : -1;
}
static int recv_fd(int s, void *buf, size_t len)
{
	struct iovec io = {buf, len};
	char c[CMSG_SPACE(sizeof(int))];
	struct msghdr m = {0};
	m.msg_iov = &io, m.msg_iovlen = 1, m.msg_control = c, m.msg_controllen = sizeof(c);
	if (recvmsg(s, &m, MSG_WAITALL) != (ssize_t)len)
		return -2;
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	int fd = -1;
	if (h && h->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(h), sizeof(int));
	return fd;
}
struct msg {
	cudaIpcMemHandle_t h;
	size_t vmm_size;
};
static int restrict_with(const char *const *dirs)
{
	__u64 write = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
		      LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
		      LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
		      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
		      LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM |
		      LANDLOCK_ACCESS_FS_REFER | LANDLOCK_ACCESS_FS_TRUNCATE;
	struct landlock_ruleset_attr attr = {.handled_access_fs = write};
	int rules = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	for (int i = 0; dirs[i]; i++) {
		int dir = open(dirs[i], O_PATH | O_CLOEXEC);
		struct landlock_path_beneath_attr beneath = {.allowed_access = write,
							     .parent_fd = dir};
		if (dir < 0) {
			printf("    (no %s)\n", dirs[i]);
			continue;
		}
		if (syscall(SYS_landlock_add_rule, rules, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0))
			perror(dirs[i]);
		close(dir);
	}
	return (int)syscall(SYS_landlock_restrict_self, rules, 0);
}
static const char *const base_dirs[] = {"/dev", "/tmp", "/var/tmp", NULL};
static const char *const with_proc[] = {"/dev", "/tmp", "/var/tmp", "/proc", NULL};
static const char *const with_sys[] = {"/dev", "/tmp", "/var/tmp", "/proc/self", NULL};
static const char *const with_run[] = {"/dev", "/tmp", "/var/tmp", "/proc/driver", NULL};
static const char *const with_home[] = {"/dev", "/tmp", "/var/tmp", "/proc/sys", NULL};
static const char *const with_root[] = {"/", NULL};
static const char *const *const extra[] = {base_dirs, with_proc, with_sys,
					   with_run,  with_home, with_root};

/* the system calls the filter refused (SANDBOX_PROBE: a trap, answered EPERM) */
static volatile int refused[64], n_refused;
static void on_refused(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	if (n_refused < 64) /* the call, and its first argument (a socket's family) */
		refused[n_refused++] = si->si_syscall * 1000 +
				       (int)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RDI] % 1000;
	((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RAX] = -EPERM;
}

static int child_main(void)
{
	struct sigaction sa = {0};
	sa.sa_sigaction = on_refused;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSYS, &sa, NULL);
	struct msg m;
	int fd = recv_fd(3, &m, sizeof(m));
	cudaError_t e = cudaFree(0);
	void *p = NULL;
	cudaError_t eo = cudaIpcOpenMemHandle(&p, m.h, cudaIpcMemLazyEnablePeerAccess);
	cudaError_t em = eo ? eo : cudaMemset(p, 7, 4096);
	if (!em)
		em = cudaDeviceSynchronize();
	cudaGetLastError();
	// VMM import
	CUresult r1 = 99, r2 = 99, r3 = 99, r4 = 99;
	cudaError_t ev = 99;
	CUmemGenericAllocationHandle h;
	CUdeviceptr d = 0;
	if (fd >= 0) {
		r1 = cuMemImportFromShareableHandle(&h, (void *)(uintptr_t)fd,
						    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR);
		r2 = cuMemAddressReserve(&d, m.vmm_size, 0, 0, 0);
		r3 = r1 || r2 ? 98 : cuMemMap(d, m.vmm_size, 0, h, 0);
		CUmemAccessDesc a = {{CU_MEM_LOCATION_TYPE_DEVICE, 0},
				     CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
		r4 = r3 ? 98 : cuMemSetAccess(d, m.vmm_size, &a, 1);
		ev = r4 ? 98 : cudaMemset((void *)d, 9, 4096);
		if (!ev)
			ev = cudaDeviceSynchronize();
	}
	printf(
	    "    context %s | legacy IPC open: %s, write: %s | VMM fd %d import %d reserve %d map %d access %d write %s\n",
	    cudaGetErrorName(e), cudaGetErrorName(eo), cudaGetErrorName(em), fd, r1, r2, r3, r4,
	    ev == 98 || ev == 99 ? "-" : cudaGetErrorName(ev));
	printf("    refused system calls (call*1000 + first argument):");
	for (int i = 0; i < n_refused; i++)
		printf(" %d", refused[i]);
	printf("\n");
	fflush(stdout);
	char k = 'k';
	write(3, &k, 1);
	_exit(0);
}

/* The child half, started again as this program with the socket on fd 3. */
static void exec_child(const char *self, int fd)
{
	dup2(fd, 3);
	setenv("PROBE_CHILD", "1", 1);
	execl(self, self, (char *)0);
}

/* Landlock with the writable folders of extra[x] (the first run with openlog.so). */
static void bisect_setup(const char *self, int fd, int x)
{
	if (restrict_with(extra[x]))
		perror("landlock");
	if (x == 0 && getenv("PROBE_PRELOAD"))
		setenv("LD_PRELOAD", getenv("PROBE_PRELOAD"), 1);
	exec_child(self, fd);
}

/* One part of the sandbox, two, or the whole of it as the grader applies it. */
static void part_setup(const char *self, int fd, int v)
{
	static char scratch[] = "build/probe-scratch-XXXXXX";
	static const char *const hidden[] = {NULL};
	struct sandbox_policy p = {mkdtemp(scratch), hidden, 1, 64L << 20, 0};

	if (v == 5) {
		sandbox_exec_runner(self, fd, -1, "PROBE_CHILD=1", &p);
		return;
	}
	if ((v == 1 || v == 4) && drop_capabilities())
		perror("caps");
	if ((v == 2 || v == 4) && install_filter(&p))
		perror("seccomp");
	if (v == 3 && confine_files(self, &p))
		perror("landlock");
	exec_child(self, fd);
}

/* Runs one variant: a child that applies @p setup to itself and then, as the child
 * half, makes a context and maps the parent's memory; its line says how that went. */
static void run_variant(const char *self, int vfd, const struct msg *m,
			void (*setup)(const char *, int, int), int variant)
{
	int sv[2], st;
	char k;

	socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv);
	fflush(stdout);
	pid_t c = fork();
	if (!c) {
		setup(self, sv[1], variant);
		_exit(127); /* exec failed */
	}
	close(sv[1]);
	send_fd(sv[0], vfd, m, sizeof(*m));
	if (read(sv[0], &k, 1) != 1)
		printf("    no reply\n");
	waitpid(c, &st, 0);
	close(sv[0]);
	if (st)
		printf("    child status %#x\n", st);
}

int main(int argc, char **argv)
{
	if (getenv("PROBE_CHILD"))
		return child_main();
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n] = 0;
	cuInit(0);
	void *d;
	cudaMalloc(&d, 1 << 20);
	struct msg m;
	cudaIpcGetMemHandle(&m.h, d);
	// a VMM allocation exportable as a POSIX fd
	CUmemAllocationProp prop = {0};
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = 0;
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	size_t gran;
	cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
	m.vmm_size = gran;
	CUmemGenericAllocationHandle vh;
	CUresult rc = cuMemCreate(&vh, gran, &prop, 0);
	int vfd = -1;
	CUresult re = rc ? rc
			 : cuMemExportToShareableHandle(
			       &vfd, vh, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
	printf("granularity %zu, cuMemCreate %d, export %d fd %d\n", gran, rc, re, vfd);
	const char *names[] = {"none",	   "caps",	   "seccomp",
			       "landlock", "caps+seccomp", "all (sandbox_exec_runner)"};
	const char *xn[] = {"landlock /dev /tmp /var/tmp, LD_PRELOAD openlog",
			    "+ /proc",
			    "+ /proc/self",
			    "+ /proc/driver",
			    "+ /proc/sys",
			    "/ only"};
	for (int x = 0; x < 6; x++) {
		printf("bisect: %s\n", xn[x]);
		run_variant(self, vfd, &m, bisect_setup, x);
	}
	for (int dump = 1; dump >= 0; dump--) {
		prctl(PR_SET_DUMPABLE, dump);
		for (int v = 0; v < 6; v++) {
			printf("parent dumpable=%d, child: %s\n", dump, names[v]);
			run_variant(self, vfd, &m, part_setup, v);
		}
	}
	return 0;
}
