#!/usr/bin/env bash
# api-imports.sh LAB_ARCHIVE LAB [GIVEN_OBJECT...]: a submission may use from outside
# itself only what its lab allows. Lists the undefined symbols of the submission's
# objects that neither the archive itself nor the lab's given code (GIVEN_OBJECT: the
# course's objects its runner links) defines and that no line of
# autograder/make/imports.txt (or autograder/LAB/imports.txt) allows, each with the
# file that uses it, and fails if there is any: a kernel that looks for
# compute-sanitizer (its environment, its library in the memory map) could be clean
# under the tool and wrong everywhere else. The same for a system call made without
# an import: a syscall (or sysenter, int $0x80) instruction in the submission's host
# code, which inline assembly puts there and no compiler does. Runs before anything
# links the submission.
set -u
archive=$1 lab=$2
shift 2
here=$(dirname "$0")
allow=$(cat "$here/imports.txt" "$here/../$lab/imports.txt" 2>/dev/null | grep -v -e '^#' -e '^$')
# never, whatever a line above says: the driver's own entry points (any function of
# the driver, found by name)
deny='^cuda(GetDriverEntryPoint|GetExportTable)'
defined=$( { nm -g --defined-only "$archive"; [ $# -gt 0 ] && nm -g --defined-only "$@"; } 2>/dev/null |
	awk 'NF == 3 { print $3 }' | sort -u)
bad=$(nm -u -A "$archive" 2>/dev/null | awk -v allow="$allow" -v deny="$deny" -v defined="$defined" '
	BEGIN { n = split(allow, re, "\n"); m = split(defined, d, "\n"); for (i = 1; i <= m; i++) def[d[i]] = 1 }
	{ k = split($1, p, ":"); name = $NF; if (name in def) next
	  ok = 0; if (name !~ deny) for (i = 1; i <= n; i++) if (name ~ re[i]) { ok = 1; break }
	  if (!ok) print name " (" p[k - 1] ")" }' | sort -u)
# the functions whose host code holds a system-call instruction, with their files
sys=$(objdump -d -C --no-show-raw-insn "$archive" 2>/dev/null | awk '
	/file format/ { file = $1; sub(/:$/, "", file); next }
	/^[0-9a-f]+ <.*>:$/ { fn = substr($0, index($0, "<") + 1); sub(/>:$/, "", fn); next }
	/\t(syscall|sysenter|int +\$0x80)( |$)/ { print "a system-call instruction in " fn " (" file ")" }' | sort -u)
[ -n "$sys" ] && bad=$(printf '%s\n%s' "$bad" "$sys" | sed '/^$/d')
[ -z "$bad" ] && exit 0
echo "the submission calls $(echo "$bad" | wc -l) function(s) a lab's code may not:" \
	"$(echo "$bad" | awk 'NR > 1 { printf ", " } { printf "%s", $0 }') — a lab's kernels and launchers need the CUDA runtime," \
	"math, printf and the like, and nothing that inspects or leaves the process (its" \
	"environment, files, the loader, system calls, signals, threads, clocks), so the lab" \
	"is not graded (autograder/make/imports.txt lists what is allowed)"
exit 1
