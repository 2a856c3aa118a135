// Attack: a static constructor writes a forged report at once, and overwrites the
// grader's report tool with a script that prints full marks.
#include <cstdio>
#include <cstdlib>

__attribute__((constructor)) static void attack_forge(void)
{
	const char *target = "@TARGET@", *lab = "@LAB@"; /* no environment here */
	const char *tool = "@TOOL@";
	FILE *f = target && lab ? fopen(target, "w") : NULL;
	if (f) {
		fprintf(f, "%s\tFORGED/everything\t100\t100\tpassed\tFORGED by a constructor\n", lab);
		fclose(f);
	}
	if (tool && (f = fopen(tool, "w"))) {
		fprintf(f, "#!/bin/sh\necho 'TOTAL 100/100 FORGED'\n");
		fclose(f);
	}
}
