# Interactions per second of the naive kernel against N (lab 01 bench: throughput.csv).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set format x "2^{%L}"
set xlabel "bodies N"
set ylabel "interactions / s (10^{12})"
set key bottom right
set grid
set yrange [0:*]
plot data."/throughput.csv" using 1:($5/1e12) with linespoints lw 2 pt 7 title "accel\\_naive, H200"
