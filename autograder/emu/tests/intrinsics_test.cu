/*
 * The CUDA a student writes, emulated as a GPU runs it (emu.h, emu_intrinsics.h,
 * emu_math.h, emu_fastmath.c, emu_thrust.h, emu_runtime.c): device math, rounding-mode
 * and fast-math intrinsics, conversions and bit casts, integer intrinsics, block-wide
 * votes, atomics of every type, __constant__ and __device__ symbols, managed and pinned
 * memory, a kernel's printf, and thrust's and CUB's sorts of device arrays. Each result
 * is held to the answer a GPU gives: built emulated (make test-units) and by nvcc (run on
 * a GPU by autograder/tools/device-check.sh, which checks the expectations themselves);
 * exits 0 when all agree, else names each case that does not.
 */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cub/device/device_radix_sort.cuh>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#define THREADS 48 /* a full warp and a partial one */
#define N_SORT	1000

enum { RN, RZ, RU, RD };

/* The inputs, read from device memory so that no compiler folds a case. */
struct inputs {
	float f[8];
	double d[8];
	int i[8];
	unsigned u[8];
};
static const struct inputs h_in = {
    {1.f, 1e-8f, 3.f, 0.25f, 2.5f, 1.000244140625f, -1.00048828125f, 8.f},
    {1.0, 8.673617379884035e-19 /* 2^-60 */, 3.0, 2.0, 2.5, -2.7, 0.1, 27.0},
    {1, 0, -1, 16777217, 0x00ffffff, 0x40000000, -3, -5},
    {1u, 0x12345678u, 0x80000000u, 0xffffffffu, 0x1ffffffu, 0x33221100u, 0x77665544u, 0x5140u},
};

/* The float results: name, device expression, the GPU's answer, relative tolerance. */
#define FLOAT_CASES(X)                                                                             \
	X(rsqrt, rsqrt(d[3]), 0.70710678118654752, 2e-16)                                          \
	X(rcbrt, rcbrt(d[7]), 1.0 / 3, 2e-16)                                                      \
	X(rcbrtf, rcbrtf(f[7]), 0.5, 2e-7)                                                         \
	X(rhypot, rhypot(d[2], 4.0), 0.2, 4e-16)                                                   \
	X(rhypotf, rhypotf(f[2], 4.f), 0.2, 4e-7)                                                  \
	X(norm3d, norm3d(d[0], d[3], d[3]), 3.0, 4e-16)                                            \
	X(rnorm3d, rnorm3d(d[0], d[3], d[3]), 1.0 / 3, 4e-16)                                      \
	X(sinpi_1, sinpi(d[0]), 0.0, 0)                                                            \
	X(cospi_half, cospi(0.5 * d[0]), 0.0, 0)                                                   \
	X(sincospif_sin, sincospif_sin(f[3]), 0.70710678118654752, 2e-7)                           \
	X(sincospi_cos, sincospi_cos(d[0]), -1.0, 0)                                               \
	X(fadd_rn, __fadd_rn(f[0], f[1]), 1.0, 0)                                                  \
	X(fadd_rz, __fadd_rz(f[0], f[1]), round_f(1.0L + 1e-8f, RZ), 0)                            \
	X(fadd_ru, __fadd_ru(f[0], f[1]), round_f(1.0L + 1e-8f, RU), 0)                            \
	X(fsub_rd, __fsub_rd(f[0], f[1]), round_f(1.0L - 1e-8f, RD), 0)                            \
	X(fsub_rn, __fsub_rn(f[2], f[0]), 2.0, 0)                                                  \
	X(fmul_rn, __fmul_rn(f[2], f[4]), 7.5, 0)                                                  \
	X(frcp_rn, __frcp_rn(f[2]), round_f(1.0L / 3, RN), 0)                                      \
	X(dadd_rn, __dadd_rn(d[0], d[1]), 1.0, 0)                                                  \
	X(dsub_rn, __dsub_rn(d[2], d[0]), 2.0, 0)                                                  \
	X(ddiv_rn, __ddiv_rn(d[0], d[2]), round_d(1.0L / 3, RN), 0)                                \
	X(dsqrt_rn, __dsqrt_rn(d[3]), round_d(sqrtl(2.0L), RN), 0)                                 \
	X(fmul_ru, __fmul_ru(__fdiv_rn(f[0], f[2]), f[2]), round_f(3.0L * (1.f / 3.f), RU), 0)     \
	X(fdiv_rn, __fdiv_rn(f[0], f[2]), round_f(1.0L / 3, RN), 0)                                \
	X(fdiv_rz, __fdiv_rz(f[0], f[2]), round_f(1.0L / 3, RZ), 0)                                \
	X(frcp_rd, __frcp_rd(f[2]), round_f(1.0L / 3, RD), 0)                                      \
	X(fsqrt_rn, __fsqrt_rn(f[2]), round_f(sqrtl(3.0L), RN), 0)                                 \
	X(fsqrt_rd, __fsqrt_rd(f[2]), round_f(sqrtl(3.0L), RD), 0)                                 \
	X(fmaf_rn, __fmaf_rn(f[5], f[5], f[6]), 0x1p-24, 0) /* a product and a sum: 0 */           \
	X(dadd_ru, __dadd_ru(d[0], d[1]), round_d(1.0L + 0x1p-60L, RU), 0)                         \
	X(dsub_rz, __dsub_rz(d[0], d[1]), round_d(1.0L - 0x1p-60L, RZ), 0)                         \
	X(dmul_rn, __dmul_rn(d[2], d[3]), 6.0, 0)                                                  \
	X(ddiv_rd, __ddiv_rd(d[0], d[2]), round_d(1.0L / 3, RD), 0)                                \
	X(ddiv_ru, __ddiv_ru(d[0], d[2]), round_d(1.0L / 3, RU), 0)                                \
	X(drcp_rn, __drcp_rn(d[3]), 0.5, 0)                                                        \
	X(dsqrt_ru, __dsqrt_ru(d[3]), round_d(sqrtl(2.0L), RU), 0)                                 \
	X(dsqrt_rz, __dsqrt_rz(d[3]), round_d(sqrtl(2.0L), RZ), 0)                                 \
	X(fma_rn, __fma_rn(d[2], d[2], -d[0]), 8.0, 0)                                             \
	X(expf_fast, __expf(f[4]), 12.182493960703473, 2e-6)                                       \
	X(exp10f_fast, __exp10f(f[3]), 1.7782794100389228, 2e-6)                                   \
	X(logf_fast, __logf(f[2]), 1.0986122886681098, 2e-6)                                       \
	X(log2f_fast, __log2f(f[7]), 3.0, 2e-6)                                                    \
	X(log10f_fast, __log10f(f[4]), 0.3979400086720376, 2e-6)                                   \
	X(sinf_fast, __sinf(f[3]), 0.24740395925452294, 4e-6)                                      \
	X(cosf_fast, __cosf(f[3]), 0.96891242171064473, 2e-6)                                      \
	X(tanf_fast, __tanf(f[3]), 0.25534192122103627, 8e-6)                                      \
	X(sincosf_fast, sincosf_fast_cos(f[3]), 0.96891242171064473, 2e-6)                         \
	X(powf_fast, __powf(f[4], 1.5f), 3.9528470752104741, 8e-6)                                 \
	X(int_as_float, __int_as_float(0x40490fdb), (float)M_PI, 0)                                \
	X(uint_as_float, __uint_as_float(0x3f000000u), 0.5, 0)                                     \
	X(longlong_as_double, __longlong_as_double(0x4000000000000000ll), 2.0, 0)                  \
	X(double2float_rn, __double2float_rn(d[6]), 0.1f, 0)                                       \
	X(int2float_rn, __int2float_rn(i[3]), 16777216.0, 0)                                       \
	X(int2float_ru, __int2float_ru(i[3]), 16777218.0, 0)                                       \
	X(uint2float_rn, __uint2float_rn(u[3]), 4294967296.0, 0)                                   \
	X(float_overload, (double)sizeof(exp(f[0])), 4.0, 0)                                       \
	X(abs_float, abs(-f[4]), 2.5, 0)
/* The integer results: name, device expression, the GPU's answer. */
#define INT_CASES(X)                                                                               \
	X(float_as_int, __float_as_int(f[0]), 0x3f800000)                                          \
	X(float_as_uint, __float_as_uint(-0.f * f[0]), 0x80000000u)                                \
	X(double_as_longlong, __double_as_longlong(d[0]), 0x3ff0000000000000ll)                    \
	X(double2int_rn, __double2int_rn(d[4]), 2)                                                 \
	X(double2int_rn_neg, __double2int_rn(-d[4]), -2)                                           \
	X(double2int_rz, __double2int_rz(d[5]), -2)                                                \
	X(float2uint_rn, __float2uint_rn(f[4]), 2)                                                 \
	X(float2ll_rn, __float2ll_rn(1e10f * f[0]), 10000000000ll)                                 \
	X(clz_1, __clz(i[0]), 31)                                                                  \
	X(clz_0, __clz(i[1]), 32)                                                                  \
	X(clz_neg, __clz(i[2]), 0)                                                                 \
	X(clzll_1, __clzll((long long)i[0]), 63)                                                   \
	X(brev, __brev(u[1]), 0x1e6a2c48u)                                                         \
	X(brevll, __brevll((unsigned long long)u[0]), 0x8000000000000000ull)                       \
	X(popcll, __popcll(0xffffffffffull * u[0]), 40)                                            \
	X(ffsll, __ffsll(0x100000000ll * i[0]), 33)                                                \
	X(ffsll_0, __ffsll((long long)i[1]), 0)                                                    \
	X(mul24_neg, __mul24(i[4], 2), -2)                                                         \
	X(mul24, __mul24(1000 * i[0], 2000), 2000000)                                              \
	X(umul24, __umul24(u[4], 2u), 0x1fffffeu)                                                  \
	X(mulhi, __mulhi(i[5], 8), 2)                                                              \
	X(mulhi_neg, __mulhi(i[2], 1), -1)                                                         \
	X(umulhi, __umulhi(u[2], 4u), 2u)                                                          \
	X(hadd, __hadd(i[0] * INT_MAX, INT_MAX), INT_MAX)                                          \
	X(hadd_neg, __hadd(i[6], 0), -2)                                                           \
	X(rhadd, __rhadd(i[0], 2), 2)                                                              \
	X(uhadd, __uhadd(u[3], 1u), 0x80000000u)                                                   \
	X(sad, __sad(i[7], 3, 10u), 18u)                                                           \
	X(usad, __usad(3u * u[0], 10u, 1u), 8u)                                                    \
	X(byte_perm, __byte_perm(u[5], u[6], u[7]), 0x55114400u)                                   \
	X(funnelshift_l, __funnelshift_l(u[2], u[0], 1u), 3u)                                      \
	X(funnelshift_rc, __funnelshift_rc(u[2], u[0], 40u), 1u)                                   \
	X(umin, umin(3u * u[0], 5u), 3u)                                                           \
	X(llmax, llmax(-1ll * i[0], 5ll), 5)                                                       \
	X(warp_size, warpSize, 32)

static __device__ float sincospif_sin(float x)
{
	float s, c;
	sincospif(x, &s, &c);
	return s;
}
static __device__ double sincospi_cos(double x)
{
	double s, c;
	sincospi(x, &s, &c);
	return c;
}
static __device__ float sincosf_fast_cos(float x)
{
	float s, c;
	__sincosf(x, &s, &c);
	return c;
}

#define ENUM(name, ...) F_##name,
enum { FLOAT_CASES(ENUM) N_FLOAT };
#undef ENUM
#define ENUM(name, ...) I_##name,
enum { INT_CASES(ENUM) N_INT };
#undef ENUM

struct math_out {
	double f[N_FLOAT];
	unsigned long long i[N_INT];
};

static __global__ void math_kernel(const struct inputs *in, struct math_out *o)
{
	const float *f = in->f;
	const double *d = in->d;
	const int *i = in->i;
	const unsigned *u = in->u;

#define STORE_F(name, expr, ...) o->f[F_##name] = (double)(expr);
#define STORE_I(name, expr, ...) o->i[I_##name] = (unsigned long long)(expr);
	FLOAT_CASES(STORE_F)
	INT_CASES(STORE_I)
}

/* The block-wide votes, the fences and the clock, and atomics of every type. */
struct block_out {
	int count[THREADS], count2[THREADS], all_true[THREADS], all_false[THREADS];
	int any_true[THREADS], any_false[THREADS];
	unsigned active[THREADS];
	long long ticks[THREADS];
	unsigned u_add, u_sub, u_min, u_max, u_and, u_or, u_xor, u_inc, u_dec, u_exch, u_cas;
	int i_min, i_and, i_or, i_xor, i_block, i_system, shared_sum;
	long long ll_min, ll_max, ll_and, ll_or, ll_xor;
	unsigned long long ull_add, ull_min, ull_max, ull_and, ull_or, ull_xor, ull_exch, ull_cas;
	float f_add, f_exch;
	double d_add;
	unsigned short us_cas;
	unsigned old_u_exch, old_u_cas[2];
	unsigned long long old_ull_cas[2];
	float2 f2_add;
	float4 f4_add;
	int have_vector_add; /* atomicAdd of float2 and float4: sm_90 and later */
};

static __global__ void block_kernel(struct block_out *o)
{
	__shared__ int s_sum;
	int t = threadIdx.x + blockDim.x * threadIdx.y, lane = t % 32;
	long long start = clock64();

	if (t == 0)
		s_sum = 0;
	/* two votes in a row: the second must not overwrite the first's count */
	o->count[t] = __syncthreads_count(t % 3 == 0);
	o->count2[t] = __syncthreads_count(t < 10);
	o->all_true[t] = __syncthreads_and(t < THREADS);
	o->all_false[t] = __syncthreads_and(t != 7);
	o->any_true[t] = __syncthreads_or(t == THREADS - 1);
	o->any_false[t] = __syncthreads_or(0);
	o->active[t] = __activemask();
	__threadfence_block();
	__threadfence_system();
	__nanosleep(100);

	atomicAdd(&o->u_add, 1); /* an int literal on an unsigned counter */
	atomicSub(&o->u_sub, 2);
	atomicMin(&o->u_min, (unsigned)(t * 7 % THREADS + 5));
	atomicMax(&o->u_max, (unsigned)(t * 7 % THREADS + 5));
	atomicAnd(&o->u_and, ~(1u << (t % 16)));
	atomicOr(&o->u_or, 1u << lane);
	atomicXor(&o->u_xor, (unsigned)t);
	atomicInc(&o->u_inc, 9);
	atomicDec(&o->u_dec, 9);
	atomicMin(&o->i_min, t * 5 - 100);
	atomicAnd(&o->i_and, ~(1 << (t % 8)));
	atomicOr(&o->i_or, 1 << (t % 31));
	atomicXor(&o->i_xor, t * 3);
	atomicAdd_block(&s_sum, t);
	atomicAdd_system(&o->i_system, 2);
	atomicAdd_block(&o->i_block, 1);
	atomicMin(&o->ll_min, -(1ll << 40) + t);
	atomicMax(&o->ll_max, (1ll << 40) + t);
	atomicAnd(&o->ll_and, ~(1ll << (t + 8)));
	atomicOr(&o->ll_or, 1ll << (t + 8));
	atomicXor(&o->ll_xor, (long long)t << 32);
	atomicAdd(&o->ull_add, 1ull << 33);
	atomicMin(&o->ull_min, 1000ull - t);
	atomicMax(&o->ull_max, 1000ull + t);
	atomicAnd(&o->ull_and, ~(1ull << t));
	atomicOr(&o->ull_or, 1ull << (t + 16));
	atomicXor(&o->ull_xor, 1ull << 63);
	atomicAdd(&o->f_add, 0.5f);
	atomicAdd(&o->d_add, 0.25);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
	atomicAdd(&o->f2_add, make_float2(1.f, 0.5f));
	atomicAdd(&o->f4_add, make_float4(1.f, 2.f, 0.25f, -1.f));
	o->have_vector_add = 1;
#endif
	if (t == 0) {
		o->old_u_exch = atomicExch(&o->u_exch, 77u);
		atomicExch(&o->ull_exch, 1ull << 40);
		atomicExch(&o->f_exch, 2.5f);
		o->old_u_cas[0] = atomicCAS(&o->u_cas, 0, 5);
		o->old_u_cas[1] = atomicCAS(&o->u_cas, 0, 7);
		o->old_ull_cas[0] = atomicCAS(&o->ull_cas, 0, 1ull << 50);
		o->old_ull_cas[1] = atomicCAS(&o->ull_cas, 1ull << 50, 3);
		atomicCAS(&o->us_cas, (unsigned short)0, (unsigned short)9);
	}
	__syncthreads(); /* every thread's addition to s_sum is in before thread 0 reads it */
	if (t == 0)
		o->shared_sum = s_sum;
	o->ticks[t] = clock64() - start;
}

/* __constant__ and __device__ symbols, written and read by the host */
__constant__ float c_scale[4];
__device__ int d_total;

static __global__ void symbol_kernel(float *out, int *managed)
{
	int t = threadIdx.x;

	out[t] = 2.f * c_scale[t];
	atomicAdd(&d_total, t + 1);
	managed[t] *= 3;
	if (blockIdx.x == 0 && t == 2)
		printf("intrinsics_test: printf from thread %d of block %d\n", t, (int)blockIdx.x);
}

/* The float or double nearest exact in a rounding mode (long double holds exact, or
 * near enough to tell the side, for every case above). */
static float round_f(long double exact, int mode)
{
	float r = (float)exact;
	if ((long double)r == exact || mode == RN)
		return r;
	if (mode == RU)
		return r > exact ? r : nextafterf(r, INFINITY);
	if (mode == RD)
		return r < exact ? r : nextafterf(r, -INFINITY);
	return fabsl(r) < fabsl(exact) ? r : nextafterf(r, 0.f);
}
static double round_d(long double exact, int mode)
{
	double r = (double)exact;
	if ((long double)r == exact || mode == RN)
		return r;
	if (mode == RU)
		return r > exact ? r : nextafter(r, INFINITY);
	if (mode == RD)
		return r < exact ? r : nextafter(r, -INFINITY);
	return fabsl(r) < fabsl(exact) ? r : nextafter(r, 0.0);
}

static int check_f(const char *what, double got, double want, double tol)
{
	if (fabs(got - want) <= tol * fabs(want))
		return 0;
	printf("intrinsics_test: %s: got %.17g, want %.17g\n", what, got, want);
	return 1;
}
static int check_i(const char *what, unsigned long long got, unsigned long long want)
{
	if (got == want)
		return 0;
	printf("intrinsics_test: %s: got %#llx, want %#llx\n", what, got, want);
	return 1;
}
#define CHECK(what, got, want) check_i(what, (unsigned long long)(got), (unsigned long long)(want))

static int check_math(void)
{
	static struct math_out o;
	struct inputs *d_in = NULL;
	struct math_out *d_o = NULL;
	int bad = 0;

	if (cudaMalloc((void **)&d_in, sizeof(h_in)) || cudaMalloc((void **)&d_o, sizeof(o)))
		return CHECK("cudaMalloc", 1, 0);
	cudaMemcpy(d_in, &h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	math_kernel<<<1, 1>>>(d_in, d_o);
	bad += CHECK("math_kernel's launch", cudaGetLastError(), cudaSuccess);
	cudaMemcpy(&o, d_o, sizeof(o), cudaMemcpyDeviceToHost);
#define CHECK_F(name, expr, want, tol) bad += check_f(#name, o.f[F_##name], (double)(want), tol);
#define CHECK_I(name, expr, want)      bad += CHECK(#name, o.i[I_##name], want);
	FLOAT_CASES(CHECK_F)
	INT_CASES(CHECK_I)
	cudaFree(d_in);
	cudaFree(d_o);
	return bad;
}

static int check_block(void)
{
	static struct block_out o;
	struct block_out *d_o = NULL;
	unsigned u_xor = 0;
	int i_xor = 0, bad = 0;
	long long ll_bits = 0, ull_or = 0;

	memset(&o, 0, sizeof(o));
	o.u_sub = 100, o.u_min = 1000, o.u_and = ~0u, o.u_dec = 5, o.u_exch = 3, o.i_and = -1;
	o.ll_and = -1, o.ull_min = ~0ull, o.ull_and = ~0ull;
	if (cudaMalloc((void **)&d_o, sizeof(o)))
		return CHECK("cudaMalloc", 1, 0);
	cudaMemcpy(d_o, &o, sizeof(o), cudaMemcpyHostToDevice);
	block_kernel<<<1, dim3(16, THREADS / 16)>>>(d_o);
	bad += CHECK("block_kernel's launch", cudaGetLastError(), cudaSuccess);
	cudaMemcpy(&o, d_o, sizeof(o), cudaMemcpyDeviceToHost);
	cudaFree(d_o);
	for (int t = 0; t < THREADS; t++) {
		bad += CHECK("__syncthreads_count", o.count[t], 16);
		bad += CHECK("__syncthreads_count, the next", o.count2[t], 10);
		bad += CHECK("__syncthreads_and, all", o.all_true[t], 1);
		bad += CHECK("__syncthreads_and, one not", o.all_false[t], 0);
		bad += CHECK("__syncthreads_or, one", o.any_true[t], 1);
		bad += CHECK("__syncthreads_or, none", o.any_false[t], 0);
		if (t < 32)
			bad += CHECK("__activemask", o.active[t], 0xffffffffu);
		bad += CHECK("clock64 goes forward", o.ticks[t] >= 0, 1);
		u_xor ^= (unsigned)t, i_xor ^= t * 3;
		ll_bits |= 1ll << (t + 8), ull_or |= 1ll << (t + 16);
	}
	bad += CHECK("atomicAdd unsigned", o.u_add, THREADS);
	bad += CHECK("atomicSub unsigned", o.u_sub, 100 - 2 * THREADS);
	bad += CHECK("atomicMin unsigned", o.u_min, 5) + CHECK("atomicMax unsigned", o.u_max, 52);
	bad += CHECK("atomicAnd unsigned", o.u_and, 0xffff0000u);
	bad += CHECK("atomicOr unsigned", o.u_or, 0xffffffffu);
	bad += CHECK("atomicXor unsigned", o.u_xor, u_xor);
	bad += CHECK("atomicInc", o.u_inc, THREADS % 10);
	bad += CHECK("atomicDec", o.u_dec, 7);
	bad += CHECK("atomicMin int", o.i_min, -100);
	bad += CHECK("atomicAnd int", o.i_and, -256);
	bad += CHECK("atomicOr int", o.i_or, 0x7fffffff);
	bad += CHECK("atomicXor int", o.i_xor, i_xor);
	bad += CHECK("atomicAdd_block shared", o.shared_sum, THREADS * (THREADS - 1) / 2);
	bad += CHECK("atomicAdd_block", o.i_block, THREADS);
	bad += CHECK("atomicAdd_system", o.i_system, 2 * THREADS);
	bad += CHECK("atomicMin long long", o.ll_min, -(1ll << 40));
	bad += CHECK("atomicMax long long", o.ll_max, (1ll << 40) + THREADS - 1);
	bad += CHECK("atomicAnd long long", o.ll_and, ~ll_bits);
	bad += CHECK("atomicOr long long", o.ll_or, ll_bits);
	bad += CHECK("atomicXor long long", o.ll_xor, (long long)u_xor << 32);
	bad += CHECK("atomicAdd unsigned long long", o.ull_add, (unsigned long long)THREADS << 33);
	bad += CHECK("atomicMin unsigned long long", o.ull_min, 1000 - (THREADS - 1));
	bad += CHECK("atomicMax unsigned long long", o.ull_max, 1000 + (THREADS - 1));
	bad += CHECK("atomicAnd unsigned long long", o.ull_and, ~0ull << THREADS);
	bad += CHECK("atomicOr unsigned long long", o.ull_or, ull_or);
	bad += CHECK("atomicXor unsigned long long", o.ull_xor, 0);
	bad += check_f("atomicAdd float", o.f_add, 0.5 * THREADS, 0);
	bad += check_f("atomicAdd double", o.d_add, 0.25 * THREADS, 0);
	if (o.have_vector_add) {
		bad += check_f("atomicAdd float2 .x", o.f2_add.x, THREADS, 0);
		bad += check_f("atomicAdd float2 .y", o.f2_add.y, 0.5 * THREADS, 0);
		bad += check_f("atomicAdd float4 .y", o.f4_add.y, 2 * THREADS, 0);
		bad += check_f("atomicAdd float4 .w", o.f4_add.w, -THREADS, 0);
	}
	bad += CHECK("atomicExch unsigned, old", o.old_u_exch, 3) +
	       CHECK("atomicExch unsigned", o.u_exch, 77);
	bad += CHECK("atomicExch unsigned long long", o.ull_exch, 1ull << 40);
	bad += check_f("atomicExch float", o.f_exch, 2.5, 0);
	bad += CHECK("atomicCAS unsigned, old", o.old_u_cas[0], 0) +
	       CHECK("atomicCAS unsigned, old after", o.old_u_cas[1], 5);
	bad += CHECK("atomicCAS unsigned", o.u_cas, 5);
	bad += CHECK("atomicCAS unsigned long long, old", o.old_ull_cas[0], 0);
	bad += CHECK("atomicCAS unsigned long long, old after", o.old_ull_cas[1], 1ull << 50);
	bad += CHECK("atomicCAS unsigned long long", o.ull_cas, 3);
	bad += CHECK("atomicCAS unsigned short", o.us_cas, 9);
	return bad;
}

/* Runs the launch with stdout going to a pipe: what the kernel printed and the host
 * flushed after a synchronisation, as the runner's log would get it. */
static int printed(const char *want, float *d_out, int *managed)
{
	static char buf[4096];
	int fds[2], saved;
	ssize_t got, n = 0;

	fflush(stdout);
	if (pipe(fds) || (saved = dup(1)) < 0 || dup2(fds[1], 1) < 0)
		return CHECK("a pipe for stdout", 1, 0);
	close(fds[1]);
	symbol_kernel<<<1, 4>>>(d_out, managed);
	cudaDeviceSynchronize();
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	while (n < (ssize_t)sizeof(buf) - 1 &&
	       (got = read(fds[0], buf + n, sizeof(buf) - 1 - n)) > 0)
		n += got;
	close(fds[0]);
	buf[n] = 0;
	if (strstr(buf, want))
		return 0;
	printf("intrinsics_test: the kernel's printf: got \"%s\", want \"%s\"\n", buf, want);
	return 1;
}

static int check_runtime(void)
{
	const float h_scale[4] = {1.f, 2.f, 3.f, 4.f};
	float *d_out = NULL, h_out[4], *h_pinned = NULL, *h_alloc = NULL;
	int *managed = NULL, zero = 0, total = -1, blocks = 0, bad = 0;
	size_t free_bytes = 0, total_bytes = 0;
	struct cudaFuncAttributes attr;

	bad += CHECK("cudaSetDevice", cudaSetDevice(0), cudaSuccess);
	bad += CHECK("cudaDeviceSetCacheConfig",
		     cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);
	bad += CHECK("cudaFuncSetCacheConfig",
		     cudaFuncSetCacheConfig(symbol_kernel, cudaFuncCachePreferL1), cudaSuccess);
	bad += CHECK("cudaFuncGetAttributes", cudaFuncGetAttributes(&attr, symbol_kernel),
		     cudaSuccess);
	bad +=
	    CHECK("cudaFuncGetAttributes' maxThreadsPerBlock", attr.maxThreadsPerBlock >= 256, 1);
	bad += CHECK("cudaOccupancyMaxActiveBlocksPerMultiprocessor",
		     cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, symbol_kernel, 128, 0),
		     cudaSuccess);
	bad += CHECK("blocks of 128 threads per SM", blocks >= 1 && blocks <= 16, 1);
	bad += CHECK("cudaMemGetInfo", cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
	bad +=
	    CHECK("cudaMemGetInfo's free <= total", free_bytes > 0 && free_bytes <= total_bytes, 1);

	bad += CHECK("cudaMemcpyToSymbol __constant__",
		     cudaMemcpyToSymbol(c_scale, h_scale, sizeof(h_scale)), cudaSuccess);
	bad += CHECK("cudaMemcpyToSymbol __device__",
		     cudaMemcpyToSymbol(d_total, &zero, sizeof(zero)), cudaSuccess);
	bad +=
	    CHECK("cudaMallocManaged", cudaMallocManaged(&managed, 4 * sizeof(int)), cudaSuccess);
	bad += CHECK("cudaMalloc", cudaMalloc(&d_out, sizeof(h_out)), cudaSuccess);
	if (bad)
		return bad;
	for (int i = 0; i < 4; i++)
		managed[i] = i;
	bad += printed("intrinsics_test: printf from thread 2 of block 0\n", d_out, managed);
	bad += CHECK("cudaMemcpyFromSymbol", cudaMemcpyFromSymbol(&total, d_total, sizeof(total)),
		     cudaSuccess);
	bad += CHECK("__device__ int after the kernel", total, 1 + 2 + 3 + 4);
	bad += CHECK("cudaMallocHost", cudaMallocHost(&h_pinned, sizeof(h_out)), cudaSuccess);
	bad += CHECK("cudaHostAlloc", cudaHostAlloc(&h_alloc, sizeof(h_out), cudaHostAllocDefault),
		     cudaSuccess);
	if (bad)
		return bad;
	cudaMemcpy(h_pinned, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	memcpy(h_alloc, h_pinned, sizeof(h_out));
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 4; i++) {
		bad += check_f("__constant__ float read by a kernel", h_out[i], 2 * h_scale[i], 0);
		bad += check_f("pinned memory", h_alloc[i], 2 * h_scale[i], 0);
		bad += CHECK("managed memory", managed[i], 3 * i);
	}
	cudaFreeHost(h_pinned);
	cudaFreeHost(h_alloc);
	cudaFree(managed);
	cudaFree(d_out);
	return bad;
}

/* A sort's output against its input: each key came with its value (the input's index),
 * the values are a permutation, the keys are in order, and, for a stable sort, equal
 * keys keep their input order. Keys as doubles that order as the sort orders them. */
static int check_sorted(const char *what, const double *in_key, const double *key, const int *val,
			int stable)
{
	static char seen[N_SORT];
	int bad = 0;

	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < N_SORT && !bad; i++) {
		if (val[i] < 0 || val[i] >= N_SORT || seen[val[i]]++ || key[i] != in_key[val[i]])
			bad = printf("intrinsics_test: %s: slot %d holds a pair of no input\n",
				     what, i);
		else if (i > 0 && key[i] < key[i - 1])
			bad = printf("intrinsics_test: %s: slot %d out of order\n", what, i);
		else if (stable && i > 0 && key[i] == key[i - 1] && val[i] < val[i - 1])
			bad =
			    printf("intrinsics_test: %s: slot %d: equal keys out of input order\n",
				   what, i);
	}
	return bad != 0;
}

static int check_sorts(void)
{
	static int h_k[N_SORT], h_v[N_SORT], k[N_SORT], v[N_SORT];
	static unsigned h_u[N_SORT], u[N_SORT];
	static float h_f[N_SORT], f[N_SORT];
	static double in_key[N_SORT], key[N_SORT];
	int *d_k, *d_v, *d_k2, *d_v2, bad = 0;
	unsigned *d_u, *d_u2;
	float *d_f, *d_f2;
	void *d_temp = NULL;
	size_t temp_bytes = 0, bytes = sizeof(int) * N_SORT;

	for (int i = 0; i < N_SORT; i++) {
		h_k[i] = i * 7919 % 37 - 10; /* duplicates, and negative keys */
		h_v[i] = i;
		h_u[i] = (unsigned)i * 2654435761u; /* sorted by its low 10 bits only */
		h_f[i] = 0.25f * (float)(i * 104729 % 101 - 50);
	}
	if (cudaMalloc(&d_k, bytes) || cudaMalloc(&d_v, bytes) || cudaMalloc(&d_k2, bytes) ||
	    cudaMalloc(&d_v2, bytes) || cudaMalloc(&d_u, bytes) || cudaMalloc(&d_u2, bytes) ||
	    cudaMalloc(&d_f, bytes) || cudaMalloc(&d_f2, bytes))
		return CHECK("cudaMalloc", 1, 0);
#define RESET()                                                                                    \
	cudaMemcpy(d_k, h_k, bytes, cudaMemcpyHostToDevice);                                       \
	cudaMemcpy(d_v, h_v, bytes, cudaMemcpyHostToDevice);                                       \
	cudaMemcpy(d_u, h_u, bytes, cudaMemcpyHostToDevice);                                       \
	cudaMemcpy(d_f, h_f, bytes, cudaMemcpyHostToDevice)
#define FETCH(dk, dv)                                                                              \
	cudaMemcpy(k, dk, bytes, cudaMemcpyDeviceToHost);                                          \
	cudaMemcpy(v, dv, bytes, cudaMemcpyDeviceToHost)
	for (int i = 0; i < N_SORT; i++)
		in_key[i] = h_k[i];

	RESET();
	thrust::stable_sort_by_key(thrust::device, d_k, d_k + N_SORT, d_v);
	FETCH(d_k, d_v);
	for (int i = 0; i < N_SORT; i++)
		key[i] = k[i];
	bad += check_sorted("thrust::stable_sort_by_key", in_key, key, v, 1);

	RESET();
	thrust::sort_by_key(thrust::device, d_k, d_k + N_SORT, d_v);
	FETCH(d_k, d_v);
	for (int i = 0; i < N_SORT; i++)
		key[i] = k[i];
	bad += check_sorted("thrust::sort_by_key", in_key, key, v, 0);

	RESET();
	thrust::sort(thrust::device, d_f, d_f + N_SORT, thrust::greater<float>());
	cudaMemcpy(f, d_f, bytes, cudaMemcpyDeviceToHost);
	int in_order = 1;
	for (int i = 1; i < N_SORT; i++)
		in_order &= f[i] <= f[i - 1];
	bad += CHECK("thrust::sort with thrust::greater, in order", in_order, 1);

	/* CUB: a first call asks for the scratch space, the second sorts; stable */
	RESET();
	cub::DeviceRadixSort::SortPairs(NULL, temp_bytes, d_k, d_k2, d_v, d_v2, N_SORT);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceRadixSort::SortPairs(d_temp, temp_bytes, d_k, d_k2, d_v, d_v2, N_SORT);
	FETCH(d_k2, d_v2);
	for (int i = 0; i < N_SORT; i++)
		key[i] = k[i];
	bad += check_sorted("cub::DeviceRadixSort::SortPairs", in_key, key, v, 1);
	cudaFree(d_temp);

	RESET();
	cub::DeviceRadixSort::SortPairs(NULL, temp_bytes, d_u, d_u2, d_v, d_v2, N_SORT, 0, 10);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceRadixSort::SortPairs(d_temp, temp_bytes, d_u, d_u2, d_v, d_v2, N_SORT, 0, 10);
	cudaMemcpy(u, d_u2, bytes, cudaMemcpyDeviceToHost);
	cudaMemcpy(v, d_v2, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N_SORT; i++)
		in_key[i] = h_u[i] & 1023, key[i] = u[i] & 1023;
	bad += check_sorted("SortPairs on bits [0, 10)", in_key, key, v, 1);
	int kept = 0;
	for (int i = 0; i < N_SORT; i++)
		kept += u[i] == h_u[v[i]];
	bad += CHECK("SortPairs keeps a key's other bits", kept, N_SORT);
	cudaFree(d_temp);

	RESET();
	cub::DeviceRadixSort::SortPairsDescending(NULL, temp_bytes, d_f, d_f2, d_v, d_v2, N_SORT);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceRadixSort::SortPairsDescending(d_temp, temp_bytes, d_f, d_f2, d_v, d_v2, N_SORT);
	cudaMemcpy(f, d_f2, bytes, cudaMemcpyDeviceToHost);
	cudaMemcpy(v, d_v2, bytes, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N_SORT; i++)
		in_key[i] = -h_f[i], key[i] = -f[i];
	bad += check_sorted("SortPairsDescending of floats", in_key, key, v, 1);
	cudaFree(d_temp);

	/* the double-buffered form: the result is in Current(), whichever buffer that is */
	RESET();
	cub::DoubleBuffer<int> keys(d_k, d_k2), values(d_v, d_v2);
	cub::DeviceRadixSort::SortPairs(NULL, temp_bytes, keys, values, N_SORT);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceRadixSort::SortPairs(d_temp, temp_bytes, keys, values, N_SORT);
	FETCH(keys.Current(), values.Current());
	for (int i = 0; i < N_SORT; i++)
		in_key[i] = h_k[i], key[i] = k[i];
	bad += check_sorted("SortPairs of a DoubleBuffer", in_key, key, v, 1);
	cudaFree(d_temp);

	int *ptrs[] = {d_k, d_v, d_k2, d_v2, (int *)d_u, (int *)d_u2, (int *)d_f, (int *)d_f2};
	for (int *p : ptrs)
		cudaFree(p);
	return bad;
}

int main(void)
{
	int bad = check_math() + check_block() + check_runtime() + check_sorts();

	bad += CHECK("cudaDeviceReset", cudaDeviceReset(), cudaSuccess);
	if (!bad)
		printf(
		    "intrinsics_test: math, intrinsics, votes, atomics, symbols, memory, printf and "
		    "sorts as on a GPU\n");
	return bad != 0;
}
