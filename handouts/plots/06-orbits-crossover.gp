# Modular time over integrated time against the total number of RK4 steps (lab 06
# bench: crossover.csv): where the integrated kernel's edge shrinks.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set xlabel "satellites x steps"
set ylabel "modular / integrated"
set key top right
set grid
f = data."/crossover.csv"
plot for [s in "100 1000 6400"] f using 3:(($2 == s+0) ? $6 : NaN) every ::1 with linespoints lw 2 pt 7 title sprintf("%s steps", s)
