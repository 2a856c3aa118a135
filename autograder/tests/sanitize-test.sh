#!/usr/bin/env bash
# sanitize-test.sh: sanitize-lab.sh's verdicts, without a GPU. A stand-in
# compute-sanitizer plays each tool's way of ending (clean; a hazard; a test that timed
# out; a run that never ends and is cut by SANITIZE_TIMEOUT) and the verdict must name
# each, with the tests concerned; a clean run of all four must pass.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/bin"
status=0
fail() { echo "sanitize-test: $*" && status=1; }

cat >"$dir/bin/nvidia-smi" <<'EOF'
#!/bin/sh
echo "GPU 0: a stand-in"
EOF
cat >"$dir/bin/compute-sanitizer" <<'EOF'
#!/usr/bin/env bash
# the tool's name follows --tool; STUB_CLEAN=1: every tool ends clean
while [ $# -gt 0 ] && [ "$1" != --tool ]; do shift; done
t=$2
echo "========= COMPUTE-SANITIZER"
echo "[RUN ] grid::label_8"
echo "[PASS] grid::label_8: (1.00s)"
[ "${STUB_CLEAN:-}" ] && t=memcheck
if [ "${STUB_WARN:-}" ]; then # racecheck's warning: a race within a warp, exit 0
	[ "$t" = racecheck ] && echo "========= Warning: Race reported between Write access at k+0x10 in k.cu:3" &&
		echo "========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)"
	exit 0
fi
case $t in
memcheck)
	echo "========= ERROR SUMMARY: 0 errors" && exit 0 ;;
racecheck)
	echo "[RUN ] tile::shared"
	echo "[FAIL] tile::shared: (0.20s)"
	echo "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)" && exit 3 ;;
synccheck)
	echo "[RUN ] grid::build_8"
	exec sleep 30 ;;
initcheck)
	echo "[RUN ] grid::build_27"
	echo "[FAIL] grid::build_27: Timed out. (60.11s)"
	echo "========= ERROR SUMMARY: 0 errors" && exit 1 ;;
esac
EOF
chmod +x "$dir/bin/"*

out=$(PATH="$dir/bin:$PATH" SANITIZE_TIMEOUT=2 autograder/make/sanitize-lab.sh /bin/true "$dir/logs" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "a run with failures exited $rc, want 1"
want=(
	'  memcheck   clean  ========= ERROR SUMMARY: 0 errors'
	'  racecheck  FAILED  ========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)'
	'    racecheck: tile/shared failed: (0.20s)'
	'  synccheck  CUT  stopped after SANITIZE_TIMEOUT=2s'
	'    synccheck: grid/build_8 never ended'
	'  initcheck  FAILED  ========= ERROR SUMMARY: 0 errors'
	'    initcheck: grid/build_27 failed: Timed out. (60.11s)'
)
for w in "${want[@]}"; do
	grep -qF -- "$w" <<<"$out" || fail "the verdict lacks '$w'; it was:"$'\n'"$out"
done
grep -q 'label_8' <<<"$out" && fail "a test that passed is named in the verdict:"$'\n'"$out"

out=$(PATH="$dir/bin:$PATH" STUB_CLEAN=1 autograder/make/sanitize-lab.sh /bin/true "$dir/clean" 2>&1)
rc=$?
[ $rc -eq 0 ] || fail "four clean tools exited $rc, want 0:"$'\n'"$out"
[ "$(grep -c ' clean ' <<<"$out")" = 4 ] || fail "four clean tools, want four clean lines:"$'\n'"$out"

out=$(PATH="$dir/bin:$PATH" STUB_WARN=1 autograder/make/sanitize-lab.sh /bin/true "$dir/warn" 2>&1)
rc=$?
[ $rc -eq 1 ] || fail "racecheck's warning (a race within a warp) exited $rc, want 1:"$'\n'"$out"
grep -q '^  racecheck  FAILED .*races between lanes of one warp' <<<"$out" ||
	fail "racecheck's warning is not named a failure:"$'\n'"$out"

[ $status = 0 ] && echo "sanitize-test: clean, hazard, warning, timed-out and cut-short runs judged and named"
exit $status
