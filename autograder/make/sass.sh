#!/usr/bin/env bash
# sass.sh OBJECT KERNEL_REGEX: instructions per interaction of a kernel's hot loop.
# Disassembles OBJECT with cuobjdump, takes the first function whose name matches
# KERNEL_REGEX (for each architecture in the object), finds its backward branch whose
# loop body holds the most MUFU.RSQ (one per interaction), and prints that loop's
# opcodes divided by its interaction count: the issue slots one interaction costs.
set -euo pipefail
obj=$1 pattern=${2:-.}
tool=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
[ -x "$tool" ] || { echo "sass: cuobjdump not found (it ships with the CUDA Toolkit; the GPU machine has it)"; exit 1; }
"$tool" -sass "$obj" | awk -v pat="$pattern" '
function hexkey(h) { sub(/^0+/, "", h); return "@" h }
function flush(   i, j, best, bi, bj, n, op, total, k) {
	if (!fn) return
	best = -1
	for (i = 1; i <= nbr; i++) {
		j = target[br_label[i]]
		if (j == "" || j > br_at[i]) continue
		n = 0
		for (k = j; k <= br_at[i]; k++) if (opc[k] == "MUFU.RSQ") n++
		if (n > best || (n == best && br_at[i] - j < bj - bi)) { best = n; bi = j; bj = br_at[i] }
	}
	printf "%s  %s\n", arch, fn
	if (best <= 0) { print "  no loop with MUFU.RSQ found"; fn = ""; return }
	delete cnt
	total = 0
	for (k = bi; k <= bj; k++) { cnt[opc[k]]++; total++ }
	printf "  hot loop: %d instructions, %d interactions (MUFU.RSQ): %.2f issue slots per interaction\n", total, best, total / best
	for (op in cnt) printf "    %-16s %6.3f\n", op, cnt[op] / best | "sort -k2,2nr"
	close("sort -k2,2nr")
	fn = ""
}
/code for sm_/ { flush(); arch = $3 }
/Function :/ {
	flush()
	if ($3 ~ pat && !(arch in done)) { fn = $3; done[arch] = 1; ninsn = 0; nbr = 0; delete target; pending = "" }
	next
}
!fn { next }
# branch targets are labels in some toolkits (.L_x_3) and addresses in others (0x990)
/^[ \t]*\.L_x_[0-9]+:/ { lbl = $1; sub(":", "", lbl); target[lbl] = ninsn + 1; next }
/\/\*[0-9a-f][0-9a-f][0-9a-f][0-9a-f]+\*\// {
	line = $0
	match(line, /\/\*[0-9a-f]+\*\//)
	target[hexkey(substr(line, RSTART + 2, RLENGTH - 4))] = ninsn + 1
	sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]*/, "", line)
	sub(/^@!?U?P[T0-9]+[ \t]+/, "", line)
	split(line, w, /[ \t;]+/)
	if (w[1] == "") next
	opc[++ninsn] = w[1]
	if (w[1] ~ /^BRA/ && match(line, /\.L_x_[0-9]+/)) { br_label[++nbr] = substr(line, RSTART, RLENGTH); br_at[nbr] = ninsn }
	else if (w[1] ~ /^BRA/ && match(line, /0x[0-9a-f]+/)) { br_label[++nbr] = hexkey(substr(line, RSTART + 2, RLENGTH - 2)); br_at[nbr] = ninsn }
}
END { flush() }'
