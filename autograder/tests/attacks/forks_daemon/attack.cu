// Attack: fork a process that outlives the test and rewrites the report later.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

__attribute__((constructor)) static void attack_spawn(void)
{
	if (fork() == 0) {
		const char *target = "@TARGET@", *lab = "@LAB@"; /* no environment here */
		setsid();
		sleep(3);
		FILE *f = target && lab ? fopen(target, "w") : NULL;
		if (f)
			fprintf(f, "%s\tFORGED/everything\t100\t100\tpassed\tFORGED later\n", lab), fclose(f);
		_exit(0);
	}
}
