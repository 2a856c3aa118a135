/*
 * splitmix64: one 64-bit add and a mixing function per draw, so a failing
 * input is replayed exactly from the printed seed on any machine.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "rng.h"

/* Weyl increment of splitmix64: 2^64 / golden ratio, odd, so the counter has full period. */
#define SPLITMIX_GAMMA 0x9e3779b97f4a7c15ULL

/* The splitmix64 finaliser: a bijection that spreads every input bit over the output. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t rng_next(struct rng *r)
{
	r->state += SPLITMIX_GAMMA;
	return mix64(r->state);
}

double rng_uniform(struct rng *r)
{
	/* The top 53 bits fill a double's mantissa exactly: every value is k / 2^53. */
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double rng_uniform_open(struct rng *r)
{
	/*
	 * Odd multiples (2k + 1) / 2^53 of 52 random bits: exact, the smallest 2^-53 and
	 * the largest 1 - 2^-53. With 53 bits, k + 0.5 needs 54 and rounds, and the top
	 * draw k = 2^53 - 1 becomes exactly 1.
	 */
	return ((double)(rng_next(r) >> 12) + 0.5) * 0x1.0p-52;
}

double rng_range(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * rng_uniform(r);
}

/*
 * Parses PL_SEED as decimal or 0x-prefixed hex. A leading 0 stays decimal (strtoull's
 * base 0 would read it as octal, and "010" would then replay the wrong run).
 */
static int parse_seed(const char *s, uint64_t *seed)
{
	int base = 10;
	char *end;
	unsigned long long v;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (*s == '\0' || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno != 0 || *end != '\0')
		return -1;
	*seed = (uint64_t)v;
	return 0;
}

uint64_t rng_fresh_seed(void)
{
	/* Counts calls, so two seeds drawn within one clock tick still differ. */
	static uint64_t calls;
	const char *env = getenv("PL_SEED");
	struct timespec ts;
	uint64_t seed;

	if (env && *env) {
		if (parse_seed(env, &seed) == 0)
			return seed;
		fprintf(stderr, "rng: ignoring PL_SEED=\"%s\" (want decimal or 0x hex)\n", env);
	}
	clock_gettime(CLOCK_REALTIME, &ts);
	seed = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	seed = mix64(seed + SPLITMIX_GAMMA * ++calls);
	return mix64(seed ^ mix64((uint64_t)getpid()));
}
