#!/usr/bin/env bash
# bench-cpu.sh OUT: lab 06's SGP4 against the CPU tools orbit people use, on this machine,
# as a user runs each (`make bench-cpu LAB=06`; no GPU needed): satellite.js (npm, one
# thread), python-sgp4 as Debian installs it (python3-sgp4, pure Python) and the course's
# sgp4_ref built at -O3, on one core and on every core (OpenMP, sgp4_cpu.c). The same
# catalogues for all: Vallado's verification set (where python3-sgp4 installs it) and one
# generated catalogue of each kind (near earth, deep space, resonant: catalogue.h), every
# set at the same times, t = k DT minutes for k < STEPS. Prints a Markdown table and
# writes OUT/cpu-peers.csv; then the float study (float_study.c), OUT/sgp4-float.csv.
#
# Settings (environment): SETS generated sets a kind (100), STEPS (1440), DT minutes (1),
# REPEAT timings, the best kept (3), SEED (2026), PEERS (satellitejs python ref), FLOAT=0
# to skip the float study. satellite.js $SATELLITE_JS_VERSION (7.1.0) is installed by npm
# into build/deps/satellite.js, saying the command first (asking at a terminal).
set -eu
out=${1:?usage: bench-cpu.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
SETS=${SETS:-100} STEPS=${STEPS:-1440} DT=${DT:-1} REPEAT=${REPEAT:-3} SEED=${SEED:-2026}
PEERS=${PEERS:-satellitejs python ref} FLOAT=${FLOAT:-1}
SATELLITE_JS_VERSION=${SATELLITE_JS_VERSION:-7.1.0}
CC=${CC:-gcc}
mkdir -p "$out/bin" "$out/states"

# the course's side: sgp4_ref and the reader as common/ has them, -O3, every core
src="$root/common/06-orbits"
inc="-I$root/common -I$src -I$root/common/reference -I$here"
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -O3 -Wall -Wextra -Werror"
$CC $flags $inc -fsingle-precision-constant -c "$here/sgp4_float.c" -o "$out/bin/sgp4_float.o"
$CC $flags -fopenmp $inc "$here/sgp4_cpu.c" "$here/float_study.c" "$src/tle.c" "$src/tle_file.c" \
	"$src/sgp4_init.c" "$src/sgp4_deep_init.c" "$src/catalogue.c" "$root/common/rng.c" \
	"$root/common/reference/sgp4.c" "$out/bin/sgp4_float.o" -lm -o "$out/bin/sgp4_cpu"
bench=$out/bin/sgp4_cpu

# the catalogues: Vallado's set where python3-sgp4 put it, and one of each kind
"$root/autograder/make/ensure-deps.sh" sgp4
vallado=$(/usr/bin/python3 -c 'import os, sgp4; print(os.path.dirname(sgp4.__file__))')/SGP4-VER.TLE
cats="vallado"
cp "$vallado" "$out/states/vallado.tle"
for kind in leo gps resonant; do
	"$bench" gen "$kind" "$SETS" "$SEED" "$out/states/$kind.tle"
	cats="$cats $kind"
done

# satellite.js, pinned, from npm into build/deps (as ensure-deps.sh does Debian's packages)
sjs_dir=$root/build/deps/satellite.js
have_sjs() { [ -f "$sjs_dir/node_modules/satellite.js/package.json" ] &&
	grep -q "\"version\": \"$SATELLITE_JS_VERSION\"" "$sjs_dir/node_modules/satellite.js/package.json"; }
case " $PEERS " in *" satellitejs "*)
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
		echo "bench-cpu: node and npm not found (Debian: apt-get install -y nodejs npm): satellite.js left out" >&2
		PEERS=${PEERS//satellitejs/}
	elif ! have_sjs; then
		line="npm install --no-audit --no-fund --prefix $sjs_dir satellite.js@$SATELLITE_JS_VERSION"
		if [ -t 0 ] && [ -t 1 ]; then
			printf 'satellite.js %s is missing. Run "%s" now? [y/N] ' "$SATELLITE_JS_VERSION" "$line"
			read -r answer || answer=
			case $answer in [yY]*) ;; *) echo "bench-cpu: satellite.js left out" >&2; PEERS=${PEERS//satellitejs/} ;; esac
		else
			echo "installing satellite.js: running $line"
		fi
		case " $PEERS " in *" satellitejs "*) mkdir -p "$sjs_dir" && $line >/dev/null ;; esac
	fi
	cp "$here/satellitejs.mjs" "$sjs_dir/" 2>/dev/null || true ;;
esac

csv=$out/cpu-peers.csv
echo "peer,version,catalogue,sets,times,propagations,threads,seconds,props_per_s,worst_r_m,worst_v_mms,codes_differ,states_compared" >"$csv"
row() { # peer version catalogue threads "props seconds ..." compare-output
	local props seconds cmp
	read -r props seconds _ <<<"$5"
	cmp=$6
	read -r wr wv differ compared <<<"$cmp"
	echo "$1,$2,$3,$((props / STEPS)),$STEPS,$props,$4,$seconds,$(awk "BEGIN { printf \"%.4g\", $props / $seconds }"),$wr,$wv,$differ,$compared" >>"$csv"
}
cc_version=$($CC -dumpfullversion)
py_version=$(/usr/bin/python3 -c 'import importlib.metadata as m; print(m.version("sgp4"))' 2>/dev/null || dpkg-query -W -f='${Version}' python3-sgp4)
for cat in $cats; do
	tle=$out/states/$cat.tle st=$out/states/$cat
	res=$(OMP_NUM_THREADS=$(nproc) "$bench" run "$tle" "$DT" "$STEPS" "$st.ref" "$REPEAT")
	n=$(($(echo "$res" | cut -d' ' -f1) / STEPS))
	case " $PEERS " in *" ref "*)
		row "sgp4_ref (C -O3 OpenMP)" "gcc $cc_version" "$cat" "$(nproc)" "$res" "0 0 0 $((n * STEPS))"
		one=$(OMP_NUM_THREADS=1 "$bench" run "$tle" "$DT" "$STEPS" "$st.ref1" "$REPEAT")
		row "sgp4_ref (C -O3 one core)" "gcc $cc_version" "$cat" 1 "$one" "$("$bench" compare "$st.ref" "$st.ref1" "$n" "$STEPS")" ;;
	esac
	case " $PEERS " in *" python "*)
		res=$(/usr/bin/python3 "$here/python_sgp4.py" "$tle" "$DT" "$STEPS" "$st.py" "$REPEAT")
		accel=$(echo "$res" | cut -d' ' -f4)
		row "python-sgp4 ($([ "$accel" = 1 ] && echo "C++ accelerated" || echo "pure Python"))" "$py_version" "$cat" 1 "$res" "$("$bench" compare "$st.ref" "$st.py" "$n" "$STEPS")" ;;
	esac
	case " $PEERS " in *" satellitejs "*)
		res=$(node "$sjs_dir/satellitejs.mjs" "$tle" "$DT" "$STEPS" "$st.js" "$REPEAT")
		row "satellite.js (sgp4() on Node $(node --version))" "$(echo "$res" | cut -d' ' -f4)" "$cat" 1 "$res" "$("$bench" compare "$st.ref" "$st.js" "$n" "$STEPS")" ;;
	esac
done

echo
echo "SGP4 on the CPU: $(lscpu | sed -n 's/^Model name: *//p') ($(nproc) cores), $(date -u +%F); every set at t = k x $DT min, k < $STEPS; best of $REPEAT"
echo
echo "| peer | version | catalogue | sets | threads | propagations/s | worst position vs sgp4_ref | codes differ |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %d | %d | %.3g | %s | %d |\n", $1, $2, $3, $4, $7, $9, ($1 ~ /OpenMP/ ? "(the reference)" : sprintf("%.3g mm", $10 * 1000)), $12 }'
echo
echo "CSV: $csv"

if [ "$FLOAT" = 1 ]; then
	fcsv=$out/sgp4-float.csv
	echo "variant,catalogue,sets,worst_day_m,worst_week_m,codes_differ" >"$fcsv"
	for cat in leo gps resonant; do
		OMP_NUM_THREADS=$(nproc) "$bench" float "$out/states/$cat.tle" |
			while read -r var day week differ; do echo "$var,$cat,$SETS,$day,$week,$differ"; done >>"$fcsv"
	done
	echo
	echo "SGP4 in float against sgp4_ref in double: worst position distance over every minute"
	echo
	echo "| variant | catalogue | worst over a day | worst over a week | codes differ |"
	echo "|---|---|---:|---:|---:|"
	tail -n +2 "$fcsv" | awk -F, '{ printf "| %s | %s | %.3g m | %.3g m | %d |\n", $1, $2, $4, $5, $6 }'
	echo
	echo "CSV: $fcsv"
fi
