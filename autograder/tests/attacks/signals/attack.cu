// Attack: freeze or end the grading from inside a correct submission. kill(-1) is
// tried with signal 0 and the others with SIGCONT: the filter judges whom a signal is
// for, never which it is, and a failure of the sandbox must not freeze or end the
// machine's processes.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>

static void note(const char *what, int rc)
{
	fprintf(stderr, "attack-note: %s: %s\n", what, rc < 0 ? strerror(errno) : "done");
}

__attribute__((constructor)) static void attack_signals(void)
{
	pid_t parent = getppid();
	struct rlimit one = {1, 1};
	cpu_set_t cpus;
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	note("kill(-1, 0)", kill(-1, 0));
	note("kill(0, SIGCONT)", kill(0, SIGCONT));
	note("kill(parent, SIGCONT)", kill(parent, SIGCONT));
	note("kill(1, 0)", kill(1, 0));
	note("setpriority(user, 19)", setpriority(PRIO_USER, getuid(), 19));
	note("sched_setaffinity(parent)", sched_setaffinity(parent, sizeof(cpus), &cpus));
	note("prlimit(parent, CPU 1 s)", prlimit(parent, RLIMIT_CPU, &one, NULL));
	note("kill(self, 0)", kill(getpid(), 0));
}
