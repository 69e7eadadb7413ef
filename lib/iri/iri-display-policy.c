/* iri-display-policy.c: what may be shown decoded to a person (§3.7, §5a)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-bidi-checks-private.h"
#include "iri-bidi-private.h"
#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-display-policy.h"
#include "iri-display-policy-private.h"
#include "iri-enums.h"
#include "iri-idna-private.h"
#include "iri-link-private.h"
#include "iri-mapping-private.h"
#include "iri-reference-private.h"
#include "iri-safety-private.h"
#include "iri-unit-private.h"
#include "iri-utf8-private.h"

/**
 * IriDisplayPolicy:
 *
 * Decides, for every place that shows a URI to a person, which host
 * labels may be shown in Unicode and which percent-encoded octets may be
 * decoded (RFC 3987bis §3.7, §5.1).
 *
 * One policy serves the terminal tool's `to-iri`, `format` and `inspect`,
 * the widgets' conversion of pasted and dropped URIs and the app's URI
 * page, so that a host flagged as a spoof by the analysis is never shown
 * decoded elsewhere.  Machine outputs (IRI → URI) never depend on it.
 *
 * Under both levels a character that looks like a delimiter (§5.1b:
 * U+2215 DIVISION SLASH, U+FF0F FULLWIDTH SOLIDUS, U+3002 IDEOGRAPHIC
 * FULL STOP…) stays percent-encoded, and an A-label whose U-label has one
 * stays an A-label.  The strict level (the default) then analyses the
 * decoded form the way [method@Iri.Analyzer.analyze] does, with the
 * policy's known hosts, and keeps every host label that a finding of
 * severity warning or above points at (a mixed-script or whole-script
 * confusable, a look-alike of a known host, a bidi or IDNA problem…) as
 * the URI has it, with an `unsafe-label-kept` note that names the
 * finding.  Every rule the analysis has applies, so the display never
 * shows decoded what `iri check` flags.
 *
 * A policy may be used from several threads as long as nobody changes
 * it meanwhile.
 *
 * Since: 0.1
 */

struct _IriDisplayPolicy
{
  GObject          parent_instance;

  IriDisplayLevel  level;
  IriAnalyzer     *analyzer;   /* judges labels under the strict level */
};

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_KNOWN_HOSTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IriDisplayPolicy, iri_display_policy, G_TYPE_OBJECT)

static void
iri_display_policy_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  IriDisplayPolicy *self = IRI_DISPLAY_POLICY (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;
    case PROP_KNOWN_HOSTS:
      g_value_set_boxed (value, iri_analyzer_get_known_hosts (self->analyzer));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_display_policy_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  IriDisplayPolicy *self = IRI_DISPLAY_POLICY (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      iri_display_policy_set_level (self, g_value_get_enum (value));
      break;
    case PROP_KNOWN_HOSTS:
      iri_display_policy_set_known_hosts (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_display_policy_finalize (GObject *object)
{
  IriDisplayPolicy *self = IRI_DISPLAY_POLICY (object);

  g_clear_object (&self->analyzer);

  G_OBJECT_CLASS (iri_display_policy_parent_class)->finalize (object);
}

static void
iri_display_policy_class_init (IriDisplayPolicyClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = iri_display_policy_get_property;
  object_class->set_property = iri_display_policy_set_property;
  object_class->finalize = iri_display_policy_finalize;

  /**
   * IriDisplayPolicy:level:
   *
   * How much may be shown decoded.
   *
   * Since: 0.1
   */
  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL,
                       IRI_TYPE_DISPLAY_LEVEL, IRI_DISPLAY_STRICT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriDisplayPolicy:known-hosts:
   *
   * Hosts the user trusts; under the strict level a look-alike of one of
   * them stays an A-label.  The same list as [property@Iri.Analyzer:known-hosts].
   *
   * Since: 0.1
   */
  properties[PROP_KNOWN_HOSTS] =
    g_param_spec_boxed ("known-hosts", NULL, NULL,
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
iri_display_policy_init (IriDisplayPolicy *self)
{
  self->level = IRI_DISPLAY_STRICT;
  self->analyzer = iri_analyzer_new ();
}

/**
 * iri_display_policy_new:
 * @level: the level
 *
 * Makes a policy at @level, with no known hosts.
 *
 * Returns: (transfer full): a new policy with no known hosts
 *
 * Since: 0.1
 */
IriDisplayPolicy *
iri_display_policy_new (IriDisplayLevel level)
{
  return g_object_new (IRI_TYPE_DISPLAY_POLICY, "level", level, NULL);
}

/**
 * iri_display_policy_get_default:
 *
 * The policy used where none is given: strict, with no known hosts.  It
 * must not be changed.
 *
 * Returns: (transfer none): the default policy
 *
 * Since: 0.1
 */
IriDisplayPolicy *
iri_display_policy_get_default (void)
{
  static IriDisplayPolicy *policy;
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      policy = iri_display_policy_new (IRI_DISPLAY_STRICT);
      g_once_init_leave (&initialized, 1);
    }
  return policy;
}

/**
 * iri_display_policy_get_level:
 * @self: a policy
 *
 * Gets how much @self lets a person see decoded.
 *
 * Returns: the level
 *
 * Since: 0.1
 */
IriDisplayLevel
iri_display_policy_get_level (IriDisplayPolicy *self)
{
  g_return_val_if_fail (IRI_IS_DISPLAY_POLICY (self), IRI_DISPLAY_STRICT);

  return self->level;
}

/**
 * iri_display_policy_set_level:
 * @self: a policy
 * @level: the level
 *
 * Sets how much @self lets a person see decoded.
 *
 * Since: 0.1
 */
void
iri_display_policy_set_level (IriDisplayPolicy *self,
                              IriDisplayLevel   level)
{
  g_return_if_fail (IRI_IS_DISPLAY_POLICY (self));
  g_return_if_fail (level == IRI_DISPLAY_STRICT || level == IRI_DISPLAY_PERMISSIVE);

  if (self->level == level)
    return;
  self->level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

/**
 * iri_display_policy_get_known_hosts:
 * @self: a policy
 *
 * Gets the hosts the user trusts.
 *
 * Returns: (nullable) (transfer none) (array zero-terminated=1): the
 *   known hosts
 *
 * Since: 0.1
 */
const char * const *
iri_display_policy_get_known_hosts (IriDisplayPolicy *self)
{
  g_return_val_if_fail (IRI_IS_DISPLAY_POLICY (self), NULL);

  return iri_analyzer_get_known_hosts (self->analyzer);
}

/**
 * iri_display_policy_set_known_hosts:
 * @self: a policy
 * @known_hosts: (nullable) (array zero-terminated=1): host names the
 *   user trusts
 *
 * Sets the hosts the user trusts: under the strict level, a host label
 * that makes a look-alike of one of them stays an A-label.
 *
 * Since: 0.1
 */
void
iri_display_policy_set_known_hosts (IriDisplayPolicy   *self,
                                    const char * const *known_hosts)
{
  g_return_if_fail (IRI_IS_DISPLAY_POLICY (self));

  /* The analyzer that judges the labels holds the list. */
  if (iri_analyzer_replace_known_hosts (self->analyzer, known_hosts))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_HOSTS]);
}

/**
 * iri_display_level_to_string:
 * @level: a level
 *
 * Gets the stable name of a level.
 *
 * Returns: `"strict"` or `"permissive"`, as the terminal tool's
 *   `--display` option spells them
 *
 * Since: 0.1
 */
const char *
iri_display_level_to_string (IriDisplayLevel level)
{
  switch (level)
    {
    case IRI_DISPLAY_PERMISSIVE:
      return "permissive";
    case IRI_DISPLAY_STRICT:
    default:
      return "strict";
    }
}

/**
 * iri_display_level_from_string:
 * @string: `"strict"` or `"permissive"`
 * @out_level: (out): where to store the level
 *
 * Parses the stable name of a level.
 *
 * Returns: whether @string names a level
 *
 * Since: 0.1
 */
gboolean
iri_display_level_from_string (const char      *string,
                               IriDisplayLevel *out_level)
{
  g_return_val_if_fail (string != NULL, FALSE);
  g_return_val_if_fail (out_level != NULL, FALSE);

  if (g_str_equal (string, "strict"))
    *out_level = IRI_DISPLAY_STRICT;
  else if (g_str_equal (string, "permissive"))
    *out_level = IRI_DISPLAY_PERMISSIVE;
  else
    return FALSE;
  return TRUE;
}

IriAnalyzer *
iri_display_policy_get_analyzer (IriDisplayPolicy *self)
{
  return self->analyzer;
}

/* Whether a finding of the analysis is a reason not to show a label
 * decoded: a warning or an error about the characters, not about the
 * syntax or about percent-encoding (which §3.7 has dealt with), nor a
 * note of the conversion itself.  Families are excluded rather than
 * listed, so that a new spoofing rule applies without a change here. */
static gboolean
is_display_finding (IriDiagnostic *diagnostic)
{
  static const char * const not_about_characters[] = {
    "syntax-", "percent-", "unsafe-", "preprocess-", "diagnostics-", "userinfo-", "port-",
  };
  const char *code = iri_diagnostic_get_code (diagnostic);

  if (iri_diagnostic_get_severity (diagnostic) < IRI_SEVERITY_WARNING)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (not_about_characters); i++)
    {
      if (g_str_has_prefix (code, not_about_characters[i]))
        return FALSE;
    }
  return TRUE;
}

/* Whether @span points into [start, end) of the candidate: an empty
 * span (a place) when it is inside, another when they overlap. */
static inline gboolean
span_points_into (const IriSpan *span,
                  gsize          start,
                  gsize          end)
{
  return span->byte_start == span->byte_end
         ? span->byte_start >= start && span->byte_start < end
         : span->byte_start < end && span->byte_end > start;
}

/* Whether an analysis listed only its first IRI_DIAGNOSTICS_MAX
 * findings (the last one then counts the others); @findings may be
 * NULL, for none. */
static gboolean
findings_truncated (GPtrArray *findings)
{
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      if (g_str_equal (iri_diagnostic_get_code (g_ptr_array_index (findings, i)), "diagnostics-truncated"))
        return TRUE;
    }
  return FALSE;
}

/* The most severe finding that points into [start, end) of the candidate
 * (the first of them), or NULL. */
static IriDiagnostic *
finding_for_label (GPtrArray *findings,
                   gsize      start,
                   gsize      end)
{
  IriDiagnostic *found = NULL;

  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (findings, i);
      IriSpan span;

      if (!is_display_finding (d))
        continue;
      iri_diagnostic_get_span (d, &span);
      if (!span_points_into (&span, start, end))
        continue;
      if (found == NULL || iri_diagnostic_get_severity (d) > iri_diagnostic_get_severity (found))
        found = d;
    }
  return found;
}

gboolean
iri_display_shows_labels (IriReference *reference,
                          GPtrArray    *findings)
{
  const char *text = iri_reference_get_text (reference);
  IriSpan host;

  /* display_to_iri() turns to judge_labels() when the list is cut. */
  if (findings_truncated (findings))
    return FALSE;
  if (findings == NULL || !iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host))
    return TRUE;

  /* finding_for_label() for every label that step 6 decoded (those
   * outside ASCII), turned around: a finding is only weighed when it
   * points into the host, and most of an analysis' findings are about
   * its path and query. */
  for (guint i = 0; i < findings->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (findings, i);
      gsize start = host.byte_start;
      IriSpan span;

      iri_diagnostic_get_span (d, &span);
      if (!span_points_into (&span, host.byte_start, host.byte_end))
        continue;
      while (start <= host.byte_end)
        {
          const char *dot = memchr (text + start, '.', host.byte_end - start);
          gsize end = dot != NULL ? (gsize) (dot - text) : host.byte_end;
          gboolean decoded = FALSE;

          for (gsize k = start; k < end && !decoded; k++)
            decoded = (guchar) text[k] >= 0x80;
          if (decoded && span_points_into (&span, start, end) && is_display_finding (d))
            return FALSE;
          start = end + 1;
        }
    }
  return TRUE;
}

/* Whether a unit of the candidate may carry a finding that points into
 * a label the strict level judges.  The unit checks (§4.2 rules 1 and
 * 2 and §9 for a unit, UTS #39 per character and per word) report
 * spans inside the unit they look at, so only a unit that meets a
 * decoded label can.  Every host label stays, decoded or not: the
 * checks of the host as a whole (whole-script confusables, the letters
 * of a language under its TLD, known hosts) and the Bidi Rule of RFC
 * 5893 §2 read all of them. */
static gboolean
unit_meets_labels (const IriUnit *unit,
                   GArray        *labels)
{
  if (unit->kind == IRI_COMPONENT_HOST_LABEL)
    return TRUE;
  for (guint i = 0; i < labels->len; i++)
    {
      const IriShownLabel *label = &g_array_index (labels, IriShownLabel, i);

      if (label->decoded && span_points_into (&unit->span, label->out_start, label->out_end))
        return TRUE;
    }
  return FALSE;
}

/* Whether the analysis of @candidate (iri_analyzer_analyze_for_display())
 * has a finding that keeps one of the decoded @labels, found without
 * that analysis where possible.  Returns TRUE when it could tell, with
 * *@out_findings NULL when no label is kept, or the findings to judge
 * the labels by, sorted as the analysis sorts its own; FALSE when the
 * analysis must tell.
 *
 * It is that analysis run on less: the same parse, bidi layout, checks
 * and settings, in the same order, but the unit checks only on the
 * units that can point into a label (unit_meets_labels()).  What is
 * left out is the checks of the path, query and fragment, and their
 * messages, which is most of the analysis' cost when a URI has
 * percent-encoded words (every right-to-left segment next to a digit is
 * a finding, with its display quoted twice), and all of it beside the
 * point: the policy only weighs what points into a label.  So the
 * findings of the analysis that point into a label are the ones found
 * here, with the same messages, in the same order, as long as the
 * analysis kept them all: its list stops at IRI_DIAGNOSTICS_MAX, and
 * the findings left out here come before some of these.
 *
 * When nothing points into a label, the analysis has nothing there
 * either.  When something does, the analysis would have kept it if it
 * is a parse or bidi finding that comes early enough: before one of
 * those, the analysis adds at most three findings for each unit left
 * out here (§4.2 rule 1 or 2, Examples 10 and 11, and an interleaving,
 * one each) and one for each unit kept (digits next to a right-to-left
 * neighbour that the shorter list does not have).  A finding of the
 * later checks (UTS #39, IDNA) comes after the character checks of the
 * whole path, which have no such bound, so that case, and a list that
 * overflowed here, is left to the analysis.  Then FALSE is returned,
 * and *@out_findings still holds these findings if one of them points
 * into a label: the analysis lists only its first IRI_DIAGNOSTICS_MAX,
 * and a path with more findings than that may push that one out. */
/* IriDiagnosticFilter for judge_labels(): whether a finding points
 * into a decoded label of @data (the IriShownLabel array). */
static gboolean
points_into_decoded_label (IriDiagnostic *diagnostic,
                           gpointer       data)
{
  GArray *labels = data;
  IriSpan span;

  iri_diagnostic_get_span (diagnostic, &span);
  for (guint k = 0; k < labels->len; k++)
    {
      const IriShownLabel *label = &g_array_index (labels, IriShownLabel, k);

      if (label->decoded && span_points_into (&span, label->out_start, label->out_end))
        return TRUE;
    }
  return FALSE;
}

static gboolean
judge_labels (IriAnalyzer  *analyzer,
              const char   *candidate,
              gsize         length,
              GArray       *labels,
              GPtrArray   **out_findings)
{
  g_autoptr(IriReference) reference = NULL;
  g_autoptr(GArray) units = NULL;
  IriDiagnostics diagnostics = { NULL, 0 };
  IriSafetyConfig config;
  IriNotation notation = iri_analyzer_get_notation (analyzer);
  IriSpan host_span;
  gboolean quote_scope;
  gboolean flagged = FALSE;
  gboolean decided = TRUE;
  guint n_left_out;
  guint n_bidi;
  guint n = 0;

  *out_findings = NULL;
  reference = iri_reference_parse_tolerant (candidate, length, IRI_PARSE_DEFAULT);
  /* The mailto: domains of a reference without a host are checked in
   * its path, which is not modelled here: leave such an odd candidate
   * (its labels came from a host) to the analysis. */
  if (iri_reference_get_host (reference) == NULL ||
      iri_reference_get_host_kind (reference) != IRI_HOST_REG_NAME ||
      !iri_reference_get_span (reference, IRI_COMPONENT_HOST, &host_span))
    return FALSE;

  /* What points into a decoded label stays in the list: two hundred
   * errors elsewhere (250 "%zz" in the path) must not push the finding
   * on a spoofed label out of it (IRI_DIAGNOSTICS_MAX), which would
   * show the label decoded. */
  diagnostics.protect = points_into_decoded_label;
  diagnostics.protect_data = labels;
  iri_diagnostics_add_all (&diagnostics, iri_reference_peek_diagnostics (reference));
  quote_scope = !iri_reference_is_ascii (reference);
  if (quote_scope)
    iri_quote_scope_begin ();

  units = iri_compute_units (reference);
  for (guint i = 0; i < units->len; i++)
    {
      const IriUnit *unit = &g_array_index (units, IriUnit, i);

      if (unit_meets_labels (unit, labels))
        g_array_index (units, IriUnit, n++) = *unit;
    }
  n_left_out = units->len - n;
  g_array_set_size (units, n);

  /* The bidi layer, as analyze() runs it (§4.1, §4.2, §9). */
  if (!iri_reference_is_ascii (reference))
    {
      g_autoptr(IriBidiLayout) embed = iri_bidi_layout_new_for_reference (reference, IRI_DISPLAY_EMBED);

      if (!iri_bidi_layout_is_trivial (embed))
        iri_bidi_check (reference, units, embed, notation, &diagnostics);
    }
  n_bidi = diagnostics.items != NULL ? diagnostics.items->len : 0;

  /* Character safety: UTS #39 and RFC 3987bis §5.1, §7.5. */
  iri_analyzer_get_safety_config (analyzer, &config);
  iri_safety_check (reference, units, &config, &diagnostics);

  /* The DNS and IDNA rules of every label. */
  iri_idna_check_host (iri_reference_get_host (reference), host_span.byte_end - host_span.byte_start,
                       iri_reference_is_ascii (reference), iri_reference_get_scheme (reference),
                       &diagnostics, host_span.byte_start, host_span.start, NULL);

  if (quote_scope)
    iri_quote_scope_end ();

  /* Every finding on a label is looked at, so that a list cut short
   * still tells which labels have one (display_to_iri() then prefers
   * these findings to an analysis cut short as well); whether the
   * analysis would list the same is decided at the first of them that
   * it might not. */
  decided = diagnostics.n_dropped == 0;
  for (guint i = 0; diagnostics.items != NULL && i < diagnostics.items->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (diagnostics.items, i);
      gboolean into_label = FALSE;
      IriSpan span;

      if (!is_display_finding (d))
        continue;
      iri_diagnostic_get_span (d, &span);
      for (guint k = 0; k < labels->len && !into_label; k++)
        {
          const IriShownLabel *label = &g_array_index (labels, IriShownLabel, k);

          into_label = label->decoded && span_points_into (&span, label->out_start, label->out_end);
        }
      if (!into_label)
        continue;
      flagged = TRUE;
      if (decided)
        decided = i < n_bidi && (gsize) i + 3 * (gsize) n_left_out + n < IRI_DIAGNOSTICS_MAX;
    }

  if (flagged)
    *out_findings = iri_diagnostics_steal (&diagnostics);
  iri_diagnostics_clear (&diagnostics);
  return decided;
}

/* Whether §3.7 has nothing to do on @uri (iri_to_iri_is_plain()).  A
 * valid ASCII reference has printable ASCII only, and only "%" and an
 * A-label of its host can change: memchr() looks for the one, and only
 * the host is scanned for the other.  An "xn--" elsewhere, which
 * iri_to_iri_is_plain() also turns down, is copied as it is. */
static gboolean
is_plain (IriReference  *parsed,
          const char    *uri,
          gsize          length,
          IriToIriFlags  flags)
{
  IriSpan host;

  if (parsed == NULL || !iri_reference_is_valid (parsed) || !iri_reference_is_ascii (parsed))
    return iri_to_iri_is_plain (uri, length, flags);
  if (memchr (uri, '%', length) != NULL)
    return FALSE;
  if (!iri_reference_get_span (parsed, IRI_COMPONENT_HOST, &host))
    return TRUE;
  return iri_to_iri_is_plain (uri + host.byte_start, host.byte_end - host.byte_start, flags);
}

/* iri_display_to_iri(), and for @parsed, @uri parsed already (its
 * text), which is then neither validated nor parsed again.  The notes
 * are an array, NULL when there are none, so that a conversion with
 * nothing to note makes no list. */
static char *
display_to_iri (IriDisplayLevel   level,
                IriAnalyzer      *analyzer,
                const char       *known_text,
                GPtrArray        *known_diagnostics,
                IriReference     *parsed,
                const char       *uri,
                gsize             length,
                IriToIriFlags     flags,
                GPtrArray       **out_diagnostics,
                GError          **error)
{
  g_autoptr(GArray) labels = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(IriAnalysis) analysis = NULL;
  g_autoptr(GPtrArray) analysed = NULL;
  g_autoptr(GPtrArray) judged = NULL;
  g_autofree char *candidate = NULL;
  GPtrArray *findings;
  gboolean any_decoded = FALSE;
  gboolean any_kept = FALSE;

  if (out_diagnostics != NULL)
    *out_diagnostics = NULL;

  /* DESIGN.md §2: the all-ASCII fast path, untouched by the policy.  It
   * comes before the UTF-8 check, which printable ASCII always passes. */
  if (is_plain (parsed, uri, length, flags))
    return g_strndup (uri, length);

  /* Step 1 needs characters; bytes that are not UTF-8 are not a URI.  A
   * parsed reference's text is UTF-8 without NUL already. */
  if (parsed == NULL && !iri_utf8_validate_internal (uri, length, NULL, error))
    return NULL;

  if (level == IRI_DISPLAY_PERMISSIVE)
    return iri_to_iri_convert (parsed, uri, length, flags, NULL, FALSE, out_diagnostics);

  /* Strict: decode as permissive does, then let the analysis judge every
   * host label that came out with characters outside ASCII. */
  labels = iri_shown_labels_new ();
  candidate = iri_to_iri_convert (parsed, uri, length, flags, labels, FALSE,
                                  out_diagnostics != NULL ? &first : NULL);
  for (guint i = 0; i < labels->len && !any_decoded; i++)
    any_decoded = g_array_index (labels, IriShownLabel, i).decoded;
  if (!any_decoded)
    goto done;

  /* The caller's analysis of the same text decides, unless it did not
   * list all its findings: then one on a label may be missing, and
   * the labels are judged as for any other text. */
  if (known_text != NULL && g_str_equal (candidate, known_text) &&
      !findings_truncated (known_diagnostics))
    findings = known_diagnostics;
  else if (judge_labels (analyzer, candidate, strlen (candidate), labels, &judged))
    {
      if (judged == NULL)
        goto done;
      findings = judged;
    }
  else
    {
      analysis = iri_analyzer_analyze_for_display (analyzer, candidate, strlen (candidate));
      analysed = g_ptr_array_new ();
      for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
        g_ptr_array_add (analysed, iri_analysis_get_diagnostic (analysis, i));
      findings = analysed;
      /* A label's finding may be one of those the analysis did not
       * list: the labels' own check has it (a spoofed host before a
       * path with hundreds of findings is not shown decoded). */
      if (judged != NULL && findings_truncated (analysed))
        findings = judged;
    }

  for (guint i = 0; i < labels->len; i++)
    {
      IriShownLabel *label = &g_array_index (labels, IriShownLabel, i);
      IriDiagnostic *finding;

      if (!label->decoded)
        continue;
      finding = finding_for_label (findings, label->out_start, label->out_end);
      if (finding == NULL)
        continue;
      label->keep_code = g_intern_string (iri_diagnostic_get_code (finding));
      label->keep_message = g_strdup (iri_diagnostic_get_message (finding));
      any_kept = TRUE;
    }

  if (any_kept)
    return iri_to_iri_convert (parsed, uri, length, flags, labels, TRUE, out_diagnostics);

done:
  if (out_diagnostics != NULL)
    *out_diagnostics = g_steal_pointer (&first);
  return g_steal_pointer (&candidate);
}

char *
iri_display_to_iri (IriDisplayLevel   level,
                    IriAnalyzer      *analyzer,
                    const char       *known_text,
                    GPtrArray        *known_diagnostics,
                    const char       *uri,
                    gsize             length,
                    IriToIriFlags     flags,
                    GListModel      **out_diagnostics,
                    GError          **error)
{
  g_autoptr(GPtrArray) diagnostics = NULL;
  char *iri;

  iri = display_to_iri (level, analyzer, known_text, known_diagnostics, NULL, uri, length, flags,
                        out_diagnostics != NULL ? &diagnostics : NULL, error);
  /* A list for every converted URI, empty when there is nothing to say. */
  if (out_diagnostics != NULL)
    *out_diagnostics = iri != NULL ? iri_diagnostics_to_model (diagnostics) : NULL;
  return iri;
}

/**
 * iri_display_policy_uri_to_iri:
 * @self: (nullable): a policy, or %NULL for the default one
 * @uri: a URI reference (or an IRI reference), in UTF-8
 * @length: the length of @uri in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @out_diagnostics: (out) (optional) (transfer full): what was kept
 *   encoded and why, with spans in @uri
 * @error: return location for a #GError
 *
 * Converts a URI reference to an IRI reference for a person to read
 * (RFC 3987bis §3.7), as [func@Iri.uri_to_iri] does, under this policy.
 *
 * Under both levels a character that looks like a delimiter stays
 * percent-encoded in every component (§5.1b), with a
 * `percent-encoded-not-displayable` note: `http://paypal.com%E2%88%95login.evil.example/`
 * stays as it is instead of showing U+2215 DIVISION SLASH in the host.
 *
 * Under [enum@Iri.DisplayLevel.STRICT], the decoded form is analysed
 * ([method@Iri.Analyzer.analyze], with the policy's known hosts) and
 * every host label that a finding of severity warning or above points
 * at is shown as the URI has it — an A-label stays an A-label,
 * percent-encoding stays — with an `unsafe-label-kept` note that gives
 * the finding's code and message: `http://xn--80ak6aa92e.com/` (“аррӏе”,
 * all Cyrillic) stays as it is, `http://xn--bcher-kva.de/` becomes
 * `http://bücher.de/`.  Nothing else changes, so the result still maps
 * back to @uri ([func@Iri.to_uri]).
 *
 * An all-ASCII @uri without `%` and without an `xn--` label is returned
 * as it is, without any analysis.
 *
 * Returns: (transfer full) (nullable): the IRI, or %NULL when @uri is not
 *   valid UTF-8 ([error@Iri.Error.INVALID_UTF8]) or contains a NUL byte
 *   ([error@Iri.Error.EMBEDDED_NUL])
 *
 * Since: 0.1
 */
char *
iri_display_policy_uri_to_iri (IriDisplayPolicy  *self,
                               const char        *uri,
                               gssize             length,
                               IriToIriFlags      flags,
                               GListModel       **out_diagnostics,
                               GError           **error)
{
  g_return_val_if_fail (self == NULL || IRI_IS_DISPLAY_POLICY (self), NULL);
  g_return_val_if_fail (uri != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self == NULL)
    self = iri_display_policy_get_default ();
  if (uri == NULL)
    uri = "";
  if (length < 0)
    length = strlen (uri);

  return iri_display_to_iri (self->level, self->analyzer, NULL, NULL, uri, length, flags,
                             out_diagnostics, error);
}

/**
 * iri_display_policy_reference_to_iri:
 * @self: (nullable): a policy, or `NULL` for the default one
 * @reference: a parsed URI reference (or IRI reference)
 * @flags: flags
 * @out_diagnostics: (out) (optional) (nullable) (transfer full): what
 *   was kept encoded and why, with spans in the text of @reference, or
 *   `NULL` when there is nothing to say
 *
 * Converts the text of @reference to an IRI reference for a person to
 * read (RFC 3987bis §3.7), as [method@Iri.DisplayPolicy.uri_to_iri]
 * does, without parsing it again.
 *
 * This is for a caller that has parsed the URI already, to check it,
 * and converts many of them: the text of a reference is UTF-8 without
 * NUL, so the conversion cannot fail, and a conversion with nothing to
 * note makes no list (*@out_diagnostics is `NULL` instead of an empty
 * list).  The result is the same as that of
 * [method@Iri.DisplayPolicy.uri_to_iri] on [method@Iri.Reference.get_text],
 * with the same notes.
 *
 * Returns: (transfer full): the IRI
 *
 * Since: 0.1
 */
char *
iri_display_policy_reference_to_iri (IriDisplayPolicy  *self,
                                     IriReference      *reference,
                                     IriToIriFlags      flags,
                                     GListModel       **out_diagnostics)
{
  g_autoptr(GPtrArray) diagnostics = NULL;
  char *iri;

  g_return_val_if_fail (self == NULL || IRI_IS_DISPLAY_POLICY (self), NULL);
  g_return_val_if_fail (reference != NULL, NULL);

  if (self == NULL)
    self = iri_display_policy_get_default ();

  iri = display_to_iri (self->level, self->analyzer, NULL, NULL, reference,
                        iri_reference_get_text (reference), iri_reference_get_length (reference),
                        flags, out_diagnostics != NULL ? &diagnostics : NULL, NULL);
  if (out_diagnostics != NULL)
    *out_diagnostics = diagnostics != NULL ? iri_diagnostics_to_model (diagnostics) : NULL;
  return iri;
}

char *
iri_display_policy_host_to_unicode (IriDisplayPolicy *self,
                                    const char       *host,
                                    gsize             length)
{
  g_autofree char *unicode = iri_host_to_unicode (host, length, NULL);
  g_autofree char *iri = NULL;
  g_autoptr(IriAnalysis) analysis = NULL;
  gsize n = strlen (unicode);
  gboolean ascii = TRUE;

  for (gsize i = 0; i < n && ascii; i++)
    ascii = (guchar) unicode[i] < 0x80;
  if (ascii || self->level == IRI_DISPLAY_PERMISSIVE)
    return g_steal_pointer (&unicode);

  /* The domain of an address is judged as the host of a URI; any label
   * flagged keeps the whole domain as it was. */
  iri = g_strconcat ("http://", unicode, "/", NULL);
  analysis = iri_analyzer_analyze_for_display (self->analyzer, iri, strlen (iri));
  for (guint i = 0; i < iri_analysis_get_n_diagnostics (analysis); i++)
    {
      IriDiagnostic *d = iri_analysis_get_diagnostic (analysis, i);
      IriSpan span;

      iri_diagnostic_get_span (d, &span);
      if (is_display_finding (d) && span.byte_start < 7 + n && span.byte_end > 7)
        return g_strndup (host, length);
    }
  return g_steal_pointer (&unicode);
}

/**
 * iri_display_policy_format_minimal:
 * @self: (nullable): a policy, or %NULL for the default one
 * @text: an IRI or URI, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @error: return location for a #GError
 *
 * [func@Iri.format_minimal] under this policy: the text is first
 * converted with [method@Iri.DisplayPolicy.uri_to_iri], so a host label
 * the policy keeps stays an A-label (also in the domain of a `mailto:`
 * address) and a look-alike of a delimiter stays percent-encoded.
 *
 * Returns: (transfer full): the text to write, or %NULL on error
 *
 * Since: 0.1
 */
char *
iri_display_policy_format_minimal (IriDisplayPolicy  *self,
                                   const char        *text,
                                   gssize             length,
                                   IriFormatFlags     flags,
                                   GError           **error)
{
  g_return_val_if_fail (self == NULL || IRI_IS_DISPLAY_POLICY (self), NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (self == NULL)
    self = iri_display_policy_get_default ();

  return iri_format_minimal_with_policy (self, text, length, flags, error);
}
