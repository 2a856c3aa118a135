#!/usr/bin/env bash
# nav.sh PAGE: the navigation bar of one handout page (PAGE is index or NN-name), as an
# HTML fragment that make handouts hands pandoc (--include-before-body): the course's
# index, every lab by number, the previous and the next lab. Titles come from the
# handouts' own `title:` lines, so a new lab or a new title needs no edit here.
set -eu
page=$1
here=$(cd "$(dirname "$0")" && pwd)
shopt -s nullglob
labs=()
for md in "$here"/[0-9][0-9]-*.md; do labs+=("$(basename "$md" .md)"); done

# "Lab 02-tiling: shared-memory tiles and two barriers" -> "shared-memory tiles and two barriers"
subject() {
	sed -n 's/^title: *"\{0,1\}\(.*[^"]\)"\{0,1\} *$/\1/p' "$here/$1.md" | head -n 1 |
		sed -e 's/^[^:]*: *//' -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

prev="" next="" at=-1
for i in "${!labs[@]}"; do [ "${labs[$i]}" = "$page" ] && at=$i; done
if [ "$at" -ge 0 ]; then
	[ "$at" -gt 0 ] && prev=${labs[$((at - 1))]}
	[ "$at" -lt $((${#labs[@]} - 1)) ] && next=${labs[$((at + 1))]}
elif [ "$page" = index ] && [ ${#labs[@]} -gt 0 ]; then
	next=${labs[0]}
fi

echo '<nav class="course-nav" aria-label="Particle Labs">'
echo '<div class="course-nav-labs">'
if [ "$page" = index ]; then
	echo '<a class="home" href="index.html" aria-current="page">Particle Labs</a>'
elif [ -f "$here/index.md" ]; then
	echo '<a class="home" href="index.html">Particle Labs</a>'
else # a student release of some labs: no front page
	echo '<span class="home">Particle Labs</span>'
fi
for l in "${labs[@]}"; do
	n=${l%%-*}
	if [ "$l" = "$page" ]; then
		echo "<a href=\"$l.html\" title=\"$(subject "$l")\" aria-current=\"page\">Lab $n</a>"
	else
		echo "<a href=\"$l.html\" title=\"$(subject "$l")\">Lab $n</a>"
	fi
done
echo '</div>'
echo '<div class="course-nav-steps">'
[ -n "$prev" ] && echo "<a class=\"prev\" href=\"$prev.html\" rel=\"prev\">&larr; Lab ${prev%%-*}: $(subject "$prev")</a>"
[ -n "$next" ] && echo "<a class=\"next\" href=\"$next.html\" rel=\"next\">Lab ${next%%-*}: $(subject "$next") &rarr;</a>"
echo '</div>'
echo '</nav>'
