# Interactions per second of accel_unrolled (P = 256) against N, one line per unroll
# factor U (lab 03 bench: throughput_u.csv, rows grouped by U), and the issue bound
# from auto.csv.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set format x "2^{%L}"
set xlabel "bodies N"
set ylabel "interactions / s (10^{12})"
set key bottom right
set grid
# the issue bound the bench divided by (auto.csv, column 8), as a dashed line
stats data."/auto.csv" using ($8/1e12) nooutput
bound = STATS_max
set yrange [0:bound * 1.1]
f = data."/throughput_u.csv"
plot for [e = 0:3] f using 1:($2 == 2**e ? $7/1e12 : NaN) \
     with linespoints lw 2 pt 7 title sprintf("U = %d", 2**e), \
     bound with lines dt 2 lw 1.5 lc rgb "#555555" title sprintf("issue bound %.2f", bound)
