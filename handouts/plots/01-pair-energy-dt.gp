# Worst |dE/E| against the time step (lab 01 bench: energy_dt.csv).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set format y "10^{%L}"
set xlabel "time step dt (Hénon units)"
set ylabel "worst |dE/E| up to t = 10"
set key top left
set grid
set fit quiet
set fit logfile "/dev/null"
f(x) = a * x**2
a = 0.05
fit [0.005:0.03] f(x) data."/energy_dt.csv" using 1:2 via a
plot data."/energy_dt.csv" using 1:2:3:4 with yerrorlines lw 2 pt 7 title "Plummer N = 1024, eps = 0.05 (median, min-max of 5)", \
     f(x) with lines dt 2 lc rgb "gray" title "slope 2 (second order)"
