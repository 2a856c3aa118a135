#!/usr/bin/env bash
# ensure-deps.sh [--optional] NAME...: makes sure the Debian packages behind NAME
# (criterion, libpng, pandoc, doxygen, gnuplot, sgp4, ffmpeg, slurm, chromium) are usable. Whatever is
# missing, it says the exact command first. At a terminal it asks before running it;
# without one (CI, a script) it runs it when it can (as root or with passwordless sudo)
# and otherwise prints it and fails. --optional: something the caller can do without
# (make movie's MP4, which falls back to GIF): never installed without a yes at a
# terminal. Criterion and libpng count as present when their headers compile, so a copy
# pointed to by CPATH/LIBRARY_PATH (the GPU machine's .devdeps) is enough.
set -u
optional=
[ "${1:-}" = --optional ] && optional=1 && shift
missing=()
for name in "$@"; do
	case $name in
	criterion)
		echo '#include <criterion/criterion.h>' | ${CC:-gcc} -E -x c - >/dev/null 2>&1 ||
			missing+=(libcriterion-dev) ;;
	libpng) # the drivers' frames (common/png_io.c); the graders do without it
		echo '#include <png.h>' | ${CC:-gcc} -E -x c - >/dev/null 2>&1 ||
			missing+=(libpng-dev) ;;
	pandoc) command -v pandoc >/dev/null || missing+=(pandoc) ;;
	doxygen) command -v doxygen >/dev/null || missing+=(doxygen) ;;
	gnuplot) command -v gnuplot >/dev/null || missing+=(gnuplot-nox) ;;
	sgp4) # Vallado's SGP4 verification set, which lab 06's SGP4 tests read where installed
		# (the Debian package's python; a python3 earlier on PATH may not see it)
		{ /usr/bin/python3 -c 'import sgp4' || python3 -c 'import sgp4'; } >/dev/null 2>&1 ||
			missing+=(python3-sgp4) ;;
	ffmpeg) command -v ffmpeg >/dev/null || missing+=(ffmpeg) ;; # make movie's MP4
	slurm) # a single-node cluster with accounting (autograder/tests/slurm/cluster.sh)
		command -v slurmctld >/dev/null || missing+=(slurm-wlm)
		command -v slurmdbd >/dev/null || missing+=(slurmdbd)
		command -v munged >/dev/null || missing+=(munge)
		command -v mariadbd >/dev/null || missing+=(mariadb-server) ;;
	chromium) # the browser check of the grade's and class's pages (make test-slow)
		command -v chromium >/dev/null || missing+=(chromium) ;;
	*) echo "ensure-deps: unknown dependency '$name'" >&2; exit 2 ;;
	esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
	sudo="sudo -n"
else
	echo "missing Debian packages: ${missing[*]}. Run:" >&2
	echo "  sudo $line" >&2
	exit 1
fi
if ! command -v apt-get >/dev/null; then
	echo "missing packages: ${missing[*]}, and this machine has no apt-get; install them" \
		"with its package manager (Debian/Ubuntu: $line)" >&2
	exit 1
fi
if [ -t 0 ] && [ -t 1 ]; then
	printf 'missing Debian packages: %s. Run "%s" now? [y/N] ' "${missing[*]}" "${sudo:+$sudo }$line"
	read -r answer || answer=
	case $answer in
	[yY]*) ;;
	*) echo "not installed; to install them later: ${sudo:+sudo }$line" >&2 && exit 1 ;;
	esac
elif [ -n "$optional" ]; then
	echo "missing Debian packages: ${missing[*]} (optional here); to install them: ${sudo:+sudo }$line" >&2
	exit 1
fi
echo "installing missing Debian packages: running ${sudo:+$sudo }$line"
export DEBIAN_FRONTEND=noninteractive
if ! $sudo $line >/tmp/particle-labs-apt.log 2>&1; then
	$sudo apt-get update >>/tmp/particle-labs-apt.log 2>&1
	$sudo $line >>/tmp/particle-labs-apt.log 2>&1 || {
		tail -n 20 /tmp/particle-labs-apt.log >&2
		echo "installing failed (log: /tmp/particle-labs-apt.log); run: sudo $line" >&2
		exit 1
	}
fi
