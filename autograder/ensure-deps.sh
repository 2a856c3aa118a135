#!/usr/bin/env bash
# ensure-deps.sh NAME...: makes sure the Debian packages behind NAME (criterion,
# libpng, pandoc, doxygen, gnuplot, ffmpeg, slurm) are usable. Missing ones are installed when
# running as root or with passwordless sudo; otherwise it prints the one apt-get line
# to run and fails. Criterion and libpng count as present when their headers compile,
# so a copy pointed to by CPATH/LIBRARY_PATH (the GPU machine's .devdeps) is enough.
set -u
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
	ffmpeg) command -v ffmpeg >/dev/null || missing+=(ffmpeg) ;; # make movie's MP4
	slurm) # a single-node cluster with accounting (autograder/tests/slurm/cluster.sh)
		command -v slurmctld >/dev/null || missing+=(slurm-wlm)
		command -v slurmdbd >/dev/null || missing+=(slurmdbd)
		command -v munged >/dev/null || missing+=(munge)
		command -v mariadbd >/dev/null || missing+=(mariadb-server) ;;
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
echo "installing missing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! $sudo $line >/tmp/particle-labs-apt.log 2>&1; then
	$sudo apt-get update >>/tmp/particle-labs-apt.log 2>&1
	$sudo $line >>/tmp/particle-labs-apt.log 2>&1 || {
		tail -n 20 /tmp/particle-labs-apt.log >&2
		echo "installing failed (log: /tmp/particle-labs-apt.log); run: sudo $line" >&2
		exit 1
	}
fi
