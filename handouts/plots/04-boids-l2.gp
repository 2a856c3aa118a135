# Picoseconds per check of the scattered and the coherent search, 8-cell grid, against N
# (lab 04 bench: checks.csv): where pos and vel, 24 bytes a boid, outgrow the H200's
# 63 MB of L2 (2.6M boids, the dashed line), the scattered reads go to DRAM.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set xlabel "boids N"
set ylabel "ps per check (8 cells)"
set key bottom left
set format x "10^{%L}"
set grid
set arrow from 63e6/24, graph 0 to 63e6/24, graph 1 nohead dt 2 lc rgb "#555555"
set label "pos + vel fill the L2" at 63e6/24, graph 0.6 right offset -0.6,0 font "sans,10"
f = data."/checks.csv"
# the 8-cell rows are every other line from the first after the header
plot f using 1:(($2 == 8) ? $5 : NaN) every 2::1 with linespoints lw 2 pt 5 title "scattered", \
     f using 1:(($2 == 8) ? 1e12/$6 : NaN) every 2::1 with linespoints lw 2 pt 9 title "coherent"
