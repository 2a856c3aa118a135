/*
 * Lab 07-scale: the throwaway lab of autograder/tests/new-lab-test.sh, which adds it to
 * a copy of the course by autograder/DEVELOPING.md's "Adding a lab" and grades it. Its header is its
 * whole API (autograder/07-scale/api.txt lists the functions below).
 */
#ifndef LAB07_SCALE_H
#define LAB07_SCALE_H

#include <cuda_runtime.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Threads per block of the lab's kernel. */
#define SCALE_BLOCK 128

/* x[i] *= a for i < n, on the device. */
cudaError_t scale_on_gpu(float *d_x, int n, float a);

#ifdef __cplusplus
}
#endif

#endif /* LAB07_SCALE_H */
