#!/usr/bin/env bash
# plot.sh LAB DATA_DIR OUT_DIR: renders every handouts/plots/LAB-*.gp with the CSV
# files of DATA_DIR into OUT_DIR/*.svg. Without gnuplot (the GPU machine has none)
# it says so and leaves the CSV for a machine that has it. A script whose CSV files
# (its data."/NAME.csv" strings) are not all there yet is skipped with one line.
set -eu
lab=$1 data=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
shopt -s nullglob
scripts=("$here"/plots/"$lab"-*.gp)
[ ${#scripts[@]} -gt 0 ] || exit 0
if ! compgen -G "$data/*.csv" >/dev/null; then
	echo "plot: no data for $lab in $data yet (make bench LAB=${lab%%-*} on a GPU makes it): figures not rendered"
	exit 0
fi
if ! command -v gnuplot >/dev/null; then
	echo "plot: gnuplot not found, figures not rendered (CSV kept in $data)"
	exit 0
fi
mkdir -p "$out"
for gp in "${scripts[@]}"; do
	name=$(basename "$gp" .gp)
	missing=""
	for csv in $(grep -o 'data *\. *"/[^"]*\.csv"' "$gp" | sed 's/.*"\/\(.*\)"/\1/' | sort -u); do
		[ -e "$data/$csv" ] || missing="$missing $csv"
	done
	if [ -n "$missing" ]; then
		echo "plot: $name skipped: no$missing in $data yet (make bench LAB=${lab%%-*} on a GPU makes it)"
		rm -f "$out/$name.svg"
		continue
	fi
	gnuplot -e "data='$data'; out='$out/$name.svg'" "$gp"
done
