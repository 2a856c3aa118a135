# Distance from the double CPU reference over ten days (lab 06 bench: error.csv):
# float, compensated float and double on the GPU.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale y
set xlabel "hours"
set ylabel "km from double (CPU), mean of 8 satellites"
set key top left
set grid
f = data."/error.csv"
plot f using 1:2 every ::1 with lines lw 2 title "float", \
     f using 1:3 every ::1 with lines lw 2 title "float, compensated (Kahan)", \
     f using 1:($4 > 0 ? $4 : NaN) every ::1 with lines lw 2 title "double (GPU)"
