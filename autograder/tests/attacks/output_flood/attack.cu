// Attack: flood the test's log; the work that follows is the reference's, correct.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

__attribute__((constructor)) static void attack_print(void)
{
	static char line[4096];
	memset(line, 'x', sizeof(line) - 1);
	for (int i = 0; i < 200 * 256; i++)
		if (fputs(line, stdout) < 0)
			break;
	fflush(stdout);
}
