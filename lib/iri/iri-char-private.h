/* iri-char-private.h: character classes of the IRI grammar (§2.2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Classes of the ASCII characters, as bits in iri_ascii_class[].  Each
 * component bit says "may appear literally in this component" (§2.2,
 * RFC 3986 §3); pct-encoded triplets are handled separately. */
enum {
  IRI_ASCII_ALPHA      = 1 << 0,
  IRI_ASCII_DIGIT      = 1 << 1,
  IRI_ASCII_HEX        = 1 << 2,
  IRI_ASCII_UNRESERVED = 1 << 3,  /* ALPHA / DIGIT / "-" / "." / "_" / "~" */
  IRI_ASCII_SUB_DELIM  = 1 << 4,  /* "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" */
  IRI_ASCII_GEN_DELIM  = 1 << 5,  /* ":" / "/" / "?" / "#" / "[" / "]" / "@" */
  IRI_ASCII_SCHEME     = 1 << 6,  /* ALPHA / DIGIT / "+" / "-" / "." */
  IRI_ASCII_USERINFO   = 1 << 7,  /* unreserved / sub-delims / ":" */
  IRI_ASCII_REG_NAME   = 1 << 8,  /* unreserved / sub-delims */
  IRI_ASCII_PCHAR      = 1 << 9,  /* unreserved / sub-delims / ":" / "@" */
  IRI_ASCII_PATH       = 1 << 10, /* pchar / "/" */
  IRI_ASCII_QUERY      = 1 << 11, /* pchar / "/" / "?" (also ifragment) */
  IRI_ASCII_URI        = 1 << 12, /* allowed somewhere in a URI: unreserved / reserved / "%" */
};

/* 256 entries, those of the bytes above 0x7F all 0, so that a loop over
 * bytes can look any byte up without testing it first. */
extern const guint16 iri_ascii_class[256];

static inline gboolean
iri_ascii_is (guchar c,
              guint  klass)
{
  return c < 0x80 && (iri_ascii_class[c] & klass) != 0;
}

/* What §2.2 makes of a code point at or above U+0080. */
typedef enum {
  IRI_CHAR_UCSCHAR,       /* allowed in every i-component */
  IRI_CHAR_IPRIVATE,      /* allowed in iquery only */
  IRI_CHAR_C1_CONTROL,    /* U+0080..U+009F */
  IRI_CHAR_NONCHARACTER,  /* U+FDD0..U+FDEF, U+xFFFE, U+xFFFF */
  IRI_CHAR_SPECIAL,       /* U+FFF0..U+FFFD: outside ucschar, not noncharacters */
  IRI_CHAR_SURROGATE,     /* cannot come from valid UTF-8, listed for completeness */
} IriCharKind;

static inline IriCharKind
iri_char_kind (gunichar c)
{
  /* ucschar and iprivate of §2.2, in the order that makes the common
   * BMP letters cheapest. */
  if (c < 0xA0)
    return IRI_CHAR_C1_CONTROL;
  if (c < 0xD800)
    return IRI_CHAR_UCSCHAR;
  if (c < 0xE000)
    return IRI_CHAR_SURROGATE;
  if (c < 0xF900)
    return IRI_CHAR_IPRIVATE;
  if (c >= 0xFDD0 && c <= 0xFDEF)
    return IRI_CHAR_NONCHARACTER;
  if ((c & 0xFFFE) == 0xFFFE)
    return IRI_CHAR_NONCHARACTER;
  if (c >= 0xFFF0 && c <= 0xFFFD)
    return IRI_CHAR_SPECIAL;         /* ucschar stops at U+FFEF */
  if (c < 0xE0000)
    return IRI_CHAR_UCSCHAR;
  if (c < 0xE1000)
    return IRI_CHAR_IPRIVATE;        /* %xE0000-E0FFF */
  if (c < 0xF0000)
    return IRI_CHAR_UCSCHAR;         /* %xE1000-EFFFD */
  return IRI_CHAR_IPRIVATE;          /* %xF0000-FFFFD / %x100000-10FFFD */
}

/* ucschar of §2.2 (never true for ASCII). */
static inline gboolean
iri_char_is_ucschar (gunichar c)
{
  return c >= 0x80 && iri_char_kind (c) == IRI_CHAR_UCSCHAR;
}

/* What §2.2 allows literally in @component beyond ASCII: ucschar, and
 * iprivate in the query only. */
static inline gboolean
iri_char_is_allowed_non_ascii (gunichar c,
                               gboolean in_query)
{
  IriCharKind kind;

  if (c < 0x80)
    return FALSE;
  kind = iri_char_kind (c);
  return kind == IRI_CHAR_UCSCHAR || (in_query && kind == IRI_CHAR_IPRIVATE);
}

/* Whether the four bytes at @p are "xn--", the prefix of an A-label,
 * in any case (RFC 5890 §2.3.2.1), without a call: the scans that look
 * for one run over every byte of every analysis.  @p must have four
 * bytes to read (a NUL among them ends the comparison). */
static inline gboolean
iri_starts_a_label (const char *p)
{
  return (p[0] | 0x20) == 'x' && (p[1] | 0x20) == 'n' && p[2] == '-' && p[3] == '-';
}

/* The characters that separate host labels: U+002E, U+3002 IDEOGRAPHIC
 * FULL STOP, U+FF0E FULLWIDTH FULL STOP and U+FF61 HALFWIDTH IDEOGRAPHIC
 * FULL STOP, the four that UTS #46 maps to "." (UTS #46 §2.3; RFC 3490
 * §3.1 named the same four). */
static inline gboolean
iri_char_is_label_separator (gunichar c)
{
  return c == '.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

/* The bidi formatting characters: the seven that §4.1 names (LRM, RLM,
 * LRE, RLE, LRO, RLO, PDF), plus ALM and the isolates LRI, RLI, FSI and
 * PDI, which Unicode added after RFC 3987 and which act the same way. */
static inline gboolean
iri_char_is_bidi_formatting (gunichar c)
{
  return c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) ||
         c == 0x061C ||
         (c >= 0x2066 && c <= 0x2069);
}

/* Decodes one character of valid UTF-8 and advances *p. */
static inline gunichar
iri_utf8_next (const char **p)
{
  const guchar *s = (const guchar *) *p;
  gunichar c = s[0];

  if (c < 0x80)
    {
      *p += 1;
      return c;
    }
  if (c < 0xE0)
    {
      *p += 2;
      return ((c & 0x1F) << 6) | (s[1] & 0x3F);
    }
  if (c < 0xF0)
    {
      *p += 3;
      return ((c & 0x0F) << 12) | ((s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
  *p += 4;
  return ((c & 0x07) << 18) | ((s[1] & 0x3F) << 12) | ((s[2] & 0x3F) << 6) | (s[3] & 0x3F);
}

static inline int
iri_hex_value (guchar c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

/* "U+202E RIGHT-TO-LEFT OVERRIDE", or "U+E000" when there is no name. */
char *iri_char_describe (gunichar c);

/* The same, for the first character of @text, plus " (+N more)" style
 * suffix handled by callers. */
void  iri_char_append_describe (GString  *out,
                                gunichar  c);

/* Between these, the quotation marks of iri_quote() and friends, and
 * the messages looked up with iri_gettext_scoped(), are translated once
 * per thread: an analysis makes every message inside one scope.  Scopes
 * nest. */
void  iri_quote_scope_begin (void);
void  iri_quote_scope_end   (void);

/* g_dgettext() in the library's domain, remembered for the rest of the
 * scope when called inside one.  A file whose messages an analysis
 * builds several times defines _() as this after including
 * <glib/gi18n-lib.h>; xgettext still finds the _() calls. */
const char *iri_gettext_scoped (const char *msgid) G_GNUC_FORMAT (1);

/* The quotation marks iri_quote() uses now (in a scope, the ones
 * looked up on its first quote). */
void  iri_quote_get_marks (const char **open,
                           const char **close);

/* @text quoted for a message, cut to a readable length. */
char *iri_quote (const char *text);
/* The same for a piece of the display (visual order), which is wrapped
 * in LRO … PDF inside the quotation marks. */
char *iri_quote_visual (const char *text);

/* iri_quote() and iri_quote_visual() of the first @length bytes of
 * @text, which has no NUL byte among them: a piece of a longer text is
 * quoted where it stands, without a copy of its own. */
char *iri_quote_len        (const char *text,
                            gsize       length);
char *iri_quote_visual_len (const char *text,
                            gsize       length);
/* iri_quote_len() with the marks of an iri_quote_get_marks() made
 * earlier, for a message made after its scope has ended. */
char *iri_quote_len_with_marks (const char *text,
                                gsize       length,
                                const char *open,
                                const char *close);

/* Appends @text quoted for a message, cut to a readable length. */
void  iri_append_quoted (GString    *out,
                         const char *text,
                         gsize       length);

G_END_DECLS
