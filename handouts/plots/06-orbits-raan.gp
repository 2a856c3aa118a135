# The J2 precession of a constellation's planes (lab 06 driver: --constellation
# --raan-csv, measured on the GPU: raan.csv): each plane's mean right ascension of the
# ascending node, its change since the start, against the secular rate
# -3/2 n J2 (Re/p)^2 cos i. The rates in the key are least-squares slopes of plane 0.
set terminal svg size 640,420 font "sans,12"
set output out
set datafile separator ","
f = data."/raan.csv"
stats f using 2 every ::1 nooutput
planes = int(STATS_max) + 1
stats f every planes::1 using ($1 / 86400):3 nooutput
measured = STATS_slope
stats f every planes::1 using ($1 / 86400):4 nooutput
formula = STATS_slope
r0 = 0.0
set xlabel "days"
set ylabel "RAAN change since the start (degrees)"
set key top right
set grid
plot for [k = 0:planes - 1] f every planes::(1 + k) \
       using ($1 / 86400):(r0 = ($1 == 0 ? $3 : r0), $3 - r0) with lines lw 1 lc k + 1 \
       title (k == 0 ? sprintf("measured, %d planes (plane 0: %.4f deg/day)", planes, measured) : ""), \
     f every planes::1 using ($1 / 86400):(r0 = ($1 == 0 ? $4 : r0), $4 - r0) \
       with lines lw 2 dt 2 lc rgb "black" title sprintf("J2 formula: %.4f deg/day", formula)
