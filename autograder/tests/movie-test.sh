#!/usr/bin/env bash
# movie-test.sh [MAKE]: make movie without a GPU. A handful of tiny frames (65 x 37, odd
# sides on purpose) from the emulated lab 04 driver once it takes --frames, else from a
# small PNG writer below; then make movie FRAMES=dir through each path: the GIF forced
# (png2gif), the MP4 (ffmpeg; frames and size checked with ffprobe) and the GIF fallback
# where ffmpeg is missing. Without ffmpeg only the GIF is checked, and a line says so.
set -u
make=${1:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "movie-test: $*"
	exit 1
}
movie() { # movie LOG ARGS...: make movie of the driver's lab, its output in LOG
	$make --no-print-directory movie LAB="$(basename "$(dirname "$driver")" | cut -c1-2)" "${@:2}" \
		>"$1" 2>&1 || { cat "$1"; fail "make movie ${*:2} failed"; }
}

driver=solutions/04-boids/driver.c driver_args="-n 256 --steps 4 --size 65x37"
if grep -q frames_options "$driver" 2>/dev/null; then
	movie "$tmp/run.log" SUBMISSION=solutions EMU=1 ARGS="$driver_args" EVERY=1 FORMAT=gif OUT="$tmp/run"
	grep -q "^frames: " "$tmp/run.log" || { cat "$tmp/run.log"; fail "make movie: no 'frames:' line from the driver"; }
	source="the emulated driver of $driver"
else
	mkdir -p "$tmp/run/frames"
	python3 - "$tmp/run/frames" <<'EOF' || fail "cannot write test frames"
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
w, h = 65, 37
for k in range(5):  # bright dots moving over a dark, slightly blue background
    rows = []
    for y in range(h):
        row = bytearray(b"\x00")
        for x in range(w):
            d = min((x - 8 - 10 * k) ** 2 + (y - 18) ** 2, (x - 50 + 6 * k) ** 2 + (y - 9 - 4 * k) ** 2)
            v = max(0, 255 - 40 * d)
            row += bytes((v, min(255, v + 20), min(255, v + 40)))
        rows.append(bytes(row))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
    open("%s/frame_%05d.png" % (sys.argv[1], k), "wb").write(png)
EOF
	source="a PNG writer (the lab 04 driver has no --frames yet)"
fi
n=$(find "$tmp/run/frames" -name 'frame_*.png' 2>/dev/null | wc -l)
[ "$n" -ge 2 ] || fail "$source wrote $n frame(s)"
frames=$tmp/run/frames

# The GIF, forced: its line, its header and trailer, and ffmpeg's count when present.
movie "$tmp/gif.log" FRAMES="$frames" FORMAT=gif OUT="$tmp/g"
grep -q "^movie: $tmp/g.gif: $n frames, 65 x 37, 30 fps, [0-9]* bytes" "$tmp/gif.log" ||
	{ cat "$tmp/gif.log"; fail "make movie FORMAT=gif: no line for $tmp/g.gif with $n frames, 65 x 37"; }
[ "$(head -c 6 "$tmp/g.gif")" = GIF89a ] && [ "$(tail -c 1 "$tmp/g.gif" | od -An -tx1 | tr -d ' ')" = 3b ] ||
	fail "$tmp/g.gif: not a GIF89a header and trailer"
if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
	echo "movie-test: ffmpeg not found: MP4 and fallback skipped (apt-get install -y ffmpeg); GIF of $n frames from $source passed"
	exit 0
fi
probe() { # probe FILE: codec width height pix_fmt frames, as ffprobe decodes them (and errors)
	ffprobe -v error -select_streams v:0 -count_frames -show_entries \
		stream=nb_read_frames,width,height,codec_name,pix_fmt -of default=nw=1:nk=1 "$1" 2>&1 |
		tr '\n' ' '
}
got=$(probe "$tmp/g.gif")
[[ $got == "gif 65 37 "*" $n " ]] ||
	fail "$tmp/g.gif: ffprobe decodes '$got', want gif 65 x 37, $n frames"

# The MP4: H.264, yuv420p, the odd sides padded even, every frame there.
movie "$tmp/mp4.log" FRAMES="$frames" FORMAT=mp4 OUT="$tmp/m"
grep -q "^movie: $tmp/m.mp4: $n frames, 66 x 38, 30 fps" "$tmp/mp4.log" ||
	{ cat "$tmp/mp4.log"; fail "make movie: no line for $tmp/m.mp4 with $n frames, 66 x 38"; }
got=$(probe "$tmp/m.mp4")
[ "$got" = "h264 66 38 yuv420p $n " ] || fail "$tmp/m.mp4: ffprobe reads '$got', want 'h264 66 38 yuv420p $n'"

# The fallback: MP4 asked for, ffmpeg missing: the GIF that FORMAT=gif wrote.
FFMPEG=/nonexistent/ffmpeg movie "$tmp/fallback.log" FRAMES="$frames" OUT="$tmp/f"
grep -q "ffmpeg not found, writing a GIF instead" "$tmp/fallback.log" && cmp -s "$tmp/f.gif" "$tmp/g.gif" ||
	{ cat "$tmp/fallback.log"; fail "without ffmpeg, make movie wrote no GIF, or not FORMAT=gif's"; }
echo "movie-test: $n frames from $source: GIF, MP4 (h264 66 x 38) and the GIF fallback passed"
