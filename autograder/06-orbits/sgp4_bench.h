/*
 * Lab 06-orbits bench, SGP4 part (make bench LAB=06, bench.c): step 6.e's integrated and
 * modular propagators timed on catalogues of near-earth and deep-space satellites.
 */
#ifndef LAB06_SGP4_BENCH_H
#define LAB06_SGP4_BENCH_H

#include <stdio.h>
#include <cuda_runtime.h>

/* Writes sgp4.csv (the shapes: propagations per second and the share of
 * @peak, the card's FP64 bound in FLOP/s) and sgp4-crossover.csv (integrated against
 * modular as the total steps grow), with Markdown tables on stdout. */
cudaError_t sgp4_bench(FILE *shapes, FILE *crossover, double peak);

#endif /* LAB06_SGP4_BENCH_H */
