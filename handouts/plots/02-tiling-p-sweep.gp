# Interactions per second of the tiled kernel against the tile size P, one line per N
# (lab 02 bench: throughput.csv, the rows of kernel "tiled", which it writes together
# for each N, so that no filtered-out row breaks a line). y is logarithmic: the rates
# span two decades from N = 4096 to 1M, and the shape against P is what matters.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set xtics (64, 128, 256, 512, 1024)
set xrange [48:1400]
set xlabel "tile size P (threads per block, bodies per tile)"
set ylabel "interactions / s (10^{12})"
set key outside right center
set grid
set logscale y
# 0.03 .. 3: the data span 0.05 to 1.7; no empty decade above or below
set yrange [0.03:3]
set ytics ("0.05" 0.05, "0.1" 0.1, "0.2" 0.2, "0.5" 0.5, "1" 1, "2" 2)
# the default fifth colour is a pale yellow, hard to read on white
set linetype 5 lc rgb "#303030" lw 2 pt 7
sizes = "4096 16384 65536 262144 1048576"
rate(n) = (strcol(1) eq "tiled" && $3 == n) ? $7 / 1e12 : NaN
plot for [s in sizes] data."/throughput.csv" using 2:(rate(s + 0)) with linespoints lw 2 \
     title "N = ".s
