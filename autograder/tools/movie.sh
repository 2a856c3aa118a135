#!/usr/bin/env bash
# movie.sh FRAMES_DIR OUT_BASE FORMAT FPS PNG2GIF [DRIVER_LOG]: make movie's last step.
# The frames FRAMES_DIR/frame_*.png, in name order, become OUT_BASE.mp4 (FORMAT mp4:
# ffmpeg, H.264 in yuv420p, padded to even sides) or OUT_BASE.gif (FORMAT gif, or mp4
# where ffmpeg is missing: PNG2GIF). Prints one line: the file, its frames, size and
# bytes, and the driver's "frames:" line (the render time) from DRIVER_LOG if given.
# FFMPEG=path: that ffmpeg (movie-test.sh names a missing one to check the GIF fallback).
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: movie.sh FRAMES_DIR OUT_BASE mp4|gif FPS PNG2GIF [DRIVER_LOG]" >&2; exit 2; }
dir=$1 out=$2 format=$3 fps=$4 png2gif=$5 log=${6:-} ffmpeg=${FFMPEG:-ffmpeg}

case $format in mp4 | gif) ;; *) echo "movie: FORMAT=$format: expected mp4 or gif" >&2; exit 2 ;; esac
[[ $fps =~ ^[1-9][0-9]*$ ]] || { echo "movie: FPS=$fps: expected a positive whole number" >&2; exit 2; }
shopt -s nullglob
frames=("$dir"/frame_*.png)
[ ${#frames[@]} -gt 0 ] || { echo "movie: no frame_*.png in $dir" >&2; exit 1; }
# the first frame's size, from its IHDR chunk (bytes 16 to 23, big-endian)
read -r width height < <(od -An -tu1 -j16 -N8 "${frames[0]}" |
	awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')

if [ "$format" = mp4 ] && ! command -v "$ffmpeg" >/dev/null; then
	echo "movie: ffmpeg not found, writing a GIF instead (for MP4: apt-get install -y ffmpeg)"
	format=gif
fi
mkdir -p "$(dirname "$out")"
file=$out.$format
if [ "$format" = mp4 ]; then
	# odd sides padded with a black row or column: yuv420p halves the chroma
	width=$(((width + 1) / 2 * 2)) height=$(((height + 1) / 2 * 2))
	# glob(3) pattern: the folder's own *?[\ escaped
	pattern="$(printf '%s' "$dir" | sed 's/[][*?\\]/\\&/g')/frame_*.png"
	"$ffmpeg" -nostdin -y -hide_banner -loglevel error -framerate "$fps" -pattern_type glob -i "$pattern" \
		-vf "pad=ceil(iw/2)*2:ceil(ih/2)*2" -c:v libx264 -pix_fmt yuv420p -movflags +faststart \
		"$file" || { echo "movie: ffmpeg failed to write $file" >&2; exit 1; }
else
	[ "$fps" -le 50 ] || { echo "movie: FPS=$fps: a GIF plays at most 50 frames a second" >&2; exit 2; }
	"$png2gif" "$file" "$fps" "${frames[@]}" || { echo "movie: png2gif failed to write $file" >&2; exit 1; }
fi
bytes=$(stat -c %s "$file")
render=$([ -n "$log" ] && [ -f "$log" ] && grep -m1 '^frames:' "$log" || true)
printf 'movie: %s: %d frames, %d x %d, %d fps, %d bytes (%s MB)%s\n' "$file" ${#frames[@]} \
	"$width" "$height" "$fps" "$bytes" "$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1e6 }')" \
	"${render:+; $render}"
