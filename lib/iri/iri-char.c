/* iri-char.c: character classes of the IRI grammar (§2.2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-ucd-private.h"

#define A   (IRI_ASCII_ALPHA | IRI_ASCII_UNRESERVED | IRI_ASCII_SCHEME | IRI_ASCII_USERINFO | \
             IRI_ASCII_REG_NAME | IRI_ASCII_PCHAR | IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define AH  (A | IRI_ASCII_HEX)
#define D   (IRI_ASCII_DIGIT | IRI_ASCII_HEX | IRI_ASCII_UNRESERVED | IRI_ASCII_SCHEME | \
             IRI_ASCII_USERINFO | IRI_ASCII_REG_NAME | IRI_ASCII_PCHAR | IRI_ASCII_PATH | \
             IRI_ASCII_QUERY | IRI_ASCII_URI)
/* "-" and "." are unreserved and scheme characters; "_" and "~" only unreserved. */
#define US  (IRI_ASCII_UNRESERVED | IRI_ASCII_SCHEME | IRI_ASCII_USERINFO | IRI_ASCII_REG_NAME | \
             IRI_ASCII_PCHAR | IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define U   (IRI_ASCII_UNRESERVED | IRI_ASCII_USERINFO | IRI_ASCII_REG_NAME | IRI_ASCII_PCHAR | \
             IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define SD  (IRI_ASCII_SUB_DELIM | IRI_ASCII_USERINFO | IRI_ASCII_REG_NAME | IRI_ASCII_PCHAR | \
             IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
/* "+" is a sub-delim and a scheme character. */
#define SDS (SD | IRI_ASCII_SCHEME)
#define COLON (IRI_ASCII_GEN_DELIM | IRI_ASCII_USERINFO | IRI_ASCII_PCHAR | IRI_ASCII_PATH | \
               IRI_ASCII_QUERY | IRI_ASCII_URI)
#define AT  (IRI_ASCII_GEN_DELIM | IRI_ASCII_PCHAR | IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define SL  (IRI_ASCII_GEN_DELIM | IRI_ASCII_PATH | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define QM  (IRI_ASCII_GEN_DELIM | IRI_ASCII_QUERY | IRI_ASCII_URI)
#define GD  (IRI_ASCII_GEN_DELIM | IRI_ASCII_URI)
#define PC  (IRI_ASCII_URI)

const guint16 iri_ascii_class[256] = {
  /* 0x00-0x1F: controls */
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  /*  SP  !   "  #   $   %   &   '   (   )   *   +    ,   -   .   / */
      0,  SD, 0, GD, SD, PC, SD, SD, SD, SD, SD, SDS, SD, US, US, SL,
  /*  0  1  2  3  4  5  6  7  8  9  :      ;   <  =   >  ? */
      D, D, D, D, D, D, D, D, D, D, COLON, SD, 0, SD, 0, QM,
  /*  @   A   B   C   D   E   F   G  H  I  J  K  L  M  N  O */
      AT, AH, AH, AH, AH, AH, AH, A, A, A, A, A, A, A, A, A,
  /*  P  Q  R  S  T  U  V  W  X  Y  Z  [   \  ]   ^  _ */
      A, A, A, A, A, A, A, A, A, A, A, GD, 0, GD, 0, U,
  /*  `  a   b   c   d   e   f   g  h  i  j  k  l  m  n  o */
      0, AH, AH, AH, AH, AH, AH, A, A, A, A, A, A, A, A, A,
  /*  p  q  r  s  t  u  v  w  x  y  z  {  |  }  ~  DEL */
      A, A, A, A, A, A, A, A, A, A, A, 0, 0, 0, U, 0,
};

void
iri_char_append_describe (GString  *out,
                          gunichar  c)
{
  static const char hex[] = "0123456789ABCDEF";
  char name[IRI_UCD_NAME_MAX];
  char digits[8];
  gsize n = 0;
  guint32 rest = c;

  /* "U+%04X" written by hand: at least four digits, upper case.  Most
   * messages name a character or two, and printf cost as much as
   * looking up the name. */
  do
    {
      digits[n++] = hex[rest & 0xF];
      rest >>= 4;
    }
  while (rest != 0 || n < 4);
  g_string_append (out, "U+");
  while (n > 0)
    g_string_append_c (out, digits[--n]);
  if (iri_ucd_get_name (c, name))
    {
      g_string_append_c (out, ' ');
      g_string_append (out, name);
    }
}

char *
iri_char_describe (gunichar c)
{
  GString *out = g_string_sized_new (48);

  iri_char_append_describe (out, c);
  return g_string_free (out, FALSE);
}

/* Long inputs are cut in messages: the offset tells where the problem is,
 * and a 1 MB line quoted in full helps nobody. */
#define QUOTE_MAX_CHARS 80

/* The quotation marks around quoted text, and the other messages of an
 * analysis, translated.  A gettext() lookup costs more than quoting a
 * whole IRI (without a catalog for the locale, glibc searches for one on
 * every call: about 1 800 instructions in C.UTF-8), and an analysis
 * quotes dozens of pieces and often builds the same sentence twice (a
 * message and its version for assistive technology, a finding on two
 * path segments), so inside a scope (iri_quote_scope_begin()) each
 * thread looks each message up once.  The locale cannot change in the
 * middle of one call of the library's in a way a program could rely on
 * (setlocale() is not thread-safe), so the messages stay the same. */

/* The messages remembered in a scope.  An analysis of a non-ASCII IRI
 * looks up about four and seldom more than a dozen; past the limit,
 * lookups are simply not remembered. */
#define SCOPE_MAX_TRANSLATIONS 16

typedef struct {
  guint       depth;
  const char *open;    /* (nullable): looked up on first use in the scope */
  const char *close;
  guint       n_translations;
  const char *msgids[SCOPE_MAX_TRANSLATIONS];        /* compared as pointers */
  const char *translations[SCOPE_MAX_TRANSLATIONS];
} QuoteScope;

static GPrivate quote_scope = G_PRIVATE_INIT (g_free);

void
iri_quote_scope_begin (void)
{
  QuoteScope *scope = g_private_get (&quote_scope);

  if (scope == NULL)
    {
      scope = g_new0 (QuoteScope, 1);
      g_private_set (&quote_scope, scope);
    }
  scope->depth++;
}

void
iri_quote_scope_end (void)
{
  QuoteScope *scope = g_private_get (&quote_scope);

  g_return_if_fail (scope != NULL && scope->depth > 0);

  if (--scope->depth == 0)
    {
      scope->open = scope->close = NULL;
      scope->n_translations = 0;
    }
}

const char *
iri_gettext_scoped (const char *msgid)
{
  QuoteScope *scope = g_private_get (&quote_scope);
  const char *translation;

  if (scope == NULL || scope->depth == 0)
    return g_dgettext (GETTEXT_PACKAGE, msgid);

  /* The same call site passes the same pointer; the same text from two
   * call sites may be two pointers, which only costs a second lookup. */
  for (guint i = 0; i < scope->n_translations; i++)
    {
      if (scope->msgids[i] == msgid)
        return scope->translations[i];
    }

  translation = g_dgettext (GETTEXT_PACKAGE, msgid);
  if (scope->n_translations < SCOPE_MAX_TRANSLATIONS)
    {
      scope->msgids[scope->n_translations] = msgid;
      scope->translations[scope->n_translations] = translation;
      scope->n_translations++;
    }
  return translation;
}

static void
get_quote_marks (const char **open,
                 const char **close)
{
  QuoteScope *scope = g_private_get (&quote_scope);

  if (scope != NULL && scope->depth > 0 && scope->open != NULL)
    {
      *open = scope->open;
      *close = scope->close;
      return;
    }

  /* Translators: opening quotation mark around an IRI quoted in a message */
  *open = _("“");
  /* Translators: closing quotation mark around an IRI quoted in a message */
  *close = _("”");
  if (scope != NULL && scope->depth > 0)
    {
      scope->open = *open;
      scope->close = *close;
    }
}

void
iri_quote_get_marks (const char **open,
                     const char **close)
{
  get_quote_marks (open, close);
}

static void append_quoted (GString    *out,
                           const char *text,
                           gsize       length,
                           gboolean    visual,
                           const char *open,
                           const char *close);

void
iri_append_quoted (GString    *out,
                   const char *text,
                   gsize       length)
{
  const char *open, *close;

  get_quote_marks (&open, &close);
  append_quoted (out, text, length, FALSE, open, close);
}

char *
iri_quote_visual (const char *text)
{
  return iri_quote_visual_len (text, strlen (text));
}

static void
append_quoted (GString    *out,
               const char *text,
               gsize       length,
               gboolean    visual,
               const char *open,
               const char *close)
{
  const char *p = text;
  const char *end = text + length;
  const char *run = text;   /* the characters to copy as they are */
  gsize n = 0;

  g_string_append (out, open);
  /* A piece of the display, already in visual order: U+202D
   * LEFT-TO-RIGHT OVERRIDE keeps a user interface from reordering it a
   * second time (a terminal without bidi ignores it). */
  if (visual)
    g_string_append (out, "\xE2\x80\xAD");
  while (p < end && n < QUOTE_MAX_CHARS)
    {
      const char *start = p;
      gunichar c = iri_utf8_next (&p);

      /* Controls and bidi formatting characters would garble the message
       * itself, so they are shown as escapes; the characters between
       * them are copied a run at a time. */
      if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || iri_char_is_bidi_formatting (c))
        {
          g_string_append_len (out, run, start - run);
          g_string_append_printf (out, "\\u{%04X}", c);
          run = p;
        }
      n++;
    }
  g_string_append_len (out, run, p - run);
  if (p < end)
    g_string_append (out, "…");
  if (visual)
    g_string_append (out, "\xE2\x80\xAC");   /* U+202C POP DIRECTIONAL FORMATTING */
  g_string_append (out, close);
}

char *
iri_quote (const char *text)
{
  return iri_quote_len (text, strlen (text));
}

char *
iri_quote_len (const char *text,
               gsize       length)
{
  const char *open, *close;

  get_quote_marks (&open, &close);
  return iri_quote_len_with_marks (text, length, open, close);
}

char *
iri_quote_len_with_marks (const char *text,
                          gsize       length,
                          const char *open,
                          const char *close)
{
  GString *out = g_string_new (NULL);

  append_quoted (out, text, length, FALSE, open, close);
  return g_string_free (out, FALSE);
}

char *
iri_quote_visual_len (const char *text,
                      gsize       length)
{
  GString *out = g_string_new (NULL);
  const char *open, *close;

  get_quote_marks (&open, &close);
  append_quoted (out, text, length, TRUE, open, close);
  return g_string_free (out, FALSE);
}

/* The library's messages are in the project's gettext domain; bind it
 * when the library is loaded, so that a program that never calls
 * bindtextdomain() itself (a Python script through introspection) still
 * gets translated diagnostics. */
__attribute__((constructor)) static void
iri_bind_textdomain (void)
{
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
