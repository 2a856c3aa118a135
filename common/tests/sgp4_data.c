/*
 * Vallado's verification set read where python-sgp4 installed it, and sgp4_ref checked
 * against it (sgp4_data.h). tcppver.out's layout, as python-sgp4's tests.py regenerates
 * it: a line "NNNN xx" per object, then a line per time (minutes, r km, v km/s, more),
 * 0 first, then start to stop by step as the set's line 2 gives them after column 69,
 * stop itself when the steps miss it; an object's lines end at its first error.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sgp4.h"
#include "sgp4_data.h"
#include "sgp4_init.h"
#include "tle.h"

/* One object's lines of tcppver.out: time, r[3], v[3]. */
struct block {
	long satnum;
	int n, cap;
	double (*row)[7];
};

static int exists(const char *dir, const char *name)
{
	char path[4096 + 32];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

const char *sgp4_data_dir(char *why, size_t why_size)
{
	static char dir[4096];
	const char *env = getenv("SGP4_DATA");
	/* the python3 on PATH may be another than the one apt's package installs into */
	const char *pythons[] = {"python3", "/usr/bin/python3"};

	if (env && *env) {
		snprintf(dir, sizeof(dir), "%s", env);
		if (exists(dir, "SGP4-VER.TLE") && exists(dir, "tcppver.out"))
			return dir;
		snprintf(why, why_size, "SGP4_DATA=%s holds no SGP4-VER.TLE and tcppver.out: %s",
			 env, SGP4_DATA_FIX);
		return NULL;
	}
	for (size_t k = 0; k < sizeof(pythons) / sizeof(pythons[0]); k++) {
		char cmd[256];
		FILE *p;

		snprintf(
		    cmd, sizeof(cmd),
		    "%s -c 'import os, sgp4; print(os.path.dirname(sgp4.__file__))' 2>/dev/null",
		    pythons[k]);
		p = popen(cmd, "r");
		if (!p)
			continue;
		if (!fgets(dir, sizeof(dir), p))
			dir[0] = '\0';
		pclose(p);
		dir[strcspn(dir, "\n")] = '\0';
		if (dir[0] && exists(dir, "SGP4-VER.TLE") && exists(dir, "tcppver.out"))
			return dir;
	}
	snprintf(why, why_size,
		 "Vallado's SGP4 verification files not found (no SGP4_DATA, "
		 "no python3 module sgp4 with them): %s",
		 SGP4_DATA_FIX);
	return NULL;
}

/* tcppver.out as blocks, one per object. */
static int read_blocks(const char *dir, struct block **blocks, char *why, size_t why_size)
{
	char path[4096 + 32], *line = NULL;
	size_t size = 0;
	int n = 0, cap = 0;
	long lineno = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tcppver.out", dir);
	f = fopen(path, "r");
	if (!f) {
		snprintf(why, why_size, "%s: cannot open", path);
		return -1;
	}
	*blocks = NULL;
	while (getline(&line, &size, f) > 0) {
		long satnum;
		double *d;
		char tag[3];

		lineno++;
		if (sscanf(line, "%ld %2s", &satnum, tag) == 2 && !strcmp(tag, "xx")) {
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				*blocks = realloc(*blocks, cap * sizeof(**blocks));
			}
			(*blocks)[n++] = (struct block){satnum, 0, 0, NULL};
			continue;
		}
		struct block *b = n ? &(*blocks)[n - 1] : NULL;
		if (b && b->n == b->cap) {
			b->cap = b->cap ? 2 * b->cap : 64;
			b->row = realloc(b->row, b->cap * sizeof(*b->row));
		}
		d = b ? b->row[b->n] : NULL;
		if (!b || sscanf(line, "%lf %lf %lf %lf %lf %lf %lf", &d[0], &d[1], &d[2], &d[3],
				 &d[4], &d[5], &d[6]) != 7) {
			snprintf(why, why_size, "%s:%ld: not an object's header nor a data line",
				 path, lineno);
			free(line);
			fclose(f);
			return -1;
		}
		b->n++;
	}
	free(line);
	fclose(f);
	return n;
}

/* An object's times, as Vallado's testcpp steps them (the sum accumulated). */
static int object_times(const struct tle *t, double **times)
{
	double start, stop, step, tsince;
	int n = 1;

	if (sscanf(t->extra, "%lf %lf %lf", &start, &stop, &step) != 3 || step <= 0.0)
		return -1;
	*times = malloc(((size_t)((stop - start) / step) + 3) * sizeof(**times));
	(*times)[0] = 0.0;
	for (tsince = start; tsince <= stop; tsince += step)
		if (!(tsince == start && start == 0.0))
			(*times)[n++] = tsince;
	if (tsince - stop < step - 1e-6)
		(*times)[n++] = stop;
	return n;
}

/* One object against its block; prev is the block before (its last line may be
 * reprinted at 0 when this object failed there). */
static void check_object(const struct tle *t, const struct block *b, const struct block *prev,
			 struct sgp4_object_check *o)
{
	struct sgp4_gravity g = sgp4_gravity_wgs72();
	struct sgp4_record rec;
	double *times = NULL;
	int compare;

	memset(o, 0, sizeof(*o));
	o->satnum = t->satnum;
	o->init_error = sgp4_init(t, &g, 'i', &rec);
	o->deep = rec.method == SGP4_DEEP_SPACE;
	o->irez = rec.irez;
	o->times = object_times(t, &times);
	if (o->times < 0) {
		snprintf(o->problem, sizeof(o->problem), "no start, stop, step after column 69");
		return;
	}
	compare = b->n;
	if (b->n == 1 && o->times > 1 && prev && prev->n &&
	    !memcmp(&b->row[0][1], &prev->row[prev->n - 1][1], 6 * sizeof(double))) {
		o->file_stops = 1, o->file_stop_t = 0.0, compare = 0;
	} else if (b->n < o->times) {
		o->file_stops = 1, o->file_stop_t = times[b->n];
	} else if (b->n > o->times) {
		snprintf(o->problem, sizeof(o->problem), "%d lines for %d times", b->n, o->times);
	}
	for (int i = 0; i < o->times; i++) {
		double r[3], v[3], dr = 0.0, dv = 0.0;
		int err = sgp4_ref(&rec, times[i], r, v);

		if (err) {
			o->error_got = err, o->error_t = times[i];
			break;
		}
		if (i >= compare)
			continue;
		if (fabs(b->row[i][0] - times[i]) > 1e-7 && !o->problem[0])
			snprintf(o->problem, sizeof(o->problem), "line %d is at %.8f min, not %.8f",
				 i + 1, b->row[i][0], times[i]);
		for (int k = 0; k < 3; k++) {
			dr += (r[k] - b->row[i][1 + k]) * (r[k] - b->row[i][1 + k]);
			dv += (v[k] - b->row[i][4 + k]) * (v[k] - b->row[i][4 + k]);
		}
		dr = 1e6 * sqrt(dr), dv = 1e6 * sqrt(dv);
		if (dr > o->worst_r_mm || o->lines == 0)
			o->worst_r_mm = dr, o->worst_r_t = times[i];
		if (dv > o->worst_v_mms || o->lines == 0)
			o->worst_v_mms = dv, o->worst_v_t = times[i];
		o->lines++;
	}
	free(times);
}

int sgp4_verify(const char *dir, struct sgp4_object_check **objs, char *why, size_t why_size)
{
	char path[4096 + 32];
	struct tle *sets = NULL;
	struct block *blocks = NULL;
	int n_sets, n_blocks, n = -1;

	snprintf(path, sizeof(path), "%s/SGP4-VER.TLE", dir);
	/* Vallado's error cases are hand-edited and keep their old checksums */
	n_sets = tle_read_file(path, 0, &sets, why, why_size);
	n_blocks = read_blocks(dir, &blocks, why, why_size);
	if (n_sets < 0 || n_blocks < 0)
		goto out;
	if (n_sets != n_blocks) {
		snprintf(why, why_size,
			 "%d element sets in SGP4-VER.TLE, %d objects in tcppver.out", n_sets,
			 n_blocks);
		goto out;
	}
	*objs = calloc(n_sets, sizeof(**objs));
	for (int i = 0; i < n_sets; i++) {
		if (sets[i].satnum != blocks[i].satnum) {
			snprintf(why, why_size,
				 "object %d is %ld in SGP4-VER.TLE, %ld in tcppver.out", i + 1,
				 sets[i].satnum, blocks[i].satnum);
			free(*objs);
			goto out;
		}
		check_object(&sets[i], &blocks[i], i ? &blocks[i - 1] : NULL, &(*objs)[i]);
	}
	n = n_sets;
out:
	for (int i = 0; i < n_blocks; i++)
		free(blocks[i].row);
	free(blocks);
	free(sets);
	return n;
}

void sgp4_verify_print(FILE *f, const struct sgp4_object_check *o, int n)
{
	const int expected[] = SGP4_EXPECTED_ERRORS;
	double worst_r = 0.0, worst_v = 0.0;
	int lines = 0, times = 0, wr = 0, wv = 0;

	fprintf(f, "SGP4 (sgp4_ref, WGS-72, opsmode i) against Vallado's tcppver.out\n");
	fprintf(f, "%6s %-6s %5s %5s %12s %11s %12s %11s  %s\n", "object", "theory", "times",
		"lines", "worst r mm", "at min", "worst v mm/s", "at min",
		"error: file stops at / sgp4_ref");
	for (int i = 0; i < n; i++) {
		char stop[64] = "-";

		if (o[i].file_stops || o[i].error_got)
			snprintf(stop, sizeof(stop), "%.8g / %d at %.8g", o[i].file_stop_t,
				 o[i].error_got, o[i].error_t);
		fprintf(f, "%6ld %-6s %5d %5d %12.6f %11.4f %12.6f %11.4f  %s%s%s\n", o[i].satnum,
			o[i].deep ? (o[i].irez == 1   ? "deep-1"
				     : o[i].irez == 2 ? "deep-2"
						      : "deep")
				  : "near",
			o[i].times, o[i].lines, o[i].worst_r_mm, o[i].worst_r_t, o[i].worst_v_mms,
			o[i].worst_v_t, stop, o[i].problem[0] ? "; " : "", o[i].problem);
		lines += o[i].lines, times += o[i].times;
		if (o[i].worst_r_mm > worst_r)
			worst_r = o[i].worst_r_mm, wr = i;
		if (o[i].worst_v_mms > worst_v)
			worst_v = o[i].worst_v_mms, wv = i;
	}
	fprintf(f,
		"all %d objects: %d times, %d lines compared; worst r %.6f mm (%ld), worst v "
		"%.6f mm/s (%ld)\n",
		n, times, lines, worst_r, n ? o[wr].satnum : 0, worst_v, n ? o[wv].satnum : 0);
	fprintf(f, "error codes expected:");
	for (int k = 0; k < SGP4_N_EXPECTED_ERRORS; k++)
		fprintf(f, " %d", expected[k]);
	fprintf(f, "; got:");
	for (int i = 0; i < n; i++)
		if (o[i].error_got)
			fprintf(f, " %d", o[i].error_got);
	fprintf(f, "\n");
}
