# make help: the comment at the top of the Makefile that includes this (the course's or
# the student release's), the one list of its targets and options.
help:
	@awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' $(firstword $(MAKEFILE_LIST))
.PHONY: help
