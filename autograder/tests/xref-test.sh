#!/usr/bin/env bash
# xref-test.sh: every citation of a README heading in the course's files (the word
# README, a comma or 's, then the heading's name in double quotes) names a heading
# README.md has. A citation of one that was renamed or never existed sends a reader
# nowhere. Prints each broken citation.
set -u
cd "$(dirname "$0")/../.." || exit 2
bad=0
while IFS= read -r hit; do
	file=${hit%%:*} cited=$(sed -E 's/.*README(, |.s )"([^"]+)".*/\2/' <<<"${hit#*:}")
	grep -qxE "#+ $(sed 's/[][\.*^$/]/\\&/g' <<<"$cited")" README.md && continue
	echo "$file: cites README, \"$cited\", which is no heading of README.md"
	bad=1
done < <(git ls-files -z 2>/dev/null | xargs -0 grep -oHE 'README(, |.s )"[^"]+"' 2>/dev/null)
[ $bad -eq 0 ] && echo "xref-test: every README heading cited exists"
exit $bad
