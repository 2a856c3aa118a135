# Interactions per second against N: lab 01's naive kernel (L1 caches its loads), the
# same with L1 bypassed (ldcg), and the tiled kernel at P = 256 (lab 02 bench:
# throughput.csv, one row per kernel, P and N).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
# One table per line: the CSV interleaves the kernels, and a filtered-out row in the
# middle of a line would break it.
set table $naive
plot data."/throughput.csv" using 3:($7 / 1e12) with table if (strcol(1) eq "naive")
set table $ldcg
plot data."/throughput.csv" using 3:($7 / 1e12) with table if (strcol(1) eq "ldcg")
set table $tiled
plot data."/throughput.csv" using 3:($7 / 1e12) with table if (strcol(1) eq "tiled" && $2 == 256)
unset table
set datafile separator whitespace # the tables are tab-separated
set logscale x 2
set format x "2^{%L}"
set xrange [3000:1.4e6] # N = 4096 .. 1048576, written as %g by the tables
set xlabel "bodies N"
set ylabel "interactions / s (10^{12})"
set key bottom right
set grid
set yrange [0:*]
plot $naive using 1:2 with linespoints lw 2 pt 7 title "naive (lab 01, L1 caches its loads)", \
     $ldcg using 1:2 with linespoints lw 2 pt 5 title "naive, L1 bypassed (\\_\\_ldcg)", \
     $tiled using 1:2 with linespoints lw 2 pt 9 title "tiled, P = 256"
