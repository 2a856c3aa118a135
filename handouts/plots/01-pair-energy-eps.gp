# Worst |dE/E| against the softening length (lab 01 bench: energy_eps.csv).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set format y "10^{%L}"
set xlabel "softening length eps (Hénon units)"
set ylabel "worst |dE/E| up to t = 10"
set key top right
set grid
plot data."/energy_eps.csv" using 1:2:3:4 with yerrorlines lw 2 pt 7 title "Plummer N = 1024, dt = 0.0125 (median, min-max of 5)"
