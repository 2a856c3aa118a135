// Attack: reach the grading parent's Criterion socket, where a message in the test's
// name (its process's pid) reports an assertion passed: the parent is the grandparent
// of the runner. What it met goes to stderr (the test's log).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>

static int parent_of(int pid)
{
	char path[64], buf[512];
	int ppid = -1;
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	FILE *f = fopen(path, "r");
	if (f && fgets(buf, sizeof(buf), f) && strrchr(buf, ')'))
		sscanf(strrchr(buf, ')') + 1, " %*c %d", &ppid);
	if (f)
		fclose(f);
	return ppid;
}

__attribute__((constructor)) static void attack_socket(void)
{
	int main_pid = parent_of(getppid());
	struct sockaddr_un a = {};
	a.sun_family = AF_UNIX;
	snprintf(a.sun_path, sizeof(a.sun_path), "/tmp/criterion_%d.sock", main_pid);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	fprintf(stderr, "attack-note: socket: %s\n", s < 0 ? strerror(errno) : "opened");
	if (s >= 0) {
		int c = connect(s, (struct sockaddr *)&a, sizeof(a));
		fprintf(stderr, "attack-note: connect %s: %s\n", a.sun_path, c ? strerror(errno) : "connected");
		if (!c && write(s, "FORGED", 6) < 0)
			perror("write");
		close(s);
	}
	long ring = syscall(425 /* io_uring_setup */, 8, calloc(1, 120));
	fprintf(stderr, "attack-note: io_uring_setup: %s\n", ring < 0 ? strerror(errno) : "made");
}
