/* The only file of conform that includes libxml2. It parses with SAX2 into flat tables
 * (elements, attributes, names, messages, one string arena) that Swift turns into value types.
 * No libxml2 object outlives a call, and no global error state is used. */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memrchr */
#endif

#include "cxmlshim.h"
#include "../CLibXML2/shim.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if LIBXML_VERSION >= 21200
#define CVX_CONST_ERROR const
#else
#define CVX_CONST_ERROR
#endif

#define CVX_MAX_MESSAGES 200
/* Directive comments kept per document: real tags have a handful; a hostile one cannot make the
 * directives' matching (each finding against each directive) grow without bound. */
#define CVX_MAX_DIRECTIVES 256
#define CVX_MAX_DEPTH 512

struct cvx_result {
    char *arena; int64_t arena_len, arena_cap;
    cvx_element *elements; int32_t element_count, element_cap;
    cvx_attribute *attributes; int32_t attribute_count, attribute_cap;
    int64_t *name_offsets; int64_t *name_lengths; int32_t name_count, name_cap;
    cvx_message *messages; int32_t message_count, message_cap;
    cvx_comment *comments; int32_t comment_count, comment_cap;
    int32_t flags;
    /* Set by a push read that met something the pull parser reads otherwise (see on_cdata): the document
     * is read again with the pull parser, as after a message. */
    int32_t needs_pull_read;
};

typedef struct { char *data; int64_t len, cap; } cvx_buffer;

typedef struct {
    const void **keys; int32_t *values; int32_t cap, count;
} cvx_intern;

typedef struct {
    cvx_result *result;
    xmlParserCtxtPtr ctxt;          /* the document's own context; events from other contexts are ignored */
    const unsigned char *raw;       /* the input bytes (for positions when no encoder is used) */
    size_t raw_len;
    /* incremental position cursor over the raw bytes */
    int64_t pos_offset; int32_t pos_line; int32_t pos_column;
    /* element stack */
    int32_t stack[CVX_MAX_DEPTH];
    int32_t last_child[CVX_MAX_DEPTH];
    cvx_buffer text[CVX_MAX_DEPTH];
    int32_t depth;
    int32_t text_initialized;       /* text[0..text_initialized) hold valid buffers */
    int32_t overflow;               /* elements deeper than CVX_MAX_DEPTH are not recorded */
    cvx_intern intern;
    int oom;
    int push;                       /* read by the push parser (see create_context) */
} cvx_state;

/* ---------- growable storage ---------- */

static int grow(void **ptr, int64_t needed, int64_t *cap, size_t elem) {
    if (needed <= *cap) return 1;
    int64_t n = *cap ? *cap : 64;
    while (n < needed) n *= 2;
    void *p = realloc(*ptr, (size_t)n * elem);
    if (!p) return 0;
    *ptr = p; *cap = n;
    return 1;
}

static int64_t arena_add(cvx_state *s, const char *bytes, int64_t len) {
    cvx_result *r = s->result;
    if (!grow((void **)&r->arena, r->arena_len + len + 1, &r->arena_cap, 1)) { s->oom = 1; return 0; }
    int64_t off = r->arena_len;
    if (len) memcpy(r->arena + off, bytes, (size_t)len);
    r->arena[off + len] = 0;
    r->arena_len += len + 1;
    return off;
}

static void buffer_add(cvx_state *s, cvx_buffer *b, const char *bytes, int64_t len) {
    if (!grow((void **)&b->data, b->len + len, &b->cap, 1)) { s->oom = 1; return; }
    memcpy(b->data + b->len, bytes, (size_t)len);
    b->len += len;
}

/* Interns a libxml2 dictionary string (pointer identity) or any string (when `by_value`). */
static int32_t name_index(cvx_state *s, const xmlChar *name) {
    if (!name) return -1;
    cvx_intern *t = &s->intern;
    if (t->count * 2 >= t->cap) {
        int32_t ncap = t->cap ? t->cap * 2 : 128;
        const void **nk = calloc((size_t)ncap, sizeof(void *));
        int32_t *nv = calloc((size_t)ncap, sizeof(int32_t));
        if (!nk || !nv) { free(nk); free(nv); s->oom = 1; return -1; }
        for (int32_t i = 0; i < t->cap; i++) {
            if (!t->keys[i]) continue;
            uintptr_t h = ((uintptr_t)t->keys[i] >> 3) * 2654435761u;
            int32_t j = (int32_t)(h & (uintptr_t)(ncap - 1));
            while (nk[j]) j = (j + 1) & (ncap - 1);
            nk[j] = t->keys[i]; nv[j] = t->values[i];
        }
        free(t->keys); free(t->values);
        t->keys = nk; t->values = nv; t->cap = ncap;
    }
    uintptr_t h = ((uintptr_t)name >> 3) * 2654435761u;
    int32_t j = (int32_t)(h & (uintptr_t)(t->cap - 1));
    while (t->keys[j]) {
        if (t->keys[j] == name) return t->values[j];
        j = (j + 1) & (t->cap - 1);
    }
    cvx_result *r = s->result;
    int64_t ncap64 = r->name_cap;
    int64_t ncap64b = r->name_cap;
    if (!grow((void **)&r->name_offsets, r->name_count + 1, &ncap64, sizeof(int64_t)) ||
        !grow((void **)&r->name_lengths, r->name_count + 1, &ncap64b, sizeof(int64_t))) { s->oom = 1; return -1; }
    r->name_cap = (int32_t)(ncap64 < ncap64b ? ncap64 : ncap64b);
    int64_t len = (int64_t)strlen((const char *)name);
    int32_t idx = r->name_count++;
    r->name_offsets[idx] = arena_add(s, (const char *)name, len);
    r->name_lengths[idx] = len;
    t->keys[j] = name; t->values[j] = idx; t->count++;
    return idx;
}

/* ---------- positions ---------- */

/* Moves the cursor forward to `target` (a byte offset into the raw input), counting lines and characters.
 * memchr (vectorised in the C library) jumps from newline to newline; only the characters after the last
 * newline are counted one by one. */
static void advance_to(cvx_state *s, int64_t target) {
    const unsigned char *p = s->raw;
    int64_t from = s->pos_offset;
    if (target > (int64_t)s->raw_len) target = (int64_t)s->raw_len;
    if (target <= from) return;
    int32_t newlines = 0;
    int64_t last_newline = -1;
    const unsigned char *q = p + from, *end = p + target;
    while (q < end && (q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
        newlines++;
        last_newline = q - p;
        q++;
    }
    int64_t count_from = newlines ? last_newline + 1 : from;
    int32_t chars = 0;
    for (int64_t i = count_from; i < target; i++) chars += ((p[i] & 0xC0) != 0x80);
    if (newlines) { s->pos_line += newlines; s->pos_column = 1 + chars; }
    else s->pos_column += chars;
    s->pos_offset = target;
}

/* The position of the '<' that opened the element whose start tag was just parsed. */
static void start_tag_position(cvx_state *s, xmlParserCtxtPtr ctxt, int32_t *line, int32_t *column) {
    xmlParserInputPtr in = ctxt->input;
    int no_encoder = (in->buf == NULL || in->buf->encoder == NULL);
    if (no_encoder && s->raw) {
        int64_t off = (int64_t)in->consumed + (int64_t)(in->cur - in->base);
        if (off > (int64_t)s->raw_len) off = (int64_t)s->raw_len;
        /* The last '<' before the cursor opened this tag (attribute values cannot hold a raw '<'); it
         * lies after the previous tag's position. */
        int64_t lt = -1;
        if (off > s->pos_offset) {
            const unsigned char *hit = memrchr(s->raw + s->pos_offset, '<', (size_t)(off - s->pos_offset));
            if (hit) lt = hit - s->raw;
        }
        if (lt >= s->pos_offset) {
            advance_to(s, lt);
            *line = s->pos_line; *column = s->pos_column;
            return;
        }
    }
    /* Encoded input: scan the decoded buffer backwards from the cursor. */
    const xmlChar *cur = in->cur, *base = in->base;
    int32_t chars = 0, newlines = 0;
    const xmlChar *p = cur - 1;
    while (p >= base && *p != '<') {
        if (*p == '\n') newlines++;
        else if ((*p & 0xC0) != 0x80) chars++;
        p--;
    }
    if (newlines == 0) {
        *line = in->line;
        *column = in->col - chars - 1;
        if (*column < 1) *column = 1;
    } else {
        int32_t c = 1;
        const xmlChar *q = p - 1;
        while (q >= base && *q != '\n') { if ((*q & 0xC0) != 0x80) c++; q--; }
        *line = in->line - newlines;
        *column = c;
    }
}

/* The position of the '<!--' that opened the comment just parsed (the cursor is past its '-->'). The
 * comment's own text cannot hold '--', so the last '<!--' before the cursor is its start. */
static void comment_position(cvx_state *s, xmlParserCtxtPtr ctxt, int32_t *line, int32_t *column) {
    xmlParserInputPtr in = ctxt->input;
    int no_encoder = (in->buf == NULL || in->buf->encoder == NULL);
    if (no_encoder && s->raw) {
        int64_t off = (int64_t)in->consumed + (int64_t)(in->cur - in->base);
        if (off > (int64_t)s->raw_len) off = (int64_t)s->raw_len;
        for (int64_t i = off - 4; i >= s->pos_offset; i--) {
            if (s->raw[i] == '<' && memcmp(s->raw + i, "<!--", 4) == 0) {
                advance_to(s, i);
                *line = s->pos_line; *column = s->pos_column;
                return;
            }
        }
    }
    /* Encoded input: scan the decoded buffer backwards from the cursor. */
    const xmlChar *base = in->base, *p = in->cur - 4;
    int32_t newlines = 0;
    while (p >= base && memcmp(p, "<!--", 4) != 0) { if (*p == '\n') newlines++; p--; }
    if (p < base) { *line = in->line; *column = 1; return; }
    int32_t c = 1;
    for (const xmlChar *q = p - 1; q >= base && *q != '\n'; q--) if ((*q & 0xC0) != 0x80) c++;
    *line = in->line - newlines;
    if (*line < 1) *line = 1;
    *column = c;
}

/* ---------- SAX callbacks ---------- */

static cvx_state *state_of(void *ctx) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    cvx_state *s = (cvx_state *)ctxt->_private;
    if (!s || s->ctxt != ctxt) return NULL; /* an entity's well-formedness check: not part of the tree */
    return s;
}

/* The pull parser refuses an element nested deeper than xmlParserMaxDepth (256) before reporting it;
 * the push parser of libxml2 2.9 does not check. An element past that depth stops the push parse as
 * not well-formed, and the document is parsed again with the pull parser, which reports it. */
static void refuse_depth(cvx_state *s) {
    s->ctxt->wellFormed = 0;
    xmlStopParser(s->ctxt);
}

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                     const xmlChar **attributes) {
    (void)nb_namespaces; (void)namespaces; (void)nb_defaulted;
    cvx_state *s = state_of(ctx);
    if (!s || s->oom) return;
    if (s->ctxt->nameNr > (int)xmlParserMaxDepth) { refuse_depth(s); return; }
    if (s->depth >= CVX_MAX_DEPTH) { s->overflow++; return; }
    cvx_result *r = s->result;
    int64_t cap = r->element_cap;
    if (!grow((void **)&r->elements, r->element_count + 1, &cap, sizeof(cvx_element))) { s->oom = 1; return; }
    r->element_cap = (int32_t)cap;
    int32_t idx = r->element_count++;
    cvx_element *e = &r->elements[idx];
    memset(e, 0, sizeof(*e));
    e->parent = s->depth > 0 ? s->stack[s->depth - 1] : -1;
    e->name = name_index(s, localname);
    e->prefix = name_index(s, prefix);
    e->ns_uri = name_index(s, URI);
    e->first_child = -1;
    e->next_sibling = -1;
    start_tag_position(s, s->ctxt, &e->line, &e->column);
    /* attributes: localname, prefix, URI, value, end */
    e->first_attr = r->attribute_count;
    e->attr_count = nb_attributes;
    int64_t acap = r->attribute_cap;
    if (!grow((void **)&r->attributes, r->attribute_count + nb_attributes, &acap, sizeof(cvx_attribute))) { s->oom = 1; return; }
    r->attribute_cap = (int32_t)acap;
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + i * 5;
        cvx_attribute *at = &r->attributes[r->attribute_count++];
        at->name = name_index(s, a[0]);
        at->prefix = name_index(s, a[1]);
        at->value_len = (int64_t)(a[4] - a[3]);
        at->value = arena_add(s, (const char *)a[3], at->value_len);
    }
    if (e->parent >= 0) {
        int32_t prev = s->last_child[s->depth - 1];
        if (prev >= 0) r->elements[prev].next_sibling = idx;
        else r->elements[e->parent].first_child = idx;
        s->last_child[s->depth - 1] = idx;
    }
    s->stack[s->depth] = idx;
    s->last_child[s->depth] = -1;
    if (s->depth >= s->text_initialized) {
        s->text[s->depth].data = NULL; s->text[s->depth].cap = 0;
        s->text_initialized = s->depth + 1;
    }
    s->text[s->depth].len = 0;
    s->depth++;
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI) {
    (void)localname; (void)prefix; (void)URI;
    cvx_state *s = state_of(ctx);
    if (!s || s->oom) return;
    if (s->overflow > 0) { s->overflow--; return; }
    if (s->depth == 0) return;
    s->depth--;
    cvx_buffer *b = &s->text[s->depth];
    cvx_element *e = &s->result->elements[s->stack[s->depth]];
    /* Stored without leading and trailing XML whitespace: VAST values are read trimmed, and
     * indentation-only content of container elements costs nothing. */
    int64_t start = 0, end = b->len;
    while (start < end && (b->data[start] == ' ' || b->data[start] == '\t' || b->data[start] == '\n' || b->data[start] == '\r')) start++;
    while (end > start && (b->data[end - 1] == ' ' || b->data[end - 1] == '\t' || b->data[end - 1] == '\n' || b->data[end - 1] == '\r')) end--;
    if (end > start) {
        int64_t off = arena_add(s, b->data + start, end - start);
        e = &s->result->elements[s->stack[s->depth]];
        e->text = off;
        e->text_len = end - start;
    }
    b->len = 0;
}

static int is_blank(const xmlChar *ch, int len) {
    for (int i = 0; i < len; i++) {
        xmlChar c = ch[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return 0;
    }
    return 1;
}

static void on_characters(void *ctx, const xmlChar *ch, int len) {
    cvx_state *s = state_of(ctx);
    if (!s || s->oom || s->depth == 0 || s->overflow) return;
    cvx_buffer *b = &s->text[s->depth - 1];
    if (is_blank(ch, len)) {
        /* Whitespace before any content (indentation, mostly) would be trimmed at the end: not kept. */
        if (b->len > 0) buffer_add(s, b, (const char *)ch, len);
        return;
    }
    buffer_add(s, b, (const char *)ch, len);
    s->result->elements[s->stack[s->depth - 1]].flags |= CVX_FLAG_TEXT_OUTSIDE_CDATA;
}

/* Appends CDATA content with its line ends normalised (XML 1.0 §2.11: CR LF and a lone CR become LF),
 * as the pull parser delivers it. The push parser hands the section's bytes over as they are. */
static void buffer_add_normalising_line_ends(cvx_state *s, cvx_buffer *b, const char *bytes, int64_t len) {
    const char *cr = memchr(bytes, '\r', (size_t)len);
    if (!cr) { buffer_add(s, b, bytes, len); return; }
    if (!grow((void **)&b->data, b->len + len, &b->cap, 1)) { s->oom = 1; return; }
    char *out = b->data + b->len;
    int64_t n = cr - bytes;
    memcpy(out, bytes, (size_t)n);
    for (int64_t i = n; i < len; i++) {
        if (bytes[i] != '\r') { out[n++] = bytes[i]; continue; }
        out[n++] = '\n';
        if (i + 1 < len && bytes[i + 1] == '\n') i++;
    }
    b->len += n;
}

/* Whether `bytes` hold a UTF-8 sequence in an overlong form (a character written with more bytes than it
 * needs, such as C0 AF for '/'), or one cut short. libxml2 2.9's push parser checks a CDATA section's
 * UTF-8 by decoding each sequence and testing the character it gives, so it takes overlong forms; the pull
 * parser rejects them as not proper UTF-8 and reads on in Latin-1. Other bytes the two read alike. */
static int has_overlong_utf8(const unsigned char *bytes, int len) {
    for (int i = 0; i < len; i++) {
        /* ASCII, the usual content of a section (URLs), passes eight bytes at a time. */
        while (i + 8 <= len) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            if (word & 0x8080808080808080ULL) break;
            i += 8;
        }
        if (i >= len) break;
        unsigned char c = bytes[i];
        if (c < 0xC0) continue;
        int n = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (i + n > len) return 1;
        if (c < 0xC2) return 1;                        /* two bytes for a character below 0x80 */
        if (c == 0xE0 && bytes[i + 1] < 0xA0) return 1; /* three bytes for a character below 0x800 */
        if (c == 0xF0 && bytes[i + 1] < 0x90) return 1; /* four bytes for a character below 0x10000 */
        i += n - 1;
    }
    return 0;
}

static void on_cdata(void *ctx, const xmlChar *ch, int len) {
    cvx_state *s = state_of(ctx);
    if (!s || s->oom || s->depth == 0 || s->overflow) return;
    if (s->push) {
        if (has_overlong_utf8(ch, len)) s->result->needs_pull_read = 1;
        buffer_add_normalising_line_ends(s, &s->text[s->depth - 1], (const char *)ch, len);
    } else {
        buffer_add(s, &s->text[s->depth - 1], (const char *)ch, len);
    }
    s->result->elements[s->stack[s->depth - 1]].cdata_sections++;
}

static void on_reference(void *ctx, const xmlChar *name) {
    cvx_state *s = state_of(ctx);
    if (!s || s->oom || s->depth == 0 || s->overflow) return;
    cvx_buffer *b = &s->text[s->depth - 1];
    buffer_add(s, b, "&", 1);
    buffer_add(s, b, (const char *)name, (int64_t)strlen((const char *)name));
    buffer_add(s, b, ";", 1);
    s->result->elements[s->stack[s->depth - 1]].flags |= CVX_FLAG_ENTITY_REFERENCE | CVX_FLAG_TEXT_OUTSIDE_CDATA;
}

/* Comments are kept only when they are conform directives (text starting with "conform-" after any
 * whitespace): they switch findings off in the source. Other comments cost nothing. */
static void on_comment(void *ctx, const xmlChar *value) {
    cvx_state *s = state_of(ctx);
    if (!s || s->oom || !value) return;
    const char *text = (const char *)value;
    while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r') text++;
    if (strncmp(text, "conform-", 8) != 0) return;
    int64_t len = (int64_t)strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n' || text[len - 1] == '\r')) len--;
    cvx_result *r = s->result;
    if (r->comment_count >= CVX_MAX_DIRECTIVES) { r->flags |= CVX_RESULT_TRUNCATED_DIRECTIVES; return; }
    int64_t cap = r->comment_cap;
    if (!grow((void **)&r->comments, r->comment_count + 1, &cap, sizeof(cvx_comment))) { s->oom = 1; return; }
    r->comment_cap = (int32_t)cap;
    cvx_comment *c = &r->comments[r->comment_count++];
    c->end_line = s->ctxt->input->line;
    c->reserved = 0;
    comment_position(s, s->ctxt, &c->line, &c->column);
    if (c->end_line < c->line) c->end_line = c->line;
    c->text = arena_add(s, text, len);
    c->text_len = len;
}

static void on_internal_subset(void *ctx, const xmlChar *name, const xmlChar *ExternalID, const xmlChar *SystemID) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    cvx_state *s = (cvx_state *)ctxt->_private;
    if (s && s->ctxt == ctxt) s->result->flags |= CVX_RESULT_HAS_DTD;
    xmlSAX2InternalSubset(ctx, name, ExternalID, SystemID);
}

static void add_message(cvx_result *r, int *oom, CVX_CONST_ERROR xmlError *error) {
    if (!error) return;
    if (r->message_count >= CVX_MAX_MESSAGES) { r->flags |= CVX_RESULT_TRUNCATED_MESSAGES; return; }
    int64_t cap = r->message_cap;
    if (!grow((void **)&r->messages, r->message_count + 1, &cap, sizeof(cvx_message))) { *oom = 1; return; }
    r->message_cap = (int32_t)cap;
    cvx_message *m = &r->messages[r->message_count++];
    m->level = (int32_t)error->level;
    m->domain = error->domain;
    m->code = error->code;
    m->line = error->line;
    m->column = error->int2;
    const char *text = error->message ? error->message : "unknown XML error";
    int64_t len = (int64_t)strlen(text);
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' ')) len--;
    cvx_state tmp; memset(&tmp, 0, sizeof(tmp)); tmp.result = r;
    m->text = arena_add(&tmp, text, len);
    m->text_len = len;
    if (tmp.oom) *oom = 1;
}

static void on_error(void *ctx, CVX_CONST_ERROR xmlError *error) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    if (!ctxt) return;
    cvx_state *s = (cvx_state *)ctxt->_private;
    if (!s) return;
    add_message(s->result, &s->oom, error);
}

/* ---------- entry points ---------- */

static xmlParserInputPtr refuse_loader(const char *URL, const char *ID, xmlParserCtxtPtr ctxt) {
    (void)URL; (void)ID; (void)ctxt;
    /* libxml2 reports the failed load through the context's own error channel. */
    return NULL;
}

/* xmlParserVersion is the loaded library's: "20914" for 2.9.14. Written once, by cvx_init. */
static char libxml2_dotted[32] = "unknown";

const char *cvx_libxml2_version(void) { return libxml2_dotted; }

void cvx_init(void) {
    xmlInitParser();
    long v = strtol(xmlParserVersion, NULL, 10);
    snprintf(libxml2_dotted, sizeof(libxml2_dotted), "%ld.%ld.%ld", v / 10000, (v / 100) % 100, v % 100);
    /* conform never loads anything from outside the document: not files, not the network. */
    xmlSetExternalEntityLoader(refuse_loader);
}

static const int base_options = XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING | XML_PARSE_NOERROR;

/* Documents are parsed with libxml2's push parser, given the whole input in one chunk: it reads CDATA
 * sections (where VAST keeps its URLs) by scanning for the closing ']]>' and checking the UTF-8 of the
 * run at once, where the pull parser (xmlParseDocument) makes a function call per character. On VAST
 * tags the bare parse is 1.3 to 2 times as fast. The first four bytes go in at creation, so that the
 * encoding is detected from them as the pull parser does.
 *
 * The push parser stops at the first fatal error, where the pull parser goes on and reports what
 * follows too. So a document whose push parse produced any message is parsed again with the pull
 * parser, and its result is the pull parser's: messages, tree and flags alike. So is a document whose
 * CDATA holds bytes the push parser takes and the pull parser does not (see has_overlong_utf8). Clean
 * documents, nearly all of them, are parsed once. */

/* Inputs larger than this go to the pull parser alone: the push parser refuses a document it has to
 * look more than 10 MB ahead in ("Huge input lookup"), which the pull parser reads. Real tags are far
 * smaller. */
#define CVX_PUSH_MAX_BYTES (4u << 20)

/* libxml2 reports some errors without a parser context (an encoding conversion that fails inside the
 * push parser, for one) through its per-thread generic error function, which writes to standard
 * error. Every message that matters reaches the context's own handler (on_error), or the pull parser's
 * second read; the generic channel is silenced, once per thread, before a parse. */
static void discard_generic_error(void *ctx, const char *message, ...) { (void)ctx; (void)message; }

static void silence_generic_errors(void) {
    static _Thread_local int silenced = 0;
    if (silenced) return;
    xmlSetGenericErrorFunc(NULL, discard_generic_error);
    silenced = 1;
}

/* Whether to read `length` bytes with the push parser, when the caller would. */
static int uses_push(size_t length, int wanted) { return wanted && length <= CVX_PUSH_MAX_BYTES; }

/* A push read counts only when it reached the end of the document and found a root element: when
 * switching to an encoding it cannot decode, libxml2 2.9's push parser stops without a message. */
static int push_read_complete(xmlParserCtxtPtr ctxt, int found_root) {
    return ctxt->instate == XML_PARSER_EOF && found_root;
}

static xmlParserCtxtPtr create_context(const char *bytes, size_t length, int push) {
    silence_generic_errors();
    if (!push) return xmlCreateMemoryParserCtxt(bytes, (int)length);
    if (length == 0) return NULL;
    int head = length < 4 ? (int)length : 4;
    return xmlCreatePushParserCtxt(NULL, NULL, bytes, head, NULL);
}

static void parse_all(xmlParserCtxtPtr ctxt, const char *bytes, size_t length, int push) {
    if (!push) { xmlParseDocument(ctxt); return; }
    size_t head = length < 4 ? length : 4;
    xmlParseChunk(ctxt, bytes + head, (int)(length - head), 1);
}

/* Gives the tables room for what a document of `length` bytes usually holds, so that they do not grow
 * by doubling from a few entries while it is read (they still grow when a document holds more). The
 * arena keeps text, attribute values and names, each at most as long as it is in the input, plus a NUL
 * apiece; VAST tags have an element per 50 to 100 bytes. */
static void presize(cvx_result *r, size_t length) {
    if (length > CVX_PUSH_MAX_BYTES) return; /* large inputs grow as they go */
    int64_t arena = (int64_t)length + (int64_t)(length / 8) + 64;
    int64_t elements = (int64_t)(length / 48) + 16;
    int64_t attributes = (int64_t)(length / 64) + 16;
    if ((r->arena = malloc((size_t)arena))) r->arena_cap = arena;
    if ((r->elements = malloc((size_t)elements * sizeof(cvx_element)))) r->element_cap = (int32_t)elements;
    if ((r->attributes = malloc((size_t)attributes * sizeof(cvx_attribute)))) r->attribute_cap = (int32_t)attributes;
}

static cvx_result *parse_once(const char *bytes, size_t length, int options, int push) {
    cvx_result *r = calloc(1, sizeof(cvx_result));
    if (!r) return NULL;
    cvx_state *s = malloc(sizeof(cvx_state));
    if (!s) { free(r); return NULL; }
    /* Zero everything but the large per-depth arrays, which are initialised as depth grows. */
    memset(s, 0, offsetof(cvx_state, stack));
    s->depth = 0; s->overflow = 0; s->oom = 0; s->text_initialized = 0;
    memset(&s->intern, 0, sizeof(s->intern));
    s->result = r;
    s->push = push;
    s->raw = (const unsigned char *)bytes;
    s->raw_len = length;
    s->pos_offset = 0; s->pos_line = 1; s->pos_column = 1;
    /* A UTF-8 byte order mark is not a character of the first line. */
    if (length >= 3 && (unsigned char)bytes[0] == 0xEF && (unsigned char)bytes[1] == 0xBB && (unsigned char)bytes[2] == 0xBF)
        s->pos_offset = 3;
    if (length > (size_t)INT32_MAX) {
        xmlError fake; memset(&fake, 0, sizeof(fake));
        fake.level = XML_ERR_FATAL; fake.domain = XML_FROM_PARSER; fake.code = XML_ERR_NO_MEMORY;
        fake.message = (char *)"input larger than 2 GiB";
        add_message(r, &s->oom, &fake);
        free(s);
        return r;
    }
    presize(r, length);
    xmlParserCtxtPtr ctxt = create_context(bytes, length, push);
    if (!ctxt) {
        xmlError fake; memset(&fake, 0, sizeof(fake));
        fake.level = XML_ERR_FATAL; fake.domain = XML_FROM_PARSER; fake.code = XML_ERR_DOCUMENT_EMPTY;
        fake.message = (char *)"Document is empty";
        add_message(r, &s->oom, &fake);
        free(s);
        return r;
    }
    int opts = base_options;
    if (options & CVX_OPT_RECOVER) opts |= XML_PARSE_RECOVER;
    xmlCtxtUseOptions(ctxt, opts);
    s->ctxt = ctxt;
    ctxt->_private = s;
    xmlSAXHandlerPtr sax = ctxt->sax;
    sax->startElementNs = on_start;
    sax->endElementNs = on_end;
    sax->characters = on_characters;
    sax->ignorableWhitespace = on_characters;
    sax->cdataBlock = on_cdata;
    sax->reference = on_reference;
    sax->comment = on_comment;
    sax->processingInstruction = NULL;
    sax->internalSubset = on_internal_subset;
    sax->serror = on_error;
    sax->error = NULL;
    sax->warning = NULL;
    sax->fatalError = NULL;
    ctxt->replaceEntities = 0;
    ctxt->loadsubset = 0;
    ctxt->validate = 0;

    parse_all(ctxt, bytes, length, push);

    if (ctxt->wellFormed && (!push || push_read_complete(ctxt, r->element_count > 0))) r->flags |= CVX_RESULT_WELL_FORMED;
    if (ctxt->nsWellFormed) r->flags |= CVX_RESULT_NAMESPACE_WELL_FORMED;
    if (ctxt->myDoc) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
    ctxt->_private = NULL;
    xmlFreeParserCtxt(ctxt);
    for (int i = 0; i < s->text_initialized; i++) free(s->text[i].data);
    free(s->intern.keys); free(s->intern.values);
    if (s->oom) r->flags &= ~CVX_RESULT_WELL_FORMED;
    free(s);
    if (!r->arena) { r->arena = calloc(1, 1); r->arena_cap = 1; }
    return r;
}

cvx_result *cvx_parse(const char *bytes, size_t length, int options) {
    int push = uses_push(length, !(options & (CVX_OPT_RECOVER | CVX_OPT_PULL)));
    cvx_result *r = parse_once(bytes, length, options, push);
    if (push && r && (r->message_count > 0 || !(r->flags & CVX_RESULT_WELL_FORMED) || r->needs_pull_read)) {
        cvx_free(r);
        r = parse_once(bytes, length, options, 0);
    }
    return r;
}

void cvx_free(cvx_result *r) {
    if (!r) return;
    free(r->arena); free(r->elements); free(r->attributes);
    free(r->name_offsets); free(r->name_lengths); free(r->messages); free(r->comments);
    free(r);
}

int32_t cvx_flags(const cvx_result *r) { return r->flags; }
const char *cvx_arena(const cvx_result *r) { return r->arena ? r->arena : ""; }
int32_t cvx_element_count(const cvx_result *r) { return r->element_count; }
const cvx_element *cvx_elements(const cvx_result *r) { return r->elements; }
int32_t cvx_attribute_count(const cvx_result *r) { return r->attribute_count; }
const cvx_attribute *cvx_attributes(const cvx_result *r) { return r->attributes; }
int32_t cvx_name_count(const cvx_result *r) { return r->name_count; }
void cvx_name(const cvx_result *r, int32_t i, int64_t *offset, int64_t *length) {
    *offset = r->name_offsets[i]; *length = r->name_lengths[i];
}
int32_t cvx_message_count(const cvx_result *r) { return r->message_count; }
const cvx_message *cvx_messages(const cvx_result *r) { return r->messages; }
int32_t cvx_comment_count(const cvx_result *r) { return r->comment_count; }
const cvx_comment *cvx_comments(const cvx_result *r) { return r->comments; }

/* The bare parse's one callback: marks that the root element was reached (the push parser of libxml2 2.9
 * can stop short without a message; see parse_once). */
static void bare_on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                          int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                          const xmlChar **attributes) {
    (void)localname; (void)prefix; (void)URI; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    ctxt->_private = ctxt;
}

int cvx_parse_bare(const char *bytes, size_t length, int push) {
    if (length > (size_t)INT32_MAX) return 0;
    push = uses_push(length, push);
    xmlParserCtxtPtr ctxt = create_context(bytes, length, push);
    if (!ctxt) return 0;
    xmlCtxtUseOptions(ctxt, base_options);
    xmlSAXHandlerPtr sax = ctxt->sax;
    /* Keep only what libxml2 needs for entities; drop all content callbacks but the root's mark. */
    sax->startElementNs = bare_on_start; sax->endElementNs = NULL; sax->characters = NULL;
    sax->ignorableWhitespace = NULL; sax->cdataBlock = NULL; sax->reference = NULL;
    sax->comment = NULL; sax->processingInstruction = NULL;
    sax->serror = NULL; sax->error = NULL; sax->warning = NULL; sax->fatalError = NULL;
    ctxt->replaceEntities = 0;
    ctxt->_private = NULL;
    parse_all(ctxt, bytes, length, push);
    int found_root = ctxt->_private != NULL;
    int ok = ctxt->wellFormed && found_root && (!push || push_read_complete(ctxt, found_root));
    ctxt->_private = NULL;
    if (ctxt->myDoc) { xmlFreeDoc(ctxt->myDoc); ctxt->myDoc = NULL; }
    xmlFreeParserCtxt(ctxt);
    return ok;
}

/* ---------- schema validation ---------- */

typedef struct { cvx_result *result; int oom; } cvx_schema_state;

static void on_schema_error(void *ctx, CVX_CONST_ERROR xmlError *error) {
    cvx_schema_state *st = (cvx_schema_state *)ctx;
    add_message(st->result, &st->oom, error);
}

static void move_into_namespace(xmlNodePtr node, xmlNsPtr ns) {
    for (xmlNodePtr n = node; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE) continue;
        if (n->ns == NULL) xmlSetNs(n, ns);
        move_into_namespace(n->children, ns);
    }
}

cvx_result *cvx_validate_schema(const char *bytes, size_t length, const char *schema_bytes, size_t schema_length,
                                const char *namespace_uri) {
    silence_generic_errors();
    cvx_result *r = calloc(1, sizeof(cvx_result));
    if (!r) return NULL;
    cvx_schema_state st = { r, 0 };
    if (length > (size_t)INT32_MAX || schema_length > (size_t)INT32_MAX) return r;
    xmlSchemaParserCtxtPtr pctxt = xmlSchemaNewMemParserCtxt(schema_bytes, (int)schema_length);
    if (!pctxt) return r;
    xmlSchemaSetParserStructuredErrors(pctxt, on_schema_error, &st);
    xmlSchemaPtr schema = xmlSchemaParse(pctxt);
    xmlSchemaFreeParserCtxt(pctxt);
    if (!schema) { if (!r->arena) { r->arena = calloc(1, 1); } return r; }
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    xmlDocPtr doc = NULL;
    if (ctxt) {
        ctxt->_private = NULL;
        doc = xmlCtxtReadMemory(ctxt, bytes, (int)length, NULL, NULL, base_options);
    }
    if (doc) {
        r->flags |= CVX_RESULT_WELL_FORMED;
        xmlNodePtr root = xmlDocGetRootElement(doc);
        if (namespace_uri && root && root->ns == NULL) {
            xmlNsPtr ns = xmlNewNs(root, (const xmlChar *)namespace_uri, NULL);
            move_into_namespace(root, ns);
        }
        xmlSchemaValidCtxtPtr vctxt = xmlSchemaNewValidCtxt(schema);
        if (vctxt) {
            xmlSchemaSetValidStructuredErrors(vctxt, on_schema_error, &st);
            xmlSchemaValidateDoc(vctxt, doc);
            xmlSchemaFreeValidCtxt(vctxt);
        }
        xmlFreeDoc(doc);
    }
    if (ctxt) xmlFreeParserCtxt(ctxt);
    xmlSchemaFree(schema);
    if (!r->arena) { r->arena = calloc(1, 1); }
    return r;
}
