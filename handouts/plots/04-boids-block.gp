# Step time against block size at 200k and 1M boids (lab 04 bench: block.csv), one line
# per method and size, each normalised to its best block size (the seed's table).
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set xlabel "threads per block"
set ylabel "step time / best step time"
set key top center
set grid
f = data."/block.csv"
sel(m, n) = (strcol(1) eq m && $2 == n) ? $8 : NaN
stats f using (sel("coherent", 200000)) every ::1 nooutput name "C2"
stats f using (sel("coherent", 1000000)) every ::1 nooutput name "C1"
stats f using (sel("scattered", 200000)) every ::1 nooutput name "S2"
stats f using (sel("scattered", 1000000)) every ::1 nooutput name "S1"
plot f using 3:(sel("coherent", 200000)/C2_min) every ::1 with linespoints lw 2 pt 9 title "coherent, 200k", \
     f using 3:(sel("coherent", 1000000)/C1_min) every ::1 with linespoints lw 2 pt 8 title "coherent, 1M", \
     f using 3:(sel("scattered", 200000)/S2_min) every ::1 with linespoints lw 2 pt 5 title "scattered, 200k", \
     f using 3:(sel("scattered", 1000000)/S1_min) every ::1 with linespoints lw 2 pt 4 title "scattered, 1M"
