// Attack: the grader's requests answered by another student's code (the reference's
// runner, built beside: ATTACK_VICTIM_RUNNER), the request socket inherited.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

__attribute__((constructor)) static void attack_exec(void)
{
	const char *victim = "@VICTIM_RUNNER@"; /* a constructor finds no environment */
	if (victim) {
		execl(victim, victim, (char *)NULL);
		fprintf(stderr, "attack-note: exec %s: %s\n", victim, strerror(errno));
	}
}
