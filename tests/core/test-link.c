/* test-link.c: links in running text and minimal escaping (UTS #58)
 *
 * The UTS #58 conformance files of tests/data/uts58/ drive most of it;
 * every line that fails is listed below with the reason, and the tests
 * fail when another line fails or a listed one passes.  The pass counts
 * per file are printed as TAP comments.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri.h"
#include "iri-link-private.h"
#include "iri-test-util.h"
#include "iri-ucd-private.h"

#define MARK_OPEN  "\xE2\xB8\xA0"   /* U+2E20 ⸠ */
#define MARK_CLOSE "\xE2\xB8\xA1"   /* U+2E21 ⸡ */

/* A line of a conformance file that fails, and why. */
typedef struct {
  guint       line;
  const char *reason;
} KnownFailure;

static const char *
known_failure (const KnownFailure *list,
               guint               line)
{
  for (const KnownFailure *k = list; k->line != 0; k++)
    {
      if (k->line == line)
        return k->reason;
    }
  return NULL;
}

/* Counts the results against the known failures: an unexpected failure
 * and a known failure that passes both make the test fail. */
typedef struct {
  const char         *file;
  const KnownFailure *known;
  guint               total;
  guint               passed;
  guint               unexpected;
} Tally;

static void
tally_add (Tally      *tally,
           guint       line,
           gboolean    passed,
           const char *detail)
{
  const char *reason = known_failure (tally->known, line);

  tally->total++;
  if (passed)
    tally->passed++;

  if (passed && reason != NULL)
    {
      g_test_message ("%s:%u: passes but is listed as a known failure (%s); remove it from the list",
                      tally->file, line, reason);
      tally->unexpected++;
    }
  else if (!passed && reason == NULL)
    {
      g_test_message ("%s:%u: FAIL: %s", tally->file, line, detail);
      tally->unexpected++;
    }
  else if (!passed)
    g_test_message ("%s:%u: known failure (%s)", tally->file, line, reason);
}

static void
tally_finish (Tally *tally)
{
  guint n_known = 0;

  for (const KnownFailure *k = tally->known; k->line != 0; k++)
    n_known++;

  g_test_message ("%s: %u/%u pass, %u known failures, %u unexpected results",
                  tally->file, tally->passed, tally->total, n_known, tally->unexpected);
  g_assert_cmpuint (tally->total, >, 0);
  g_assert_cmpuint (tally->passed + n_known, ==, tally->total);
  g_assert_cmpuint (tally->unexpected, ==, 0);
}

static char **
load_lines (const char *relpath)
{
  g_autofree char *path = iri_test_data_path (relpath);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return g_strsplit (contents, "\n", -1);
}

/* @text with the links that detection finds wrapped in ⸠ and ⸡, the
 * notation of LinkDetectionTest.txt. */
static char *
mark_links (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) links = iri_detect_links (text, -1, &error);
  GString *out = g_string_new (NULL);
  gsize done = 0;

  g_assert_no_error (error);
  g_assert_true (g_list_model_get_item_type (links) == IRI_TYPE_LINK);
  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr(IriLink) link = g_list_model_get_item (links, i);
      IriSpan span;

      iri_link_get_span (link, &span);
      g_assert_cmpuint (span.byte_start, >=, done);
      g_string_append_len (out, text + done, span.byte_start - done);
      g_string_append (out, MARK_OPEN);
      g_string_append_len (out, text + span.byte_start, span.byte_end - span.byte_start);
      g_string_append (out, MARK_CLOSE);
      done = span.byte_end;
    }
  g_string_append (out, text + done);
  return g_string_free (out, FALSE);
}

static char *
remove_marks (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != 0x2E20 && c != 0x2E21)
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------ */
/* LinkDetectionTest.txt */

/* Every line passes; the list is kept for the day one does not. */
static const KnownFailure detection_known_failures[] = {
  { 0, NULL },
};

static void
test_conformance_detection (void)
{
  g_auto(GStrv) lines = load_lines ("uts58/LinkDetectionTest.txt");
  Tally tally = { "LinkDetectionTest.txt", detection_known_failures, 0, 0, 0 };

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autofree char *plain = NULL;
      g_autofree char *marked = NULL;
      g_autofree char *detail = NULL;

      /* Only lines that start with "#" are comments; a line holding a
       * space is a test. */
      if (line[0] == '\0' || line[0] == '#')
        continue;

      plain = remove_marks (line);
      marked = mark_links (plain);
      if (!g_str_equal (marked, line))
        detail = g_strdup_printf ("expected “%s”, got “%s”", line, marked);
      tally_add (&tally, i + 1, detail == NULL, detail);
    }

  tally_finish (&tally);
  g_assert_cmpuint (tally.total, ==, 345);
}

/* ------------------------------------------------------------------ */
/* LinkFormattingTest.txt */

typedef enum {
  ITEM_SCHEME,
  ITEM_HOST,
  ITEM_PATH,
  ITEM_QUERY_KEY,
  ITEM_QUERY_VALUE,
  ITEM_FRAGMENT,
  ITEM_DIRECTIVE,
} ItemKind;

typedef struct {
  ItemKind  kind;
  char     *value;
} Item;

typedef struct {
  guint      line;          /* of the expected (second) line */
  GArray    *items;         /* (element-type Item) */
  char      *source;        /* the file's fully escaped line */
  char      *expected;      /* the file's minimally escaped line */
} Pair;

static void
item_clear (gpointer data)
{
  g_free (((Item *) data)->value);
}

static void
pair_free (gpointer data)
{
  Pair *pair = data;

  g_array_unref (pair->items);
  g_free (pair->source);
  g_free (pair->expected);
  g_free (pair);
}

/* The markers of the structure comment, mathematical bold italic
 * capitals. */
static gboolean
item_kind (gunichar  marker,
           ItemKind *out)
{
  switch (marker)
    {
    case 0x1D47A: *out = ITEM_SCHEME; return TRUE;       /* 𝑺 */
    case 0x1D46F: *out = ITEM_HOST; return TRUE;         /* 𝑯 */
    case 0x1D477: *out = ITEM_PATH; return TRUE;         /* 𝑷 */
    case 0x1D478: *out = ITEM_QUERY_KEY; return TRUE;    /* 𝑸 */
    case 0x1D47D: *out = ITEM_QUERY_VALUE; return TRUE;  /* 𝑽 */
    case 0x1D46D: *out = ITEM_FRAGMENT; return TRUE;     /* 𝑭 */
    case 0x1D46B: *out = ITEM_DIRECTIVE; return TRUE;    /* 𝑫 */
    default: return FALSE;
    }
}

/* "marker=" at @p. */
static gboolean
is_marker_at (const char *p)
{
  ItemKind kind;
  const char *next = g_utf8_next_char (p);

  return item_kind (g_utf8_get_char (p), &kind) && *next == '=';
}

/* "# {𝑺=https:// 𝑯=example.com 𝑷=αβ γ 𝑸= 𝑽=x}": values run up to the
 * next " marker=", so they may hold spaces or be empty. */
static GArray *
parse_structure (const char *comment)
{
  const char *open = strchr (comment, '{');
  const char *close = strrchr (comment, '}');
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));
  const char *p;

  g_array_set_clear_func (items, item_clear);
  g_assert_nonnull (open);
  g_assert_nonnull (close);
  p = open + 1;
  while (p < close)
    {
      Item item;
      const char *value;
      const char *q;

      g_assert_true (item_kind (g_utf8_get_char (p), &item.kind));
      value = g_utf8_next_char (p);
      g_assert_cmpint (*value, ==, '=');
      value++;
      for (q = value; q < close; q++)
        {
          if (*q == ' ' && is_marker_at (q + 1))
            break;
        }
      item.value = g_strndup (value, q - value);
      g_array_append_val (items, item);
      p = q < close ? q + 1 : close;
    }
  return items;
}

static GPtrArray *
load_pairs (const char *relpath)
{
  g_auto(GStrv) lines = load_lines (relpath);
  GPtrArray *pairs = g_ptr_array_new_with_free_func (pair_free);
  Pair *pending = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "# {"))
        {
          g_assert_null (pending);
          pending = g_new0 (Pair, 1);
          pending->items = parse_structure (line);
          continue;
        }
      if (line[0] == '\0' || line[0] == '#')
        continue;

      g_assert_nonnull (pending);
      if (pending->source == NULL)
        pending->source = g_strdup (line);
      else
        {
          pending->expected = g_strdup (line);
          pending->line = i + 1;
          g_ptr_array_add (pairs, g_steal_pointer (&pending));
        }
    }
  g_assert_null (pending);
  return pairs;
}

static const Item *
pair_item (const Pair *pair,
           guint       i)
{
  return &g_array_index (pair->items, Item, i);
}

typedef enum {
  PART_PATH,
  PART_QUERY,
  PART_FRAGMENT,
} Part;

/* A fully escaped item, as the first line of each pair is meant to be:
 * everything outside ASCII, the ASCII a URI cannot hold, the delimiters
 * of the part, and "%" before two hex digits are percent-encoded.  Unlike
 * the file's first lines, a delimiter that is data is always encoded, so
 * the URI says what the structure comment says. */
static void
append_fully_escaped (GString    *out,
                      const char *item,
                      Part        part)
{
  for (const char *p = item; *p != '\0'; p++)
    {
      guchar b = *p;
      gboolean escape;

      if (b >= 0x80 || b <= 0x20 || b == 0x7F || strchr ("\"<>\\^`{|}", b) != NULL)
        escape = TRUE;
      else if (b == '%')
        escape = g_ascii_isxdigit (p[1]) && g_ascii_isxdigit (p[2]);
      else if (part == PART_PATH)
        escape = strchr ("/?#", b) != NULL;
      else if (part == PART_QUERY)
        escape = strchr ("&=#", b) != NULL;
      else
        escape = b == '#' || (b == ':' && p[1] == '~' && p[2] == ':');

      if (escape)
        g_string_append_printf (out, "%%%02X", b);
      else
        g_string_append_c (out, (char) b);
    }
}

/* The fully escaped URI of a structure.  Like the file's first lines, it
 * also encodes a final Soft character (which would otherwise end the
 * link early). */
static char *
build_fully_escaped (const Pair *pair)
{
  GString *out = g_string_new (NULL);
  gboolean in_query = FALSE, in_fragment = FALSE;
  gsize last_item_start = 0;
  gboolean last_is_item = FALSE;

  for (guint i = 0; i < pair->items->len; i++)
    {
      const Item *item = pair_item (pair, i);

      switch (item->kind)
        {
        case ITEM_SCHEME:
        case ITEM_HOST:
          g_string_append (out, item->value);
          last_is_item = FALSE;
          continue;
        case ITEM_PATH:
          g_assert_false (in_query || in_fragment);
          g_string_append_c (out, '/');
          last_item_start = out->len;
          append_fully_escaped (out, item->value, PART_PATH);
          break;
        case ITEM_QUERY_KEY:
          g_assert_false (in_fragment);
          g_string_append_c (out, in_query ? '&' : '?');
          in_query = TRUE;
          last_item_start = out->len;
          append_fully_escaped (out, item->value, PART_QUERY);
          break;
        case ITEM_QUERY_VALUE:
          g_assert_true (in_query);
          g_string_append_c (out, '=');
          last_item_start = out->len;
          append_fully_escaped (out, item->value, PART_QUERY);
          break;
        case ITEM_FRAGMENT:
          g_string_append_c (out, '#');
          in_fragment = TRUE;
          last_item_start = out->len;
          append_fully_escaped (out, item->value, PART_FRAGMENT);
          break;
        case ITEM_DIRECTIVE:
        default:
          g_assert_true (in_fragment);
          g_string_append (out, ":~:");
          last_item_start = out->len;
          append_fully_escaped (out, item->value, PART_FRAGMENT);
          break;
        }
      last_is_item = TRUE;
    }

  /* The last character, when it is data written as itself: everything
   * outside ASCII is already encoded, and an encoding ends with a hex
   * digit, which is not Soft. */
  if (last_is_item && out->len > last_item_start)
    {
      char c = out->str[out->len - 1];

      if (iri_ucd_get_link_term ((guchar) c) == IRI_LINK_TERM_SOFT)
        {
          g_string_truncate (out, out->len - 1);
          g_string_append_printf (out, "%%%02X", (guchar) c);
        }
    }

  return g_string_free (out, FALSE);
}

/* Percent-decoding as the WHATWG URL standard does it: "%" not followed
 * by two hex digits stands for itself. */
static char *
percent_decode (const char *text,
                gsize       length)
{
  GString *out = g_string_sized_new (length);

  for (gsize i = 0; i < length; i++)
    {
      if (text[i] == '%' && i + 2 < length &&
          g_ascii_isxdigit (text[i + 1]) && g_ascii_isxdigit (text[i + 2]))
        {
          g_string_append_c (out, (char) (g_ascii_xdigit_value (text[i + 1]) * 16 +
                                          g_ascii_xdigit_value (text[i + 2])));
          i += 2;
        }
      else
        g_string_append_c (out, text[i]);
    }
  return g_string_free (out, FALSE);
}

/* Splits @text[start, end) at @sep (a string) and appends the decoded
 * pieces to @out as items of @kind. */
static void
split_decoded (GArray     *out,
               const char *text,
               gsize       start,
               gsize       end,
               const char *sep,
               ItemKind    kind)
{
  gsize sep_len = strlen (sep);
  gsize piece = start;

  for (gsize i = start; i <= end; i++)
    {
      if (i == end || (i + sep_len <= end && memcmp (text + i, sep, sep_len) == 0))
        {
          Item item = { kind, percent_decode (text + piece, i - piece) };

          g_array_append_val (out, item);
          if (i == end)
            break;
          i += sep_len - 1;
          piece = i + 1;
        }
    }
}

/* The structure of a URI with the scheme and host of @pair: the items
 * of its path, query and fragment, each percent-decoded, in the form of
 * the structure comment (a query field "a=b=c" is a key and two values). */
static GArray *
decompose (const Pair *pair,
           const char *uri)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (Item));
  GString *prefix = g_string_new (NULL);
  gsize len = strlen (uri);
  gsize pos, q, f;

  g_array_set_clear_func (items, item_clear);
  for (guint i = 0; i < pair->items->len; i++)
    {
      const Item *item = pair_item (pair, i);

      if (item->kind == ITEM_SCHEME || item->kind == ITEM_HOST)
        {
          Item copy = { item->kind, g_strdup (item->value) };

          g_string_append (prefix, item->value);
          g_array_append_val (items, copy);
        }
    }
  g_assert_true (g_str_has_prefix (uri, prefix->str));
  pos = prefix->len;
  g_string_free (prefix, TRUE);

  f = strchr (uri + pos, '#') != NULL ? (gsize) (strchr (uri + pos, '#') - uri) : len;
  q = memchr (uri + pos, '?', f - pos) != NULL ? (gsize) ((const char *) memchr (uri + pos, '?', f - pos) - uri) : f;

  if (q > pos)
    {
      g_assert_cmpint (uri[pos], ==, '/');
      split_decoded (items, uri, pos + 1, q, "/", ITEM_PATH);
    }
  if (q < f)
    {
      gsize field = q + 1;

      for (gsize i = q + 1; i <= f; i++)
        {
          if (i == f || uri[i] == '&')
            {
              guint first = items->len;

              split_decoded (items, uri, field, i, "=", ITEM_QUERY_VALUE);
              g_array_index (items, Item, first).kind = ITEM_QUERY_KEY;
              field = i + 1;
            }
        }
    }
  if (f < len)
    {
      guint first = items->len;

      split_decoded (items, uri, f + 1, len, ":~:", ITEM_DIRECTIVE);
      g_array_index (items, Item, first).kind = ITEM_FRAGMENT;
    }
  return items;
}

static gboolean
same_items (GArray *a,
            GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const Item *x = &g_array_index (a, Item, i);
      const Item *y = &g_array_index (b, Item, i);

      if (x->kind != y->kind || !g_str_equal (x->value, y->value))
        return FALSE;
    }
  return TRUE;
}

static void
run_formatting (const char         *relpath,
                const char         *name,
                const KnownFailure *known,
                guint               expected_total)
{
  g_autoptr(GPtrArray) pairs = load_pairs (relpath);
  Tally tally = { name, known, 0, 0, 0 };
  guint same_source = 0;

  for (guint i = 0; i < pairs->len; i++)
    {
      const Pair *pair = pairs->pdata[i];
      g_autofree char *source = build_fully_escaped (pair);
      g_autofree char *formatted = NULL;
      g_autofree char *detail = NULL;
      g_autoptr(GError) error = NULL;

      /* How often the fully escaped URI built from the structure is the
       * file's own first line (they differ where that line is
       * ambiguous). */
      if (g_str_equal (source, pair->source))
        same_source++;

      formatted = iri_format_minimal (source, -1, IRI_FORMAT_DEFAULT, &error);
      g_assert_no_error (error);
      if (!g_str_equal (formatted, pair->expected))
        detail = g_strdup_printf ("“%s” gives “%s”, expected “%s”", source, formatted, pair->expected);
      tally_add (&tally, pair->line, detail == NULL, detail);
    }

  g_test_message ("%s: the fully escaped URI built from the structure comment is the file's first line in %u of %u pairs",
                  name, same_source, pairs->len);
  tally_finish (&tally);
  g_assert_cmpuint (tally.total, ==, expected_total);
}

static const KnownFailure formatting_known_failures[] = {
  { 0, NULL },
};

static void
test_conformance_formatting (void)
{
  run_formatting ("uts58/LinkFormattingTest.txt", "LinkFormattingTest.txt",
                  formatting_known_failures, 55);
}

/* The 17.0 file's data bug (the UTS #58 notes §5, unicodetools PR #1417):
 * these expected lines leave a final Soft character unescaped, which
 * contradicts the file's own earlier pairs ("δ.εζ%2E") and would not be
 * detected with its full length.  The development file expects what we
 * give. */
#define DATA_BUG_17(c) "17.0 data bug: final Soft " c " left unescaped (fixed in the dev file)"
static const KnownFailure formatting_17_known_failures[] = {
  { 189, DATA_BUG_17 ("U+0F0D TIBETAN MARK SHAD") },
  { 205, DATA_BUG_17 ("U+002E FULL STOP") },
  { 209, DATA_BUG_17 ("U+002E FULL STOP") },
  { 213, DATA_BUG_17 ("U+2019 RIGHT SINGLE QUOTATION MARK") },
  { 221, DATA_BUG_17 ("U+0027 APOSTROPHE") },
  { 229, DATA_BUG_17 ("U+FF1F FULLWIDTH QUESTION MARK") },
  { 241, DATA_BUG_17 ("U+003A COLON") },
  { 249, DATA_BUG_17 ("U+06D4 ARABIC FULL STOP") },
  { 257, DATA_BUG_17 ("U+00BB RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK") },
  { 269, DATA_BUG_17 ("U+0021 EXCLAMATION MARK") },
  { 0, NULL },
};

static void
test_conformance_formatting_17 (void)
{
  run_formatting ("uts58/17.0.0/LinkFormattingTest.txt", "17.0.0/LinkFormattingTest.txt",
                  formatting_17_known_failures, 55);
}

/* For every pair: the minimally escaped form (the file's, and ours) maps
 * back through IRI → URI (§3.6) to a URI with the same components as the
 * structure, and detection in "see FORM now" finds exactly FORM. */
static void
test_conformance_round_trip (void)
{
  g_autoptr(GPtrArray) pairs = load_pairs ("uts58/LinkFormattingTest.txt");
  Tally tally = { "LinkFormattingTest.txt (round trip)", detection_known_failures, 0, 0, 0 };
  guint identical = 0;
  guint forms = 0;

  for (guint i = 0; i < pairs->len; i++)
    {
      const Pair *pair = pairs->pdata[i];
      g_autofree char *source = build_fully_escaped (pair);
      g_autofree char *ours = iri_format_minimal (source, -1, IRI_FORMAT_DEFAULT, NULL);
      const char *candidates[] = { pair->expected, ours };
      g_autoptr(GString) detail = g_string_new (NULL);

      g_assert_nonnull (ours);
      for (guint k = 0; k < G_N_ELEMENTS (candidates); k++)
        {
          const char *form = candidates[k];
          g_autoptr(GError) error = NULL;
          g_autofree char *uri = NULL;
          g_autofree char *sentence = NULL;
          g_autoptr(GListModel) links = NULL;
          g_autoptr(GArray) items = NULL;

          if (k > 0 && g_str_equal (form, candidates[0]))
            continue;
          forms++;

          uri = iri_to_uri (form, -1, IRI_HOST_MAPPING_PERCENT, &error);
          g_assert_no_error (error);
          if (g_str_equal (uri, source))
            identical++;
          items = decompose (pair, uri);
          if (!same_items (items, pair->items))
            g_string_append_printf (detail, "“%s” maps to “%s”, whose components differ; ", form, uri);

          sentence = g_strconcat ("see ", form, " now", NULL);
          links = iri_detect_links (sentence, -1, &error);
          g_assert_no_error (error);
          if (g_list_model_get_n_items (links) != 1)
            g_string_append_printf (detail, "%u links in “%s”; ", g_list_model_get_n_items (links), sentence);
          else
            {
              g_autoptr(IriLink) link = g_list_model_get_item (links, 0);

              if (!g_str_equal (iri_link_get_text (link), form))
                g_string_append_printf (detail, "“%s” detected as “%s”; ", form, iri_link_get_text (link));
            }
        }
      tally_add (&tally, pair->line, detail->len == 0, detail->str);
    }

  /* The URI is often not byte for byte the fully escaped one: an escaped
   * unmatched ")" stays "%29" where the source had ")", which RFC 3986
   * §2.2 does not call equivalent but UTS #58 accepts. */
  g_test_message ("round trip: %u of %u minimally escaped forms map back to exactly the fully escaped URI; "
                  "all must map back to the same components", identical, forms);
  tally_finish (&tally);
}

/* ------------------------------------------------------------------ */
/* Detection */

typedef struct {
  const char *marked;
} DetectCase;

static const DetectCase detect_cases[] = {
  /* Schemes: http(s) in any case belongs to the link, others do not. */
  { "see " MARK_OPEN "HTTPS://EXAMPLE.COM/A" MARK_CLOSE " now" },
  { "see ftp://" MARK_OPEN "example.com" MARK_CLOSE " now" },
  { "see " MARK_OPEN "http://example.com:8080/x" MARK_CLOSE "." },
  /* A port above 65535 or of more than 5 digits is no port: nothing. */
  { "see example.com:65536 now" },
  { "see example.com:000080 now" },
  { "see " MARK_OPEN "example.com" MARK_CLOSE ":http now" },
  /* A trailing dot at the end of the text is the end of a sentence. */
  { "see " MARK_OPEN "example.com" MARK_CLOSE "." },
  /* The "?" that starts a query is kept, as the reference does. */
  { "is it " MARK_OPEN "example.com?" MARK_CLOSE },
  /* Brackets: matched ones are kept, an unmatched close ends the link. */
  { "(see " MARK_OPEN "example.com/a_(b)" MARK_CLOSE ")" },
  { "[" MARK_OPEN "example.com/a" MARK_CLOSE "]b" },
  { MARK_OPEN "example.com/{a}<b>[c]" MARK_CLOSE "}" },
  /* Hosts in other scripts, with ideographic and fullwidth full stops. */
  { "网址 " MARK_OPEN "例子.中国" MARK_CLOSE " 谢谢" },
  { "网址 " MARK_OPEN "例子．中国" MARK_CLOSE " 谢谢" },
  { "ראה " MARK_OPEN "example.com/שלום" MARK_CLOSE " עכשיו" },
  { "see " MARK_OPEN "straße.de" MARK_CLOSE " now" },
  { "«" MARK_OPEN "example.com" MARK_CLOSE "»" },
  /* No TLD, no link: IP addresses, localhost, unknown TLDs. */
  { "see 192.168.0.1 and localhost:8080 and example.invalid" },
  /* Email addresses: no port or path, mailto: in any case. */
  { "write to " MARK_OPEN "jane.doe@example.org" MARK_CLOSE "." },
  { MARK_OPEN "MAILTO:jane@example.org" MARK_CLOSE "?subject=x" },
  { "write to " MARK_OPEN "δοκιμή@example.org" MARK_CLOSE " now" },
  { "write to .jane@example.org or jane.@example.org or ja..ne@example.org" },
  /* A local part that ends in a top-level domain: the reference finds
   * the web address "jane.com" first, and then no address. */
  { "write to " MARK_OPEN "jane.com" MARK_CLOSE "@example.de now" },
  /* Userinfo is never a link (a classic spoof: the host is after "@"). */
  { "see http://john.smith@example.com now" },
  /* Two links next to each other. */
  { MARK_OPEN "a.com" MARK_CLOSE "," MARK_OPEN "b.org" MARK_CLOSE },
  { MARK_OPEN "example.com/a" MARK_CLOSE " " MARK_OPEN "mailto:x@example.com" MARK_CLOSE },
};

static void
test_detect_case (gconstpointer data)
{
  const DetectCase *c = data;
  g_autofree char *plain = remove_marks (c->marked);
  g_autofree char *marked = mark_links (plain);

  g_assert_cmpstr (marked, ==, c->marked);
}

/* Spans in bytes and code points, the IRI with the implied scheme, and
 * properties. */
static void
test_detect_link (void)
{
  static const char text[] = "Grüße an bücher.de/ä! Und an mailto:a@b.de, c@bücher.de";
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) links = iri_detect_links (text, -1, &error);
  g_autoptr(IriLink) first = NULL;
  g_autoptr(IriLink) second = NULL;
  g_autoptr(IriLink) third = NULL;
  g_autofree char *iri = NULL;
  guint64 start = 0;
  IriLinkKind kind;
  guint prefix;
  IriSpan span;

  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (links), ==, 3);
  first = g_list_model_get_item (links, 0);
  second = g_list_model_get_item (links, 1);
  third = g_list_model_get_item (links, 2);

  g_assert_cmpint (iri_link_get_kind (first), ==, IRI_LINK_KIND_URL);
  g_assert_cmpstr (iri_link_get_text (first), ==, "bücher.de/ä");
  g_assert_cmpstr (iri_link_get_iri (first), ==, "https://bücher.de/ä");
  g_assert_cmpuint (iri_link_get_prefix_length (first), ==, 8);
  g_assert_cmpuint (iri_link_get_start (first), ==, 9);
  g_assert_cmpuint (iri_link_get_end (first), ==, 20);
  iri_link_get_span (first, &span);
  g_assert_cmpuint (span.start, ==, 9);
  g_assert_cmpuint (span.end, ==, 20);
  g_assert_cmpuint (span.byte_start, ==, 11);
  g_assert_cmpuint (span.byte_end, ==, 24);

  g_assert_cmpint (iri_link_get_kind (second), ==, IRI_LINK_KIND_EMAIL);
  g_assert_cmpstr (iri_link_get_iri (second), ==, "mailto:a@b.de");
  g_assert_cmpuint (iri_link_get_prefix_length (second), ==, 0);

  g_assert_cmpint (iri_link_get_kind (third), ==, IRI_LINK_KIND_EMAIL);
  g_assert_cmpstr (iri_link_get_text (third), ==, "c@bücher.de");
  g_assert_cmpstr (iri_link_get_iri (third), ==, "mailto:c@bücher.de");
  g_assert_cmpuint (iri_link_get_prefix_length (third), ==, 7);
  iri_link_get_span (third, &span);
  g_assert_cmpuint (span.end, ==, g_utf8_strlen (text, -1));
  g_assert_cmpuint (span.byte_end, ==, strlen (text));

  g_object_get (first, "iri", &iri, "start", &start, "kind", &kind, "prefix-length", &prefix, NULL);
  g_assert_cmpstr (iri, ==, "https://bücher.de/ä");
  g_assert_cmpuint (start, ==, 9);
  g_assert_cmpint (kind, ==, IRI_LINK_KIND_URL);
  g_assert_cmpuint (prefix, ==, 8);
}

/* A link's analysis is that of its IRI: the bidi units and the safety
 * findings are there, with spans in the IRI. */
static void
test_detect_analysis (void)
{
  static const char text[] = "ראה example.com/שלום עכשיו, or www.p\xD0\xB0ypal.com";
  g_autoptr(GListModel) links = iri_detect_links (text, -1, NULL);
  g_autoptr(IriLink) hebrew = g_list_model_get_item (links, 0);
  g_autoptr(IriLink) spoof = g_list_model_get_item (links, 1);
  g_autoptr(IriAnalysis) analysis = iri_link_analyze (hebrew, NULL);
  g_autoptr(IriAnalysis) spoof_analysis = NULL;
  g_autoptr(IriAnalyzer) analyzer = iri_analyzer_new ();
  gboolean rtl_unit = FALSE;
  gboolean confusable = FALSE;

  g_assert_cmpuint (g_list_model_get_n_items (links), ==, 2);
  g_assert_cmpstr (iri_analysis_get_text (analysis), ==, "https://example.com/שלום");
  for (guint i = 0; i < iri_analysis_get_n_units (analysis); i++)
    {
      const IriUnit *unit = iri_analysis_get_unit (analysis, i);

      if (unit->kind == IRI_COMPONENT_PATH_SEGMENT && unit->direction == IRI_DIRECTION_RTL)
        rtl_unit = TRUE;
    }
  g_assert_true (rtl_unit);

  spoof_analysis = iri_link_analyze (spoof, analyzer);
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (spoof_analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (spoof_analysis, i);

      if (g_str_has_prefix (iri_diagnostic_get_code (d), "confusable-"))
        {
          confusable = TRUE;
          /* The span, moved from the IRI to the text, is in the host,
           * after "www.": at "pаypal" or the registrable domain. */
          g_assert_cmpuint (iri_link_get_text_offset (spoof, iri_diagnostic_get_start (d)), ==,
                            iri_link_get_start (spoof) + 4);
          g_assert_cmpuint (iri_link_get_text_offset (spoof, iri_diagnostic_get_end (d)), <=,
                            iri_link_get_end (spoof));
        }
    }
  g_assert_true (confusable);
}

/* A bare address whose local part holds characters that a mailto: URI
 * must percent-encode (RFC 6068 §2) gets them encoded in its IRI, and
 * offsets in the IRI still find their characters in the text. */
static void
test_detect_mailto_escape (void)
{
  static const char text[] = "écrire à dépt/ventes?x@example.com, ou à mailto:a%2Fb@example.com";
  g_autoptr(GListModel) links = iri_detect_links (text, -1, NULL);
  g_autoptr(IriLink) bare = g_list_model_get_item (links, 0);
  g_autoptr(IriLink) written = g_list_model_get_item (links, 1);
  g_autoptr(IriAnalysis) analysis = NULL;
  gsize start = iri_link_get_start (bare);

  g_assert_cmpuint (g_list_model_get_n_items (links), ==, 2);
  g_assert_cmpstr (iri_link_get_text (bare), ==, "dépt/ventes?x@example.com");
  g_assert_cmpstr (iri_link_get_iri (bare), ==, "mailto:dépt%2Fventes%3Fx@example.com");
  analysis = iri_link_analyze (bare, NULL);
  g_assert_cmpstr (iri_reference_get_path (iri_analysis_get_reference (analysis)), ==,
                   "dépt%2Fventes%3Fx@example.com");
  g_assert_null (iri_reference_get_query (iri_analysis_get_reference (analysis)));

  /* "mailto:" → the start; "d" → "d"; the three characters of "%2F" →
   * "/"; "v" → "v"; "@" and after shift by the two encodings. */
  g_assert_cmpuint (start, ==, 9);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 0), ==, start);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 7), ==, start);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 11), ==, start + 4);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 13), ==, start + 4);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 14), ==, start + 5);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 26), ==, start + 15);
  g_assert_cmpuint (iri_link_get_text_offset (bare, 1000), ==, iri_link_get_end (bare));

  /* Written with mailto:, the text is the IRI. */
  g_assert_cmpstr (iri_link_get_iri (written), ==, "mailto:a%2Fb@example.com");
  g_assert_cmpuint (iri_link_get_text_offset (written, 8), ==, iri_link_get_start (written) + 8);
}

static void
test_detect_errors (void)
{
  g_autoptr(GError) error = NULL;
  GListModel *links;

  links = iri_detect_links ("see example.com \xFF", -1, &error);
  g_assert_null (links);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
  g_clear_error (&error);

  links = iri_detect_links ("see example.com\0 a.com", 22, &error);
  g_assert_null (links);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL);
  g_clear_error (&error);

  /* A text cut in the middle of a character. */
  links = iri_detect_links ("see bücher.de", 6, &error);
  g_assert_null (links);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
  g_clear_error (&error);

  links = iri_detect_links (NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (links), ==, 0);
  g_object_unref (links);
}

/* The text is read up to @length and no further: each input is copied
 * into a buffer of exactly its size, with no NUL after it, so that the
 * address sanitizer catches a read past the end.  The inputs end where
 * a scan is still looking for more. */
static void
test_detect_exact_length (void)
{
  static const char *inputs[] = {
    "", "a", ".", "a.com", "a.com.", "a.com:", "a.com:8", "a.com/", "a.com/(", "a.com/)",
    "a.com?", "a.com#:~", "a.com#:~:", "x@a.com", "@a.com", "http://a.com", "https://",
    "mailto:", "a.中国", "a。中国", "example.com/αβγ.", "example.com/α(β",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      gsize n = strlen (inputs[i]);
      g_autofree char *exact = g_memdup2 (inputs[i], n);
      g_autofree char *copy = g_strndup (inputs[i], n);
      g_autoptr(GError) error = NULL;
      g_autoptr(GListModel) a = iri_detect_links (exact, n, &error);
      g_autoptr(GListModel) b = iri_detect_links (copy, -1, NULL);
      g_autofree char *formatted = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (a), ==, g_list_model_get_n_items (b));
      formatted = iri_format_minimal (exact, n, IRI_FORMAT_DEFAULT, &error);
      g_assert_no_error (error);
      g_assert_nonnull (formatted);
    }
}

/* UTS #58 sets no limit on nested brackets; ours ends a link before the
 * bracket that would go beyond IRI_LINK_BRACKET_DEPTH_MAX. */
static void
test_detect_bracket_depth (void)
{
  g_autoptr(GString) text = g_string_new ("example.com/");
  g_autoptr(GListModel) links = NULL;
  g_autoptr(IriLink) link = NULL;

  for (guint i = 0; i < IRI_LINK_BRACKET_DEPTH_MAX + 10; i++)
    g_string_append_c (text, '(');
  g_string_append (text, "x");

  links = iri_detect_links (text->str, -1, NULL);
  link = g_list_model_get_item (links, 0);
  g_assert_cmpuint (iri_link_get_end (link), ==, strlen ("example.com/") + IRI_LINK_BRACKET_DEPTH_MAX);
}

/* Detection is linear: 1 MB paragraphs, including the shapes that make
 * a naive implementation scan the same characters again and again, take
 * well under a second each. */
static void
test_detect_linear (void)
{
  static const struct {
    const char *piece;
    const char *tail;
    guint       per_piece;   /* links expected per piece… */
    guint       extra;       /* …plus these; G_MAXUINT: not checked */
  } shapes[] = {
    { "Lorem ipsum see example.com/αβγ(δ)/x?y=z#w, or mail a.b@example.org. ", "", 2, 0 },
    /* Host validation again and again: only the first "a.com" is a
     * host, the others start at the dot after the previous link. */
    { "a.com..", "", 0, 1 },
    { "a-.b", "", 0, 0 },
    /* One host of a million characters. */
    { "x.", "com", 0, 1 },
    /* Email back-scans. */
    { "a@", "", 0, 0 },
    { "((((", "a.com", 0, 1 },
    { "example.com/(((((", "", 0, G_MAXUINT },
    /* Many links. */
    { "a.com ", "", 1, 0 },
    { "αβγδε", "", 0, 0 },
  };

  for (gsize s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GListModel) links = NULL;
      guint n_pieces = 0;
      gsize quarter = 0;
      double seconds[2] = { G_MAXDOUBLE, G_MAXDOUBLE };

      while (text->len < 1024 * 1024)
        {
          g_string_append (text, shapes[s].piece);
          n_pieces++;
          if (quarter == 0 && text->len >= 256 * 1024)
            quarter = text->len;
        }
      g_string_append (text, shapes[s].tail);

      /* The time on 1 MB against the time on its first quarter, the
       * fastest of five alternated runs each: linear work takes about
       * four times as long, quadratic work sixteen (the bound is
       * twelve).  A ratio, not a time, so that a slow machine, the
       * sanitizers or valgrind do not fail it; the fastest of five,
       * because one run of either that another process interrupted
       * moved the ratio past the bound (12.4, on a busy machine with
       * the fastest of two). */
      for (guint run = 0; run < 5; run++)
        {
          g_autoptr(GTimer) timer = g_timer_new ();
          g_autoptr(GListModel) part = iri_detect_links (text->str, quarter, NULL);

          seconds[0] = MIN (seconds[0], g_timer_elapsed (timer, NULL));
          g_timer_start (timer);
          g_clear_object (&links);
          links = iri_detect_links (text->str, text->len, NULL);
          seconds[1] = MIN (seconds[1], g_timer_elapsed (timer, NULL));
        }
      g_test_message ("1 MB of “%s”: %u links in %.3f s (a quarter: %.3f s)", shapes[s].piece,
                      g_list_model_get_n_items (links), seconds[1], seconds[0]);
      if (shapes[s].extra != G_MAXUINT)
        g_assert_cmpuint (g_list_model_get_n_items (links), ==, n_pieces * shapes[s].per_piece + shapes[s].extra);
      /* Over a few milliseconds, the constant costs no longer hide the
       * growth (work that grew with the square of the length would make
       * the quarter alone take that long). */
      if (seconds[0] > 0.005)
        g_assert_cmpfloat (seconds[1] / seconds[0], <, 12.0);
    }
}

/* ------------------------------------------------------------------ */
/* Minimal escaping */

typedef struct {
  const char     *input;
  IriFormatFlags  flags;
  const char     *expected;
  gboolean        detectable;   /* detection in "see X now" gives X */
} FormatCase;

static const FormatCase format_cases[] = {
  /* Decoded as §3.7 allows; a final Soft character is escaped. */
  { "https://example.com/%CE%B1%CE%B2.", 0, "https://example.com/αβ%2E", TRUE },
  { "https://example.com/a.b/c.?d.#e.f", 0, "https://example.com/a.b/c.?d.#e.f", TRUE },
  { "https://example.com/wiki/Br%C3%BCssel%27", 0, "https://example.com/wiki/Brüssel%27", TRUE },
  { "https://example.com/a?", 0, "https://example.com/a?", TRUE },
  { "https://example.com/a?b=c?", 0, "https://example.com/a?b=c%3F", TRUE },
  { "https://example.com/a#b:~:text=x.", 0, "https://example.com/a#b:~:text=x%2E", TRUE },
  /* What §3.7 keeps encoded stays so: spaces, bidi controls, reserved
   * characters and "%" as data, bytes that are not UTF-8. */
  { "https://example.com/a%20b", 0, "https://example.com/a%20b", TRUE },
  { "https://example.com/a%E2%80%AEb", 0, "https://example.com/a%E2%80%AEb", TRUE },
  { "https://example.com/a%2Fb%3Fc%23d", 0, "https://example.com/a%2Fb%3Fc%23d", TRUE },
  { "https://example.com/?a%26b=c%3Dd", 0, "https://example.com/?a%26b=c%3Dd", TRUE },
  { "https://example.com/100%25", 0, "https://example.com/100%25", TRUE },
  { "https://example.com/r%E9sum%E9", 0, "https://example.com/r%E9sum%E9", TRUE },
  { "https://example.com/%zz", 0, "https://example.com/%zz", TRUE },
  /* Characters written as themselves that are not safe to show are
   * encoded by §3.7; those that end a link are encoded here. */
  { "https://example.com/a b", 0, "https://example.com/a%20b", TRUE },
  { "https://example.com/?q=%EE%80%80", 0, "https://example.com/?q=%EE%80%80", TRUE },
  /* Brackets. */
  { "https://example.com/a_(b)", 0, "https://example.com/a_(b)", TRUE },
  { "https://example.com/a)", 0, "https://example.com/a%29", TRUE },
  { "https://example.com/a(/b)", 0, "https://example.com/a(/b%29", TRUE },
  { "https://example.com/[a]b]", 0, "https://example.com/[a]b%5D", TRUE },
  { "https://example.com/%3Ca%3E%7Bb%7D", 0, "https://example.com/<a>{b}", TRUE },
  { "https://example.com/%3Ea", 0, "https://example.com/%3Ea", TRUE },
  /* The ASCII that an IRI cannot hold but that maps back to the same
   * octets is shown, except "\", which WHATWG reads as "/" in a path. */
  { "https://example.com/%22q%22x%5E%60%7C", 0, "https://example.com/\"q\"x^`|", TRUE },
  { "https://example.com/%22q%22", 0, "https://example.com/\"q%22", TRUE },
  { "https://example.com/a%5Cb", 0, "https://example.com/a%5Cb", TRUE },
  { "https://example.com/a\\b?c\\d", 0, "https://example.com/a%5Cb?c\\d", TRUE },
  /* Hosts in Unicode, unless asked not to. */
  { "https://xn--bcher-kva.de/%C3%A4", 0, "https://bücher.de/ä", TRUE },
  { "https://xn--bcher-kva.de/%C3%A4", IRI_FORMAT_KEEP_PUNYCODE, "https://xn--bcher-kva.de/ä", TRUE },
  { "https://xn--ab-g4t.de/", 0, "https://xn--ab-g4t.de/", TRUE },
  /* libidn2 accepts this U-label, which ends in "-"; detection would not
   * take it, so the host keeps its A-labels. */
  { "https://xn--bcher-kva0--def.de/a", 0, "https://xn--bcher-kva0--def.de/a", TRUE },
  /* mailto: local parts: Link_Email only, no leading, trailing or double
   * dot. */
  { "mailto:jane.doe@example.org", 0, "mailto:jane.doe@example.org", TRUE },
  { "mailto:a(b)@xn--bcher-kva.de", 0, "mailto:a%28b%29@bücher.de", TRUE },
  { "mailto:.john..doe.@example.org", 0, "mailto:%2Ejohn.%2Edoe%2E@example.org", TRUE },
  { "mailto:%22john%20doe%22@example.org", 0, "mailto:%22john%20doe%22@example.org", TRUE },
  /* A dot before a top-level domain in the local part would make
   * detection link "jane.com" alone. */
  { "mailto:jane.com@example.de", 0, "mailto:jane%2Ecom@example.de", TRUE },
  { "mailto:a.co.uk@example.de", 0, "mailto:a%2Eco%2Euk@example.de", TRUE },
  { "mailto:a@example.org,b:c@example.org?subject=Hi.", 0, "mailto:a@example.org,b%3Ac@example.org?subject=Hi%2E", FALSE },
  /* Not a URL detection knows, formatted all the same. */
  { "urn:isbn:0451450523.", 0, "urn:isbn:0451450523%2E", FALSE },
  { "", 0, "", FALSE },
};

static void
test_format_case (gconstpointer data)
{
  const FormatCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *formatted = iri_format_minimal (c->input, -1, c->flags, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (formatted, ==, c->expected);

  if (c->detectable)
    {
      g_autofree char *sentence = g_strconcat ("see ", formatted, " now", NULL);
      g_autoptr(GListModel) links = iri_detect_links (sentence, -1, &error);
      g_autoptr(IriLink) link = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (g_list_model_get_n_items (links), ==, 1);
      link = g_list_model_get_item (links, 0);
      g_assert_cmpstr (iri_link_get_text (link), ==, formatted);
    }
}

static void
test_format_errors (void)
{
  g_autoptr(GError) error = NULL;
  char *formatted;

  formatted = iri_format_minimal ("https://example.com/\xC3", -1, IRI_FORMAT_DEFAULT, &error);
  g_assert_null (formatted);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_INVALID_UTF8);
  g_clear_error (&error);

  formatted = iri_format_minimal ("https://example.com/\0x", 21, IRI_FORMAT_DEFAULT, &error);
  g_assert_null (formatted);
  g_assert_error (error, IRI_ERROR, IRI_ERROR_EMBEDDED_NUL);
}

/* Minimal escaping never writes brackets deeper than detection follows. */
static void
test_format_bracket_depth (void)
{
  g_autoptr(GString) uri = g_string_new ("https://example.com/");
  g_autofree char *formatted = NULL;
  g_autofree char *sentence = NULL;
  g_autoptr(GListModel) links = NULL;
  g_autoptr(IriLink) link = NULL;

  for (guint i = 0; i < IRI_LINK_BRACKET_DEPTH_MAX + 3; i++)
    g_string_append_c (uri, '(');
  g_string_append (uri, "?x(y");

  formatted = iri_format_minimal (uri->str, -1, IRI_FORMAT_DEFAULT, NULL);
  g_assert_true (g_str_has_suffix (formatted, "(%28%28%28?x%28y"));
  sentence = g_strconcat ("see ", formatted, " now", NULL);
  links = iri_detect_links (sentence, -1, NULL);
  link = g_list_model_get_item (links, 0);
  g_assert_cmpstr (iri_link_get_text (link), ==, formatted);
}

/* Random texts made of pieces that matter to detection: for every link
 * found, the readable form of its IRI, placed in a sentence, is found
 * again whole, and the links of a text never overlap.  The seed is fixed,
 * so a failure is reproducible; this found the RFC 6068 and TLD-in-the-
 * local-part cases of the mailto: tests above. */
static void
test_random_round_trip (void)
{
  static const char *pieces[] = {
    "a", "b", "F", "2", "0", "-", ".", "\xE3\x80\x82", "\xEF\xBC\x8E", "/", "?", "#", "&", "=",
    ":", "~", ":~:", "(", ")", "[", "]", "<", ">", "{", "}", "@", "%", "'", "!", "\"", "\\",
    ",", ";", " ", "\t", "\xC2\xA0", "\xE2\x80\xAE", "\xC3\xA9", "\xD7\xA9",
    "\xF0\x9F\x98\x8E", "\xEE\x80\x80", "com", "de", "\xE4\xB8\xAD\xE5\x9B\xBD",
    "http://", "https://", "mailto:", "xn--bcher-kva", "8080", "99999", "a.com", "b.de/",
    "x@y.de", "e.com?", "f.de#",
  };
  GRand *rand = g_rand_new_with_seed (58);
  guint checked = 0;
  guint kept = 0;

  for (guint iter = 0; iter < 20000; iter++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GListModel) links = NULL;
      guint n = g_rand_int_range (rand, 0, 30);
      gsize done = 0;

      for (guint i = 0; i < n; i++)
        g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      links = iri_detect_links (text->str, text->len, NULL);
      g_assert_nonnull (links);

      for (guint i = 0; i < g_list_model_get_n_items (links); i++)
        {
          g_autoptr(IriLink) link = g_list_model_get_item (links, i);
          g_autofree char *formatted = NULL;
          g_autofree char *sentence = NULL;
          g_autoptr(GListModel) again = NULL;
          g_autoptr(IriLink) found = NULL;
          IriSpan span;

          iri_link_get_span (link, &span);
          g_assert_cmpuint (span.byte_start, >=, done);
          g_assert_cmpuint (span.byte_end, >, span.byte_start);
          done = span.byte_end;

          formatted = iri_format_minimal (iri_link_get_iri (link), -1, IRI_FORMAT_DEFAULT, NULL);
          g_assert_nonnull (formatted);
          /* The display policy keeps a look-alike of a delimiter (and,
           * strict, a label it flags) percent-encoded in the host, where
           * no detector takes a "%": such a link cannot be found whole,
           * and showing it safely comes first. */
          {
            g_autoptr(IriReference) ref = iri_reference_parse_tolerant (formatted, -1, IRI_PARSE_DEFAULT);
            const char *host = iri_reference_get_host (ref);

            /* The look-alikes of "." among the pieces (§5.1b), which
             * stay encoded in a mailto: path too. */
            if ((host != NULL && strchr (host, '%') != NULL) ||
                strstr (formatted, "%E3%80%82") != NULL || strstr (formatted, "%EF%BC%8E") != NULL)
              {
                kept++;
                continue;
              }
          }
          sentence = g_strconcat ("see ", formatted, " now", NULL);
          again = iri_detect_links (sentence, -1, NULL);
          if (g_list_model_get_n_items (again) != 1)
            g_test_message ("text “%s”: “%s” gives %u links", text->str, formatted,
                            g_list_model_get_n_items (again));
          g_assert_cmpuint (g_list_model_get_n_items (again), ==, 1);
          found = g_list_model_get_item (again, 0);
          g_assert_cmpstr (iri_link_get_text (found), ==, formatted);
          checked++;
        }
    }
  g_rand_free (rand);
  g_test_message ("%u links found again whole; %u kept part of the host percent-encoded",
                  checked, kept);
  g_assert_cmpuint (checked, >, 5000);
}

/* ------------------------------------------------------------------ */
/* The TLD table */

static void
test_tld_table (void)
{
  const char *dir = g_getenv ("IRI_TEST_IANA_DIR");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  /* Unicode forms of IDN TLDs, and what is not a TLD. */
  g_assert_true (iri_link_is_tld ("com", 3));
  g_assert_true (iri_link_is_tld ("xn--fiqs8s", 10));
  g_assert_true (iri_link_is_tld ("中国", strlen ("中国")));
  g_assert_true (iri_link_is_tld ("我爱你", strlen ("我爱你")));
  g_assert_false (iri_link_is_tld ("COM", 3));
  g_assert_false (iri_link_is_tld ("zz", 2));
  g_assert_false (iri_link_is_tld ("comm", 4));
  g_assert_false (iri_link_is_tld ("example", 7));
  g_assert_false (iri_link_is_tld ("", 0));
  g_assert_cmpstr (iri_get_tld_list_version (), ==, "2025100900");

  if (dir == NULL)
    {
      g_test_skip ("IRI_TEST_IANA_DIR is not set");
      return;
    }
  path = g_build_filename (dir, "tlds-alpha-by-domain.txt", NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *lower = NULL;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      lower = g_ascii_strdown (lines[i], -1);
      g_assert_true (iri_link_is_tld (lower, strlen (lower)));
      n++;
    }
  g_assert_cmpuint (n, ==, 1439);
}

/* The host characters: letters, digits and "-" of any script, but no
 * punctuation that ends a link elsewhere, and no space. */
static void
test_label_chars (void)
{
  g_assert_true (iri_ucd_is_link_label ('a'));
  g_assert_true (iri_ucd_is_link_label ('Z'));
  g_assert_true (iri_ucd_is_link_label ('7'));
  g_assert_true (iri_ucd_is_link_label ('-'));
  g_assert_true (iri_ucd_is_link_label (0x00DF));    /* ß, deviation */
  g_assert_true (iri_ucd_is_link_label (0x200D));    /* ZWJ, deviation */
  g_assert_true (iri_ucd_is_link_label (0x4F8B));    /* 例 */
  g_assert_true (iri_ucd_is_link_label (0x05E9));    /* ש */
  g_assert_false (iri_ucd_is_link_label ('.'));
  g_assert_false (iri_ucd_is_link_label ('_'));
  g_assert_false (iri_ucd_is_link_label (0x00A0));   /* NBSP, mapped to a space */
  g_assert_false (iri_ucd_is_link_label (0x00AB));   /* «, NV8 */
  g_assert_false (iri_ucd_is_link_label (0x2019));   /* ’ */
  g_assert_false (iri_ucd_is_link_label (0x3002));   /* 。, a separator */
  g_assert_false (iri_ucd_is_link_label (0x1F60E));  /* 😎, NV8 */
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri/link/conformance/detection", test_conformance_detection);
  g_test_add_func ("/iri/link/conformance/formatting", test_conformance_formatting);
  g_test_add_func ("/iri/link/conformance/formatting-17.0.0", test_conformance_formatting_17);
  g_test_add_func ("/iri/link/conformance/round-trip", test_conformance_round_trip);

  for (gsize i = 0; i < G_N_ELEMENTS (detect_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/link/detect/case/%" G_GSIZE_FORMAT, i);

      g_test_add_data_func (path, &detect_cases[i], test_detect_case);
    }
  g_test_add_func ("/iri/link/detect/link", test_detect_link);
  g_test_add_func ("/iri/link/detect/analysis", test_detect_analysis);
  g_test_add_func ("/iri/link/detect/mailto-escape", test_detect_mailto_escape);
  g_test_add_func ("/iri/link/detect/errors", test_detect_errors);
  g_test_add_func ("/iri/link/detect/exact-length", test_detect_exact_length);
  g_test_add_func ("/iri/link/detect/bracket-depth", test_detect_bracket_depth);
  g_test_add_func ("/iri/link/detect/linear", test_detect_linear);

  for (gsize i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri/link/format/case/%" G_GSIZE_FORMAT, i);

      g_test_add_data_func (path, &format_cases[i], test_format_case);
    }
  g_test_add_func ("/iri/link/format/errors", test_format_errors);
  g_test_add_func ("/iri/link/format/bracket-depth", test_format_bracket_depth);
  g_test_add_func ("/iri/link/round-trip/random", test_random_round_trip);

  g_test_add_func ("/iri/link/tld-table", test_tld_table);
  g_test_add_func ("/iri/link/label-chars", test_label_chars);

  return g_test_run ();
}
