/* Whole messages over the grader's socket to the runner (see rpc.h). Do not modify. */
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "rpc.h"

int wire_read(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t k = read(fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k, len -= (size_t)k;
	}
	return 0;
}

int wire_write(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		/* a dead peer is a failed call, never a SIGPIPE that kills the caller */
		ssize_t k = send(fd, p, len, MSG_NOSIGNAL);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k, len -= (size_t)k;
	}
	return 0;
}
