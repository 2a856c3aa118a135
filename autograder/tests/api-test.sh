#!/usr/bin/env bash
# api-test.sh: each lab's autograder/NN-name/api.txt names exactly the functions that
# the lab's header in solutions/NN-name/ declares. A function declared but not listed
# is a symbol outside the API to the integrity check (every submission would score 0);
# one listed but not declared breaks the runner's proxies, generated from the list.
set -u
CC=${CC:-gcc}
fail=0
for api in autograder/[0-9][0-9]-*/api.txt; do
	lab=$(basename "$(dirname "$api")")
	[ -d "solutions/$lab" ] || continue
	# the header's text without comments (-fpreprocessed: no macro expanded), then
	# every lower-case name followed by "(": the functions it declares
	declared=$(for h in "solutions/$lab"/*.h; do "$CC" -fpreprocessed -dD -E -P -x c "$h"; done |
		tr '\n' ' ' | grep -oE '\b[a-z_][a-z_0-9]*[[:space:]]*\(' | sed 's/[[:space:]]*($//' | sort -u)
	listed=$(grep -v '^[[:space:]]*$' "$api" | sort -u)
	if [ -z "$declared" ] || [ "$declared" != "$listed" ]; then
		echo "api-test: $api does not name what solutions/$lab/*.h declares:"
		comm -23 <(echo "$declared") <(echo "$listed") | sed 's/^/  declared, not in api.txt: /'
		comm -13 <(echo "$declared") <(echo "$listed") | sed 's/^/  in api.txt, not declared: /'
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "api-test: every lab's api.txt names the functions its header declares"
exit $fail
