# 27 cells r_max wide against 8 cells 2 r_max wide (lab 04 bench: cells.csv): the
# ratio of step times, above 1 where 27 cells win.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x
set xlabel "boids N"
set ylabel "step time, 8 cells / 27 cells"
set key top left
set grid
f = data."/cells.csv"
plot f using 1:($2/$3) every ::1 with linespoints lw 2 pt 5 title "scattered", \
     f using 1:($4/$5) every ::1 with linespoints lw 2 pt 9 title "coherent", \
     f using 1:($6/$7) every ::1 with linespoints lw 2 pt 11 title "fast search (going further)", \
     1 with lines dt 2 lc rgb "#555555" notitle
