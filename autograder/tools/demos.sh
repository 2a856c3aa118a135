#!/usr/bin/env bash
# demos.sh [NN...]: on a GPU machine, every lab's demo movie (make movie LAB=NN with the
# solutions, so that the kernels do something), the handouts' still of each, and a last
# table: frames, resolution, movie size, step and render time per frame. Labs 01-03
# also time a few frames of the same demo at 2^20 bodies.
#
#   OUT=dir       where stills/, logs and the movies go (default build/demos)
#   FORMAT=gif    the movie format (the GPU machine has no ffmpeg: GIF by default there)
#   DEMO_TIMEOUT  seconds per demo (default 240)
#
# The still of lab NN is frame STILL_<NN> percent of the way through the movie, copied
# to OUT/stills/NN-name.png: handouts/data/NN-name/still.png comes from there.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
out=${OUT:-build/demos}
format=${FORMAT:-$(command -v ffmpeg >/dev/null && echo mp4 || echo gif)}
limit=${DEMO_TIMEOUT:-240}
make=${MAKE:-make}
labs=("$@")
[ ${#labs[@]} -gt 0 ] || labs=(01 02 03 04 05 06)
declare -A still=([01]=60 [02]=60 [03]=60 [04]=100 [05]=75 [06]=100)
mkdir -p "$out/stills" "$out/logs"
rows=()

# one movie: make movie LAB=$1 with extra make arguments; its summary row
demo() {
	local lab=$1 label=$2 log=$out/logs/$2.log
	shift 2
	local t=$SECONDS
	timeout "$limit" $make --no-print-directory movie LAB="$lab" SUBMISSION=solutions FORMAT="$format" "$@" \
		>"$log" 2>&1
	local rc=$? line frames render steps
	line=$(grep -m1 '^movie: ' "$log" | sed 's/^movie: //')
	render=$(grep -m1 '^frames: ' "$log" | sed -E 's/.*, ([0-9.]+) ms each.*\(([0-9.]+) to render, ([0-9.]+) to write.*/\1 (\2 + \3)/')
	# the driver's timing line: its time per step, else its count of steps
	steps=$(grep -m1 -E 'ms per step|RK4 steps/s' "$log" || grep -m1 'steps of' "$log" || true)
	[ $rc -eq 0 ] && [ -n "$line" ] || line="FAILED (rc $rc, see logs/$label.log)"
	rows+=("$(printf '| %s | %s | %s ms | %d s |' "$label" "$line" "${render:--}" $((SECONDS - t)))")
	echo "demo $label: $line (${steps:-no step line})"
}

for n in "${labs[@]}"; do
	lab=$(basename "$(ls -d solutions/"$n"-* | head -1)")
	demo "$n" "$lab" OUT="$out/$lab"
	frames=("$out/$lab"/frames/frame_*.png)
	if [ -e "${frames[0]}" ]; then
		k=$(((${#frames[@]} - 1) * ${still[$n]:-100} / 100))
		cp "${frames[$k]}" "$out/stills/$lab.png"
		echo "still $lab: ${frames[$k]##*/} of ${#frames[@]}"
	fi
	case $n in 01 | 02 | 03) # the same collision at 2^20 bodies: the time per frame there
		demo "$n" "$lab-1M" OUT="$out/$lab-1M" EVERY=2 \
			ARGS="--collide -n 1048576 --steps 6 --dt 0.005" ;;
	esac
done

echo
echo "| demo | movie | per frame: all (render + PNG) | wall |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
