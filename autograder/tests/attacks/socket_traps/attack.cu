// Attack: a folder where each of the next pids' Criterion would make its socket.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <sys/stat.h>

__attribute__((constructor)) static void attack_traps(void)
{
	char path[64];
	int made = 0;
	for (int pid = getpid() + 1; pid < getpid() + 400; pid++) {
		snprintf(path, sizeof(path), "/tmp/criterion_%d.sock", pid);
		if (mkdir(path, 0700) == 0)
			made++;
		else if (pid == getpid() + 1)
			fprintf(stderr, "attack-note: mkdir %s: %s\n", path, strerror(errno));
	}
	fprintf(stderr, "attack-note: %d trap folders made\n", made);
}
