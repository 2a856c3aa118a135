// Attack: spoil every other grading on the machine: signal each process it can see
// (signal 0: the permission alone, so that a failed sandbox freezes nothing) and reach
// every Criterion socket in /tmp. attack-test.sh grades the reference at the same time
// and checks that it keeps every point.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <dirent.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>

__attribute__((constructor)) static void attack_neighbours(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int stopped = 0, reached = 0;
	while (d && (e = readdir(d)))
		if (atoi(e->d_name) > 1 && atoi(e->d_name) != getpid() && kill(atoi(e->d_name), 0) == 0)
			stopped++;
	if (d)
		closedir(d);
	d = opendir("/tmp");
	while (d && (e = readdir(d))) {
		if (strncmp(e->d_name, "criterion_", 10))
			continue;
		struct sockaddr_un a = {};
		a.sun_family = AF_UNIX;
		snprintf(a.sun_path, sizeof(a.sun_path), "/tmp/%s", e->d_name);
		int s = socket(AF_UNIX, SOCK_STREAM, 0);
		if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof(a)) == 0)
			reached++;
		if (s >= 0)
			close(s);
	}
	if (d)
		closedir(d);
	fprintf(stderr, "attack-note: %d processes it could signal, %d sockets reached\n", stopped, reached);
}
