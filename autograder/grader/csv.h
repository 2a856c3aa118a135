/**
 * @file csv.h
 * @brief Opening the CSV files the labs' benches write, one place for the path and
 *        the error message.
 */
#ifndef COMMON_CSV_H
#define COMMON_CSV_H

#include <stdio.h>

/**
 * @brief Opens DIR/NAME for writing; on failure prints the path and the reason to
 *        stderr and returns NULL.
 */
FILE *csv_open(const char *dir, const char *name);

#endif /* COMMON_CSV_H */
