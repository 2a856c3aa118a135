# Interactions per second of accel_split against N, one line per Q (threads per body),
# each point with its best P of {16, 32, 64, 128} (lab 03 bench: throughput_q.csv, rows
# grouped by Q; the P is its third column).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set format x "2^{%L}"
set xlabel "bodies N"
set ylabel "interactions / s (10^{12})"
set key top left
set grid
set yrange [0:*]
f = data."/throughput_q.csv"
plot for [e = 0:3] f using 1:($2 == 2**e ? $7/1e12 : NaN) \
     with linespoints lw 2 pt 7 title sprintf("Q = %d (best P)", 2**e)
