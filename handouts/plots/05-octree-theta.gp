# Time and error against the opening angle theta (lab 05 bench: theta.csv), N = 2^20, the Plummer
# sphere (its first five rows):
# the whole step on the left axis, the mean and 99th-percentile errors on the right.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set xlabel "theta"
set ylabel "ms"
set y2label "relative error against the direct sum"
set logscale y2
set y2tics
set ytics nomirror
set key top center
set grid
f = data."/theta.csv"
plot f using 2:3 every ::1::5 axes x1y1 with linespoints lw 2 pt 7 title "whole step (ms)", \
     f using 2:4 every ::1::5 axes x1y1 with linespoints lw 2 pt 5 title "forces (ms)", \
     f using 2:5 every ::1::5 axes x1y2 with linespoints lw 2 dt 2 pt 9 title "mean error", \
     f using 2:6 every ::1::5 axes x1y2 with linespoints lw 2 dt 2 pt 11 title "99th percentile"
