/*
 * The FP64 operations of one SGP4 propagation, counted (lab 06 bench, make bench LAB=06:
 * the share of the FP64 bound). The course's own model, sgp4_model.h and sgp4_deep.h,
 * compiled as C++ with double spelt `fpc`, a double that counts every arithmetic
 * operation done on it; the composition is step 6.e's sgp4_at (solutions/06-orbits/
 * sgp4.cuh) with Vallado's Kepler loop, as sgp4_ref does it. Counted: each +, -, *, /
 * (a negation and a comparison not), and each call of sqrt, sin, cos, pow, atan2, fmod,
 * floor, fabs apart. Each kind of the catalogue (catalogue.h), every minute of a day
 * from epoch, the integration of the resonances carried from step to step as the
 * integrated kernel carries it; the mean per propagation printed as CSV. An FMA that
 * nvcc makes of a * b + c counts two here, as the bound counts it.
 *   g++ -O1 -std=c++17 -I common -I common/06-orbits -I common/reference \
 *     -I /usr/local/cuda/include autograder/06-orbits/peers/sgp4_opcount.cc \
 *     build/lib/libcommon.a -lm -o build/sgp4_opcount && build/sgp4_opcount
 */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static unsigned long long n_add, n_mul, n_div, n_sqrt, n_trig, n_other;

struct fpc {
	double x;
	fpc() = default;
	constexpr fpc(double v) : x(v) {}
	operator double() const { return x; }
	fpc &operator+=(fpc b) { n_add++; x += b.x; return *this; }
	fpc &operator-=(fpc b) { n_add++; x -= b.x; return *this; }
	fpc &operator*=(fpc b) { n_mul++; x *= b.x; return *this; }
	fpc &operator/=(fpc b) { n_div++; x /= b.x; return *this; }
	fpc operator-() const { return fpc(-x); }
};
#define BIN(op, counter)                                                                   \
	static inline fpc operator op(fpc a, fpc b) { counter++; return fpc(a.x op b.x); }     \
	static inline fpc operator op(fpc a, double b) { counter++; return fpc(a.x op b); }    \
	static inline fpc operator op(double a, fpc b) { counter++; return fpc(a op b.x); }    \
	static inline fpc operator op(fpc a, int b) { counter++; return fpc(a.x op b); }       \
	static inline fpc operator op(int a, fpc b) { counter++; return fpc(a op b.x); }
BIN(+, n_add)
BIN(-, n_add)
BIN(*, n_mul)
BIN(/, n_div)
#define FN1(name, counter)                                                                 \
	static inline fpc name(fpc a) { counter++; return fpc(std::name(a.x)); }
FN1(sqrt, n_sqrt)
FN1(sin, n_trig)
FN1(cos, n_trig)
FN1(fabs, n_other)
FN1(floor, n_other)
static inline fpc pow(fpc a, fpc b) { n_other++; return fpc(std::pow(a.x, b.x)); }
static inline fpc pow(fpc a, double b) { n_other++; return fpc(std::pow(a.x, b)); }
static inline fpc atan2(fpc a, fpc b) { n_trig++; return fpc(std::atan2(a.x, b.x)); }
static inline fpc fmod(fpc a, fpc b) { n_other++; return fpc(std::fmod(a.x, b.x)); }
static inline fpc fmod(fpc a, double b) { n_other++; return fpc(std::fmod(a.x, b)); }

extern "C" {
#define double fpc
#include "sgp4_model.h"
#undef double
}
extern "C" {
#include "catalogue.h"
}

static_assert(sizeof(fpc) == sizeof(double), "fpc must lay out as a double");

/* Vallado's Newton loop, as step 6.e's sgp4_kepler and sgp4_ref's. */
static void kepler(const struct sgp4_long_period *lp, fpc *sin_e, fpc *cos_e)
{
	fpc e = lp->u, step = 9999.9;

	for (int k = 1; fabs(step) >= 1.0e-12 && k <= 10; k++) {
		*sin_e = sin(e);
		*cos_e = cos(e);
		step = 1.0 - *cos_e * lp->axnl - *sin_e * lp->aynl;
		step = (lp->u - lp->aynl * *cos_e + lp->axnl * *sin_e - e) / step;
		if (fabs(step) >= 0.95)
			step = step > 0.0 ? 0.95 : -0.95;
		e = e + step;
	}
}

/* step 6.e's sgp4_at */
static int sgp4_at(const struct sgp4_record *rec, struct sgp4_resonance *res, fpc t, fpc r[3],
		   fpc v[3])
{
	struct sgp4_mean m;
	struct sgp4_periodic p;
	struct sgp4_long_period lp;
	fpc sin_e, cos_e, re[3], ve[3];
	const fpc km_per_s = rec->radiusearthkm * rec->xke / 60.0;
	int err;

	sgp4_secular(rec, t, &m);
	if (rec->method == SGP4_DEEP_SPACE)
		sgp4_dspace(rec, res, &m);
	err = sgp4_mean_elements(rec, &m);
	if (err)
		return err;
	err = sgp4_dpper(rec, &m, &p);
	if (err)
		return err;
	sgp4_long_period(rec, &m, &p, &lp);
	kepler(&lp, &sin_e, &cos_e);
	err = sgp4_short_period(rec, &m, &p, &lp, sin_e, cos_e, re, ve);
	if (err == 4)
		return err;
	for (int c = 0; c < 3; c++) {
		r[c] = re[c] * rec->radiusearthkm;
		v[c] = ve[c] * km_per_s;
	}
	return err;
}

int main(void)
{
	enum { N = 200, STEPS = 1440 };
	const enum catalogue_kind kinds[4] = {CATALOGUE_LEO, CATALOGUE_GPS, CATALOGUE_MOLNIYA,
					      CATALOGUE_GEO};
	struct tle *sets = (struct tle *)malloc(N * sizeof(*sets));
	struct sgp4_record *rec = (struct sgp4_record *)malloc(N * sizeof(*rec));

	printf("kind,propagations,add_sub,mul,div,sqrt,sin_cos_atan2,fabs_floor_fmod_pow,"
	       "flops_per_propagation\n");
	for (int k = 0; k < 4; k++) {
		unsigned long long props = 0;
		catalogue_draw(7 + k, &kinds[k], 1, N, 1, sets);
		if (catalogue_records(sets, N, rec)) {
			fprintf(stderr, "sgp4_opcount: a record refused\n");
			return 1;
		}
		n_add = n_mul = n_div = n_sqrt = n_trig = n_other = 0;
		for (int i = 0; i < N; i++) {
			struct sgp4_resonance res;
			memset(&res, 0, sizeof(res));
			for (int s = 0; s < STEPS; s++) {
				fpc r[3], v[3];
				if (sgp4_at(&rec[i], &res, (double)s, r, v))
					break; /* Vallado's rule: a satellite stops at its first error */
				props++;
			}
		}
		double p = (double)props;
		/* the FLOPs of the bound: +, -, *, / and sqrt one each */
		printf("%s,%llu,%.1f,%.1f,%.1f,%.2f,%.2f,%.2f,%.1f\n", catalogue_kind_name(kinds[k]),
		       props, n_add / p, n_mul / p, n_div / p, n_sqrt / p, n_trig / p, n_other / p,
		       (n_add + n_mul + n_div + n_sqrt) / p);
	}
	free(sets), free(rec);
	return 0;
}
