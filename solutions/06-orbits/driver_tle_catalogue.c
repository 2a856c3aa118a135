/*
 * Lab 06-orbits driver, --tle FILE (driver_tle.h): the SGP4 mode's options and their
 * checks, and its catalogue: the file's element sets read (tle.h), each refusal printed
 * with its file line, or --catalogue's random sets drawn (catalogue.h), and each set
 * initialised with WGS-72 in Vallado's improved mode
 * (sgp4_init), those it refuses left out. make builds a lab's driver from driver.c alone,
 * so driver.c includes this file at its end.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "driver_tle.h"
#include "sgp4_init.h"
#include "tle.h"

void tle_mode_options(struct tle_mode *t, struct arg_spec specs[TLE_MODE_OPTIONS])
{
	const struct arg_spec table[TLE_MODE_OPTIONS] = {
	    OPT_STRING("--tle", &t->path, "FILE",
		       "propagate FILE's two- or three-line element sets with SGP4 from\n"
		       "each set's epoch, the integrated and the modular way (--method)"),
	    OPT_FLAG("--no-checksums", &t->no_checksums,
		     "read lines whose checksum digit is wrong (Vallado's SGP4-VER.TLE)"),
	    OPT_DOUBLE_GIVEN("--minutes", &t->minutes, "M",
			     "the span from each epoch, minutes (default 1440, a day)",
			     &t->span_given),
	    OPT_DOUBLE_GIVEN("--dt-min", &t->dt_min, "MIN",
			     "the step, minutes (default 1: a day is 1440 steps)", &t->span_given),
	    OPT_INT_GIVEN("--sample-every", &t->sample_every, "K",
			  "keep the states every K steps, checked against the CPU (default 60)",
			  &t->other_given),
	    OPT_INT_GIVEN("--catalogue", &t->draw_n, "N",
			  "instead of a file, N random sets drawn from --seed, of five kinds\n"
			  "in turn: LEO, Molniya, GPS, GEO, decaying (catalogue.h)",
			  &t->draw_given),
	    OPT_END};

	*t = (struct tle_mode){.methods = TLE_INTEGRATED | TLE_MODULAR,
			       .minutes = 1440.0,
			       .dt_min = 1.0,
			       .sample_every = 60};
	memcpy(specs, table, sizeof(table));
}

int tle_mode_check(struct tle_mode *t, const struct arg_spec *specs, int rk4_given,
		   const char *method)
{
	t->on = t->path || t->draw_given;
	if (!t->on) {
		if (t->no_checksums || t->span_given || t->other_given)
			return args_bad("driver", specs,
					"--no-checksums, --minutes, --dt-min, --sample-every: only "
					"with --tle FILE or --catalogue N");
		if (method && !strcmp(method, "both"))
			return args_bad("driver", specs,
					"--method both: only with --tle FILE or --catalogue N");
		return -1;
	}
	if (t->path && t->draw_given)
		return args_bad("driver", specs, "--tle, --catalogue: one or the other");
	if (t->draw_given && t->draw_n < 1)
		return args_bad("driver", specs, "--catalogue: expected 1 set or more, got %d",
				t->draw_n);
	if (t->draw_given && t->no_checksums)
		return args_bad("driver", specs, "--no-checksums: only with --tle FILE");
	if (rk4_given)
		return args_bad("driver", specs,
				"--tle, --catalogue: -n, --steps, --dt, --spl, --constellation, "
				"--raan-csv and --frames are the RK4 runs'; SGP4's span is "
				"--minutes, --dt-min");
	if (method && (!strcmp(method, "float") || !strcmp(method, "kahan")))
		return args_bad("driver", specs,
				"--method %s: SGP4 runs in double (integrated, modular or both)",
				method);
	if (!(t->dt_min > 0.0))
		return args_bad("driver", specs, "--dt-min: expected minutes > 0, got %g",
				t->dt_min);
	if (!(t->minutes > 0.0 && t->minutes / t->dt_min <= 1e8))
		return args_bad("driver", specs,
				"--minutes: expected minutes > 0 and at most 1e8 steps of "
				"--dt-min, got %g",
				t->minutes);
	if (t->sample_every < 1)
		return args_bad("driver", specs, "--sample-every: expected 1 or more, got %d",
				t->sample_every);
	t->methods = !method || !strcmp(method, "both") ? TLE_INTEGRATED | TLE_MODULAR
		     : !strcmp(method, "integrated")	? TLE_INTEGRATED
							: TLE_MODULAR;
	return -1;
}

int tle_mode_steps(const struct tle_mode *t)
{
	return (int)ceil(t->minutes / t->dt_min - 1e-9);
}

/* The lines of @path starting "1 " or "2 " whose checksum digit (column 69) is wrong or
 * missing, as tle_read_file counts them: how many, or -1 if the file cannot be read. */
static int count_bad_checksums(const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[512];
	int bad = 0;

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		size_t len = strcspn(line, "\r\n");

		while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			len--;
		if ((line[0] == '1' || line[0] == '2') && line[1] == ' ' && len >= 68 &&
		    (len == 68 || line[68] != '0' + tle_checksum(line)))
			bad++;
	}
	fclose(fp);
	return bad;
}

const char *tle_mode_source(const struct tle_mode *t)
{
	static char drawn[64];

	if (t->path)
		return t->path;
	snprintf(drawn, sizeof(drawn), "random sets of seed 0x%llx", t->seed);
	return drawn;
}

/* @t's sets into @c->sets, @c->read of them: the file's, or the random ones, each named
 * after its kind. 0, or main's exit code. */
static int read_sets(const struct tle_mode *t, struct driver_catalogue *c)
{
	const enum catalogue_kind kinds[] = {CATALOGUE_LEO, CATALOGUE_MOLNIYA, CATALOGUE_GPS,
					     CATALOGUE_GEO, CATALOGUE_DECAYING};
	char why[512];
	int bad;

	if (t->draw_given) {
		if (!(c->sets = malloc((size_t)t->draw_n * sizeof(*c->sets))))
			return fprintf(stderr, "out of memory for %d sets\n", t->draw_n), 1;
		catalogue_draw(t->seed, kinds, CATALOGUE_KINDS, t->draw_n, 1, c->sets);
		for (int i = 0; i < t->draw_n; i++)
			snprintf(c->sets[i].name, sizeof(c->sets[i].name), "random %s",
				 catalogue_kind_name(kinds[i % CATALOGUE_KINDS]));
		c->read = t->draw_n;
		return 0;
	}
	c->read = tle_read_file(t->path, !t->no_checksums, &c->sets, why, sizeof(why));
	if (c->read < 0) {
		fprintf(stderr, "%s\n", why);
		if (strstr(why, "(checksum)") && (bad = count_bad_checksums(t->path)) > 0)
			fprintf(stderr,
				"%s: %d line%s with a wrong or missing checksum digit; "
				"--no-checksums reads the file anyway\n",
				t->path, bad, bad == 1 ? "" : "s");
		return 1;
	}
	if (c->read == 0)
		return fprintf(stderr, "%s: no element sets\n", t->path), 1;
	return 0;
}

int tle_read_catalogue(const struct tle_mode *t, struct driver_catalogue *c)
{
	struct sgp4_gravity g = sgp4_gravity_wgs72();

	*c = (struct driver_catalogue){0};
	if (read_sets(t, c))
		return 1;
	if (!(c->rec = malloc((size_t)c->read * sizeof(*c->rec))))
		return fprintf(stderr, "out of memory for %d records\n", c->read), 1;
	for (int i = 0; i < c->read; i++) {
		struct sgp4_record *r = &c->rec[c->n];
		int err = sgp4_init(&c->sets[i], &g, 'i', r);

		if (err) {
			printf("%s: set %ld%s%s left out: sgp4_init: error %d, %s\n",
			       tle_mode_source(t), c->sets[i].satnum, c->sets[i].name[0] ? " " : "",
			       c->sets[i].name, err, sgp4_error_name(err));
			continue;
		}
		c->deep += r->method == SGP4_DEEP_SPACE;
		c->one_day += r->irez == 1, c->half_day += r->irez == 2;
		c->sets[c->n++] = c->sets[i];
	}
	if (c->n == 0)
		return fprintf(stderr, "%s: no set left to propagate\n", tle_mode_source(t)), 1;
	return 0;
}
