/* Bench output files (see csv.h). */
#include "csv.h"

FILE *csv_open(const char *dir, const char *name)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		perror(path);
	return f;
}
