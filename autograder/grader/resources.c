/* ptxas's resource report, kernel by kernel (see resources.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resources.h"

#define MAX_REPORT (1 << 20)

static void quoted(const char *s, char *out, size_t len)
{
	const char *a = strchr(s, '\''), *b = a ? strchr(a + 1, '\'') : NULL;
	size_t n = a && b ? (size_t)(b - a - 1) : 0;

	if (n >= len)
		n = len - 1;
	memcpy(out, a ? a + 1 : "", n);
	out[n] = '\0';
}

/* "... 12 bytes smem ..." -> 12; 0 when the report leaves the item out */
static int number_before(const char *line, const char *unit)
{
	const char *p = strstr(line, unit);

	while (p && p > line && p[-1] == ' ')
		p--;
	while (p && p > line && p[-1] >= '0' && p[-1] <= '9')
		p--;
	return p ? atoi(p) : 0;
}

int resources_parse(const char *text, struct kernel_resources *out, int max)
{
	struct kernel_resources *k = NULL;
	int n = 0;

	for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
		const char *end = strchr(line, '\n');
		char buf[1024];
		size_t len = end ? (size_t)(end - line) : strlen(line);

		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, line, len);
		buf[len] = '\0';
		if (strstr(buf, "Compiling entry function") && n < max) {
			k = &out[n++];
			memset(k, 0, sizeof(*k));
			quoted(buf, k->name, sizeof(k->name));
			quoted(strstr(buf, " for ") ? strstr(buf, " for ") : "", k->arch,
			       sizeof(k->arch));
		} else if (k && strstr(buf, "bytes stack frame")) {
			k->stack_bytes = number_before(buf, "bytes stack frame");
			k->spill_stores = number_before(buf, "bytes spill stores");
			k->spill_loads = number_before(buf, "bytes spill loads");
		} else if (k && strstr(buf, "Used ") && strstr(buf, "registers")) {
			k->registers = number_before(buf, "registers");
			k->smem_bytes = number_before(buf, "bytes smem");
		}
	}
	return n;
}

int resources_read(const char *path, struct kernel_resources *out, int max)
{
	FILE *f = fopen(path, "r");
	char *text;
	size_t len;
	int n;

	if (!f)
		return -1;
	text = malloc(MAX_REPORT + 1);
	len = text ? fread(text, 1, MAX_REPORT, f) : 0;
	fclose(f);
	if (!text)
		return -1;
	text[len] = '\0';
	n = resources_parse(text, out, max);
	free(text);
	return n;
}
