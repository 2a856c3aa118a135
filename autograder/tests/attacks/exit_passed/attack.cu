// Attack: print what a passing run prints, then end the program with status 0.
#include <cstdio>
#include <cstdlib>

__attribute__((constructor)) static void attack_pretend(void)
{
	printf("[PASS] everything::passed: FORGED\n[====] Synthesis: Tested: 99 | Passing: 99 | "
	       "Failing: 0 | Crashing: 0\nTOTAL 99/99 passed\n");
	fflush(stdout);
	exit(0);
}
