#!/usr/bin/env bash
# formula-test.sh: the skeleton and the handout state each formula of formulas.txt in
# the same words, so that a student who follows either writes what the grader computes.
set -u
status=0 n=0
while IFS=$'\t' read -r skeleton handout formula; do
	case $skeleton in '#'* | '') continue ;; esac
	n=$((n + 1))
	for f in "$skeleton" "$handout"; do
		if [ ! -f "$f" ]; then
			echo "formula-test: $f (formulas.txt) does not exist" && status=1
		elif ! grep -qF -- "$formula" "$f"; then
			echo "formula-test: $f does not give the formula '$formula' that $([ "$f" = "$skeleton" ] && echo "$handout" || echo "$skeleton") gives" && status=1
		fi
	done
done <autograder/tests/formulas.txt
[ $status = 0 ] && echo "formula-test: $n formula(s), the same in skeleton and handout"
exit $status
