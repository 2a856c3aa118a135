/**
 * @file args.h
 * @brief The drivers' command lines: a table of options (struct arg_spec), one parser
 *        that fills the table's variables and returns an error instead of exiting, and
 *        the usage printed from the same table, so an option and its help cannot drift.
 *
 * A table ends with an entry whose name is NULL. An option is matched by its whole
 * name ("-n", "--steps"); its value is always the next argument, even one that starts
 * with '-' (so "--inclination -30" works). A later occurrence overrides an earlier
 * one; "-h" and "--help" stop the parse. A table may include another (ARG_TABLE), as
 * the frame options (frames.h) are included by every driver.
 */
#ifndef COMMON_ARGS_H
#define COMMON_ARGS_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief What an option's value is, and so what its dest points to. */
enum arg_kind {
	ARG_INT,    /**< int: a whole number in decimal */
	ARG_LONG,   /**< long: a whole number in decimal */
	ARG_ULLONG, /**< unsigned long long: decimal, 0x hexadecimal or 0 octal (a seed) */
	ARG_FLOAT,  /**< float: a number, read as a double and rounded once */
	ARG_DOUBLE, /**< double: a number */
	ARG_STRING, /**< const char *: the argument itself (not copied) */
	ARG_FLAG,   /**< int: set to 1; takes no value */
	ARG_CHOICE, /**< int: the index of the value in choices ("a|b|c") */
	ARG_CUSTOM, /**< anything: parse(spec, value) reads the value into dest */
	ARG_TABLE   /**< dest is another table, whose options are taken as this one's */
};

/** @brief One option of a table. The first five fields are enough for most options. */
struct arg_spec {
	/** @brief "-n", "--steps"; for ARG_TABLE with a heading, its name in the usage's
	 *         first line ("frame options"). NULL ends the table. */
	const char *name;
	enum arg_kind kind; /**< what the value is */
	void *dest;	    /**< where the value goes (see enum arg_kind) */
	/** @brief The value's name in the usage ("N", "DIR"); NULL for a flag, and for a
	 *         choice, whose choices are shown instead. */
	const char *metavar;
	/**
	 * @brief What the option does and its default, in the usage; lines after the first
	 *        ("\n"-separated) are indented to the first's column. For ARG_TABLE: the
	 *        heading of its section of the usage, or NULL to list its options with
	 *        this table's.
	 */
	const char *help;
	/** @brief ARG_CHOICE: the accepted values, separated by '|' ("gpu|cpu"). */
	const char *choices;
	/** @brief What a value must be, for the error message ("a folder"); NULL: what the
	 *         kind accepts ("a whole number", "a number", "gpu or cpu"). */
	const char *want;
	/** @brief ARG_CUSTOM: reads @p value into spec->dest; returns 0, or -1 if it is not
	 *         what spec->want says (the parser prints the message). */
	int (*parse)(const struct arg_spec *spec, const char *value);
	/** @brief If not NULL, set to 1 when the option is given. */
	int *given;
};

/**
 * @name Table entries
 * The usual options, as entries of a table (every other field zero); an option that
 * needs another field (want) is written out with designated initializers.
 * @{
 */
/** @brief An int option, "-n N". */
#define OPT_INT(name_, dest_, metavar_, help_)                                                     \
	{                                                                                          \
		.name = (name_), .kind = ARG_INT, .dest = (dest_), .metavar = (metavar_),          \
		.help = (help_)                                                                    \
	}
/** @brief An int option that also records whether it was given (the default depends on it). */
#define OPT_INT_GIVEN(name_, dest_, metavar_, help_, given_)                                       \
	{                                                                                          \
		.name = (name_), .kind = ARG_INT, .dest = (dest_), .metavar = (metavar_),          \
		.help = (help_), .given = (given_)                                                 \
	}
/** @brief A long option. */
#define OPT_LONG(name_, dest_, metavar_, help_)                                                    \
	{                                                                                          \
		.name = (name_), .kind = ARG_LONG, .dest = (dest_), .metavar = (metavar_),         \
		.help = (help_)                                                                    \
	}
/** @brief An unsigned long long option (a seed: 0x hexadecimal too). */
#define OPT_ULLONG(name_, dest_, metavar_, help_)                                                  \
	{                                                                                          \
		.name = (name_), .kind = ARG_ULLONG, .dest = (dest_), .metavar = (metavar_),       \
		.help = (help_)                                                                    \
	}
/** @brief A float option. */
#define OPT_FLOAT(name_, dest_, metavar_, help_)                                                   \
	{                                                                                          \
		.name = (name_), .kind = ARG_FLOAT, .dest = (dest_), .metavar = (metavar_),        \
		.help = (help_)                                                                    \
	}
/** @brief A double option. */
#define OPT_DOUBLE(name_, dest_, metavar_, help_)                                                  \
	{                                                                                          \
		.name = (name_), .kind = ARG_DOUBLE, .dest = (dest_), .metavar = (metavar_),       \
		.help = (help_)                                                                    \
	}
/** @brief A double option that also records whether it was given. */
#define OPT_DOUBLE_GIVEN(name_, dest_, metavar_, help_, given_)                                    \
	{                                                                                          \
		.name = (name_), .kind = ARG_DOUBLE, .dest = (dest_), .metavar = (metavar_),       \
		.help = (help_), .given = (given_)                                                 \
	}
/** @brief A string option (the argument itself). */
#define OPT_STRING(name_, dest_, metavar_, help_)                                                  \
	{                                                                                          \
		.name = (name_), .kind = ARG_STRING, .dest = (dest_), .metavar = (metavar_),       \
		.help = (help_)                                                                    \
	}
/** @brief A flag: *dest = 1 when given. */
#define OPT_FLAG(name_, dest_, help_)                                                              \
	{                                                                                          \
		.name = (name_), .kind = ARG_FLAG, .dest = (dest_), .help = (help_)                \
	}
/** @brief A choice: *dest (an int) = the index of the value in choices_ ("a|b|c"). */
#define OPT_CHOICE(name_, dest_, choices_, help_)                                                  \
	{                                                                                          \
		.name = (name_), .kind = ARG_CHOICE, .dest = (dest_), .help = (help_),             \
		.choices = (choices_)                                                              \
	}
/** @brief A value read by parse_(spec, value) into dest_; want_ says what it must be. */
#define OPT_CUSTOM(name_, dest_, metavar_, want_, parse_, help_)                                   \
	{                                                                                          \
		.name = (name_), .kind = ARG_CUSTOM, .dest = (dest_), .metavar = (metavar_),       \
		.help = (help_), .want = (want_), .parse = (parse_)                                \
	}
/** @brief Another table's options: under the heading heading_ (shown as [name_] in the
 *         usage's first line), or with this table's if heading_ is NULL. */
#define OPT_TABLE(name_, table_, heading_)                                                         \
	{                                                                                          \
		.name = (name_), .kind = ARG_TABLE, .dest = (void *)(table_), .help = (heading_)   \
	}
/** @brief The end of a table. */
#define OPT_END                                                                                    \
	{                                                                                          \
		.name = NULL                                                                       \
	}
/** @} */

/** @brief What args_parse found. */
enum args_result {
	ARGS_ERROR = -1, /**< a bad command line; one line saying why is on stderr */
	ARGS_OK = 0,	 /**< every argument was taken */
	ARGS_HELP = 1	 /**< -h or --help: the caller prints args_usage() and exits 0 */
};

/**
 * @brief Reads argv[1] to argv[argc - 1] into the variables of @p specs, in order. Stops
 *        at the first argument that is not an option of the table, at a missing or bad
 *        value (nothing after the option, a number with anything after its digits or
 *        out of its type's range, a value not among the choices, a custom value
 *        refused), and at -h or --help. Variables of options already read keep their
 *        new values; the others keep theirs. Never exits.
 * @return ARGS_OK, ARGS_HELP, or ARGS_ERROR after printing "OPTION: expected WANT, got
 *         'VALUE'" or "'ARG': unknown option" to stderr.
 */
enum args_result args_parse(int argc, char **argv, const struct arg_spec *specs);

/**
 * @brief Prints "usage: PROG [-n N] [--steps K] ... [frame options]", then one line per
 *        option with its help, then each included table under its heading, and -h.
 */
void args_usage(FILE *out, const char *prog, const struct arg_spec *specs);

/**
 * @brief For a check after args_parse() (a value out of range, options that do not go
 *        together): prints the printf-style message and a newline on stderr, then the
 *        usage on stdout, as after a bad option.
 * @return 2, the drivers' exit status for a bad command line.
 */
int args_bad(const char *prog, const struct arg_spec *specs, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* COMMON_ARGS_H */
