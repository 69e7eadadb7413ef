/* iri-link.c: links in running text and their readable form (UTS #58)
 *
 * RFC 3987bis §7.3 asks that software finding IRIs in plain text not stop
 * at the first character outside ASCII, and §3.7 and §7.6 that IRIs be
 * shown readably.  UTS #58 (Unicode 17.0) standardises both halves: link
 * detection, driven by the Link_Term, Link_Bracket and Link_Email
 * properties and the IANA list of top-level domains, and minimal
 * escaping, which percent-encodes only what would stop the link from
 * being detected again with the same bounds.
 *
 * The algorithm follows the behaviour of the Unicode reference
 * implementation that generated the conformance files (unicodetools
 * LinkUtilities), as described step by step in the project's UTS #58
 * notes; the step numbers in the comments below are theirs.  Where the
 * reference leaves a choice, the choice and its reason are given in
 * place.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-link.h"
#include "iri-link-private.h"
#include "iri-display-policy-private.h"
#include "iri-char-private.h"
#include "iri-enums.h"
#include "iri-error.h"
#include "iri-mapping.h"
#include "iri-reference.h"
#include "iri-tld-table.h"
#include "iri-ucd-private.h"
#include "iri-utf8-private.h"

/**
 * IriLink:
 *
 * A link found in running text by [func@Iri.detect_links]: a web address
 * or an email address, with where it is in the text and the IRI it
 * stands for.
 *
 * The IRI is the text of the link, with `https://` in front when the text
 * has no scheme (`example.com/αβγ`) and `mailto:` in front of a bare email
 * address (UTS #58 §3).  [method@Iri.Link.analyze] gives its
 * [struct@Iri.Analysis], with the bidi layout and every diagnostic, as
 * for any other IRI.
 *
 * Links are immutable.
 *
 * Since: 0.1
 */

struct _IriLink
{
  GObject      parent_instance;

  char        *text;
  char        *iri;
  IriSpan      span;
  guint        prefix_length;
  IriLinkKind  kind;
};

enum {
  PROP_0,
  PROP_KIND,
  PROP_TEXT,
  PROP_IRI,
  PROP_PREFIX_LENGTH,
  PROP_START,
  PROP_END,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IriLink, iri_link, G_TYPE_OBJECT)

/* RFC 6068 §2: in the address of a mailto: URI, "%", the gen-delims but
 * "@" and ":", "&", ";", "=" and the ASCII a URI cannot hold must be
 * percent-encoded.  Of those, these are Link_Email characters, so a bare
 * address found in text ("dept/sales@example.com", "a?b@example.com")
 * can hold them; written as they are after "mailto:", "?" and "#" would
 * end the address and "//" would start an authority. */
static gboolean
needs_mailto_escape (gunichar c)
{
  return c != 0 && c < 0x80 && strchr ("#%&/=?^`{|}", (int) c) != NULL;
}

static void
iri_link_finalize (GObject *object)
{
  IriLink *self = IRI_LINK (object);

  g_free (self->text);
  g_free (self->iri);

  G_OBJECT_CLASS (iri_link_parent_class)->finalize (object);
}

static void
iri_link_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  IriLink *self = IRI_LINK (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_IRI:
      g_value_set_string (value, self->iri);
      break;
    case PROP_PREFIX_LENGTH:
      g_value_set_uint (value, self->prefix_length);
      break;
    case PROP_START:
      g_value_set_uint64 (value, self->span.start);
      break;
    case PROP_END:
      g_value_set_uint64 (value, self->span.end);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_link_class_init (IriLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = iri_link_finalize;
  object_class->get_property = iri_link_get_property;

  /**
   * IriLink:kind:
   *
   * Whether the link is a web address or an email address.
   *
   * Since: 0.1
   */
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL,
                       IRI_TYPE_LINK_KIND, IRI_LINK_KIND_URL,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriLink:text:
   *
   * The link as it is written in the text.
   *
   * Since: 0.1
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriLink:iri:
   *
   * The IRI the link stands for: its text, with `https://` or `mailto:`
   * in front when the text has no scheme.
   *
   * Since: 0.1
   */
  properties[PROP_IRI] =
    g_param_spec_string ("iri", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriLink:prefix-length:
   *
   * How many characters the implied scheme adds in front of the text in
   * [property@Iri.Link:iri]: 8 for `https://`, 7 for `mailto:`, 0 when
   * the text has its own scheme.
   *
   * Since: 0.1
   */
  properties[PROP_PREFIX_LENGTH] =
    g_param_spec_uint ("prefix-length", NULL, NULL, 0, 8, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriLink:start:
   *
   * Where the link starts in the text, in code points.
   *
   * Since: 0.1
   */
  properties[PROP_START] =
    g_param_spec_uint64 ("start", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriLink:end:
   *
   * Where the link ends (exclusive) in the text, in code points.
   *
   * Since: 0.1
   */
  properties[PROP_END] =
    g_param_spec_uint64 ("end", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
iri_link_init (IriLink *self)
{
}

/**
 * iri_link_get_kind:
 * @self: a link
 *
 * Gets whether the link is a web address or an email address.
 *
 * Returns: the kind of link
 *
 * Since: 0.1
 */
IriLinkKind
iri_link_get_kind (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), IRI_LINK_KIND_URL);

  return self->kind;
}

/**
 * iri_link_get_text:
 * @self: a link
 *
 * Gets the link as it is written in the text, in logical order.
 *
 * Returns: (transfer none): the text of the link
 *
 * Since: 0.1
 */
const char *
iri_link_get_text (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), NULL);

  return self->text;
}

/**
 * iri_link_get_iri:
 * @self: a link
 *
 * Gets the IRI the link stands for.
 *
 * This is the text of the link, with `https://` in front when it starts
 * with a host name, and with `mailto:` in front of an email address
 * written without it (UTS #58 §3).  A scheme written in the text is kept
 * as it is: `http://example.com` stays an `http` IRI.  In the local part
 * of an address found without `mailto:`, the characters that a `mailto:`
 * URI must percent-encode (RFC 6068 §2) are encoded, so that
 * `dept/sales@example.com` gives `mailto:dept%2Fsales@example.com` (and
 * not a URI whose `?` or `#` would cut the address short); see
 * [method@Iri.Link.get_text_offset].
 *
 * Returns: (transfer none): the IRI
 *
 * Since: 0.1
 */
const char *
iri_link_get_iri (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), NULL);

  return self->iri;
}

/**
 * iri_link_get_prefix_length:
 * @self: a link
 *
 * Gets how many characters the implied scheme adds in front of the text
 * in [method@Iri.Link.get_iri]: 8 for `https://`, 7 for `mailto:`, 0
 * when the text has its own scheme.
 *
 * The prefix is ASCII, so this is also its length in bytes.  Use
 * [method@Iri.Link.get_text_offset] to find an offset of the IRI in the
 * text.
 *
 * Returns: the length of the implied prefix
 *
 * Since: 0.1
 */
guint
iri_link_get_prefix_length (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), 0);

  return self->prefix_length;
}

/**
 * iri_link_get_start:
 * @self: a link
 *
 * Gets where the link starts in the text, in code points.
 *
 * Returns: the offset of the first character of the link
 *
 * Since: 0.1
 */
gsize
iri_link_get_start (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), 0);

  return self->span.start;
}

/**
 * iri_link_get_end:
 * @self: a link
 *
 * Gets where the link ends in the text, in code points.
 *
 * Returns: the offset just past the last character of the link
 *
 * Since: 0.1
 */
gsize
iri_link_get_end (IriLink *self)
{
  g_return_val_if_fail (IRI_IS_LINK (self), 0);

  return self->span.end;
}

/**
 * iri_link_get_span:
 * @self: a link
 * @out_span: (out caller-allocates): where to store the span
 *
 * Gets where the link is in the text, in bytes and in code points.
 *
 * Since: 0.1
 */
void
iri_link_get_span (IriLink *self,
                   IriSpan *out_span)
{
  g_return_if_fail (IRI_IS_LINK (self));
  g_return_if_fail (out_span != NULL);

  *out_span = self->span;
}

/**
 * iri_link_get_text_offset:
 * @self: a link
 * @iri_offset: an offset in [method@Iri.Link.get_iri], in code points,
 *   such as the start or end of a diagnostic of [method@Iri.Link.analyze]
 *
 * Converts an offset in the IRI of the link to the offset in the text
 * (in code points, counted from the start of the text the link was
 * found in) of the same character.
 *
 * The IRI is the text of the link with an implied scheme in front, and,
 * for an email address found without `mailto:`, with the characters of
 * its local part that a `mailto:` URI must percent-encode (RFC 6068 §2:
 * `%`, `/`, `?`, `#`, `&`, `=`, and `^`, `` ` ``, `{`, `|`, `}`) written
 * as `%HH`.  An offset in the implied scheme gives the start of the link,
 * one inside such a `%HH` the character it encodes, and one at or past
 * the end of the IRI the end of the link.
 *
 * Returns: the offset in the text
 *
 * Since: 0.1
 */
gsize
iri_link_get_text_offset (IriLink *self,
                          gsize    iri_offset)
{
  const char *p;
  gsize k, pos;
  gboolean in_local;

  g_return_val_if_fail (IRI_IS_LINK (self), 0);

  if (iri_offset <= self->prefix_length)
    return self->span.start;
  k = iri_offset - self->prefix_length;

  /* Only a bare email address differs from its text after the prefix:
   * each character of its local part takes 1 or 3 code points. */
  in_local = self->kind == IRI_LINK_KIND_EMAIL && self->prefix_length > 0;
  pos = 0;
  for (p = self->text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gsize width;

      if (c == '@')
        in_local = FALSE;
      width = in_local && needs_mailto_escape (c) ? 3 : 1;
      if (k < width)
        break;
      k -= width;
      pos++;
    }

  return MIN (self->span.start + pos, self->span.end);
}

/**
 * iri_link_analyze:
 * @self: a link
 * @analyzer: (nullable): the analyzer whose settings to use, or `NULL`
 *   for the default settings
 *
 * Analyses the IRI of the link ([method@Iri.Link.get_iri]), as
 * [method@Iri.Analyzer.analyze] does for any IRI: its bidi display, its
 * units, every diagnostic (character safety, bidi, IDNA…), and its URI
 * forms.
 *
 * Spans in the analysis are offsets in the IRI;
 * [method@Iri.Link.get_text_offset] finds them in the text.
 *
 * Returns: (transfer full): the analysis
 *
 * Since: 0.1
 */
IriAnalysis *
iri_link_analyze (IriLink     *self,
                  IriAnalyzer *analyzer)
{
  g_return_val_if_fail (IRI_IS_LINK (self), NULL);
  g_return_val_if_fail (analyzer == NULL || IRI_IS_ANALYZER (analyzer), NULL);

  if (analyzer == NULL)
    return iri_analyze (self->iri, -1);
  return iri_analyzer_analyze (analyzer, self->iri, -1);
}

/**
 * iri_get_tld_list_version:
 *
 * Gets the version of the IANA list of top-level domains that link
 * detection uses, such as `2025100900` (the first line of
 * `tlds-alpha-by-domain.txt`).  The list is built into the library.
 *
 * Returns: (transfer none): the version
 *
 * Since: 0.1
 */
const char *
iri_get_tld_list_version (void)
{
  return IRI_TLD_TABLE_VERSION;
}

/* ------------------------------------------------------------------ */
/* Top-level domains */

gboolean
iri_link_is_tld (const char *label,
                 gsize       length)
{
  gsize lo = 0;
  gsize hi = G_N_ELEMENTS (iri_tld_offsets);

  /* The generator sorted the table in memcmp() order, so a bisection
   * with the same order finds any entry. */
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;
      const char *entry = iri_tld_pool + iri_tld_offsets[mid];
      gsize entry_length = strlen (entry);
      int cmp = memcmp (label, entry, MIN (length, entry_length));

      if (cmp == 0)
        cmp = length < entry_length ? -1 : length > entry_length ? 1 : 0;
      if (cmp < 0)
        hi = mid;
      else if (cmp > 0)
        lo = mid + 1;
      else
        return TRUE;
    }

  return FALSE;
}

/* ------------------------------------------------------------------ */
/* Character classes of link detection (UTS #58 §3) */

static inline gboolean
is_label_char (gunichar c)
{
  if (c < 0x80)
    return g_ascii_isalnum (c) || c == '-';
  return iri_ucd_is_link_label (c);
}

/* A label character, or a separator: UTS #58's host set has the four
 * full stops that UTS #46 maps to ".". */
static inline gboolean
is_host_char (gunichar c)
{
  return is_label_char (c) || iri_char_is_label_separator (c);
}

static inline gboolean
is_ascii_digit (gunichar c)
{
  return c >= '0' && c <= '9';
}

/* @literal (ASCII, lower case) at t[pos], ignoring ASCII case.  UTS #58's
 * reference compares schemes case-sensitively; URI schemes are
 * case-insensitive (RFC 3986 §3.1), so "HTTPS://" is taken too. */
static gboolean
has_ascii_at (const gunichar *t,
              gsize           pos,
              const char     *literal)
{
  for (gsize i = 0; literal[i] != '\0'; i++)
    {
      gunichar c = t[pos + i];

      if (c >= 0x80 || g_ascii_tolower (c) != literal[i])
        return FALSE;
    }
  return TRUE;
}

/* Step 1's test: is t[0, n) a top-level domain?  The comparison is in
 * lower case, so "TEST.COM" is as much a link as "test.com" (the
 * reference only knows the exact forms "COM" and "com"). */
static gboolean
is_tld_label (const gunichar *t,
              gsize           n)
{
  char label[IRI_TLD_MAX_CHARS * 4 + 4];
  gsize length = 0;

  if (n == 0 || n > IRI_TLD_MAX_CHARS)
    return FALSE;

  for (gsize i = 0; i < n; i++)
    {
      gunichar c = t[i] < 0x80 ? (gunichar) g_ascii_tolower (t[i]) : g_unichar_tolower (t[i]);

      length += g_unichar_to_utf8 (c, label + length);
      if (length > IRI_TLD_MAX_BYTES)
        return FALSE;
    }
  return iri_link_is_tld (label, length);
}

/* ------------------------------------------------------------------ */
/* Detection */

typedef struct {
  gsize        start;    /* code points */
  gsize        end;
  guint        prefix;   /* the implied "https://" or "mailto:", or 0 */
  IriLinkKind  kind;
} Found;

typedef struct {
  const gunichar *t;
  gsize           n;
  gsize           hard;       /* nothing before this may become a link */
  /* The maximal run of host characters ending at run_pos starts at
   * run_start (see host_run_start()). */
  gsize           run_pos;
  gsize           run_start;
  /* The last index i below bad_scan where t[i-1], t[i] cannot be
   * neighbours inside a valid host (see host_is_valid()). */
  gsize           bad_scan;
  gsize           last_bad;
  GArray         *found;      /* (element-type Found) */
} Detector;

/* Step 4.  Where the run of host characters that ends at @d starts.
 * Candidates come in text order, so the scan backwards only covers what
 * the previous candidate did not: whatever the text, every character is
 * looked at once, and a line of "a.com..a.com..a.com.." stays linear. */
static gsize
host_run_start (Detector *self,
                gsize     d)
{
  gsize k = d;

  while (k > self->run_pos && is_host_char (self->t[k - 1]))
    k--;
  if (k == self->run_pos)
    k = self->run_start;

  self->run_pos = d;
  self->run_start = k;
  return k;
}

/* Step 5: no empty label (except a final empty one, the trailing dot),
 * and no label that starts or ends with "-".  Inside a run of host
 * characters that is the same as: the host does not start with a
 * separator or "-", and no two neighbours are separator-separator,
 * separator-hyphen or hyphen-separator.  The neighbours are checked once,
 * left to right, as candidates move on; a host from @hs to @e is valid
 * when the last bad pair lies before it. */
static gboolean
host_is_valid (Detector *self,
               gsize     hs,
               gsize     e)
{
  const gunichar *t = self->t;

  if (iri_char_is_label_separator (t[hs]) || t[hs] == '-')
    return FALSE;

  for (gsize i = MAX (self->bad_scan, 1); i < e; i++)
    {
      gboolean a = iri_char_is_label_separator (t[i - 1]);
      gboolean b = iri_char_is_label_separator (t[i]);

      if ((a && b) || (a && t[i] == '-') || (t[i - 1] == '-' && b))
        self->last_bad = i;
    }
  self->bad_scan = MAX (self->bad_scan, e);

  return self->last_bad <= hs;
}

typedef enum {
  PART_PATH,
  PART_QUERY,
  PART_FRAGMENT,
} Part;

/* The termination algorithm of UTS #58 for the path, query and fragment
 * (the notes' §2.3), from t[start], which is "/", "?" or "#".  Returns
 * the end of the link.
 *
 * Link_Term decides: an Include character is kept, a Hard one ends the
 * link, a Soft one is kept only when something kept follows it (a
 * sentence's final "." is not part of the link), an Open bracket is
 * pushed and a Close bracket must match the last one pushed.  The stack
 * is cleared where a new piece starts ("/" in the path, "&" and "=" in
 * the query, ":~:" in the fragment), so a bracket opened in one piece
 * cannot be closed in another; it is kept when the part changes, as the
 * reference does. */
static gsize
terminate (const gunichar *t,
           gsize           n,
           gsize           start)
{
  gunichar stack[IRI_LINK_BRACKET_DEPTH_MAX];
  guint depth = 0;
  Part part;
  gsize last_safe = start + 1;   /* the initiator itself is kept */

  part = t[start] == '/' ? PART_PATH : t[start] == '?' ? PART_QUERY : PART_FRAGMENT;

  for (gsize i = start + 1; i < n; i++)
    {
      gunichar c = t[i];

      if ((part == PART_PATH && c == '?') || (part != PART_FRAGMENT && c == '#'))
        {
          part = c == '?' ? PART_QUERY : PART_FRAGMENT;
          last_safe = i + 1;
          continue;
        }

      if ((part == PART_PATH && c == '/') ||
          (part == PART_QUERY && (c == '&' || c == '=')) ||
          (part == PART_FRAGMENT && c == ':' && i + 2 < n && t[i + 1] == '~' && t[i + 2] == ':'))
        depth = 0;

      switch (iri_ucd_get_link_term (c))
        {
        case IRI_LINK_TERM_INCLUDE:
          last_safe = i + 1;
          break;
        case IRI_LINK_TERM_SOFT:
          break;
        case IRI_LINK_TERM_HARD:
          return last_safe;
        case IRI_LINK_TERM_OPEN:
          /* UTS #58 sets no limit.  Nesting deeper than any real URL
           * ends the link, before the bracket, rather than growing a
           * stack without bound on hostile input; minimal escaping
           * never writes brackets that deep (see format_char()). */
          if (depth == IRI_LINK_BRACKET_DEPTH_MAX)
            return last_safe;
          stack[depth++] = c;
          last_safe = i + 1;
          break;
        case IRI_LINK_TERM_CLOSE:
        default:
          if (depth == 0 || stack[--depth] != iri_ucd_get_link_bracket (c))
            return last_safe;
          last_safe = i + 1;
          break;
        }
    }

  return last_safe;
}

static void
add_found (Detector    *self,
           gsize        start,
           gsize        end,
           guint        prefix,
           IriLinkKind  kind)
{
  Found f = { start, end, prefix, kind };

  g_array_append_val (self->found, f);
}

/* The email address whose domain starts at @hs (the notes' §2.4).  @e is
 * the end of the top-level domain, @end the end of the candidate after
 * its trailing dot and port. */
static void
detect_email (Detector *self,
              gsize     hs,
              gsize     e,
              gsize     end)
{
  const gunichar *t = self->t;
  gsize at = hs - 1;
  gsize ls = at;
  gboolean ok = TRUE;

  /* E1: the local part is the run of Link_Email characters before "@". */
  while (ls > self->hard && iri_ucd_is_link_email (t[ls - 1]))
    ls--;

  /* E2: RFC 5322 dot-atoms: not empty, no leading, trailing or double
   * dot.  A quoted local part never gets here ('"' is not Link_Email). */
  if (ls == at || t[ls] == '.' || t[at - 1] == '.')
    ok = FALSE;
  for (gsize i = ls + 1; ok && i < at; i++)
    {
      if (t[i] == '.' && t[i - 1] == '.')
        ok = FALSE;
    }

  /* E3: "scheme://user@host" is userinfo, not an address.  UTS #58
   * leaves userinfo out of link detection: it is deprecated, and hiding
   * the real host behind "user@" is a classic spoof. */
  if (ok && ls > self->hard && at - ls >= 2 && t[ls] == '/' && t[ls + 1] == '/' && t[ls - 1] == ':')
    ok = FALSE;

  /* E4: a rejected address links nothing, not even its domain. */
  if (ok)
    {
      /* E5: the link ends after the top-level domain: a trailing dot,
       * a port or a path are not part of an address. */
      if (ls >= self->hard + 7 && has_ascii_at (t, ls - 7, "mailto:"))
        add_found (self, ls - 7, e, 0, IRI_LINK_KIND_EMAIL);
      else
        add_found (self, ls, e, 7, IRI_LINK_KIND_EMAIL);
    }
  self->hard = end;
}

/* The main loop (the notes' §2.2).  Every step moves forward or looks at
 * a bounded number of characters, so the whole pass is linear in @n. */
static void
detect (Detector *self)
{
  const gunichar *t = self->t;
  gsize n = self->n;
  gsize pos = 0;

  while (pos < n)
    {
      gsize d, e, end, hs, start;
      guint prefix;

      /* Step 1: a separator followed by a top-level domain. */
      d = pos;
      while (d < n && !iri_char_is_label_separator (t[d]))
        d++;
      if (d >= n)
        break;

      e = d + 1;
      while (e < n && is_label_char (t[e]))
        e++;

      if (!is_tld_label (t + d + 1, e - (d + 1)))
        {
          pos = e;
          continue;
        }

      /* Step 2: a label followed by another ("amazon" in
       * "www.amazon.com", "co" in "x.co.uk") is not the last one.  A
       * final dot is taken for now, as in a fully qualified name. */
      end = e;
      if (e < n && iri_char_is_label_separator (t[e]))
        {
          if (e + 1 < n && is_label_char (t[e + 1]))
            {
              pos = e;
              continue;
            }
          end = e + 1;
        }

      /* Step 3: a port of 1 to 5 digits up to 65535 (RFC 6335 §6);
       * anything larger is no port, and the reference then links
       * nothing. */
      if (end + 1 < n && t[end] == ':' && is_ascii_digit (t[end + 1]))
        {
          gsize k = end + 1;
          guint value = 0;

          while (k < n && k - (end + 1) < 6 && is_ascii_digit (t[k]))
            value = value * 10 + (t[k++] - '0');
          if (k - (end + 1) > 5 || value > 65535)
            {
              pos = e;
              continue;
            }
          end = k;
        }

      /* Step 4: the host starts where the run of host characters does,
       * but never before the end of the previous link. */
      hs = MAX (host_run_start (self, d), self->hard);
      if (hs >= d)
        {
          pos = e;
          continue;
        }

      /* Step 5. */
      if (!host_is_valid (self, hs, e))
        {
          pos = e;
          continue;
        }

      /* Step 6: "@" before the host makes it an email address. */
      if (hs > self->hard && t[hs - 1] == '@')
        {
          detect_email (self, hs, e, end);
          pos = MAX (e, end);
          continue;
        }

      /* Step 7: "https://" or "http://" before the host belongs to the
       * link; other schemes are not recognised, and without one the
       * link is opened with https. */
      start = hs;
      prefix = 8;
      if (hs >= self->hard + 8 && has_ascii_at (t, hs - 8, "https://"))
        {
          start = hs - 8;
          prefix = 0;
        }
      else if (hs >= self->hard + 7 && has_ascii_at (t, hs - 7, "http://"))
        {
          start = hs - 7;
          prefix = 0;
        }

      /* Step 8: path, query and fragment; a trailing dot with nothing
       * after it is the end of a sentence, not of the name. */
      if (end < n && (t[end] == '/' || t[end] == '?' || t[end] == '#'))
        end = terminate (t, n, end);
      else if (iri_char_is_label_separator (t[end - 1]))
        end--;

      /* Step 9. */
      add_found (self, start, end, prefix, IRI_LINK_KIND_URL);
      self->hard = end;
      pos = MAX (e, end);
    }
}

/* The IRI of a bare email address: "mailto:" and the address, with its
 * local part encoded as RFC 6068 asks.  UTS #58 only says to put
 * "mailto:" in front. */
static char *
mailto_iri (const char *address)
{
  GString *out = g_string_new ("mailto:");
  const char *at = strchr (address, '@');

  for (const char *p = address; p < at; p++)
    {
      if (needs_mailto_escape ((guchar) *p))
        g_string_append_printf (out, "%%%02X", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append (out, at);
  return g_string_free (out, FALSE);
}

static IriLink *
link_new (const char    *text,
          const Found   *found,
          const IriSpan *span)
{
  IriLink *self = g_object_new (IRI_TYPE_LINK, NULL);
  gsize length = span->byte_end - span->byte_start;

  self->kind = found->kind;
  self->span = *span;
  self->prefix_length = found->prefix;
  self->text = g_strndup (text + span->byte_start, length);
  if (found->prefix == 0)
    self->iri = g_strdup (self->text);
  else if (found->kind == IRI_LINK_KIND_EMAIL)
    self->iri = mailto_iri (self->text);
  else
    self->iri = g_strconcat ("https://", self->text, NULL);

  return self;
}

/**
 * iri_detect_links:
 * @text: the text, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @error: return location for a #GError
 *
 * Finds the links in a text: web addresses and email addresses, as UTS
 * #58 (Unicode Link Detection and Serialization) defines them, and as
 * RFC 3987bis §7.3 asks, without stopping at the first character outside
 * ASCII.
 *
 * A web address is found by its host name, whose last label must be a
 * top-level domain of the IANA list ([func@Iri.get_tld_list_version]),
 * in ASCII or in Unicode (`普遍适用测试。我爱你`).  An `http://` or
 * `https://` before it belongs to the link; without one the link is
 * opened with `https:`.  A port, a path, a query and a fragment follow,
 * up to a space or another character that UTS #58 says ends a link
 * (Link_Term Hard), without a trailing `.`, `!`, `:` or other punctuation
 * that usually ends a sentence (Soft), and without a closing bracket
 * that was not opened in the link, so `(see example.com/a_(b))` gives
 * `example.com/a_(b)`.  An email address is the run of Link_Email
 * characters before `@` and the host; it has no port or path.
 *
 * IP addresses, `localhost`, other schemes and userinfo (`user@host`
 * after `http://`) are never links.
 *
 * The work is linear in the length of the text.
 *
 * Returns: (transfer full) (nullable): a list model of [class@Iri.Link],
 *   in text order, or `NULL` when @text is not valid UTF-8
 *   ([error@Iri.Error.INVALID_UTF8]) or contains a NUL byte
 *   ([error@Iri.Error.EMBEDDED_NUL])
 *
 * Since: 0.1
 */
GListModel *
iri_detect_links (const char  *text,
                  gssize       length,
                  GError     **error)
{
  g_autofree gunichar *t = NULL;
  g_autoptr(GArray) found = NULL;
  g_autoptr(GPtrArray) links = NULL;
  GListStore *store;
  Detector detector;
  gsize n = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL)
    text = "";
  if (length < 0)
    length = strlen (text);

  if (!iri_utf8_validate_internal (text, length, NULL, error))
    return NULL;

  /* The algorithm looks backwards and forwards by code points, so the
   * text is decoded once. */
  for (gssize i = 0; i < length; i++)
    n += ((guchar) text[i] & 0xC0) != 0x80;
  t = g_new (gunichar, n + 1);
  {
    const char *p = text;

    for (gsize i = 0; i < n; i++)
      t[i] = iri_utf8_next (&p);
    t[n] = 0;
  }

  found = g_array_new (FALSE, FALSE, sizeof (Found));
  memset (&detector, 0, sizeof detector);
  detector.t = t;
  detector.n = n;
  detector.found = found;
  detect (&detector);

  /* Links come in text order without overlapping, so one walk through
   * the bytes finds every offset. */
  links = g_ptr_array_new_with_free_func (g_object_unref);
  {
    const char *p = text;
    gsize char_pos = 0;

    for (guint i = 0; i < found->len; i++)
      {
        const Found *f = &g_array_index (found, Found, i);
        IriSpan span;

        while (char_pos < f->start)
          {
            iri_utf8_next (&p);
            char_pos++;
          }
        span.start = f->start;
        span.byte_start = p - text;
        while (char_pos < f->end)
          {
            iri_utf8_next (&p);
            char_pos++;
          }
        span.end = f->end;
        span.byte_end = p - text;
        g_ptr_array_add (links, link_new (text, f, &span));
      }
  }

  store = g_list_store_new (IRI_TYPE_LINK);
  g_list_store_splice (store, 0, 0, links->pdata, links->len);
  return G_LIST_MODEL (store);
}

/* ------------------------------------------------------------------ */
/* Minimal escaping */

static const char upper_hex[] = "0123456789ABCDEF";

typedef struct {
  GString  *out;
  /* The brackets open in the current item, for matching. */
  gunichar  stack[IRI_LINK_BRACKET_DEPTH_MAX];
  guint     n_stack;
  /* How many brackets detection's stack holds here: it is cleared at the
   * same places as the item's, but not when the part changes. */
  guint     depth;
  /* The last thing written is a literal Soft character, starting at
   * last_start in out.  Only the very last one needs escaping. */
  gboolean  last_is_soft;
  gsize     last_start;
} Formatter;

static void
append_escaped (GString    *out,
                const char *bytes,
                gsize       n)
{
  for (gsize i = 0; i < n; i++)
    {
      guchar b = bytes[i];

      g_string_append_c (out, '%');
      g_string_append_c (out, upper_hex[b >> 4]);
      g_string_append_c (out, upper_hex[b & 0x0F]);
    }
}

static void
format_verbatim (Formatter  *self,
                 const char *bytes,
                 gsize       n)
{
  g_string_append_len (self->out, bytes, n);
  self->last_is_soft = FALSE;
}

static void
format_escaped (Formatter  *self,
                const char *bytes,
                gsize       n)
{
  append_escaped (self->out, bytes, n);
  self->last_is_soft = FALSE;
}

/* A new item: a path segment, a query key or value, a fragment piece.
 * The bracket stack starts empty in each item, which is where detection
 * clears its own (or, at a part boundary, more often: a bracket that
 * could have been closed across the boundary is escaped, which is safe). */
static void
format_new_item (Formatter *self,
                 gboolean   clears_detection)
{
  self->n_stack = 0;
  if (clears_detection)
    self->depth = 0;
}

/* One character of an item, written as itself unless detection would
 * not take it as part of the link with the same bounds (UTS #58 minimal
 * escaping, the notes' §3.2 rules 4–8). */
static void
format_char (Formatter  *self,
             gunichar    c,
             const char *bytes,
             gsize       n,
             gboolean    force_escape)
{
  if (force_escape)
    {
      format_escaped (self, bytes, n);
      return;
    }

  switch (iri_ucd_get_link_term (c))
    {
    case IRI_LINK_TERM_HARD:
      /* Space, controls, NBSP, line separators, unassigned and private
       * use characters: they always end a link. */
      format_escaped (self, bytes, n);
      return;

    case IRI_LINK_TERM_CLOSE:
      /* A close bracket is kept when it closes the last bracket opened
       * in this item; otherwise detection would end the link before it.
       * A mismatch pops nothing, so a later bracket can still match. */
      if (self->n_stack > 0 && self->stack[self->n_stack - 1] == iri_ucd_get_link_bracket (c))
        {
          self->n_stack--;
          self->depth--;
          format_verbatim (self, bytes, n);
        }
      else
        format_escaped (self, bytes, n);
      return;

    case IRI_LINK_TERM_OPEN:
      /* Detection stops tracking brackets this deep (see terminate()),
       * so one more is escaped; an escaped bracket is not a bracket. */
      if (self->depth == IRI_LINK_BRACKET_DEPTH_MAX)
        {
          format_escaped (self, bytes, n);
          return;
        }
      self->stack[self->n_stack++] = c;
      self->depth++;
      format_verbatim (self, bytes, n);
      return;

    case IRI_LINK_TERM_SOFT:
      /* Kept by detection whenever anything but another Soft character
       * follows; only a Soft character at the very end of the link would
       * be cut off, which format_finish() deals with. */
      self->last_start = self->out->len;
      g_string_append_len (self->out, bytes, n);
      self->last_is_soft = TRUE;
      return;

    case IRI_LINK_TERM_INCLUDE:
    default:
      format_verbatim (self, bytes, n);
      return;
    }
}

/* §3.7 step 2 leaves the ASCII characters that a URI does not allow
 * percent-encoded, because an IRI may not contain them either.  Of these,
 * '"', '<', '>', '^', '`', '{', '|' and '}' are neither delimiters, nor
 * spaces, nor invisible, and §3.3 maps each back to exactly the %HH it
 * came from, so showing them changes nothing but readability (and UTS #58
 * shows them: "נאט\"ו").  The space and the controls stay encoded (they
 * are Hard anyway), and so does '\\', which the WHATWG URL parser reads
 * as "/" in http(s) paths. */
static gboolean
is_readable_ascii (guchar b)
{
  return b == '"' || b == '<' || b == '>' || b == '^' || b == '`' ||
         b == '{' || b == '|' || b == '}';
}

/* A path, query or fragment of the §3.7 form, text[start, end).  Its
 * delimiters are the real ones: a delimiter that is data is still
 * percent-encoded there (§3.7 step 2 keeps reserved characters encoded),
 * and so is every "%" that stands for itself before two hex digits. */
static void
format_part (Formatter  *self,
             const char *text,
             gsize       start,
             gsize       end,
             Part        part,
             gboolean    special)
{
  gsize i = start;

  format_new_item (self, FALSE);

  while (i < end)
    {
      const char *p;
      gunichar c;

      if (text[i] == '%' && i + 3 <= end &&
          iri_hex_value (text[i + 1]) >= 0 && iri_hex_value (text[i + 2]) >= 0)
        {
          guchar b = iri_hex_value (text[i + 1]) * 16 + iri_hex_value (text[i + 2]);

          if (is_readable_ascii (b))
            {
              char ch = (char) b;

              format_char (self, b, &ch, 1, FALSE);
            }
          else
            format_verbatim (self, text + i, 3);
          i += 3;
          continue;
        }

      p = text + i;
      c = iri_utf8_next (&p);

      if ((part == PART_PATH && c == '/') ||
          (part == PART_QUERY && (c == '&' || c == '=')))
        {
          format_verbatim (self, text + i, 1);
          format_new_item (self, TRUE);
        }
      else if (part == PART_FRAGMENT && c == ':' && i + 3 <= end &&
               text[i + 1] == '~' && text[i + 2] == ':')
        {
          /* The fragment directive delimiter ":~:"; its last ":" is
           * Soft, and is escaped like any other should it end the
           * link. */
          format_verbatim (self, text + i, 2);
          format_new_item (self, TRUE);
          format_char (self, ':', text + i + 2, 1, FALSE);
          p = text + i + 3;
        }
      else
        {
          /* WHATWG URL parsers read "\" as "/" in the path of an http(s)
           * URL, so a readable "\" would open another resource. */
          format_char (self, c, text + i, p - (text + i), special && part == PART_PATH && c == '\\');
        }
      i = p - text;
    }
}

/* Could detection take the "." at text[dot] (in a local part ending at
 * @end) for the dot before a top-level domain (steps 1 and 2)?  It would
 * then link the local part up to there as a web address before it sees
 * the "@": "jane.com@example.de" gives the link "jane.com".
 *
 * The label is read as it will be written: characters that are escaped
 * (not Link_Email) end it.  Whether a separator and another label follow
 * (which would make it an inner label) is not looked at, because that
 * next dot may be escaped in turn ("bb.de" → "bb%2Ede"): a dot before a
 * top-level domain is always escaped, which never creates a candidate
 * elsewhere. */
static gboolean
starts_tld_candidate (const char *text,
                      gsize       dot,
                      gsize       end)
{
  gunichar label[IRI_TLD_MAX_CHARS + 1];
  gsize n = 0;
  const char *p = text + dot + 1;

  while ((gsize) (p - text) < end)
    {
      gunichar c = iri_utf8_next (&p);

      if (!is_label_char (c) || !iri_ucd_is_link_email (c))
        break;
      if (n == G_N_ELEMENTS (label))
        return FALSE;   /* longer than any top-level domain */
      label[n++] = c;
    }

  return is_tld_label (label, n);
}

/* The local part of an email address in a mailto: URI, text[start, end).
 * Detection takes the run of Link_Email characters before "@", which
 * must not start or end with "." or contain "..": every other character
 * is escaped, and so is every dot that would break those rules, or that
 * detection would take for the dot before a top-level domain.  A mailto:
 * URI percent-decodes its addresses (RFC 6068 §2), so the address stays
 * the same. */
static void
format_local_part (Formatter  *self,
                   const char *text,
                   gsize       start,
                   gsize       end)
{
  gsize i = start;
  gboolean after_dot = TRUE;   /* at the start, a dot is not allowed either */

  while (i < end)
    {
      const char *p;
      gunichar c;

      if (text[i] == '%' && i + 3 <= end &&
          iri_hex_value (text[i + 1]) >= 0 && iri_hex_value (text[i + 2]) >= 0)
        {
          format_verbatim (self, text + i, 3);
          after_dot = FALSE;
          i += 3;
          continue;
        }

      p = text + i;
      c = iri_utf8_next (&p);
      if (c == '.')
        {
          gboolean last = (gsize) (p - text) == end;

          if (after_dot || last || starts_tld_candidate (text, i, end))
            {
              format_escaped (self, ".", 1);
              after_dot = FALSE;
            }
          else
            {
              format_verbatim (self, ".", 1);
              after_dot = TRUE;
            }
        }
      else
        {
          if (iri_ucd_is_link_email (c))
            format_verbatim (self, text + i, p - (text + i));
          else
            format_escaped (self, text + i, p - (text + i));
          after_dot = FALSE;
        }
      i = p - text;
    }
}

/* Would detection take every label of @host (a registered name) whole:
 * only host label characters, no "-" at either end (step 5)?  §3.7 step
 * 6 shows an A-label in Unicode when libidn2's lookup accepts its
 * U-label, which it does for one that ends in "-" ("xn--bcher-kva0--def"),
 * or that holds a contextual character that is not Link_Term Include. */
static gboolean
host_labels_detectable (const char *host,
                        gsize       length)
{
  const char *p = host;
  const char *end = host + length;
  gunichar prev = '.';

  while (p < end)
    {
      gunichar c = iri_utf8_next (&p);

      if (c == '.')
        {
          if (prev == '-')
            return FALSE;
        }
      else if (!is_label_char (c) || (c == '-' && prev == '.'))
        return FALSE;
      prev = c;
    }
  return prev != '-';
}

/* The path of a mailto: URI: addresses separated by "," (RFC 6068 §2),
 * each with its local part minimally escaped and its domain in Unicode
 * form.  A piece without "@" is formatted as an ordinary path. */
static void
format_mailto_path (Formatter        *self,
                    IriDisplayPolicy *policy,
                    const char       *text,
                    gsize             start,
                    gsize             end,
                    IriFormatFlags    flags)
{
  gsize i = start;

  while (i <= end)
    {
      const char *comma = memchr (text + i, ',', end - i);
      gsize piece_end = comma != NULL ? (gsize) (comma - text) : end;
      const char *at = NULL;

      for (gsize k = i; k < piece_end; k++)
        {
          if (text[k] == '@')
            at = text + k;
        }

      if (at == NULL)
        format_part (self, text, i, piece_end, PART_PATH, FALSE);
      else
        {
          gsize at_pos = at - text;

          format_local_part (self, text, i, at_pos);
          format_verbatim (self, "@", 1);
          if ((flags & IRI_FORMAT_KEEP_PUNYCODE) != 0)
            format_verbatim (self, text + at_pos + 1, piece_end - at_pos - 1);
          else
            {
              g_autofree char *domain = iri_display_policy_host_to_unicode (policy, text + at_pos + 1,
                                                                            piece_end - at_pos - 1);

              if (host_labels_detectable (domain, strlen (domain)))
                format_verbatim (self, domain, strlen (domain));
              else
                format_verbatim (self, text + at_pos + 1, piece_end - at_pos - 1);
            }
        }

      if (comma == NULL)
        break;
      format_verbatim (self, ",", 1);
      i = piece_end + 1;
    }
}

/* Rule 7 of the notes' §3.2: a Soft character at the very end of the
 * link would be cut off by detection, so the last one is escaped. */
static char *
format_finish (Formatter *self)
{
  if (self->last_is_soft)
    {
      g_autofree char *bytes = g_strndup (self->out->str + self->last_start,
                                          self->out->len - self->last_start);

      g_string_truncate (self->out, self->last_start);
      append_escaped (self->out, bytes, strlen (bytes));
    }
  return g_string_free (g_steal_pointer (&self->out), FALSE);
}

/**
 * iri_format_minimal:
 * @text: a URI or IRI, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @error: return location for a #GError
 *
 * Gives the form of a URI or IRI to show in running text: the most
 * readable form that link detection ([func@Iri.detect_links]) still finds
 * with exactly its bounds, and that maps back to the same resource (UTS
 * #58 minimal escaping, RFC 3987bis §3.7 and §7.6).
 *
 * The text first goes through [func@Iri.uri_to_iri], so everything that
 * §3.7 keeps percent-encoded stays so: bidi formatting characters,
 * invisible characters, spaces, bytes that are not UTF-8, and reserved
 * characters and `%` written as `%HH`.  Valid `xn--` labels of the host
 * (and of the domain of a `mailto:` address) are shown in Unicode unless
 * @flags has [flags@Iri.FormatFlags.KEEP_PUNYCODE], or unless detection
 * would not take the Unicode host whole (a label that ends in `-`, or
 * that holds a character that ends a link).  `"`, `<`, `>`, `^`,
 * `` ` ``, `{`, `|` and `}` are decoded too, since the IRI-to-URI mapping
 * (§3.3) encodes them back to the same octets.
 *
 * Then, in the path, query and fragment, only what would end the link or
 * change its bounds is percent-encoded, as UTS #58 says:
 *
 * - characters that always end a link (Link_Term Hard: spaces, controls,
 *   unassigned and private-use characters, …);
 * - a closing bracket that does not close a bracket opened in the same
 *   path segment, query key or value, or fragment piece;
 * - the last character, when it is punctuation that detection leaves out
 *   at the end of a link (Link_Term Soft: `.`, `!`, `?`, `:`, `’`, `»`,
 *   `།`, …), so `/wiki/Brüssel'` becomes `/wiki/Brüssel%27`;
 * - a `\` in the path of an http(s) URL, which WHATWG parsers read as
 *   `/`.
 *
 * In the local part of a `mailto:` address, every character that is not
 * Link_Email is encoded, and so is a dot at the start, at the end, after
 * another dot, or before a label that is a top-level domain (detection
 * would otherwise link `jane.com` in `jane.com@example.de` as a web
 * address).
 *
 * Percent-encoding an unmatched `)` or a final `!` gives a URI that
 * differs from the original in the encoding of a reserved character,
 * which RFC 3986 §2.2 does not call equivalent, although HTTP servers and
 * the WHATWG URL standard treat the two alike; UTS #58 accepts this so
 * that the link can be found in text at all.
 *
 * The default display policy applies ([func@Iri.DisplayPolicy.get_default],
 * strict): a host label the analysis flags as a possible spoof keeps its
 * A-label, and a look-alike of a delimiter stays percent-encoded.  See
 * [method@Iri.DisplayPolicy.format_minimal].
 *
 * Returns: (transfer full) (nullable): the readable form, or `NULL` when
 *   @text is not valid UTF-8 ([error@Iri.Error.INVALID_UTF8]) or contains
 *   a NUL byte ([error@Iri.Error.EMBEDDED_NUL])
 *
 * Since: 0.1
 */
char *
iri_format_minimal (const char      *text,
                    gssize           length,
                    IriFormatFlags   flags,
                    GError         **error)
{
  return iri_display_policy_format_minimal (NULL, text, length, flags, error);
}

static char *
format_minimal_once (IriDisplayPolicy  *policy,
                     const char        *text,
                     gssize             length,
                     IriFormatFlags     flags,
                     GError           **error)
{
  g_autofree char *readable = NULL;
  g_autoptr(IriReference) reference = NULL;
  const char *scheme;
  gboolean mailto, special;
  Formatter self;
  IriSpan path, query, fragment;
  gboolean has_query, has_fragment;
  gsize len;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (text == NULL)
    text = "";
  if (length < 0)
    length = strlen (text);

  /* §3.7 decides what may be shown decoded, and step 6 shows the host in
   * Unicode; it validates the UTF-8 too. */
  readable = iri_display_policy_uri_to_iri (policy, text, length,
                                            (flags & IRI_FORMAT_KEEP_PUNYCODE) != 0 ? IRI_TO_IRI_KEEP_PUNYCODE : IRI_TO_IRI_DEFAULT,
                                            NULL, error);
  if (readable == NULL)
    return NULL;
  len = strlen (readable);

  /* §3.7 keeps every delimiter, so the readable form has the same
   * components as the text. */
  reference = iri_reference_parse_tolerant (readable, len, IRI_PARSE_DEFAULT);

  /* A host that detection would not take whole in Unicode is shown with
   * its A-labels, as they were. */
  if ((flags & IRI_FORMAT_KEEP_PUNYCODE) == 0 &&
      iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME)
    {
      IriSpan host;

      iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host);
      if (!host_labels_detectable (readable + host.byte_start, host.byte_end - host.byte_start))
        {
          g_free (readable);
          readable = iri_display_policy_uri_to_iri (policy, text, length, IRI_TO_IRI_KEEP_PUNYCODE, NULL, NULL);
          len = strlen (readable);
          g_clear_pointer (&reference, iri_reference_unref);
          reference = iri_reference_parse_tolerant (readable, len, IRI_PARSE_DEFAULT);
        }
    }

  /* A host that still cannot be taken whole has characters the policy
   * keeps percent-encoded: U+3002 IDEOGRAPHIC FULL STOP written in an IRI
   * (§5.1b), or a label the strict policy flags, written in Unicode.  It
   * is shown as the host a browser looks up (UTS #46, §3.4.2: U+3002 is
   * a "."), which the policy then judges again, so that formatting the
   * result gives the result. */
  if (iri_reference_get_host_kind (reference) == IRI_HOST_REG_NAME)
    {
      IriSpan host;

      iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host);
      if (!host_labels_detectable (readable + host.byte_start, host.byte_end - host.byte_start))
        {
          g_autofree char *uri46 = iri_to_uri (text, length, IRI_HOST_MAPPING_UTS46, NULL);

          if (uri46 != NULL)
            {
              g_free (readable);
              readable = iri_display_policy_uri_to_iri (policy, uri46, -1,
                                                        (flags & IRI_FORMAT_KEEP_PUNYCODE) != 0
                                                          ? IRI_TO_IRI_KEEP_PUNYCODE : IRI_TO_IRI_DEFAULT,
                                                        NULL, NULL);
              len = strlen (readable);
              g_clear_pointer (&reference, iri_reference_unref);
              reference = iri_reference_parse_tolerant (readable, len, IRI_PARSE_DEFAULT);
            }
        }
    }
  scheme = iri_reference_get_scheme (reference);
  mailto = scheme != NULL && g_ascii_strcasecmp (scheme, "mailto") == 0;
  /* Without a scheme, detection opens the text as https. */
  special = scheme == NULL || g_ascii_strcasecmp (scheme, "http") == 0 ||
            g_ascii_strcasecmp (scheme, "https") == 0;

  memset (&self, 0, sizeof self);
  self.out = g_string_sized_new (len + 8);

  iri_reference_get_span (reference, IRI_COMPONENT_PATH, &path);
  has_query = iri_reference_get_span (reference, IRI_COMPONENT_QUERY, &query);
  has_fragment = iri_reference_get_span (reference, IRI_COMPONENT_FRAGMENT, &fragment);

  /* The scheme and the authority as §3.7 gave them. */
  format_verbatim (&self, readable, path.byte_start);

  if (mailto)
    format_mailto_path (&self, policy, readable, path.byte_start, path.byte_end, flags);
  else
    format_part (&self, readable, path.byte_start, path.byte_end, PART_PATH, special);

  if (has_query)
    {
      format_verbatim (&self, readable + path.byte_end, query.byte_start - path.byte_end);
      format_part (&self, readable, query.byte_start, query.byte_end, PART_QUERY, special);
    }
  if (has_fragment)
    {
      gsize before = has_query ? query.byte_end : path.byte_end;

      format_verbatim (&self, readable + before, fragment.byte_start - before);
      format_part (&self, readable, fragment.byte_start, fragment.byte_end, PART_FRAGMENT, special);
    }

  {
    gsize done = has_fragment ? fragment.byte_end : has_query ? query.byte_end : path.byte_end;

    if (done < len)
      format_verbatim (&self, readable + done, len - done);
  }

  return format_finish (&self);
}

char *
iri_format_minimal_with_policy (IriDisplayPolicy  *policy,
                                const char        *text,
                                gssize             length,
                                IriFormatFlags     flags,
                                GError           **error)
{
  char *formatted = format_minimal_once (policy, text, length, flags, error);

  /* The policy judged the readable form, but the escaping that follows
   * can change how it displays: "\" written as %5C puts letters and
   * digits among right-to-left text, which may move another component
   * into the host's place (§9).  So the policy judges the result again,
   * until formatting it changes nothing; it only ever keeps more labels
   * encoded, so this ends after a pass or two. */
  for (guint pass = 0; formatted != NULL && pass < 3; pass++)
    {
      char *again = format_minimal_once (policy, formatted, -1, flags, NULL);

      if (again == NULL || g_str_equal (again, formatted))
        {
          g_free (again);
          break;
        }
      g_free (formatted);
      formatted = again;
    }
  return formatted;
}
