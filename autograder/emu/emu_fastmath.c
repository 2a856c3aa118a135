/* CUDA's fast-math intrinsics (__expf, __sinf, ...), as the exact functions of the host. */
#define _GNU_SOURCE /* exp10f and sincosf */
/* CUDA's fast-math intrinsics: glibc declares them (its own internal names), so they
 * are functions with C linkage here, the exact ones, within the GPU's error bounds.
 * __powf is the GPU's exp2(y log2 x): NaN for x < 0, as there. */
#include <math.h>

float __expf(float x)
{
	return expf(x);
}

float __exp10f(float x)
{
	return exp10f(x);
}

float __logf(float x)
{
	return logf(x);
}

float __log2f(float x)
{
	return log2f(x);
}

float __log10f(float x)
{
	return log10f(x);
}

float __sinf(float x)
{
	return sinf(x);
}

float __cosf(float x)
{
	return cosf(x);
}

float __tanf(float x)
{
	return tanf(x);
}

void __sincosf(float x, float *s, float *c)
{
	sincosf(x, s, c);
}

float __powf(float x, float y)
{
	return exp2f(y * log2f(x));
}
