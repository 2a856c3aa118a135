/*
 * Two disk galaxies with dark halos on a parabolic encounter (galaxy.h): an exponential
 * disk and a Hernquist halo per galaxy, sampled in double and stored as float4.
 */
#include <math.h>
#include <stddef.h>

#include "galaxy.h"

#define PI 3.14159265358979323846
/* the halo's Jeans table: radii log-spaced from TABLE_RMIN a to the cut */
#define TABLE_N	   1024
#define TABLE_RMIN 1e-3

void galaxy_model_default(struct galaxy_model *m)
{
	m->disk_mass = 1.0;
	m->disk_scale = 1.0;
	m->disk_height = 0.1;
	m->disk_cut = 6.0;
	m->halo_mass = 4.0;
	m->halo_scale = 3.0;
	m->halo_cut = 15.0;
	m->toomre_q = 1.5;
	m->disk_fraction = 0.5;
}

void galaxy_encounter_default(struct galaxy_encounter *e)
{
	e->pericentre = 2.5;
	e->separation = 20.0;
	e->incl_deg[0] = 15.0;
	e->incl_deg[1] = 50.0;
	e->node_deg[0] = 0.0;
	e->node_deg[1] = 90.0;
}

/* The fraction of an exponential disk's mass within x scale lengths. */
static double disk_fraction_within(double x)
{
	return 1.0 - (1.0 + x) * exp(-x);
}

/* The fraction of an untruncated Hernquist halo's mass within r. */
static double hernquist_fraction_within(double r, double a)
{
	return r * r / ((r + a) * (r + a));
}

double galaxy_mass_within(const struct galaxy_model *m, double r)
{
	double rd = fmin(r, m->disk_cut), rh = fmin(r, m->halo_cut);

	if (!(r > 0.0))
		return 0.0;
	return m->disk_mass * disk_fraction_within(rd / m->disk_scale) /
		   disk_fraction_within(m->disk_cut / m->disk_scale) +
	       m->halo_mass * hernquist_fraction_within(rh, m->halo_scale) /
		   hernquist_fraction_within(m->halo_cut, m->halo_scale);
}

double galaxy_circular_speed(const struct galaxy_model *m, double r)
{
	return r > 0.0 ? sqrt(galaxy_mass_within(m, r) / r) : 0.0;
}

/* dM/dr of galaxy_mass_within, for the epicycle frequency */
static double mass_slope(const struct galaxy_model *m, double r)
{
	double x = r / m->disk_scale, a = m->halo_scale, s = 0.0;

	if (r < m->disk_cut)
		s += m->disk_mass * x * exp(-x) / m->disk_scale /
		     disk_fraction_within(m->disk_cut / m->disk_scale);
	if (r < m->halo_cut)
		s += m->halo_mass * 2.0 * r * a / ((r + a) * (r + a) * (r + a)) /
		     hernquist_fraction_within(m->halo_cut, a);
	return s;
}

/* A standard normal deviate (Box-Muller, one of the pair). */
static double gaussian(struct rng *r)
{
	return sqrt(-2.0 * log(rng_uniform_open(r))) * cos(2.0 * PI * rng_uniform(r));
}

/* A vector of length @p len in a direction uniform on the sphere. */
static void isotropic(struct rng *r, double len, double out[3])
{
	double z = len * (1.0 - 2.0 * rng_uniform(r)), phi = 2.0 * PI * rng_uniform(r);
	double rxy = sqrt(fmax(len * len - z * z, 0.0));

	out[0] = rxy * cos(phi);
	out[1] = rxy * sin(phi);
	out[2] = z;
}

/* The halo's isotropic dispersion sigma^2 and escape speed^2 on a log grid of radii. */
struct halo_table {
	double ln_rmin, dln;
	double sigma2[TABLE_N], vesc2[TABLE_N];
};

/*
 * Jeans: rho sigma^2 (r) = int_r^cut rho G M(<r') / r'^2 dr', and the potential
 * Phi(r) = -G M(cut) / cut - int_r^cut G M(<r') / r'^2 dr', both by the trapezoid rule
 * in ln r from the cut inwards. rho is Hernquist's 1 / (r (r + a)^3), unnormalised.
 */
static void halo_table_make(const struct galaxy_model *m, struct halo_table *t)
{
	double a = m->halo_scale, rmin = TABLE_RMIN * a, jeans = 0.0, pot = 0.0;
	double g_prev = 0.0, h_prev = 0.0;

	t->ln_rmin = log(rmin);
	t->dln = log(m->halo_cut / rmin) / (TABLE_N - 1);
	for (int k = TABLE_N - 1; k >= 0; k--) {
		double r = exp(t->ln_rmin + k * t->dln), rho = 1.0 / (r * pow(r + a, 3.0));
		double mass = galaxy_mass_within(m, r), g = rho * mass / r, h = mass / r;
		if (k < TABLE_N - 1) {
			jeans += 0.5 * (g + g_prev) * t->dln;
			pot += 0.5 * (h + h_prev) * t->dln;
		}
		t->sigma2[k] = jeans / rho;
		t->vesc2[k] = 2.0 * (galaxy_mass_within(m, m->halo_cut) / m->halo_cut + pot);
		g_prev = g;
		h_prev = h;
	}
}

static double table_at(const struct halo_table *t, const double *v, double r)
{
	double s = r > 0.0 ? (log(r) - t->ln_rmin) / t->dln : 0.0;
	int k;

	if (!(s > 0.0))
		return v[0];
	if (s >= TABLE_N - 1)
		return v[TABLE_N - 1];
	k = (int)s;
	return v[k] + (s - k) * (v[k + 1] - v[k]);
}

/* One halo body: radius from the truncated Hernquist mass, an isotropic Gaussian
 * velocity of the Jeans dispersion, drawn again until below 0.95 of the escape speed. */
static void halo_body(struct rng *r, const struct galaxy_model *m, const struct halo_table *t,
		      double x[3], double v[3])
{
	double a = m->halo_scale, s, rad, sigma, vmax2;

	s = sqrt(hernquist_fraction_within(m->halo_cut, a) * rng_uniform_open(r));
	rad = a * s / (1.0 - s);
	isotropic(r, rad, x);
	sigma = sqrt(table_at(t, t->sigma2, rad));
	vmax2 = 0.95 * 0.95 * table_at(t, t->vesc2, rad);
	do {
		for (int k = 0; k < 3; k++)
			v[k] = sigma * gaussian(r);
	} while (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] >= vmax2);
}

/* One disk body: cylindrical radius from the truncated exponential (bisection on its
 * cumulative mass), height from sech^2, velocity as galaxy.h says. */
static void disk_body(struct rng *r, const struct galaxy_model *m, double x[3], double v[3])
{
	double rd = m->disk_scale, xcut = m->disk_cut / rd;
	double u = disk_fraction_within(xcut) * rng_uniform_open(r), lo = 0.0, hi = xcut;
	double rad, phi, z, vc2, omega2, kappa2, sigma_surf, sig_r, sig_phi, sig_z, vphi2;

	for (int it = 0; it < 60; it++) {
		double mid = 0.5 * (lo + hi);
		if (disk_fraction_within(mid) < u)
			lo = mid;
		else
			hi = mid;
	}
	rad = fmax(0.5 * (lo + hi) * rd, 1e-6 * rd);
	phi = 2.0 * PI * rng_uniform(r);
	z = m->disk_height * atanh(2.0 * rng_uniform_open(r) - 1.0);

	vc2 = galaxy_mass_within(m, rad) / rad;
	omega2 = vc2 / (rad * rad);
	kappa2 = mass_slope(m, rad) / (rad * rad) + omega2;
	sigma_surf =
	    m->disk_mass / (2.0 * PI * rd * rd) * exp(-rad / rd) / disk_fraction_within(xcut);
	sig_r = fmin(3.36 * m->toomre_q * sigma_surf / sqrt(kappa2), 0.5 * sqrt(vc2));
	sig_phi = sig_r * sqrt(kappa2 / (4.0 * omega2));
	sig_z = sqrt(PI * sigma_surf * m->disk_height);
	/* the asymmetric drift of a disk whose sigma_r^2 falls as exp(-R / R_d) */
	vphi2 = vc2 + sig_r * sig_r * (1.0 - kappa2 / (4.0 * omega2) - 2.0 * rad / rd);

	double v_r = sig_r * gaussian(r), v_phi = sqrt(fmax(vphi2, 0.0)) + sig_phi * gaussian(r);
	x[0] = rad * cos(phi);
	x[1] = rad * sin(phi);
	x[2] = z;
	v[0] = v_r * cos(phi) - v_phi * sin(phi);
	v[1] = v_r * sin(phi) + v_phi * cos(phi);
	v[2] = sig_z * gaussian(r);
}

static void store(float4 *p, const double x[3], double w)
{
	p->x = (float)x[0];
	p->y = (float)x[1];
	p->z = (float)x[2];
	p->w = (float)w;
}

/* Moves bodies [0, n) so that their centre of mass is at rest at the origin. */
static void centre(float4 *pos, float4 *vel, int n)
{
	double cx[3] = {0.0, 0.0, 0.0}, cv[3] = {0.0, 0.0, 0.0}, total = 0.0;

	for (int i = 0; i < n; i++) {
		cx[0] += (double)pos[i].w * pos[i].x, cv[0] += (double)pos[i].w * vel[i].x;
		cx[1] += (double)pos[i].w * pos[i].y, cv[1] += (double)pos[i].w * vel[i].y;
		cx[2] += (double)pos[i].w * pos[i].z, cv[2] += (double)pos[i].w * vel[i].z;
		total += pos[i].w;
	}
	for (int i = 0; total > 0.0 && i < n; i++) {
		pos[i].x = (float)(pos[i].x - cx[0] / total);
		pos[i].y = (float)(pos[i].y - cx[1] / total);
		pos[i].z = (float)(pos[i].z - cx[2] / total);
		vel[i].x = (float)(vel[i].x - cv[0] / total);
		vel[i].y = (float)(vel[i].y - cv[1] / total);
		vel[i].z = (float)(vel[i].z - cv[2] / total);
	}
}

/* One galaxy into two ranges (disk, halo), each centred on its own: the halo's
 * sampling noise then moves neither the disk off its plane nor the galaxy. */
static void galaxy_build(struct rng *r, const struct galaxy_model *m, int n_disk, int n_halo,
			 float4 *dpos, float4 *dvel, float4 *hpos, float4 *hvel)
{
	struct halo_table t;
	double x[3], v[3];

	halo_table_make(m, &t);
	for (int i = 0; i < n_disk; i++) {
		disk_body(r, m, x, v);
		store(&dpos[i], x, m->disk_mass / n_disk);
		store(&dvel[i], v, 0.0);
	}
	for (int i = 0; i < n_halo; i++) {
		halo_body(r, m, &t, x, v);
		store(&hpos[i], x, m->halo_mass / n_halo);
		store(&hvel[i], v, 0.0);
	}
	centre(dpos, dvel, n_disk);
	centre(hpos, hvel, n_halo);
}

int galaxy_single(struct rng *r, const struct galaxy_model *m, int n_disk, int n_halo, float4 *pos,
		  float4 *vel, float *tag)
{
	if (n_disk < 0 || n_halo < 0 || n_disk + n_halo == 0)
		return -1;
	galaxy_build(r, m, n_disk, n_halo, pos, vel, pos + n_disk, vel + n_disk);
	for (int i = 0; tag && i < n_disk + n_halo; i++)
		tag[i] = i < n_disk ? GALAXY_TAG_DISK(0) : GALAXY_TAG_HALO(0);
	return 0;
}

/* Tilts bodies [0, n) by incl about the x axis, then turns them by node about z, and
 * moves them to (shift, drift). */
static void place(float4 *pos, float4 *vel, int n, double incl_deg, double node_deg,
		  const double shift[3], const double drift[3])
{
	double ci = cos(incl_deg * PI / 180.0), si = sin(incl_deg * PI / 180.0);
	double cn = cos(node_deg * PI / 180.0), sn = sin(node_deg * PI / 180.0);

	for (int i = 0; i < n; i++) {
		float4 *b[2] = {&pos[i], &vel[i]};
		for (int j = 0; j < 2; j++) {
			const double *add = j ? drift : shift;
			double x = b[j]->x, y = ci * b[j]->y - si * b[j]->z,
			       z = si * b[j]->y + ci * b[j]->z;
			b[j]->x = (float)(cn * x - sn * y + add[0]);
			b[j]->y = (float)(sn * x + cn * y + add[1]);
			b[j]->z = (float)(z + add[2]);
		}
	}
}

int galaxy_pair(struct rng *r, const struct galaxy_model *m, const struct galaxy_encounter *e,
		int n, float4 *pos, float4 *vel, float *tag)
{
	int nd, nh, first_disk[2], count_disk[2], first_halo[2], count_halo[2];
	double mu, p, cosnu, sinnu, speed, rel[3], vrel[3];

	if (n < 4)
		return -1;
	nd = (int)(m->disk_fraction * n + 0.5);
	nd = nd < 2 ? 2 : nd > n - 2 ? n - 2 : nd;
	nh = n - nd;
	count_disk[0] = nd - nd / 2, count_disk[1] = nd / 2;
	count_halo[0] = nh - nh / 2, count_halo[1] = nh / 2;
	first_disk[0] = 0, first_disk[1] = count_disk[0];
	first_halo[0] = nd, first_halo[1] = nd + count_halo[0];

	/* the relative orbit: a parabola of pericentre q, p = 2 q, at true anomaly -nu */
	mu = 2.0 * (m->disk_mass + m->halo_mass);
	p = 2.0 * e->pericentre;
	cosnu = fmin(fmax(p / e->separation - 1.0, -1.0), 1.0);
	sinnu = -sqrt(1.0 - cosnu * cosnu);
	speed = sqrt(mu / p);
	rel[0] = e->separation * cosnu, rel[1] = e->separation * sinnu, rel[2] = 0.0;
	vrel[0] = -speed * sinnu, vrel[1] = speed * (1.0 + cosnu), vrel[2] = 0.0;

	for (int g = 0; g < 2; g++) {
		/* equal masses: each centre half the relative vector from the origin */
		double side = g ? 0.5 : -0.5, shift[3], drift[3];
		float4 *dp = pos + first_disk[g], *dv = vel + first_disk[g];
		float4 *hp = pos + first_halo[g], *hv = vel + first_halo[g];
		for (int k = 0; k < 3; k++) {
			shift[k] = side * rel[k];
			drift[k] = side * vrel[k];
		}
		galaxy_build(r, m, count_disk[g], count_halo[g], dp, dv, hp, hv);
		place(dp, dv, count_disk[g], e->incl_deg[g], e->node_deg[g], shift, drift);
		place(hp, hv, count_halo[g], e->incl_deg[g], e->node_deg[g], shift, drift);
		for (int i = 0; tag && i < count_disk[g]; i++)
			tag[first_disk[g] + i] = GALAXY_TAG_DISK(g);
		for (int i = 0; tag && i < count_halo[g]; i++)
			tag[first_halo[g] + i] = GALAXY_TAG_HALO(g);
	}
	return nd;
}
