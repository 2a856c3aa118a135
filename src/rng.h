/**
 * @file rng.h
 * @brief A seeded splitmix64 generator, so every input the grader draws can be
 *        reproduced from the seed printed beside a failure.
 */
#ifndef COMMON_RNG_H
#define COMMON_RNG_H

#include <stdint.h>

/** @brief Generator state; seed it with rng_seed() before use. */
struct rng {
	uint64_t state; /**< splitmix64 counter */
};

/** @brief Starts the stream for @p seed (any value, zero included). */
void rng_seed(struct rng *r, uint64_t seed);

/** @brief Next 64 random bits (splitmix64, Steele, Lea & Flood 2014). */
uint64_t rng_next(struct rng *r);

/** @brief Uniform double in [0, 1), 53 random bits. */
double rng_uniform(struct rng *r);

/**
 * @brief Uniform double in the open interval (0, 1): safe under log() and pow(x, <0).
 *
 * 52 random bits, as the odd multiples (2k + 1) / 2^53: from 2^-53 to 1 - 2^-53, exactly.
 */
double rng_uniform_open(struct rng *r);

/** @brief Uniform double in [lo, hi). */
double rng_range(struct rng *r, double lo, double hi);

/**
 * @brief A seed for "fresh" inputs: the environment variable PL_SEED when set (to
 *        replay a failure), otherwise one drawn from the clock and the process id.
 *
 * PL_SEED is decimal (a leading 0 included) or 0x-prefixed hex; a value that does not
 * parse is reported on stderr and a fresh seed is used instead.
 */
uint64_t rng_fresh_seed(void);

#endif /* COMMON_RNG_H */
