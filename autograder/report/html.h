/**
 * @file html.h
 * @brief The grade as a page: build/grade/report.html, one self-contained file (its
 *        styles inline, nothing fetched), a section per lab with its score, the tests
 *        that did not pass first, each hint's handout step a link into the built
 *        handout, and each speed test's ratio against its bound as a bar. Every number
 *        on it is one results.json holds, or a sum of them.
 */
#ifndef HTML_H
#define HTML_H

#include <stdio.h>

#include "report.h"

/** @brief Where the page's step links lead. */
struct html_links {
	const char *handouts; /**< the built handouts, relative to the page ("../handouts") */
	const char *labs;     /**< every lab's name, space-separated: a step N.x is lab N's */
	int built;	      /**< the handouts exist (else the page says how to build them) */
};

/** @brief Writes the page of @p r. */
void report_html(FILE *f, const struct report *r, const struct html_links *links);

/** @brief Writes @p n bytes of @p s with &, <, >, " and ' escaped. */
void html_escape(FILE *f, const char *s, size_t n);

/**
 * @brief Writes a test's output, escaped, with each handout step it names ("step
 *        1.b", "steps 2.a and 2.b") a link to that step's anchor, "#step-1.b", in lab
 *        1's built handout, and each "handouts/NN-name.md" a link to that page.
 */
void html_hint(FILE *f, const char *text, const struct html_links *links);

#endif /* HTML_H */
