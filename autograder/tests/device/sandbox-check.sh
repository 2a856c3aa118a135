#!/usr/bin/env bash
# On the GPU machine, after a change to the runner's sandbox or the verdict channel:
# what the kernel offers (Landlock's ABI, user namespaces for bubblewrap), the sandbox
# probe with and without compute-sanitizer, then STEPS (default "grade attacks"; empty:
# none) of device-check.sh for LABS (default: all). Logs under $OUT.
#   run(command="bash autograder/tests/device/sandbox-check.sh", carry=[".devdeps"])
cd "$(dirname "$0")/../../.."
source .devdeps/env.sh
OUT=${OUT:-build/sandbox-check} && mkdir -p "$OUT"
t0=$SECONDS
log() { echo "[$((SECONDS - t0))s] $*"; }
{
	uname -srm
	id
	python3 -c 'import ctypes; l = ctypes.CDLL(None); print("landlock abi", l.syscall(444, None, 0, 1))'
	cat /proc/sys/kernel/unprivileged_userns_clone /proc/sys/user/max_user_namespaces 2>&1
	if [ -x .devdeps/bin/bwrap ]; then
		for opts in "--unshare-user" "--unshare-pid" "--unshare-ipc" "--unshare-net"; do
			timeout 10 .devdeps/bin/bwrap --dev-bind / / $opts true 2>&1
			echo "bwrap --dev-bind / / $opts true: rc=$?"
		done
	fi
} >"$OUT/kernel.txt" 2>&1
log "kernel: $(tr '\n' ' ' <"$OUT/kernel.txt" | cut -c1-400)"
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
mkdir -p build
gcc -std=gnu11 -O1 -w -Iautograder/grader -I"$cuda/include" autograder/tests/device/sandbox-probe.c \
	-o build/sandbox-probe -L"$cuda/lib64" -L"$cuda/lib64/stubs" -lcudart -lcuda >"$OUT/probe-build.log" 2>&1
log "probe build rc=$?"
timeout 60 build/sandbox-probe >"$OUT/probe.log" 2>&1
log "probe rc=$? $(grep -A1 'dumpable=0, child: all' "$OUT/probe.log" | tail -n 1)"
timeout 120 compute-sanitizer --tool memcheck build/sandbox-probe >"$OUT/probe-memcheck.log" 2>&1
log "probe under memcheck rc=$? $(grep -A1 'dumpable=0, child: all' "$OUT/probe-memcheck.log" | tail -n 1)"
steps=${STEPS-grade attacks} # STEPS= (empty): the kernel and the probe only
[ -n "$steps" ] || exit 0
STEPS=$steps BUDGET=${BUDGET:-450} OUT=$OUT autograder/tools/device-check.sh ${LABS:-} \
	>"$OUT/device-check.log" 2>&1
log "device-check rc=$?"
tail -n 45 "$OUT/device-check.log"
