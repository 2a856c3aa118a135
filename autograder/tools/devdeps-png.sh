#!/usr/bin/env bash
# devdeps-png.sh DEST: adds libpng's headers and shared library to a .devdeps folder made
# by ../shared/device/prepare-deps.sh, for a GPU machine that has neither (the drivers'
# --frames and make movie write PNG through libpng). DEST/env.sh already puts
# DEST/include and DEST/lib on CPATH, LIBRARY_PATH and LD_LIBRARY_PATH.
set -euo pipefail
dest=${1:-.devdeps}
[ -f "$dest/env.sh" ] || { echo "devdeps-png: $dest/env.sh missing; run ../shared/device/prepare-deps.sh $dest first" >&2; exit 1; }
[ -f /usr/include/png.h ] || { echo "devdeps-png: libpng is not installed here; run: apt-get install -y libpng-dev" >&2; exit 1; }
cp -L /usr/include/png.h /usr/include/pngconf.h /usr/include/pnglibconf.h "$dest/include/"
lib=$(ldconfig -p | awk '/libpng16\.so\.16 .*x86-64/{print $NF; exit}')
[ -n "$lib" ] || { echo "devdeps-png: libpng16.so.16 not found" >&2; exit 1; }
cp -L "$lib" "$dest/lib/libpng16.so.16"
ln -sf libpng16.so.16 "$dest/lib/libpng.so"
ln -sf libpng16.so.16 "$dest/lib/libpng16.so"
echo "devdeps-png: libpng added to $dest ($(du -sh "$dest" | cut -f1) in all)"
