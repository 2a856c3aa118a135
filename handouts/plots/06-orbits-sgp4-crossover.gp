# SGP4 (step 6.e): modular time over integrated time against the total number of
# propagations, near-earth and deep-space catalogues (lab 06 bench: sgp4-crossover.csv).
# Above 1 the integrated kernel is faster: the seed's crossover, asked of SGP4.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
set logscale xy
set xlabel "satellites x steps"
set ylabel "modular / integrated"
set key top right noenhanced
set grid
f = data."/sgp4-crossover.csv"
plot for [fam in "near deep"] for [s in "100 1000 6400"] f using 4:((strstrt(strcol(1), fam) == 1 && $3 == s+0) ? $7 : NaN) every ::1 with linespoints lw 2 pt 7 title sprintf("%s, %s steps", fam, s), \
     1 with lines dt 2 lc rgb "gray" notitle
