#!/usr/bin/env bash
# tools-check.sh [NN...]: on a GPU machine, runs every command of each handout's "Tools"
# section as a student would, on the solution (build/sub/solutions/ in place
# of build/sub/labs/, so that the kernels do their work), and says which worked:
#   compute-sanitizer   exit 0 and "ERROR SUMMARY: 0 errors"
#   ncu                 exit 0 and at least one kernel profiled
#   nsys                exit 0 and its kernel summary printed
#   make (the -G build) exit 0
#   cuda-gdb            the (cuda-gdb) lines after the command, run with -batch: a
#                       breakpoint hit in a kernel
# Logs in OUT (default build/tools-check); a table last. BUDGET seconds (default 480):
# a command that would start later is skipped and says so. TOOL_TIMEOUT: per command.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-build/tools-check}
budget=${BUDGET:-480}
limit=${TOOL_TIMEOUT:-120}
labs=("$@")
[ ${#labs[@]} -gt 0 ] || labs=(01 02 03 04 05 06)
mkdir -p "$out"
# Nsight Systems is not always on PATH: where the toolkit's machines put it
if ! command -v nsys >/dev/null; then
	for d in /usr/local/cuda/bin /opt/nvidia/nsight-systems/*/bin /opt/nvidia/nsight-compute/*/host/target-linux-x64; do
		[ -x "$d/nsys" ] && PATH=$PATH:$d && break
	done
fi
rows=()

# The Tools section's commands, a line each (continuations joined); a cuda-gdb command
# is followed by its (cuda-gdb) lines joined with ';'.
commands() {
	awk '
		/^# Tools/ { on = 1; next }
		/^# / { on = 0 }
		!on { next }
		/^```/ { inblock = !inblock; next }
		!inblock { next }
		/^\(cuda-gdb\) / { sub(/^\(cuda-gdb\) /, ""); gdb = gdb (gdb == "" ? "" : ";") $0; next }
		{ line = line $0 }
		/\\$/ { sub(/\\$/, "", line); next }
		{ if (last ~ /^cuda-gdb/ && gdb != "") print last " #GDB# " gdb; else if (last != "") print last
		  last = line; line = ""; gdb = "" }
		END { if (last ~ /^cuda-gdb/ && gdb != "") print last " #GDB# " gdb; else if (last != "") print last }
	' "$1" | sed -E 's#build/sub/labs/#build/sub/solutions/#g; s#build/debug/sub/labs/#build/debug/sub/solutions/#g'
}

check() { # $1 tool, $2 log, $3 exit status: ok or a reason
	local log=$2 rc=$3
	case $1 in
	compute-sanitizer) [ "$rc" = 0 ] && grep -qE '(ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors)' "$log" && echo ok ||
		echo "exit $rc, $(grep -m1 'ERROR SUMMARY' "$log" || echo 'no summary')" ;;
	ncu) [ "$rc" = 0 ] && grep -q '^  [A-Za-z_].*(.*)x(.*)' "$log" && echo ok ||
		echo "exit $rc, $(grep -m1 -E 'No kernels|ERROR|error' "$log" || echo 'no kernel profiled')" ;;
	nsys) if [ "$rc" = 0 ] && grep -qi 'cuda_gpu_kern_sum\|CUDA GPU Kernel Summary' "$log"; then echo ok
		elif grep -q 'Importer error' "$log"; then echo "no Nsight Systems here: this nsys cannot import its trace"
		else echo "exit $rc, no kernel summary"; fi ;;
	cuda-gdb) grep -q 'CUDA thread hit' "$log" && echo ok || echo "exit $rc, no breakpoint hit in a kernel" ;;
	*) [ "$rc" = 0 ] && echo ok || echo "exit $rc" ;;
	esac
}

# every lab's commands, "lab<TAB>command" a line
list=$out/commands.tsv
: >"$list"
for n in "${labs[@]}"; do
	md=$(ls handouts/"$n"-*.md | head -1)
	commands "$md" | sed "s/^/$(basename "$md" .md)\t/" >>"$list"
done
targets=$(grep -o 'build/sub/solutions/[^ ]*/driver' "$list" | sort -u)
debug=$(awk -F'\t' '$2 ~ /^make BUILD=build\/debug/' "$list" | grep -o 'build/debug/[^ ]*' | sort -u)
# shellcheck disable=SC2086
make --no-print-directory -j"$(nproc)" SUBMISSION=solutions $targets >"$out/build.log" 2>&1 ||
	{ echo "tools-check: the drivers did not build (see $out/build.log)"; exit 1; }
# the -G builds (slow) beside the sanitizer runs; the handouts' make lines then find them made
# shellcheck disable=SC2086
make --no-print-directory -j"$(nproc)" BUILD=build/debug CUFLAGS='-std=c++17 -g -G' $debug \
	>"$out/debug-build.log" 2>&1 &
debug_pid=$!

run_one() { # $1 k, $2 lab, $3 command: one row in $out/row-$1
	local k=$1 lab=$2 cmd=$3 tool=${3%% *} t=$SECONDS rc
	local log=$out/$lab-$k-$tool.log
	local short
	short=$(echo "$cmd" | sed -E 's/ #GDB# .*//; s/--(section|metrics) [^ ]+ ?//g; s/  +/ /g;
		s#build/debug/sub/solutions/[^/]*/driver#(-G) driver#g; s#build/sub/solutions/[^/]*/driver#driver#g' | cut -c1-110)
	if [ "$SECONDS" -ge "$budget" ]; then
		echo "| $lab | \`$short\` | skipped: past BUDGET=$budget s | - |" >"$out/row-$k"
		return
	fi
	if [ "$tool" = cuda-gdb ]; then
		local run=${cmd%% #GDB# *} script=${cmd#* #GDB# } ex=() lines l
		IFS=';' read -r -a lines <<<"$script"
		for l in "${lines[@]}"; do ex+=(-ex "$l"); done
		# shellcheck disable=SC2086
		timeout "$limit" cuda-gdb -batch "${ex[@]}" ${run#cuda-gdb } </dev/null >"$log" 2>&1
	else
		timeout "$limit" bash -c "$cmd" </dev/null >"$log" 2>&1
	fi
	rc=$?
	echo "| $lab | \`$short\` | $(check "$tool" "$log" "$rc") | $((SECONDS - t)) s |" >"$out/row-$k"
}

# the sanitizers side by side (each is slow, the GPU mostly idle), then the profilers
# and the debugger one at a time
rm -f "$out"/row-*
sanitizers=()
k=0
while IFS=$'\t' read -r lab cmd; do
	k=$((k + 1))
	case $cmd in compute-sanitizer*)
		while [ "$(jobs -rp | wc -l)" -gt 6 ]; do sleep 1; done
		run_one "$k" "$lab" "$cmd" &
		sanitizers+=($!) ;;
	esac
done <"$list"
[ ${#sanitizers[@]} -eq 0 ] || wait "${sanitizers[@]}"
wait "$debug_pid" || echo "tools-check: the -G build failed (see $out/debug-build.log)"
k=0
while IFS=$'\t' read -r lab cmd; do
	k=$((k + 1))
	case $cmd in compute-sanitizer*) ;; *) run_one "$k" "$lab" "$cmd" ;; esac
done <"$list"
for f in $(ls "$out"/row-* | sort -t- -k2 -n); do rows+=("$(cat "$f")"); done

echo "| lab | command (sections and metrics left out) | verdict | time |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
