# Each phase's time against N (lab 05 bench: phases.csv), theta 0.5, log-log, with the
# whole step and the all-pairs kernel (measured up to 2^20): where the lines cross, the
# tree starts to pay.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set xlabel "bodies N"
set ylabel "ms"
set key top left
set grid
f = data."/phases.csv"
plot for [k = 2:8] f using 1:k every ::1 with linespoints lw 2 title columnhead(k)
