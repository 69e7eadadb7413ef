/* iri-resolve.c: reference resolution (RFC 3986 §5.2, 3987bis §5.5)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-error.h"
#include "iri-reference.h"
#include "iri-reference-private.h"
#include "iri-resolve.h"

/* RFC 3987bis §5.5: "the algorithms of [RFC3986] can be applied directly,
 * treating the characters additionally allowed in IRI references in the
 * same way that unreserved characters are in URI references".  Every
 * delimiter the algorithms look at ("/", "?", "#", ":", ".") is ASCII, and
 * a UTF-8 continuation byte is never ASCII, so working on the bytes of the
 * UTF-8 text treats non-ASCII characters exactly as that sentence asks:
 * as data, never split and never interpreted. */

/* The five components of RFC 3986 §5.2.1, NULL when undefined.  The
 * strings are borrowed from an IriReference or from the `owned` storage
 * of the resolution that built them. */
typedef struct
{
  const char *scheme;
  const char *authority;
  const char *path;
  const char *query;
  const char *fragment;
} Parts;

static void
parts_from_reference (Parts        *parts,
                      IriReference *ref)
{
  parts->scheme = iri_reference_get_scheme (ref);
  parts->authority = iri_reference_get_authority (ref);
  parts->path = iri_reference_get_path (ref);
  parts->query = iri_reference_get_query (ref);
  parts->fragment = iri_reference_get_fragment (ref);
}

/* What kind of dot segment [p, end) is: 0 for none, 1 for ".", 2 for
 * "..".  A percent-encoded dot ("%2E", "%2e") counts as a dot: it is the
 * same unreserved character (RFC 3986 §2.3, §6.2.2.2), so "%2E%2E" must
 * climb a level just as ".." does, or a path could sneak past a server's
 * dot-segment check in encoded form.  This is what the iri-string test
 * table `percent_encoded_dots` expects, including the mixed forms ".%2E"
 * and "%2e.". */
static guint
dot_segment_kind (const char *p,
                  const char *end)
{
  guint dots = 0;

  if (p == end)
    return 0;

  while (p < end)
    {
      if (*p == '.')
        p++;
      else if (end - p >= 3 && p[0] == '%' && p[1] == '2' && (p[2] == 'e' || p[2] == 'E'))
        p += 3;
      else
        return 0;

      if (++dots > 2)
        return 0;
    }

  return dots;
}

static const char *
segment_end (const char *p,
             const char *end)
{
  const char *slash = memchr (p, '/', end - p);

  return slash != NULL ? slash : end;
}

/* RFC 3986 §5.2.4: "removing the last segment and its preceding "/" (if
 * any) from the output buffer".  The output path starts at @start. */
static void
remove_last_segment (GString *out,
                     gsize    start)
{
  gsize i = out->len;

  while (i > start && out->str[i - 1] != '/')
    i--;
  if (i > start)
    i--;
  g_string_truncate (out, i);
}

/* Appends remove_dot_segments([path, end)) to @out: the input-buffer
 * algorithm of RFC 3986 §5.2.4, rule by rule, with the dot segments of
 * dot_segment_kind(). */
static void
append_without_dot_segments (GString    *out,
                             const char *path,
                             const char *end)
{
  gsize start = out->len;
  const char *in = path;

  while (in < end)
    {
      const char *seg;
      const char *seg_end;
      guint kind;

      if (*in != '/')
        {
          seg_end = segment_end (in, end);
          if (dot_segment_kind (in, seg_end) != 0)
            {
              /* A: a leading "../" or "./" is removed; D: so is an input
               * that is just "." or "..". */
              in = seg_end < end ? seg_end + 1 : end;
              continue;
            }

          /* E: the first segment moves to the output. */
          g_string_append_len (out, in, seg_end - in);
          in = seg_end;
          continue;
        }

      seg = in + 1;
      seg_end = segment_end (seg, end);
      kind = dot_segment_kind (seg, seg_end);

      if (kind == 0)
        {
          /* E: "/segment" moves to the output. */
          g_string_append_len (out, in, seg_end - in);
          in = seg_end;
          continue;
        }

      /* C: "/../" and a final "/.." also drop the last output segment. */
      if (kind == 2)
        remove_last_segment (out, start);

      /* B and C: "/./" and "/../" become "/", which is where seg_end
       * points; a final "/." or "/.." becomes "/", which would then move
       * to the output by rule E, so it goes there at once. */
      if (seg_end == end)
        {
          g_string_append_c (out, '/');
          in = end;
        }
      else
        in = seg_end;
    }
}

/**
 * iri_remove_dot_segments:
 * @path: a path, in UTF-8
 * @length: the length of @path in bytes, or -1 if it is NUL-terminated
 *
 * Removes the dot segments `.` and `..` from a path with the
 * `remove_dot_segments` algorithm of RFC 3986 §5.2.4.
 *
 * A segment written with percent-encoded dots (`%2E`, `%2e`, `.%2E`,
 * `%2E%2E`, …) is a dot segment too: `%2E` is the unreserved character
 * `.` (RFC 3986 §2.3), and treating the two differently would let an
 * encoded `..` escape a check made on the decoded path.  Other segments
 * are copied as written.
 *
 * The algorithm is the RFC's, also for a path that does not start with
 * `/`: `a/../b` gives `/b`.  Dot segments are meant for relative
 * references, which resolution ([func@Iri.resolve]) removes; this
 * function is the building block for that and for path segment
 * normalization (RFC 3986 §6.2.2.3).  It does not add the `/.` prefix
 * that a path starting with `//` needs when there is no authority; the
 * callers that recompose a reference do that.
 *
 * Returns: (transfer full): the path without dot segments
 *
 * Since: 0.1
 */
char *
iri_remove_dot_segments (const char *path,
                         gssize      length)
{
  GString *out;

  g_return_val_if_fail (path != NULL || length == 0, NULL);

  if (path == NULL)
    path = "";
  if (length < 0)
    length = strlen (path);

  out = g_string_sized_new (length);
  append_without_dot_segments (out, path, path + length);
  return g_string_free (out, FALSE);
}

static gboolean
path_has_dot_dot_segment (const char *path)
{
  const char *end = path + strlen (path);

  for (const char *p = path; p <= end; )
    {
      const char *seg_end = segment_end (p, end);

      if (dot_segment_kind (p, seg_end) == 2)
        return TRUE;
      p = seg_end + 1;
    }

  return FALSE;
}

/* The result of one resolution: the parts of T, pointing into the inputs
 * or into @path. */
typedef struct
{
  Parts  target;
  char  *path;  /* (owned) */
} Resolution;

static void
resolution_clear (Resolution *resolution)
{
  g_clear_pointer (&resolution->path, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Resolution, resolution_clear)

/* The path of T, from @input (already merged when it came from a relative
 * path).  @relative_result says that T will have neither scheme nor
 * authority and that @input does not start with "/": a relative-path
 * reference, which only an IRI_RESOLVE_RELATIVE_BASE resolution makes. */
static gboolean
resolve_path (Resolution    *resolution,
              const char    *input,
              gboolean       relative_result,
              IriReference  *base,
              IriReference  *reference,
              GError       **error)
{
  GString *out;

  if (relative_result)
    {
      /* remove_dot_segments() assumes a root to climb towards: on
       * "../x" it gives "x", which is a different relative reference.
       * With no root, the dot segments stay as written, so "./foo/baz"
       * stays "./foo/baz" (oxiri-resolve-relative-base.tsv); a later
       * resolution against an absolute base removes them correctly. */
      resolution->path = g_strdup (input);
      return TRUE;
    }

  out = g_string_sized_new (strlen (input) + 2);
  append_without_dot_segments (out, input, input + strlen (input));

  /* Recomposed without an authority, a path that starts with "//" would
   * be read back as "//authority" (RFC 3986 §3.3: such a path "cannot
   * begin with two slash characters").  When the path had a root, the
   * URL Standard's serializer fix keeps it: "/." in front is a dot
   * segment that resolves away, so "f:/a" + ".//g" gives "f:/.//g"
   * (foursuite-absolutize.tsv, the corrected RFC 3986 example).  A
   * rootless path has no such form: ".///C:::" against "x:" would need
   * "x:" + "//C:::", a path that is neither rootless nor rooted, and
   * adding "/." would silently make it rooted.  That resolution fails
   * (oxiri-invalid-resolutions.tsv). */
  if (resolution->target.authority == NULL && out->len >= 2 &&
      out->str[0] == '/' && out->str[1] == '/')
    {
      if (input[0] == '/')
        g_string_prepend (out, "/.");
      else
        {
          g_autofree char *quoted_ref = iri_quote (iri_reference_get_text (reference));
          g_autofree char *quoted_base = iri_quote (iri_reference_get_text (base));
          g_autofree char *quoted_path = iri_quote (out->str);

          g_set_error (error, IRI_ERROR, IRI_ERROR_BAD_PATH,
                       /* Translators: the three %s are quoted IRI references (the
                        * reference, the base, the path of the result) */
                       _("Cannot resolve %s against %s: the result would have the path %s, which starts with “//” but has no authority, so it would be read as a host"),
                       quoted_ref, quoted_base, quoted_path);
          g_string_free (out, TRUE);
          return FALSE;
        }
    }

  resolution->path = g_string_free (out, FALSE);
  return TRUE;
}

/* RFC 3986 §5.2.2, "Transform References", plus the relative-base
 * extension.  @base has been checked: valid, and absolute unless
 * IRI_RESOLVE_RELATIVE_BASE. */
static gboolean
resolve_parts (IriReference     *base_ref,
               IriReference     *reference_ref,
               IriResolveFlags   flags,
               Resolution       *resolution,
               GError          **error)
{
  Parts base, ref;
  Parts *t = &resolution->target;
  g_autofree char *merged = NULL;
  const char *input;

  parts_from_reference (&base, base_ref);
  parts_from_reference (&ref, reference_ref);

  /* The backward-compatible rule of §5.2.2 (and §5.4.2, "http:g"): a
   * scheme equal to the base's is ignored.  Schemes are case-insensitive
   * (§3.1), so "HTTP:g" counts as equal to "http". */
  if ((flags & IRI_RESOLVE_NON_STRICT) && ref.scheme != NULL && base.scheme != NULL &&
      g_ascii_strcasecmp (ref.scheme, base.scheme) == 0)
    ref.scheme = NULL;

  t->fragment = ref.fragment;

  if (ref.scheme != NULL)
    {
      t->scheme = ref.scheme;
      t->authority = ref.authority;
      t->query = ref.query;
      return resolve_path (resolution, ref.path, FALSE, base_ref, reference_ref, error);
    }

  t->scheme = base.scheme;

  if (ref.authority != NULL)
    {
      t->authority = ref.authority;
      t->query = ref.query;
      return resolve_path (resolution, ref.path, FALSE, base_ref, reference_ref, error);
    }

  t->authority = base.authority;

  if (ref.path[0] == '\0')
    {
      /* "T.path = Base.path": the base path is taken as it is, dot
       * segments included.  §5.2.1 allows normalizing the base first but
       * does not require it; not doing it keeps the same-document
       * reference of §4.4 exact, since "" and "#f" then give back the
       * base as written. */
      resolution->path = g_strdup (base.path);
      t->query = ref.query != NULL ? ref.query : base.query;
      return TRUE;
    }

  t->query = ref.query;

  if (ref.path[0] == '/')
    return resolve_path (resolution, ref.path, FALSE, base_ref, reference_ref, error);

  /* §5.2.3, "Merge Paths". */
  if (base.authority != NULL && base.path[0] == '\0')
    merged = g_strconcat ("/", ref.path, NULL);
  else
    {
      const char *slash = strrchr (base.path, '/');

      if (slash != NULL)
        {
          gsize n = slash + 1 - base.path;

          merged = g_malloc (n + strlen (ref.path) + 1);
          memcpy (merged, base.path, n);
          strcpy (merged + n, ref.path);
        }
      else
        merged = g_strdup (ref.path);
    }
  input = merged;

  if (t->scheme == NULL && t->authority == NULL && input[0] != '/')
    {
      const char *slash = strrchr (base.path, '/');
      const char *last = slash != NULL ? slash + 1 : base.path;

      /* A relative base, and a result that stays a relative-path
       * reference, so dot segments are not removed (see
       * resolve_path()).  That leaves two cases with no faithful
       * answer.  The merge drops the base's last segment as a file
       * name; when it is "..", dropping it loses a level ("../.." and
       * "a" would give "../a").  And a ".." in the reference would have
       * to cancel a base segment or climb above a root that a relative
       * base does not have.  Both fail, as in oxiri
       * (oxiri-invalid-resolutions.tsv), rather than guess. */
      if (dot_segment_kind (last, last + strlen (last)) == 2 ||
          path_has_dot_dot_segment (ref.path))
        {
          g_autofree char *quoted_ref = iri_quote (iri_reference_get_text (reference_ref));
          g_autofree char *quoted_base = iri_quote (iri_reference_get_text (base_ref));

          g_set_error (error, IRI_ERROR, IRI_ERROR_BAD_PATH,
                       /* Translators: both %s are quoted IRI references */
                       _("Cannot resolve %s against the relative base %s: a “..” segment cannot be resolved without an absolute base"),
                       quoted_ref, quoted_base);
          return FALSE;
        }

      return resolve_path (resolution, input, TRUE, base_ref, reference_ref, error);
    }

  return resolve_path (resolution, input, FALSE, base_ref, reference_ref, error);
}

static gboolean
check_inputs (IriReference     *base,
              IriReference     *reference,
              IriResolveFlags   flags,
              GError          **error)
{
  if (!iri_reference_is_valid (base))
    {
      iri_reference_set_invalid_error (base, error);
      return FALSE;
    }

  if (!iri_reference_is_absolute (base) && !(flags & IRI_RESOLVE_RELATIVE_BASE))
    {
      g_autofree char *quoted = iri_quote (iri_reference_get_text (base));

      g_set_error (error, IRI_ERROR, IRI_ERROR_NOT_ABSOLUTE,
                   /* Translators: %s is the quoted base IRI */
                   _("Cannot resolve against %s: a base IRI must be absolute (start with a scheme such as “https:”)"),
                   quoted);
      return FALSE;
    }

  if (!iri_reference_is_valid (reference))
    {
      iri_reference_set_invalid_error (reference, error);
      return FALSE;
    }

  return TRUE;
}

/* Recomposes the resolution (RFC 3986 §5.3) and checks that the text
 * splits back into the same five components.  resolve_path() already
 * handles the one case the algorithm is known to break (a path starting
 * with "//" and no authority); this catches any other, such as a
 * relative-path result whose first segment would look like a scheme. */
static IriReference *
build_result (Resolution    *resolution,
              IriReference  *base,
              IriReference  *reference,
              GError       **error)
{
  const Parts *t = &resolution->target;
  IriReference *result;

  result = iri_reference_new_from_parts (t->scheme, t->authority, resolution->path,
                                         t->query, t->fragment);

  if (g_strcmp0 (iri_reference_get_scheme (result), t->scheme) != 0 ||
      g_strcmp0 (iri_reference_get_authority (result), t->authority) != 0 ||
      g_strcmp0 (iri_reference_get_path (result), resolution->path) != 0 ||
      g_strcmp0 (iri_reference_get_query (result), t->query) != 0 ||
      g_strcmp0 (iri_reference_get_fragment (result), t->fragment) != 0)
    {
      g_autofree char *quoted_ref = iri_quote (iri_reference_get_text (reference));
      g_autofree char *quoted_base = iri_quote (iri_reference_get_text (base));
      g_autofree char *quoted_result = iri_quote (iri_reference_get_text (result));

      g_set_error (error, IRI_ERROR, IRI_ERROR_FAILED,
                   /* Translators: the three %s are quoted IRI references */
                   _("Cannot resolve %s against %s: the result %s would be read back with different components"),
                   quoted_ref, quoted_base, quoted_result);
      iri_reference_unref (result);
      return NULL;
    }

  if (!iri_reference_is_valid (result))
    {
      iri_reference_set_invalid_error (result, error);
      iri_reference_unref (result);
      return NULL;
    }

  return result;
}

/**
 * iri_reference_resolve:
 * @base: the base IRI
 * @reference: the reference to resolve against @base
 * @flags: flags
 * @error: return location for a #GError
 *
 * Resolves @reference against @base (RFC 3986 §5.2, applied to IRIs as
 * RFC 3987bis §5.5 says: non-ASCII characters are data, like unreserved
 * characters).
 *
 * The algorithm is the strict one of RFC 3986 §5.2.2, with the merge of
 * §5.2.3, `remove_dot_segments` of §5.2.4 (see [func@Iri.remove_dot_segments]
 * for percent-encoded dots) and the recomposition of §5.3.  The base is
 * not normalized first (§5.2.1 makes that optional), so an empty
 * reference gives the base back as written.
 *
 * With [flags@Iri.ResolveFlags.NON_STRICT], a reference whose scheme
 * equals the base's (ignoring case) is resolved as if it had none, the
 * backward-compatible rule of §5.2.2: `http:g` against
 * `http://a/b/c/d;p?q` gives `http://a/b/c/g`.
 *
 * The base must be absolute, or the call fails with
 * [error@Iri.Error.NOT_ABSOLUTE].  With
 * [flags@Iri.ResolveFlags.RELATIVE_BASE] a relative base is accepted
 * (this is not defined by RFC 3986; the semantics are oxiri's).  The
 * algorithm is the same, but when the result is a relative-path
 * reference its dot segments are kept as written, since there is no
 * root to remove them against: `baz` against `./foo/bar` gives
 * `./foo/baz`.  A `..` that would have to be resolved in that case (in
 * the reference, or as the base's last segment) makes the call fail
 * with [error@Iri.Error.BAD_PATH].
 *
 * Resolution also fails, with [error@Iri.Error.BAD_PATH], when the
 * result has no authority and a rootless path that dot-segment removal
 * turns into one starting with `//` (`.///C:::` against `x:`): no text
 * would parse back to that path.  A rooted path in that situation keeps
 * a `/.` in front instead (`.//g` against `f:/a` gives `f:/.//g`).
 *
 * An invalid base or reference (see [method@Iri.Reference.is_valid])
 * makes the call fail with the error that strict parsing gives.
 *
 * Returns: (transfer full) (nullable): the resolved reference, or `NULL`
 *   on error
 *
 * Since: 0.1
 */
IriReference *
iri_reference_resolve (IriReference     *base,
                       IriReference     *reference,
                       IriResolveFlags   flags,
                       GError          **error)
{
  g_auto(Resolution) resolution = { { NULL, }, NULL };

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (reference != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_inputs (base, reference, flags, error))
    return NULL;

  if (!resolve_parts (base, reference, flags, &resolution, error))
    return NULL;

  return build_result (&resolution, base, reference, error);
}

/**
 * iri_resolve:
 * @base: the base IRI, in UTF-8
 * @reference: the reference to resolve, in UTF-8
 * @flags: flags
 * @error: return location for a #GError
 *
 * Parses @base and @reference strictly and resolves @reference against
 * @base, as [method@Iri.Reference.resolve] does (RFC 3986 §5.2,
 * RFC 3987bis §5.5).
 *
 * Returns: (transfer full) (nullable): the resolved IRI reference, or
 *   `NULL` on error
 *
 * Since: 0.1
 */
char *
iri_resolve (const char       *base,
             const char       *reference,
             IriResolveFlags   flags,
             GError          **error)
{
  g_autoptr(IriReference) base_ref = NULL;
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) result = NULL;

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (reference != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  base_ref = iri_reference_parse (base, -1, IRI_PARSE_DEFAULT, error);
  if (base_ref == NULL)
    return NULL;

  ref = iri_reference_parse (reference, -1, IRI_PARSE_DEFAULT, error);
  if (ref == NULL)
    return NULL;

  result = iri_reference_resolve (base_ref, ref, flags, error);
  if (result == NULL)
    return NULL;

  return g_strdup (iri_reference_get_text (result));
}

/* Relativization.  The candidates below are chosen to match oxiri's
 * output (oxiri-relativize.tsv) and 4Suite's (foursuite-relativize.tsv),
 * but correctness does not rest on them: every candidate is resolved
 * against the base, and only one that gives back exactly the target is
 * returned.  So the property "resolve (base, relativize (target, base))
 * == target" holds by construction. */

/* The segments of @path, without the root "/" of a rooted path: "/a/b/"
 * gives "a", "b", "" and "a/b" gives "a", "b".  An empty path has no
 * segments. */
static GStrv
split_segments (const char *path)
{
  if (path[0] == '\0')
    return g_new0 (char *, 1);
  if (path[0] == '/')
    path++;
  return g_strsplit (path, "/", -1);
}

static void
append_query_fragment (GString      *out,
                       IriReference *target,
                       gboolean      with_query)
{
  const char *query = iri_reference_get_query (target);
  const char *fragment = iri_reference_get_fragment (target);

  if (with_query && query != NULL)
    {
      g_string_append_c (out, '?');
      g_string_append (out, query);
    }
  if (fragment != NULL)
    {
      g_string_append_c (out, '#');
      g_string_append (out, fragment);
    }
}

/* The forms of a reference to @target, most relative last. */
typedef enum
{
  FORM_ABSOLUTE,       /* the target itself */
  FORM_NETWORK_PATH,   /* "//authority/path?query#fragment" */
  FORM_ABSOLUTE_PATH,  /* "/path?query#fragment" */
} Form;

static char *
make_form (IriReference *target,
           Form          form)
{
  GString *out;
  const char *authority = iri_reference_get_authority (target);
  const char *path = iri_reference_get_path (target);

  if (form == FORM_ABSOLUTE ||
      (form == FORM_NETWORK_PATH && authority == NULL))
    return g_strdup (iri_reference_get_text (target));

  /* A path starting with "//" can only follow an authority. */
  if (form == FORM_ABSOLUTE_PATH && path[0] == '/' && path[1] == '/')
    form = authority != NULL ? FORM_NETWORK_PATH : FORM_ABSOLUTE;
  if (form == FORM_ABSOLUTE)
    return g_strdup (iri_reference_get_text (target));

  out = g_string_new (NULL);
  if (form == FORM_NETWORK_PATH)
    {
      g_string_append (out, "//");
      g_string_append (out, authority);
    }
  g_string_append (out, path);
  append_query_fragment (out, target, TRUE);
  return g_string_free (out, FALSE);
}

/* A relative-path reference (or "?query", "#fragment", "") for @target
 * against @base, which have the same scheme and the same authority (or
 * none).  Returns NULL when only a less relative form will do. */
static char *
make_relative_path (IriReference *target,
                    IriReference *base,
                    Form         *out_fallback)
{
  const char *t_path = iri_reference_get_path (target);
  const char *b_path = iri_reference_get_path (base);
  const char *t_query = iri_reference_get_query (target);
  const char *b_query = iri_reference_get_query (base);
  gboolean rooted = t_path[0] == '/';
  g_auto(GStrv) t_segs = NULL;
  g_auto(GStrv) b_segs = NULL;
  guint t_dirs, b_dirs, shared, ups;
  g_autoptr(GString) rel = NULL;
  GString *out;

  *out_fallback = iri_reference_get_authority (target) != NULL ? FORM_NETWORK_PATH : FORM_ABSOLUTE;

  if (strcmp (t_path, b_path) == 0 && g_strcmp0 (t_query, b_query) == 0)
    {
      /* The same document: only the fragment may differ (§4.4). */
      out = g_string_new (NULL);
      append_query_fragment (out, target, FALSE);
      return g_string_free (out, FALSE);
    }

  if (strcmp (t_path, b_path) == 0 && t_query != NULL)
    {
      out = g_string_new (NULL);
      append_query_fragment (out, target, TRUE);
      return g_string_free (out, FALSE);
    }

  /* Any non-empty relative path resolves to a non-empty path, so an
   * empty target path needs the authority (or the whole IRI). */
  if (t_path[0] == '\0')
    return NULL;

  /* A path that starts with "//" (an empty first segment) could be
   * reached with "./" and a run of "../", but oxiri keeps it with its
   * authority ("//example.com//a", oxiri-relativize.tsv row 34), which
   * does not depend on the base's path at all. */
  if (t_path[0] == '/' && t_path[1] == '/')
    return NULL;

  /* Without an authority, a rooted target against a base whose path has
   * no root needs the rooted path itself. */
  if (rooted && b_path[0] != '/' &&
      !(iri_reference_get_authority (base) != NULL && b_path[0] == '\0'))
    {
      *out_fallback = FORM_ABSOLUTE_PATH;
      return NULL;
    }

  /* And a rootless target against a rooted base cannot be reached by a
   * relative path: the merge keeps the base's root. */
  if (!rooted && b_path[0] == '/')
    return NULL;

  t_segs = split_segments (t_path);
  b_segs = split_segments (b_path);
  t_dirs = g_strv_length (t_segs) > 0 ? g_strv_length (t_segs) - 1 : 0;
  b_dirs = g_strv_length (b_segs) > 0 ? g_strv_length (b_segs) - 1 : 0;

  for (shared = 0; shared < t_dirs && shared < b_dirs; shared++)
    {
      if (strcmp (t_segs[shared], b_segs[shared]) != 0)
        break;
    }
  ups = b_dirs - shared;

  if (rooted)
    *out_fallback = FORM_ABSOLUTE_PATH;

  /* On a rootless path, remove_dot_segments() is not faithful ("a/../b"
   * gives "/b"), so a rootless target only gets the simple forms, never
   * "../" (and never a "./" prefix either): this is oxiri's choice too
   * ("t:o//" against "t:o/" stays absolute). */
  if (ups > 0 && !rooted)
    return NULL;

  /* When only the root is shared, "/path" is shorter and clearer than a
   * run of "../" (4Suite's "domain root" rows, oxiri row 17). */
  if (ups > 0 && shared == 0)
    return NULL;

  rel = g_string_new (NULL);
  for (guint i = 0; i < ups; i++)
    g_string_append (rel, "../");
  for (guint i = shared; t_segs[i] != NULL; i++)
    {
      if (i > shared)
        g_string_append_c (rel, '/');
      g_string_append (rel, t_segs[i]);
    }

  if (rel->len == 0)
    {
      /* The target is the base's directory: "." (RFC 3986 §5.4.1). */
      if (!rooted)
        return NULL;
      g_string_append_c (rel, '.');
    }
  else if (rel->str[0] == '/')
    {
      /* An empty first segment: "//b" would be an authority, so "./"
       * goes in front (4Suite's ".///b"). */
      if (!rooted)
        return NULL;
      g_string_prepend (rel, "./");
    }
  else if (ups == 0)
    {
      const char *seg_end = strchr (rel->str, '/');
      gsize n = seg_end != NULL ? (gsize) (seg_end - rel->str) : rel->len;

      /* A ":" in the first segment would make it a scheme (RFC 3986
       * §4.2).  oxiri answers with the rooted path ("/:"), not "./:". */
      if (memchr (rel->str, ':', n) != NULL)
        return NULL;
    }

  append_query_fragment (rel, target, TRUE);
  return g_string_free (g_steal_pointer (&rel), FALSE);
}

/* Whether resolving @candidate against @base gives exactly @target. */
static gboolean
round_trips (IriReference *base,
             const char   *candidate,
             IriReference *target)
{
  g_autoptr(IriReference) ref = NULL;
  g_autoptr(IriReference) result = NULL;

  ref = iri_reference_parse (candidate, -1, IRI_PARSE_DEFAULT, NULL);
  if (ref == NULL)
    return FALSE;

  result = iri_reference_resolve (base, ref, IRI_RESOLVE_DEFAULT, NULL);
  return result != NULL &&
         strcmp (iri_reference_get_text (result), iri_reference_get_text (target)) == 0;
}

/**
 * iri_reference_relativize:
 * @self: the target IRI
 * @base: the base IRI
 * @error: return location for a #GError
 *
 * Finds a reference that resolves against @base to exactly @self: the
 * inverse of [method@Iri.Reference.resolve] (RFC 3986 §5.2, §4.2).
 *
 * The most relative form that works is returned: the empty reference or
 * a fragment for the same document (§4.4), a query, a relative path
 * (`b/c`, `../b/c`, `.`), an absolute path (`/a/b`, used when only the
 * root is shared or when the first segment would look like a scheme), a
 * network-path reference (`//host/a`), and finally @self itself when
 * the schemes differ.  A rootless path (`urn:a/b`) only gets relative
 * paths without dot segments, because RFC 3986 §5.2.4 does not remove
 * those faithfully from a rootless path.
 *
 * Whatever the form, the result has been checked: resolving it against
 * @base with [method@Iri.Reference.resolve] gives @self, character for
 * character.  When nothing does, the call fails with
 * [error@Iri.Error.BAD_PATH].  That happens when the path of @self has
 * dot segments (`http://example.com/a/../b`), since resolution removes
 * them from every result, unless @self is @base itself.
 *
 * Both IRIs must be valid and absolute ([error@Iri.Error.NOT_ABSOLUTE]
 * otherwise).
 *
 * Returns: (transfer full) (nullable): the relative reference, or `NULL`
 *   on error
 *
 * Since: 0.1
 */
char *
iri_reference_relativize (IriReference  *self,
                          IriReference  *base,
                          GError       **error)
{
  const char *t_scheme;
  const char *t_authority;
  const char *b_authority;
  g_autofree char *candidate = NULL;
  Form fallback = FORM_ABSOLUTE;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!iri_reference_is_valid (self))
    {
      iri_reference_set_invalid_error (self, error);
      return NULL;
    }
  if (!iri_reference_is_valid (base))
    {
      iri_reference_set_invalid_error (base, error);
      return NULL;
    }
  if (!iri_reference_is_absolute (self) || !iri_reference_is_absolute (base))
    {
      IriReference *relative = iri_reference_is_absolute (self) ? base : self;
      g_autofree char *quoted = iri_quote (iri_reference_get_text (relative));

      g_set_error (error, IRI_ERROR, IRI_ERROR_NOT_ABSOLUTE,
                   /* Translators: %s is a quoted IRI reference */
                   _("Cannot make a relative reference with %s: both the target and the base must be absolute IRIs"),
                   quoted);
      return NULL;
    }

  t_scheme = iri_reference_get_scheme (self);
  t_authority = iri_reference_get_authority (self);
  b_authority = iri_reference_get_authority (base);

  /* Schemes are compared as written: a reference without a scheme takes
   * the base's spelling, so "HTTP:" would not come back as "http:". */
  if (strcmp (t_scheme, iri_reference_get_scheme (base)) != 0 ||
      (t_authority == NULL && b_authority != NULL))
    fallback = FORM_ABSOLUTE;
  else if (t_authority != NULL && g_strcmp0 (t_authority, b_authority) != 0)
    fallback = FORM_NETWORK_PATH;
  else
    candidate = make_relative_path (self, base, &fallback);

  if (candidate != NULL && round_trips (base, candidate, self))
    return g_steal_pointer (&candidate);

  /* Less relative forms, each checked the same way. */
  for (int form = fallback; form >= FORM_ABSOLUTE; form--)
    {
      g_free (candidate);
      candidate = make_form (self, form);
      if (round_trips (base, candidate, self))
        return g_steal_pointer (&candidate);
    }

  {
    g_autofree char *quoted_target = iri_quote (iri_reference_get_text (self));
    g_autofree char *quoted_base = iri_quote (iri_reference_get_text (base));

    g_set_error (error, IRI_ERROR, IRI_ERROR_BAD_PATH,
                 /* Translators: both %s are quoted IRIs */
                 _("Cannot write %s relative to %s: resolution removes the “.” and “..” segments of its path, so no reference resolves back to it"),
                 quoted_target, quoted_base);
  }
  return NULL;
}
