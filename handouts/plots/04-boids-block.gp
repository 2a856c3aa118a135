# Step time against block size at each method's largest N (lab 04 bench: block.csv),
# one line per method, each normalised to its best block size.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale x 2
set xlabel "threads per block"
set ylabel "step time / best step time"
set key top center
set grid
f = data."/block.csv"
stats f using ((strcol(1) eq "naive") ? $8 : NaN) every ::1 nooutput name "N"
stats f using ((strcol(1) eq "scattered") ? $8 : NaN) every ::1 nooutput name "S"
stats f using ((strcol(1) eq "coherent") ? $8 : NaN) every ::1 nooutput name "C"
plot f using 3:((strcol(1) eq "naive") ? $8/N_min : NaN) every ::1 with linespoints lw 2 pt 7 title "naive", \
     f using 3:((strcol(1) eq "scattered") ? $8/S_min : NaN) every ::1 with linespoints lw 2 pt 5 title "scattered", \
     f using 3:((strcol(1) eq "coherent") ? $8/C_min : NaN) every ::1 with linespoints lw 2 pt 9 title "coherent"
