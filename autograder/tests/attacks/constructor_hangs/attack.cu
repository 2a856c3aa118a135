// Attack: a constructor that never ends, calling nothing (so no import, no signal, no
// output): before the fix, each test of the lab waited out its own limit.
static volatile int attack_forever = 1;

__attribute__((constructor)) static void attack_spin(void)
{
	while (attack_forever) {
	}
}
