/*
 * Two-line element sets (tle.h). Each field is cut from its columns and read by a grammar
 * of its own, digit by digit, so a card that is not what the format says is refused at
 * the columns that are wrong rather than read as some other number, and no value depends
 * on the locale (strtod would read "0,5" in some).
 */
#include "tle.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of a set: its text, its length without trailing blanks or line end, which
 * line of the set it is (1 or 2) and where a refusal is written. */
struct card {
	const char *s;
	int len;
	int line;
	char *why;
	size_t why_size;
};

void tle_say(char *why, size_t why_size, const char *fmt, ...)
{
	va_list ap;

	if (!why || !why_size)
		return;
	va_start(ap, fmt);
	vsnprintf(why, why_size, fmt, ap);
	va_end(ap);
}

/* "line L, columns A-B (NAME): " then the reason; returns -1 for the caller to pass on. */
static int refuse(const struct card *c, int first, int last, const char *name, const char *fmt, ...)
{
	char where[64], reason[160];
	va_list ap;
	int n;

	n = snprintf(where, sizeof(where), "line %d, column", c->line);
	if (first == last)
		n += snprintf(where + n, sizeof(where) - n, " %d", first);
	else
		n += snprintf(where + n, sizeof(where) - n, "s %d-%d", first, last);
	if (name)
		snprintf(where + n, sizeof(where) - n, " (%s)", name);
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	tle_say(c->why, c->why_size, "%s: %s", where, reason);
	return -1;
}

/* m x 10^e with one operation on exact operands (|m| < 2^53, 10^|e| exact up to 1e22),
 * so the result is the correctly rounded value of the decimal on the card. */
static double scaled(long long m, int e)
{
	double p = 1.0;

	for (int k = 0; k < (e < 0 ? -e : e); k++)
		p *= 10.0;
	return e < 0 ? (double)m / p : (double)m * p;
}

/* Columns first..last, counted from 1 as the format counts them (the caller has checked
 * the line reaches last). */
static void cut(const struct card *c, int first, int last, char *f)
{
	memcpy(f, c->s + first - 1, last - first + 1);
	f[last - first + 1] = '\0';
}

/* A right-justified integer: blanks, then digits to the end. An all-blank field is 0 when
 * blank_ok (the element number of old sets), otherwise refused. */
static int read_int(const char *f, int blank_ok, long *v)
{
	const char *p = f + strspn(f, " ");

	if (!*p && !blank_ok)
		return -1;
	for (*v = 0; *p; p++) {
		if (!isdigit((unsigned char)*p))
			return -1;
		*v = 10 * *v + (*p - '0');
	}
	return 0;
}

/* A decimal number: blanks, an optional sign, digits with at most one point among them. */
static int read_decimal(const char *f, double *v)
{
	const char *p = f + strspn(f, " ");
	int sign = *p == '-' ? -1 : 1, digits = 0, point = -1;
	long long m = 0;

	p += *p == '-' || *p == '+';
	for (; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			m = 10 * m + (*p - '0');
			digits++;
		} else if (*p == '.' && point < 0) {
			point = digits;
		} else {
			return -1;
		}
	}
	if (!digits)
		return -1;
	*v = sign * scaled(m, point < 0 ? 0 : point - digits);
	return 0;
}

/* The assumed-decimal exponent form of nddot and B*, eight columns "SMMMMMSE": the sign
 * (blank, + or -), five digits after an assumed point, the exponent's sign and digit;
 * "-30915-6" is -0.30915e-6. */
static int read_exponent(const char *f, double *v)
{
	long long m = 0;

	if (!f[0] || !strchr(" +-", f[0]) || (f[6] != '+' && f[6] != '-') ||
	    !isdigit((unsigned char)f[7]))
		return -1;
	for (int k = 1; k <= 5; k++) {
		if (!isdigit((unsigned char)f[k]))
			return -1;
		m = 10 * m + (f[k] - '0');
	}
	*v = (f[0] == '-' ? -1 : 1) * scaled(m, (f[6] == '-' ? -1 : 1) * (f[7] - '0') - 5);
	return 0;
}

/* The eccentricity: digits after a point assumed before the first column. A sign is read
 * so that a negative eccentricity is refused as what it is, not as a non-number. */
static int read_eccentricity(const char *f, double *v)
{
	const char *p = f + (f[0] == '-' || f[0] == '+');
	int digits = (int)strspn(p, "0123456789");
	long long m = 0;

	if (!digits || p[digits])
		return -1;
	for (int k = 0; k < digits; k++)
		m = 10 * m + (p[k] - '0');
	*v = (f[0] == '-' ? -1 : 1) * scaled(m, -digits);
	return 0;
}

/* The catalogue number: five digits (leading blanks allowed), or Alpha-5, a letter for the
 * ten-thousands 10-33 (A-Z without I and O, which look like digits) and four digits. */
static int read_satnum(const char *f, long *v)
{
	static const char alpha[] = "ABCDEFGHJKLMNPQRSTUVWXYZ";
	const char *a;
	long low;

	if (f[0] < 'A' || f[0] > 'Z')
		return read_int(f, 0, v);
	a = strchr(alpha, f[0]);
	if (!a || !isdigit((unsigned char)f[1]) || read_int(f + 1, 0, &low))
		return -1;
	*v = (10 + (a - alpha)) * 10000L + low;
	return 0;
}

/* The international designator: "" when blank, else the launch year's two digits, the
 * launch of the year's three, one to three letters for the piece, then blanks. */
static int read_intldes(const char *f, char *out)
{
	int n = (int)strlen(f), k = 0;

	while (n > 0 && f[n - 1] == ' ')
		n--;
	while (k < n && k < 5 && isdigit((unsigned char)f[k]))
		k++;
	if (n && (k < 5 || n == 5))
		return -1;
	for (; k < n; k++)
		if (f[k] < 'A' || f[k] > 'Z')
			return -1;
	memcpy(out, f, n);
	out[n] = '\0';
	return 0;
}

static int get_int(const struct card *c, int first, int last, const char *name, int blank_ok,
		   long *v)
{
	char f[16];

	cut(c, first, last, f);
	if (read_int(f, blank_ok, v))
		return refuse(c, first, last, name, "\"%s\" is not a number", f);
	return 0;
}

static int get_decimal(const struct card *c, int first, int last, const char *name, double *v)
{
	char f[16];

	cut(c, first, last, f);
	if (read_decimal(f, v))
		return refuse(c, first, last, name, "\"%s\" is not a number", f);
	return 0;
}

static int get_exponent(const struct card *c, int first, const char *name, double *v)
{
	char f[16];

	cut(c, first, first + 7, f);
	if (read_exponent(f, v))
		return refuse(c, first, first + 7, name,
			      "\"%s\" is not a number of the form \"-12345-6\" (-0.12345e-6)", f);
	return 0;
}

/* What every line must have before its fields are read: its number in column 1, 69
 * columns (68 where checksums are not checked: the digit may be missing), and blanks in
 * the columns between fields (@p gaps, ending in 0). */
static int check_frame(const struct card *c, int check_sums, const int *gaps)
{
	if (c->s[0] != '0' + c->line)
		return refuse(c, 1, 1, "line number", "\"%.1s\" where %d was expected", c->s,
			      c->line);
	if (c->len < 68 || (c->len == 68 && check_sums))
		return refuse(c, c->len + 1, 69, c->len == 68 ? "checksum" : NULL,
			      "missing: the line has %d columns, a set's lines have 69", c->len);
	for (; *gaps; gaps++)
		if (c->s[*gaps - 1] != ' ')
			return refuse(c, *gaps, *gaps, NULL,
				      "\"%c\" where a blank separates two fields", c->s[*gaps - 1]);
	return 0;
}

static int check_sum(const struct card *c, int check_sums)
{
	char got = c->len >= 69 ? c->s[68] : ' ';

	if (!check_sums)
		return 0;
	if (!isdigit((unsigned char)got))
		return refuse(c, 69, 69, "checksum", "\"%c\" is not a digit", got);
	if (got - '0' != tle_checksum(c->s))
		return refuse(c, 69, 69, "checksum", "expected %d, got %c", tle_checksum(c->s),
			      got);
	return 0;
}

static int parse_line1(const struct card *c, int check_sums, struct tle *t)
{
	static const int gaps[] = {2, 9, 18, 33, 44, 53, 62, 64, 0};
	long year, element;
	char f[16];

	if (check_frame(c, check_sums, gaps))
		return -1;
	cut(c, 3, 7, f);
	if (read_satnum(f, &t->satnum))
		return refuse(c, 3, 7, "satellite number", "\"%s\" is not a catalogue number", f);
	t->classification = c->s[7];
	if (!strchr("UCS", c->s[7]))
		return refuse(c, 8, 8, "classification", "\"%c\" is none of U, C, S", c->s[7]);
	cut(c, 10, 17, f);
	if (read_intldes(f, t->intldes))
		return refuse(c, 10, 17, "international designator",
			      "\"%s\" is not of the form \"98067A\"", f);
	cut(c, 19, 20, f);
	if (!isdigit((unsigned char)f[0]) || !isdigit((unsigned char)f[1]))
		return refuse(c, 19, 20, "epoch year", "\"%s\" is not a number", f);
	year = 10 * (f[0] - '0') + (f[1] - '0');
	t->epoch_year = (int)(year < 57 ? 2000 + year : 1900 + year);
	if (get_decimal(c, 21, 32, "epoch day", &t->epoch_day))
		return -1;
	if (t->epoch_day < 1.0 || t->epoch_day >= 367.0)
		return refuse(c, 21, 32, "epoch day", "%.8f is not a day of the year [1, 367)",
			      t->epoch_day);
	if (get_decimal(c, 34, 43, "ndot", &t->ndot) || get_exponent(c, 45, "nddot", &t->nddot) ||
	    get_exponent(c, 54, "bstar", &t->bstar))
		return -1;
	if (c->s[62] != ' ' && !isdigit((unsigned char)c->s[62]))
		return refuse(c, 63, 63, "ephemeris type", "\"%c\" is not a digit", c->s[62]);
	t->ephemeris_type = c->s[62] == ' ' ? 0 : c->s[62] - '0';
	if (get_int(c, 65, 68, "element number", 1, &element))
		return -1;
	t->element_number = (int)element;
	if (c->len > 69)
		return refuse(c, 70, c->len, NULL, "\"%s\" after the checksum", c->s + 69);
	return check_sum(c, check_sums);
}

static int parse_line2(const struct card *c, int check_sums, struct tle *t)
{
	static const int gaps[] = {2, 8, 17, 26, 34, 43, 52, 0};
	const char *extra = c->s + 69;
	long satnum;
	char f[16];
	int n;

	if (check_frame(c, check_sums, gaps))
		return -1;
	cut(c, 3, 7, f);
	if (read_satnum(f, &satnum))
		return refuse(c, 3, 7, "satellite number", "\"%s\" is not a catalogue number", f);
	if (satnum != t->satnum)
		return refuse(c, 3, 7, "satellite number", "%ld differs from line 1's %ld", satnum,
			      t->satnum);
	if (get_decimal(c, 9, 16, "inclination", &t->inclination) ||
	    get_decimal(c, 18, 25, "RAAN", &t->raan))
		return -1;
	if (t->inclination < 0.0 || t->inclination > 180.0)
		return refuse(c, 9, 16, "inclination", "%.4f is outside [0, 180]", t->inclination);
	cut(c, 27, 33, f);
	if (read_eccentricity(f, &t->eccentricity))
		return refuse(c, 27, 33, "eccentricity", "\"%s\" is not a number", f);
	if (t->eccentricity < 0.0 || t->eccentricity >= 1.0)
		return refuse(c, 27, 33, "eccentricity", "\"%s\" is outside [0, 1)", f);
	if (get_decimal(c, 35, 42, "argument of perigee", &t->arg_perigee) ||
	    get_decimal(c, 44, 51, "mean anomaly", &t->mean_anomaly) ||
	    get_decimal(c, 53, 63, "mean motion", &t->mean_motion) ||
	    get_int(c, 64, 68, "revolution number", 0, &t->rev_number))
		return -1;
	if (t->mean_motion <= 0.0)
		return refuse(c, 53, 63, "mean motion", "%.8f is not positive", t->mean_motion);
	extra += c->len > 69 ? strspn(extra, " ") : 0;
	n = c->len > 69 ? c->len - (int)(extra - c->s) : 0;
	if (n >= (int)sizeof(t->extra))
		return refuse(c, 70, c->len, "extra",
			      "%d characters after the checksum, more than %d", n,
			      (int)sizeof(t->extra) - 1);
	memcpy(t->extra, extra, n);
	t->extra[n] = '\0';
	return check_sum(c, check_sums);
}

static int text_length(const char *s)
{
	int n = (int)strlen(s);

	while (n > 0 && strchr(" \t\r\n", s[n - 1]))
		n--;
	return n;
}

int tle_parse(const char *line1, const char *line2, int check_sums, struct tle *t, char *why,
	      size_t why_size)
{
	struct card c1 = {line1, text_length(line1), 1, why, why_size};
	struct card c2 = {line2, text_length(line2), 2, why, why_size};
	struct tle set = {0};

	if (parse_line1(&c1, check_sums, &set) || parse_line2(&c2, check_sums, &set))
		return -1;
	*t = set;
	return 0;
}

int tle_checksum(const char *line)
{
	int sum = 0;

	for (int k = 0; k < 68 && line[k]; k++)
		sum += isdigit((unsigned char)line[k]) ? line[k] - '0' : line[k] == '-';
	return sum % 10;
}
