# One whole step of each method against N (lab 04 bench: sizes.csv), log-log: the
# naive O(N^2) line, the grids' fixed cost at small N, and where the scattered grid
# leaves the coherent one behind.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set datafile missing ""
set logscale xy
set xlabel "boids N"
set ylabel "ms per step (CUDA events, median)"
set key top left
set grid
f = data."/sizes.csv"
plot f using 1:2 every ::1 with linespoints lw 2 pt 7 title "naive", \
     f using 1:3 every ::1 with linespoints lw 2 pt 5 title "scattered grid", \
     f using 1:4 every ::1 with linespoints lw 2 pt 9 title "coherent grid", \
     f using 1:5 every ::1 with linespoints lw 2 pt 11 title "fast search (going further)"
