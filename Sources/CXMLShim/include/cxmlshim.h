#ifndef CXMLSHIM_H
#define CXMLSHIM_H

/* The C side of conform's XML layer. This header deliberately exposes no libxml2 type:
 * Swift imports it without ever seeing libxml2's (ICU-dependent) headers. */

#include <stddef.h>
#include <stdint.h>

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if !__has_feature(nullability)
#define _Nonnull
#define _Nullable
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* One element of a parsed document. Strings are offsets into the result's string arena. */
typedef struct cvx_element {
    int32_t parent;        /* index of the parent element, -1 for the root */
    int32_t name;          /* index into the name table (local name) */
    int32_t prefix;        /* index into the name table, -1 when unprefixed */
    int32_t ns_uri;        /* index into the name table, -1 when no namespace */
    int32_t first_attr;    /* index of the first attribute in the attribute table */
    int32_t attr_count;
    int32_t first_child;   /* index of the first child element, -1 when none */
    int32_t next_sibling;  /* index of the next sibling element, -1 when none */
    int64_t text;          /* arena offset of the direct text content (text and CDATA, concatenated, trimmed) */
    int64_t text_len;      /* bytes */
    int32_t line;          /* 1-based line of the start tag's '<' */
    int32_t column;        /* 1-based column (characters) of the start tag's '<' */
    int32_t cdata_sections;/* number of CDATA sections among the direct children */
    int32_t flags;         /* CVX_FLAG_* */
} cvx_element;

enum {
    CVX_FLAG_TEXT_OUTSIDE_CDATA = 1,  /* non-whitespace character data outside CDATA */
    CVX_FLAG_ENTITY_REFERENCE = 2,    /* an unexpanded entity reference among the direct children */
};

typedef struct cvx_attribute {
    int32_t name;          /* name table index (local name) */
    int32_t prefix;        /* name table index, -1 when unprefixed */
    int64_t value;         /* arena offset */
    int64_t value_len;
} cvx_attribute;

typedef struct cvx_message {
    int32_t level;         /* 1 warning, 2 error, 3 fatal */
    int32_t domain;        /* libxml2 error domain */
    int32_t code;          /* libxml2 error code */
    int32_t line;          /* 1-based, 0 when unknown */
    int32_t column;        /* 1-based, 0 when unknown */
    int64_t text;          /* arena offset of the message (no trailing newline) */
    int64_t text_len;
} cvx_message;

/* A comment whose text starts with "conform-" (a directive), trimmed. */
typedef struct cvx_comment {
    int32_t line;          /* 1-based line of the comment's '<!--' */
    int32_t column;        /* 1-based column (characters) of the comment's '<!--' */
    int32_t end_line;      /* 1-based line of its '-->' */
    int32_t reserved;
    int64_t text;          /* arena offset */
    int64_t text_len;
} cvx_comment;

/* Parse options. */
enum {
    CVX_OPT_RECOVER = 1,   /* keep building the tree after a well-formedness error */
    CVX_OPT_PULL = 2,      /* read with the pull parser only (for comparisons) */
};

/* Result summary flags. */
enum {
    CVX_RESULT_WELL_FORMED = 1,
    CVX_RESULT_NAMESPACE_WELL_FORMED = 2,
    CVX_RESULT_HAS_DTD = 4,
    CVX_RESULT_TRUNCATED_MESSAGES = 8,
    CVX_RESULT_TRUNCATED_DIRECTIVES = 16,  /* more directive comments than CVX_MAX_DIRECTIVES; the first are kept */
};

typedef struct cvx_result cvx_result;

/* Initialise libxml2 once per process (thread-safe when called through a Swift static let). */
void cvx_init(void);

/* The loaded libxml2's version, dotted ("2.9.14"). Call after cvx_init. */
const char *_Nonnull cvx_libxml2_version(void);

/* Parse `length` raw bytes. Never loads external resources and never substitutes entities. Reads with
 * libxml2's push parser, and again with its pull parser when the push parse reports anything: a
 * document with messages gets the pull parser's result (see the C file).
 * Returns NULL only when memory is exhausted. The caller frees the result with cvx_free. */
cvx_result *_Nullable cvx_parse(const char *_Nonnull bytes, size_t length, int options);

void cvx_free(cvx_result *_Nullable result);

int32_t cvx_flags(const cvx_result *_Nonnull result);
const char *_Nonnull cvx_arena(const cvx_result *_Nonnull result);
int32_t cvx_element_count(const cvx_result *_Nonnull result);
const cvx_element *_Nullable cvx_elements(const cvx_result *_Nonnull result);
int32_t cvx_attribute_count(const cvx_result *_Nonnull result);
const cvx_attribute *_Nullable cvx_attributes(const cvx_result *_Nonnull result);
int32_t cvx_name_count(const cvx_result *_Nonnull result);
/* Name i: arena offset and length through the out parameters. */
void cvx_name(const cvx_result *_Nonnull result, int32_t index, int64_t *_Nonnull offset, int64_t *_Nonnull length);
int32_t cvx_message_count(const cvx_result *_Nonnull result);
const cvx_message *_Nullable cvx_messages(const cvx_result *_Nonnull result);
/* The directive comments (see cvx_comment), in document order. */
int32_t cvx_comment_count(const cvx_result *_Nonnull result);
const cvx_comment *_Nullable cvx_comments(const cvx_result *_Nonnull result);

/* Bare SAX2 parse with no callbacks, for benchmarks: returns 1 when well-formed. `push` nonzero: with
 * the push parser, given the whole input at once, as cvx_parse reads documents; zero: with the pull
 * parser (xmlParseDocument). */
int cvx_parse_bare(const char *_Nonnull bytes, size_t length, int push);

/* Validate `length` bytes against the XML Schema in `schema_bytes`. When `namespace_uri` is not NULL,
 * un-namespaced documents are moved into that namespace before validation (the IAB 4.x schemas
 * declare a target namespace that real tags do not use). Returns a result whose messages are the
 * validation findings (flags: CVX_RESULT_WELL_FORMED when the schema itself loaded and the document
 * parsed). */
cvx_result *_Nullable cvx_validate_schema(const char *_Nonnull bytes, size_t length,
                                          const char *_Nonnull schema_bytes, size_t schema_length,
                                          const char *_Nullable namespace_uri);

#ifdef __cplusplus
}
#endif
#endif
