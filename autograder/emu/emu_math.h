/*
 * The device math of CUDA that host C++ lacks or spells differently, for the CPU
 * emulation (emu.h includes it through emu_intrinsics.h): float overloads in the global
 * namespace, CUDA's own functions (rsqrt, sincospi, ...), the arithmetic and conversion
 * intrinsics in each rounding mode, and bit casts, each giving what a GPU gives
 * (tests/intrinsics_test.cu). The fast-math intrinsics (__expf, __sinf, ...) are
 * emu_fastmath.c's, since glibc declares them with C linkage: the exact functions there,
 * within the GPU's error bounds.
 */
#ifndef EMU_MATH_H
#define EMU_MATH_H

#include <cmath>
#include <cstring>
#include <limits>

/* CUDA's float overloads in the global namespace: exp(x) of a float is expf(x), and
 * abs(x) of a float is never an int; isnan and friends are functions, not macros */
using std::abs, std::acos, std::acosh, std::asin, std::asinh, std::atan, std::atan2, std::atanh;
using std::cbrt, std::ceil, std::copysign, std::cos, std::cosh, std::erf, std::erfc, std::exp;
using std::exp2, std::expm1, std::fabs, std::fdim, std::floor, std::fma, std::fmax, std::fmin;
using std::fmod, std::frexp, std::hypot, std::ldexp, std::lgamma, std::log, std::log10;
using std::log1p, std::log2, std::logb, std::nearbyint, std::nextafter, std::pow, std::remainder;
using std::rint, std::round, std::scalbn, std::sin, std::sinh, std::tan, std::tanh, std::tgamma;
using std::trunc, std::isnan, std::isinf, std::isfinite, std::signbit;

static inline double rsqrt(double x)
{
	return 1.0 / std::sqrt(x);
}
static inline float rcbrtf(float x)
{
	return 1.f / std::cbrt(x);
}
static inline double rcbrt(double x)
{
	return 1.0 / std::cbrt(x);
}
static inline float rhypotf(float x, float y)
{
	return 1.f / std::hypot(x, y);
}
static inline double rhypot(double x, double y)
{
	return 1.0 / std::hypot(x, y);
}
static inline double norm3d(double a, double b, double c)
{
	return std::hypot(a, b, c); /* scaled: no overflow of the squares, as on a GPU */
}
static inline double rnorm3d(double a, double b, double c)
{
	return 1.0 / norm3d(a, b, c);
}

/* sin(pi x) and cos(pi x) from x reduced exactly to [0, 1/2]: exact zeros and ones at
 * the integers and half-integers, as a GPU's */
template <typename F> static inline F emu_sinpi(F x)
{
	F a = std::fmod(std::fabs(x), F(2)), s = 1;
	if (a >= 1)
		a -= 1, s = -1; /* sin(pi (1 + a)) = -sin(pi a) */
	if (a > F(0.5))
		a = 1 - a;
	F v = s * std::sin(F(M_PI) * a);
	if (v == 0)
		return std::copysign(F(0), x);
	return x < 0 ? -v : v;
}
template <typename F> static inline F emu_cospi(F x)
{
	F a = std::fmod(std::fabs(x), F(2));
	if (a > 1)
		a = 2 - a;
	return std::sin(F(M_PI) * (F(0.5) - a)); /* an exact difference for a >= 1/4 */
}
static inline float sinpif(float x)
{
	return emu_sinpi(x);
}
static inline double sinpi(double x)
{
	return emu_sinpi(x);
}
static inline float cospif(float x)
{
	return emu_cospi(x);
}
static inline double cospi(double x)
{
	return emu_cospi(x);
}
static inline void sincospif(float x, float *s, float *c)
{
	*s = sinpif(x), *c = cospif(x);
}
static inline void sincospi(double x, double *s, double *c)
{
	*s = sinpi(x), *c = cospi(x);
}

#define EMU_MINMAX(name, T, op)                                                                    \
	static inline T name(T a, T b)                                                             \
	{                                                                                          \
		return a op b ? a : b;                                                             \
	}
EMU_MINMAX(umin, unsigned, <)
EMU_MINMAX(umax, unsigned, >)
EMU_MINMAX(llmin, long long, <)
EMU_MINMAX(llmax, long long, >)
EMU_MINMAX(ullmin, unsigned long long, <)
EMU_MINMAX(ullmax, unsigned long long, >)

/* Rounding modes: the round-to-nearest result r, moved one step toward the exact
 * result where the mode asks and the exact result lies on that side; err is exact - r
 * or has its sign, from an error-free transform (fma recovers what a product or a
 * quotient dropped). fma itself rounds to nearest in every mode. */
enum { EMU_RN, EMU_RZ, EMU_RU, EMU_RD };
template <typename F, typename E> static inline F emu_directed(F r, E err, int mode)
{
	const F inf = std::numeric_limits<F>::infinity();
	if (mode == EMU_RN || err == 0 || err != err || std::isinf(r))
		return r;
	if (mode == EMU_RU)
		return err > 0 ? std::nextafter(r, inf) : r;
	if (mode == EMU_RD)
		return err < 0 ? std::nextafter(r, -inf) : r;
	return (r > 0) == (err < 0) ? std::nextafter(r, F(0)) : r; /* toward zero */
}
template <typename F> static inline F emu_add(F x, F y, int mode)
{
	F s = x + y, z = s - x; /* Knuth's two-sum: s + err is x + y exactly */
	return emu_directed(s, (x - (s - z)) + (y - z), mode);
}
template <typename F> static inline F emu_sub(F x, F y, int mode)
{
	return emu_add(x, -y, mode);
}
template <typename F> static inline F emu_mul(F x, F y, int mode)
{
	F p = x * y;
	return emu_directed(p, std::fma(x, y, -p), mode);
}
template <typename F> static inline F emu_div(F x, F y, int mode)
{
	F q = x / y;
	return emu_directed(q, std::fma(-q, y, x) * (y < 0 ? -1 : 1), mode);
}
template <typename F> static inline F emu_rcp(F x, int mode)
{
	return emu_div(F(1), x, mode);
}
template <typename F> static inline F emu_sqrt(F x, int mode)
{
	F s = std::sqrt(x);
	return emu_directed(s, std::fma(-s, s, x), mode);
}
template <typename F> static inline F emu_fma(F x, F y, F z, int mode)
{
	(void)mode;
	return std::fma(x, y, z);
}
/* to a narrower float type (from an integer or a double, held exactly in w) */
template <typename F> static inline F emu_narrow(long double w, int mode)
{
	F r = (F)w;
	return emu_directed(r, w - (long double)r, mode);
}

/* name_rn, name_rz, name_ru and name_rd of each */
#define EMU_MODES(def, ...)                                                                        \
	def(_rn, EMU_RN, __VA_ARGS__) def(_rz, EMU_RZ, __VA_ARGS__) def(_ru, EMU_RU, __VA_ARGS__)  \
	    def(_rd, EMU_RD, __VA_ARGS__)
#define EMU_OP1(sfx, mode, name, F, fn)                                                            \
	static inline F name##sfx(F x)                                                             \
	{                                                                                          \
		return fn(x, mode);                                                                \
	}
#define EMU_OP2(sfx, mode, name, F, fn)                                                            \
	static inline F name##sfx(F x, F y)                                                        \
	{                                                                                          \
		return fn(x, y, mode);                                                             \
	}
#define EMU_OP3(sfx, mode, name, F, fn)                                                            \
	static inline F name##sfx(F x, F y, F z)                                                   \
	{                                                                                          \
		return fn(x, y, z, mode);                                                          \
	}
EMU_MODES(EMU_OP2, __fadd, float, emu_add)
EMU_MODES(EMU_OP2, __fsub, float, emu_sub)
EMU_MODES(EMU_OP2, __fmul, float, emu_mul)
EMU_MODES(EMU_OP2, __fdiv, float, emu_div)
EMU_MODES(EMU_OP1, __frcp, float, emu_rcp)
EMU_MODES(EMU_OP1, __fsqrt, float, emu_sqrt)
EMU_MODES(EMU_OP3, __fmaf, float, emu_fma)
EMU_MODES(EMU_OP2, __dadd, double, emu_add)
EMU_MODES(EMU_OP2, __dsub, double, emu_sub)
EMU_MODES(EMU_OP2, __dmul, double, emu_mul)
EMU_MODES(EMU_OP2, __ddiv, double, emu_div)
EMU_MODES(EMU_OP1, __drcp, double, emu_rcp)
EMU_MODES(EMU_OP1, __dsqrt, double, emu_sqrt)
EMU_MODES(EMU_OP3, __fma, double, emu_fma)

/* Conversions. To an integer: rounded in the mode, then clamped to the type's range,
 * NaN giving 0, as a GPU's cvt does (CUDA calls a value out of range undefined). */
template <typename I> static inline I emu_to_int(double r)
{
	const double hi = std::ldexp(1.0, std::numeric_limits<I>::digits);
	if (r != r)
		return 0;
	if (r >= hi)
		return std::numeric_limits<I>::max();
	if (r <= (std::numeric_limits<I>::is_signed ? -hi : 0.0))
		return std::numeric_limits<I>::min();
	return (I)r;
}
#define EMU_TO_INT(name, F, I)                                                                     \
	static inline I name##_rn(F x)                                                             \
	{                                                                                          \
		return emu_to_int<I>(std::nearbyint(x));                                           \
	}                                                                                          \
	static inline I name##_rz(F x)                                                             \
	{                                                                                          \
		return emu_to_int<I>(std::trunc(x));                                               \
	}                                                                                          \
	static inline I name##_ru(F x)                                                             \
	{                                                                                          \
		return emu_to_int<I>(std::ceil(x));                                                \
	}                                                                                          \
	static inline I name##_rd(F x)                                                             \
	{                                                                                          \
		return emu_to_int<I>(std::floor(x));                                               \
	}
EMU_TO_INT(__float2uint, float, unsigned)
EMU_TO_INT(__float2ll, float, long long)
EMU_TO_INT(__float2ull, float, unsigned long long)
EMU_TO_INT(__double2int, double, int)
EMU_TO_INT(__double2uint, double, unsigned)
EMU_TO_INT(__double2ll, double, long long)
EMU_TO_INT(__double2ull, double, unsigned long long)
/* to a float type, in the mode */
#define EMU_TO_FLOAT(sfx, mode, name, From, F)                                                     \
	static inline F name##sfx(From x)                                                          \
	{                                                                                          \
		return emu_narrow<F>((long double)x, mode);                                        \
	}
EMU_MODES(EMU_TO_FLOAT, __int2float, int, float)
EMU_MODES(EMU_TO_FLOAT, __uint2float, unsigned, float)
EMU_MODES(EMU_TO_FLOAT, __ll2float, long long, float)
EMU_MODES(EMU_TO_FLOAT, __ull2float, unsigned long long, float)
EMU_MODES(EMU_TO_FLOAT, __ll2double, long long, double)
EMU_MODES(EMU_TO_FLOAT, __ull2double, unsigned long long, double)
EMU_MODES(EMU_TO_FLOAT, __double2float, double, float)
static inline double __int2double_rn(int x)
{
	return x;
}
static inline double __uint2double_rn(unsigned x)
{
	return x;
}

/* bit casts */
template <typename To, typename From> static inline To emu_bits(From x)
{
	static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
	To out;
	memcpy(&out, &x, sizeof(out));
	return out;
}
static inline int __float_as_int(float x)
{
	return emu_bits<int>(x);
}
static inline float __int_as_float(int x)
{
	return emu_bits<float>(x);
}
static inline unsigned __float_as_uint(float x)
{
	return emu_bits<unsigned>(x);
}
static inline float __uint_as_float(unsigned x)
{
	return emu_bits<float>(x);
}
static inline long long __double_as_longlong(double x)
{
	return emu_bits<long long>(x);
}
static inline double __longlong_as_double(long long x)
{
	return emu_bits<double>(x);
}
static inline int __double2hiint(double x)
{
	return (int)(emu_bits<unsigned long long>(x) >> 32);
}
static inline int __double2loint(double x)
{
	return (int)emu_bits<unsigned long long>(x);
}
static inline double __hiloint2double(int hi, int lo)
{
	return emu_bits<double>((unsigned long long)(unsigned)hi << 32 | (unsigned)lo);
}

#endif /* EMU_MATH_H */
