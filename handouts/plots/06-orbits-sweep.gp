# RK4 steps per second against the number of satellites (lab 06 bench: sweep.csv),
# the integrated kernel in double at each steps-per-launch, and the modular one.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set xlabel "satellites"
set ylabel "RK4 steps / s"
set key bottom right
set grid
f = data."/sweep.csv"
plot for [k in "1 10 100 1000"] f using 1:((strcol(2) eq "integrated double" && $3 == k+0) ? $6 : NaN) \
       every ::1 with linespoints lw 2 pt 7 title sprintf("integrated, %s steps per launch", k), \
     f using 1:((strcol(2) eq "modular double") ? $6 : NaN) every ::1 with linespoints lw 2 dt 2 pt 5 title "modular"
