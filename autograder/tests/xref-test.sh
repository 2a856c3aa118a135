#!/usr/bin/env bash
# xref-test.sh: every citation of a heading of the course's guides in its files (README,
# or a Markdown file's path such as autograder/DEVELOPING.md, then a comma or 's, then
# the heading's name in double quotes) names a heading that file has. A citation of one
# that was renamed, moved to another guide or never existed sends a reader nowhere.
# Prints each broken citation.
set -u
cd "$(dirname "$0")/../.." || exit 2
bad=0
cite='(README|[A-Za-z0-9_./-]+\.md)(, |.s )"[^"]+"'
while IFS= read -r hit; do
	file=${hit%%:*} body=${hit#*:}
	doc=$(sed -E 's/^(README|[A-Za-z0-9_./-]+\.md)(, |.s )".*/\1/' <<<"$body")
	cited=$(sed -E 's/^[^"]*"([^"]+)".*/\1/' <<<"$body")
	[ "$doc" = README ] && doc=README.md
	[ -f "$doc" ] || { echo "$file: cites $doc, \"$cited\": no such file"; bad=1; continue; }
	grep -qxE "#+ $(sed 's/[][\.*^$/()+?{}|]/\\&/g' <<<"$cited")( \{#[^}]*\})?" "$doc" && continue
	echo "$file: cites $doc, \"$cited\", which is no heading of $doc"
	bad=1
done < <(git ls-files -z 2>/dev/null | xargs -0 grep -oHE "$cite" 2>/dev/null)
[ $bad -eq 0 ] && echo "xref-test: every heading of a guide cited exists"
exit $bad
