/* iri-analysis.c: everything a display needs to know about one IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "iri-analysis.h"
#include "iri-bidi-checks-private.h"
#include "iri-bidi-private.h"
#include "iri-safety-private.h"
#include "iri-unit-private.h"
#include "iri-reference-private.h"
#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-display-policy-private.h"
#include "iri-enums.h"
#include "iri-error.h"
#include "iri-idna-private.h"
#include "iri-mapping.h"
#include "iri-mapping-private.h"
#include "iri-preferred-forms-private.h"

/**
 * IriAnalysis:
 *
 * Everything a display needs to know about one IRI, computed in one pass.
 *
 * An analysis bundles the [struct@Iri.Reference] (parsed tolerantly, so
 * every text has one), the units that RFC 3987bis §4.2 applies its bidi
 * rules to, every [class@Iri.Diagnostic] found, the URI with a
 * percent-encoded host (§3.4.1) and with an IDNA host (§3.4.2), and the
 * IRI that the URI converts back to for reading (§3.7).
 *
 * Analyses are immutable and cheap enough to redo on every keystroke.
 * Make them with an [class@Iri.Analyzer], which holds the settings.
 *
 * Since: 0.1
 */

struct _IriAnalysis
{
  gatomicrefcount  ref_count;

  IriReference    *reference;
  GPtrArray       *diagnostics;   /* (element-type IriDiagnostic), sorted; NULL when none */
  GArray          *units;         /* (element-type IriUnit) */

  /* The URI forms and the round trip.  Most IRIs are ASCII that needs no
   * escaping, and then all three are the text itself: they point into
   * the reference and only the owned_* strings are freed. */
  const char      *uri;
  const char      *uri_idna;      /* (nullable) */
  const char      *display_iri;
  char            *owned_uri;
  char            *owned_uri_idna;
  char            *owned_display_iri;
  IriSeverity      highest;
  IriNotation      notation;
  IriDisplayMode   display_mode;

  /* The layout in the analyzer's display mode.  Non-ASCII text gets it
   * during the analysis (the checks need the §4.1 layout); for ASCII it
   * is made on first use, since the display is the text itself. */
  gsize            layout_init;
  IriBidiLayout   *layout;
};

G_DEFINE_BOXED_TYPE (IriAnalysis, iri_analysis, iri_analysis_ref, iri_analysis_unref)

/* An ASCII text whose every character is allowed in a URI is its own
 * URI (§3.3 changes nothing), whatever the host mapping. */
static gboolean
is_uri_as_is (IriReference *reference)
{
  const char *text = iri_reference_get_text (reference);

  if (!iri_reference_is_ascii (reference))
    return FALSE;
  /* §2.2 allows in an IRI no ASCII character that §3.3 encodes (a
   * space, "<", a "%" without two hex digits make a reference invalid):
   * most lines of a batch need no scan. */
  if (iri_reference_is_valid (reference))
    return TRUE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!iri_ascii_is (*p, IRI_ASCII_URI))
        return FALSE;
    }
  return TRUE;
}

/* A URI that §3.7 leaves unchanged: nothing percent-encoded to decode and
 * no A-label to show in Unicode.  Only a "%", an "x" or an "X" can start
 * either, and strcspn() skips the other bytes many at a time.  A label
 * starts the URI, or follows ".", "/" or the "@" of a userinfo: with
 * the "@" left out, https://user@xn--bcher-kva.de/ kept its A-label here
 * while iri to-iri showed it decoded. */
static gboolean
is_iri_as_is (const char *uri)
{
  for (const char *p = uri + strcspn (uri, "%xX"); *p != '\0'; p += 1 + strcspn (p + 1, "%xX"))
    {
      if (*p == '%' || ((p == uri || p[-1] == '.' || p[-1] == '/' || p[-1] == '@') && iri_starts_a_label (p)))
        return FALSE;
    }
  return TRUE;
}

static gboolean
host_needs_idna (const char *host)
{
  /* Only a registered name with non-ASCII characters (literally or as
   * percent-encoded UTF-8) or A-labels has an IDNA form that differs. */
  for (const char *p = host; *p != '\0'; p++)
    {
      if ((guchar) *p >= 0x80)
        return TRUE;
      if (*p == '%' && iri_hex_value (p[1]) >= 8)
        return TRUE;
    }
  return FALSE;
}

/* The domains of a mailto: IRI are DNS names too, but they are in the
 * path (RFC 6068 §2: addr-specs separated by commas, each
 * "local-part@domain"), so the host checks run on each of them. */
static guint
check_mailto_domains (IriReference   *reference,
                      IriDiagnostics *diagnostics)
{
  const char *text = iri_reference_get_text (reference);
  gboolean ascii = iri_reference_is_ascii (reference);
  guint n_found = 0;
  IriSpan path;
  gsize start;

  if (!iri_reference_get_span (reference, IRI_COMPONENT_PATH, &path))
    return 0;

  start = path.byte_start;
  while (start < path.byte_end)
    {
      const char *comma = memchr (text + start, ',', path.byte_end - start);
      gsize end = comma != NULL ? (gsize) (comma - text) : path.byte_end;
      gsize at = end;

      while (at > start && text[at - 1] != '@')
        at--;
      /* No "@", an empty domain, or a domain literal ("[192.0.2.1]"). */
      if (at > start && at < end && text[at] != '[')
        {
          gsize char_start = path.start + (ascii ? at - path.byte_start
                                                 : (gsize) g_utf8_strlen (text + path.byte_start, at - path.byte_start));

          n_found += iri_idna_check_host (text + at, end - at, ascii, "mailto", diagnostics,
                                          at, char_start, NULL);
        }
      start = end + 1;
    }
  return n_found;
}

/* Whether every byte of @host is one a reg-name holds as it is (RFC 3986
 * §3.2.2 unreserved and sub-delims, and the dots): a plain ASCII host
 * that iri_to_uri() takes as its own IDNA form.  A control or a space
 * in the text of an invalid IRI is not, whatever its findings say (they
 * may have been cut short). */
static gboolean
host_is_plain_reg_name (const char *host)
{
  for (const char *p = host; *p != '\0'; p++)
    {
      if ((guchar) *p >= 0x80 || (*p != '.' && !iri_ascii_is (*p, IRI_ASCII_REG_NAME)))
        return FALSE;
    }
  return TRUE;
}

/* Whether the tolerant parse found a syntax error in the host. */
static gboolean
host_has_syntax_error (IriReference *reference)
{
  GPtrArray *found = iri_reference_peek_diagnostics (reference);

  for (guint i = 0; found != NULL && i < found->len; i++)
    {
      IriDiagnostic *d = g_ptr_array_index (found, i);

      if (iri_diagnostic_get_component (d) == IRI_COMPONENT_HOST &&
          iri_diagnostic_get_severity (d) == IRI_SEVERITY_ERROR)
        return TRUE;
    }
  return FALSE;
}

static IriAnalysis *
analyze (IriAnalyzer *analyzer,
         const char  *text,
         gsize        length,
         gboolean     for_display);

/* ------------------------------------------------------------------ */

/**
 * IriAnalyzer:
 *
 * Analyses IRIs with a fixed set of settings.
 *
 * An analyzer is meant to be made once and reused: for every line of a
 * batch, or for every keystroke in an editor.  Changing a setting does not
 * change the analyses already made.
 *
 * Since: 0.1
 */

struct _IriAnalyzer
{
  GObject         parent_instance;

  IriHostMapping  host_mapping;
  IriNotation     notation;
  IriDisplayMode  display_mode;
  char          **known_hosts;
  IriKnownHosts  *known;          /* prepared from known_hosts */
  IriRestrictionLevel host_level;
  IriRestrictionLevel unit_level;
  IriDisplayPolicy *display_policy;   /* (nullable) */
};

enum {
  PROP_0,
  PROP_HOST_MAPPING,
  PROP_NOTATION,
  PROP_DISPLAY_MODE,
  PROP_KNOWN_HOSTS,
  PROP_HOST_RESTRICTION_LEVEL,
  PROP_UNIT_RESTRICTION_LEVEL,
  PROP_DISPLAY_POLICY,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IriAnalyzer, iri_analyzer, G_TYPE_OBJECT)

static void
iri_analyzer_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IriAnalyzer *self = IRI_ANALYZER (object);

  switch (prop_id)
    {
    case PROP_HOST_MAPPING:
      g_value_set_enum (value, self->host_mapping);
      break;
    case PROP_NOTATION:
      g_value_set_enum (value, self->notation);
      break;
    case PROP_DISPLAY_MODE:
      g_value_set_enum (value, self->display_mode);
      break;
    case PROP_KNOWN_HOSTS:
      g_value_set_boxed (value, self->known_hosts);
      break;
    case PROP_HOST_RESTRICTION_LEVEL:
      g_value_set_enum (value, self->host_level);
      break;
    case PROP_UNIT_RESTRICTION_LEVEL:
      g_value_set_enum (value, self->unit_level);
      break;
    case PROP_DISPLAY_POLICY:
      g_value_set_object (value, self->display_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_analyzer_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  IriAnalyzer *self = IRI_ANALYZER (object);

  switch (prop_id)
    {
    case PROP_HOST_MAPPING:
      iri_analyzer_set_host_mapping (self, g_value_get_enum (value));
      break;
    case PROP_NOTATION:
      iri_analyzer_set_notation (self, g_value_get_enum (value));
      break;
    case PROP_DISPLAY_MODE:
      iri_analyzer_set_display_mode (self, g_value_get_enum (value));
      break;
    case PROP_KNOWN_HOSTS:
      iri_analyzer_set_known_hosts (self, g_value_get_boxed (value));
      break;
    case PROP_HOST_RESTRICTION_LEVEL:
      iri_analyzer_set_host_restriction_level (self, g_value_get_enum (value));
      break;
    case PROP_UNIT_RESTRICTION_LEVEL:
      iri_analyzer_set_unit_restriction_level (self, g_value_get_enum (value));
      break;
    case PROP_DISPLAY_POLICY:
      iri_analyzer_set_display_policy (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_analyzer_finalize (GObject *object)
{
  IriAnalyzer *self = IRI_ANALYZER (object);

  g_strfreev (self->known_hosts);
  g_clear_pointer (&self->known, iri_known_hosts_free);
  g_clear_object (&self->display_policy);

  G_OBJECT_CLASS (iri_analyzer_parent_class)->finalize (object);
}

static void
iri_analyzer_class_init (IriAnalyzerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = iri_analyzer_finalize;
  object_class->get_property = iri_analyzer_get_property;
  object_class->set_property = iri_analyzer_set_property;

  /**
   * IriAnalyzer:host-mapping:
   *
   * How the IDNA form of the URI ([method@Iri.Analysis.get_uri_idna])
   * maps a non-ASCII host.  The default is UTS #46 non-transitional
   * processing, what libidn2 and current browsers do.
   * [enum@Iri.HostMapping.PERCENT] turns the IDNA form off.
   *
   * Since: 0.1
   */
  properties[PROP_HOST_MAPPING] =
    g_param_spec_enum ("host-mapping", NULL, NULL,
                       IRI_TYPE_HOST_MAPPING, IRI_HOST_MAPPING_UTS46,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:notation:
   *
   * Reads texts in the Bidi Notation of RFC 3987bis §4.4: the capitals
   * A–Z stand for Hebrew or Arabic letters.  The analysis is of the text
   * with those letters ([method@Iri.Analysis.get_text]); quoted text in
   * messages is written back in the notation.
   *
   * Since: 0.1
   */
  properties[PROP_NOTATION] =
    g_param_spec_enum ("notation", NULL, NULL,
                       IRI_TYPE_NOTATION, IRI_NOTATION_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:display-mode:
   *
   * The mode of the display ([method@Iri.Analysis.get_layout]).  The
   * checks always look at the §4.1 (embed) display, which is what the
   * specification requires renderers to show.
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_MODE] =
    g_param_spec_enum ("display-mode", NULL, NULL,
                       IRI_TYPE_DISPLAY_MODE, IRI_DISPLAY_EMBED,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:known-hosts:
   *
   * Host names the user trusts.  A host that looks like one of them
   * (the same UTS #39 skeleton, per label or for the registrable domain)
   * without being it, or a subdomain of it, gets a
   * `confusable-known-host` warning naming the host it imitates.
   *
   * Since: 0.1
   */
  properties[PROP_KNOWN_HOSTS] =
    g_param_spec_boxed ("known-hosts", NULL, NULL,
                        G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:host-restriction-level:
   *
   * The most permissive UTS #39 restriction level a host label may have
   * before it gets a `confusable-mixed-script` finding.  The default is
   * highly restrictive, as browsers use for host names.
   *
   * Since: 0.1
   */
  properties[PROP_HOST_RESTRICTION_LEVEL] =
    g_param_spec_enum ("host-restriction-level", NULL, NULL,
                       IRI_TYPE_RESTRICTION_LEVEL, IRI_RESTRICTION_HIGHLY_RESTRICTIVE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:unit-restriction-level:
   *
   * The same for the other units (path segments, query names and
   * values, the fragment); moderately restrictive by default.
   *
   * Since: 0.1
   */
  properties[PROP_UNIT_RESTRICTION_LEVEL] =
    g_param_spec_enum ("unit-restriction-level", NULL, NULL,
                       IRI_TYPE_RESTRICTION_LEVEL, IRI_RESTRICTION_MODERATELY_RESTRICTIVE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * IriAnalyzer:display-policy:
   *
   * The display policy of the readable form
   * ([method@Iri.Analysis.get_display_iri]).  When %NULL (the default),
   * a strict policy with the analyzer's own known hosts and settings:
   * a host label this analyzer flags is never shown decoded.
   *
   * Since: 0.1
   */
  properties[PROP_DISPLAY_POLICY] =
    g_param_spec_object ("display-policy", NULL, NULL,
                         IRI_TYPE_DISPLAY_POLICY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
iri_analyzer_init (IriAnalyzer *self)
{
  self->host_mapping = IRI_HOST_MAPPING_UTS46;
  self->host_level = IRI_RESTRICTION_HIGHLY_RESTRICTIVE;
  self->unit_level = IRI_RESTRICTION_MODERATELY_RESTRICTIVE;
}

/**
 * iri_analyzer_new:
 *
 * Creates an analyzer with the default settings.
 *
 * Returns: (transfer full): a new analyzer
 *
 * Since: 0.1
 */
IriAnalyzer *
iri_analyzer_new (void)
{
  return g_object_new (IRI_TYPE_ANALYZER, NULL);
}

/**
 * iri_analyzer_get_display_policy:
 * @self: an analyzer
 *
 * Gets the display policy of the readable form.
 *
 * Returns: (transfer none) (nullable): the policy, or %NULL when a strict
 *   policy with the analyzer's own known hosts is used
 *
 * Since: 0.1
 */
IriDisplayPolicy *
iri_analyzer_get_display_policy (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), NULL);

  return self->display_policy;
}

/**
 * iri_analyzer_set_display_policy:
 * @self: an analyzer
 * @policy: (nullable): a display policy, or %NULL for a strict one with
 *   the analyzer's own known hosts
 *
 * Sets the display policy of the readable form
 * ([method@Iri.Analysis.get_display_iri]).  Analyses already made keep
 * theirs; the policy must not change while the analyzer uses it.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_display_policy (IriAnalyzer      *self,
                                 IriDisplayPolicy *policy)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));
  g_return_if_fail (policy == NULL || IRI_IS_DISPLAY_POLICY (policy));

  if (g_set_object (&self->display_policy, policy))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_POLICY]);
}

/**
 * iri_analyzer_get_host_mapping:
 * @self: an analyzer
 *
 * Gets how the IDNA form of the URI maps hosts.
 *
 * Returns: the host mapping
 *
 * Since: 0.1
 */
IriHostMapping
iri_analyzer_get_host_mapping (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), IRI_HOST_MAPPING_UTS46);

  return self->host_mapping;
}

/**
 * iri_analyzer_set_host_mapping:
 * @self: an analyzer
 * @host_mapping: the host mapping
 *
 * Sets how the IDNA form of the URI maps hosts.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_host_mapping (IriAnalyzer    *self,
                               IriHostMapping  host_mapping)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (self->host_mapping == host_mapping)
    return;

  self->host_mapping = host_mapping;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOST_MAPPING]);
}

/**
 * iri_analyzer_get_notation:
 * @self: an analyzer
 *
 * Gets whether texts are read in Bidi Notation.
 *
 * Returns: the notation
 *
 * Since: 0.1
 */
IriNotation
iri_analyzer_get_notation (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), IRI_NOTATION_NONE);

  return self->notation;
}

/**
 * iri_analyzer_set_notation:
 * @self: an analyzer
 * @notation: the notation
 *
 * Sets whether texts are read in Bidi Notation.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_notation (IriAnalyzer *self,
                           IriNotation  notation)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (self->notation == notation)
    return;

  self->notation = notation;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTATION]);
}

/**
 * iri_analyzer_get_display_mode:
 * @self: an analyzer
 *
 * Gets the mode of the display.
 *
 * Returns: the display mode
 *
 * Since: 0.1
 */
IriDisplayMode
iri_analyzer_get_display_mode (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), IRI_DISPLAY_EMBED);

  return self->display_mode;
}

/**
 * iri_analyzer_set_display_mode:
 * @self: an analyzer
 * @display_mode: the display mode
 *
 * Sets the mode of the display.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_display_mode (IriAnalyzer    *self,
                               IriDisplayMode  display_mode)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (self->display_mode == display_mode)
    return;

  self->display_mode = display_mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_MODE]);
}

/**
 * iri_analyzer_get_known_hosts:
 * @self: an analyzer
 *
 * Gets the host names the user trusts.
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the hosts
 *
 * Since: 0.1
 */
const char * const *
iri_analyzer_get_known_hosts (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), NULL);

  return (const char * const *) self->known_hosts;
}

/**
 * iri_analyzer_set_known_hosts:
 * @self: an analyzer
 * @known_hosts: (nullable) (array zero-terminated=1): host names
 *
 * Sets the host names the user trusts.  They are prepared once here, so
 * that checking each IRI against them is cheap.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_known_hosts (IriAnalyzer        *self,
                              const char * const *known_hosts)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (iri_analyzer_replace_known_hosts (self, known_hosts))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_HOSTS]);
}

/* The setter without the notification, for IriDisplayPolicy, whose
 * analyzer holds its list: returns whether the list changed. */
gboolean
iri_analyzer_replace_known_hosts (IriAnalyzer        *self,
                                  const char * const *known_hosts)
{
  if (known_hosts != NULL && known_hosts[0] == NULL)
    known_hosts = NULL;
  if (self->known_hosts == NULL && known_hosts == NULL)
    return FALSE;
  if (self->known_hosts != NULL && known_hosts != NULL &&
      g_strv_equal ((const char * const *) self->known_hosts, known_hosts))
    return FALSE;

  g_strfreev (self->known_hosts);
  g_clear_pointer (&self->known, iri_known_hosts_free);
  self->known_hosts = g_strdupv ((char **) known_hosts);
  if (known_hosts != NULL)
    self->known = iri_known_hosts_new (known_hosts);
  return TRUE;
}

/**
 * iri_analyzer_get_host_restriction_level:
 * @self: an analyzer
 *
 * Gets the most permissive restriction level allowed for host labels.
 *
 * Returns: the level
 *
 * Since: 0.1
 */
IriRestrictionLevel
iri_analyzer_get_host_restriction_level (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), IRI_RESTRICTION_HIGHLY_RESTRICTIVE);

  return self->host_level;
}

/**
 * iri_analyzer_set_host_restriction_level:
 * @self: an analyzer
 * @level: the level
 *
 * Sets the most permissive restriction level allowed for host labels.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_host_restriction_level (IriAnalyzer         *self,
                                         IriRestrictionLevel  level)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (self->host_level == level)
    return;

  self->host_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOST_RESTRICTION_LEVEL]);
}

/**
 * iri_analyzer_get_unit_restriction_level:
 * @self: an analyzer
 *
 * Gets the most permissive restriction level allowed for units other
 * than host labels.
 *
 * Returns: the level
 *
 * Since: 0.1
 */
IriRestrictionLevel
iri_analyzer_get_unit_restriction_level (IriAnalyzer *self)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), IRI_RESTRICTION_MODERATELY_RESTRICTIVE);

  return self->unit_level;
}

/**
 * iri_analyzer_set_unit_restriction_level:
 * @self: an analyzer
 * @level: the level
 *
 * Sets the most permissive restriction level allowed for units other
 * than host labels.
 *
 * Since: 0.1
 */
void
iri_analyzer_set_unit_restriction_level (IriAnalyzer         *self,
                                         IriRestrictionLevel  level)
{
  g_return_if_fail (IRI_IS_ANALYZER (self));

  if (self->unit_level == level)
    return;

  self->unit_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNIT_RESTRICTION_LEVEL]);
}

/**
 * iri_analyzer_analyze:
 * @self: an analyzer
 * @text: the text, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 *
 * Analyses a text as an IRI reference.  This never fails: a text that is
 * not an IRI, or not even UTF-8, gets an analysis whose diagnostics say
 * why.
 *
 * Returns: (transfer full): the analysis
 *
 * Since: 0.1
 */
IriAnalysis *
iri_analyzer_analyze (IriAnalyzer *self,
                      const char  *text,
                      gssize       length)
{
  g_return_val_if_fail (IRI_IS_ANALYZER (self), NULL);
  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length < 0)
    length = strlen (text);

  return analyze (self, text != NULL ? text : "", length, FALSE);
}

IriAnalysis *
iri_analyzer_analyze_for_display (IriAnalyzer *self,
                                  const char  *text,
                                  gsize        length)
{
  return analyze (self, text, length, TRUE);
}

void
iri_analyzer_get_safety_config (IriAnalyzer     *self,
                                IriSafetyConfig *out_config)
{
  /* What analyze() gives iri_safety_check(), so that the display
   * policy's verdict judges host labels by the very same settings.
   * That verdict (in iri-display-policy.c) runs the checks of
   * analyze() for_display, in the same order, on the host labels: a
   * check added there that can point into a host label must be added
   * to it too. */
  *out_config = (IriSafetyConfig) {
    self->host_level, self->unit_level, self->known, self->notation,
  };
}

/**
 * iri_analyze:
 * @text: the text, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 *
 * Analyses a text with the default settings.  See
 * [method@Iri.Analyzer.analyze].
 *
 * Returns: (transfer full): the analysis
 *
 * Since: 0.1
 */
IriAnalysis *
iri_analyze (const char *text,
             gssize      length)
{
  static gsize initialized;
  static IriAnalyzer *default_analyzer;

  if (g_once_init_enter (&initialized))
    {
      default_analyzer = iri_analyzer_new ();
      g_once_init_leave (&initialized, 1);
    }

  return iri_analyzer_analyze (default_analyzer, text, length);
}

static IriAnalysis *
analyze (IriAnalyzer *analyzer,
         const char  *text,
         gsize        length,
         gboolean     for_display)
{
  IriAnalysis *self = g_new0 (IriAnalysis, 1);
  IriDiagnostics diagnostics = { NULL, 0 };
  g_autoptr(GError) error = NULL;
  const char *host;
  IriSpan host_span = { 0, };
  guint n_host_findings = 0;
  IriHostShape shape = 0;
  gboolean quote_scope;

  g_autofree char *rtl_text = NULL;

  g_atomic_ref_count_init (&self->ref_count);
  self->notation = analyzer->notation;
  self->display_mode = analyzer->display_mode;
  if (analyzer->notation != IRI_NOTATION_NONE && !for_display)
    {
      rtl_text = iri_notation_to_rtl (text, length, analyzer->notation);
      text = rtl_text;
      length = strlen (rtl_text);
    }
  self->reference = iri_reference_parse_tolerant (text, length, IRI_PARSE_DEFAULT);
  iri_diagnostics_add_all (&diagnostics, iri_reference_peek_diagnostics (self->reference));

  /* The messages of the checks below quote the text with marks looked
   * up once.  An ASCII text seldom has a finding to quote, and the scope
   * costs two thread-local lookups, which the ASCII fast path does
   * without. */
  quote_scope = !iri_reference_is_ascii (self->reference);
  if (quote_scope)
    iri_quote_scope_begin ();

  self->units = iri_compute_units (self->reference);

  /* The bidi layer (§4.1, §4.2, §9).  An ASCII text has no
   * right-to-left character, so none of it applies and no layout is made
   * now. */
  if (!iri_reference_is_ascii (self->reference))
    {
      g_autoptr(IriBidiLayout) embed = NULL;

      embed = iri_bidi_layout_new_for_reference (self->reference, IRI_DISPLAY_EMBED);
      /* A trivial layout has no right-to-left letter and no Arabic digit
       * (either would raise a level), and every bidi finding needs one:
       * skip the checks for Cyrillic, Greek, Han… */
      if (!iri_bidi_layout_is_trivial (embed))
        iri_bidi_check (self->reference, self->units, embed, analyzer->notation, &diagnostics);
      if (analyzer->display_mode == IRI_DISPLAY_EMBED)
        self->layout = g_steal_pointer (&embed);
      else
        self->layout = iri_bidi_layout_new_for_reference (self->reference, analyzer->display_mode);
      self->layout_init = 1;
    }

  /* Character safety: UTS #39 and RFC 3987bis §5.1, §7.5. */
  {
    IriSafetyConfig config = {
      analyzer->host_level, analyzer->unit_level, analyzer->known, analyzer->notation,
    };

    iri_safety_check (self->reference, self->units, &config, &diagnostics);
  }

  /* Notes on forms that normalization would change (RFC 3986 §6.2);
   * the display policy only weighs warnings and errors. */
  if (!for_display)
    iri_preferred_forms_check (self->reference, &diagnostics);

  /* The policy judges the characters of a decoded form; its URI forms
   * (and IDNA's verdict on a host decoded from valid A-labels) would
   * cost an IDNA lookup per label for nothing. */
  if (for_display)
    self->uri = self->uri_idna = iri_reference_get_text (self->reference);
  else
    {
      /* §3.3–§3.6: the tolerant reference's text is valid UTF-8, and the
       * percent mapping is defined for every such text, so this cannot
       * fail. */
      if (is_uri_as_is (self->reference))
        self->uri = iri_reference_get_text (self->reference);
      else
        self->uri = self->owned_uri = iri_reference_to_uri (self->reference, IRI_HOST_MAPPING_PERCENT, NULL);
      g_assert (self->uri != NULL);
    }

  host = iri_reference_get_host (self->reference);
  if (host != NULL && iri_reference_get_host_kind (self->reference) == IRI_HOST_REG_NAME)
    {
      iri_reference_get_span (self->reference, IRI_COMPONENT_HOST, &host_span);
      /* The DNS and IDNA rules for every label (RFC 1034 §3.1, RFC 1123
       * §2.1, RFC 5891 §4.2.3.1, §5.4), ASCII ones included, and
       * A-labels typed in the input checked the way §3.7 step 6 checks
       * them, so that "xn--ab-g4t" (a, U+202E, b) is reported where it
       * was typed.  For an ASCII host this is a few byte comparisons
       * per label. */
      n_host_findings = iri_idna_check_host (host, host_span.byte_end - host_span.byte_start,
                                             iri_reference_is_ascii (self->reference),
                                             iri_reference_get_scheme (self->reference),
                                             &diagnostics, host_span.byte_start, host_span.start,
                                             &shape);
    }
  else if (host == NULL && iri_reference_get_scheme (self->reference) != NULL &&
           g_ascii_strcasecmp (iri_reference_get_scheme (self->reference), "mailto") == 0)
    check_mailto_domains (self->reference, &diagnostics);

  if (for_display)
    ;   /* self->uri_idna is the text, as above */
  else if (host == NULL || iri_reference_get_host_kind (self->reference) != IRI_HOST_REG_NAME)
    self->uri_idna = self->uri;
  else
    {
      gboolean needs_idna = (shape & IRI_HOST_SHAPE_PLAIN) == 0 && host_needs_idna (host);
      /* A host with a syntax error (a space, "]") is no reg-name, and the
       * conversion refuses what it holds. */
      gboolean host_syntax_error = host_has_syntax_error (self->reference);

      /* UTS #46 §4: ß, ς, ZWJ and ZWNJ lead to two hosts, whatever the
       * analyzer's own mapping. */
      if (needs_idna)
        iri_idna_check_deviations (host, strlen (host), &diagnostics, &host_span);

      /* A plain ASCII host is its own IDNA form if it passed the checks
       * above; with a finding, an A-label (whose validity depends on
       * the mapping) or a percent-encoding, the conversion decides, so
       * that the IDNA form is always what iri_to_uri() gives.  The
       * host of a valid reference holds only what ireg-name allows
       * (§2.2), so only an invalid one needs its characters looked at. */
      if (!needs_idna &&
          (analyzer->host_mapping == IRI_HOST_MAPPING_PERCENT ||
           (n_host_findings == 0 && shape == IRI_HOST_SHAPE_PLAIN && !host_syntax_error &&
            (iri_reference_is_valid (self->reference) || host_is_plain_reg_name (host)))))
        self->uri_idna = self->uri;
      else if (analyzer->host_mapping != IRI_HOST_MAPPING_PERCENT)
        {
          self->uri_idna = self->owned_uri_idna = iri_reference_to_uri (self->reference, analyzer->host_mapping, &error);
          /* A finding above already says why when the conversion fails
           * on the same rules (a syntax error in the host too); libidn2's
           * reasons get their own. */
          if (self->uri_idna == NULL && n_host_findings == 0 && !host_syntax_error)
            iri_diagnostics_add (&diagnostics,
                                 iri_diagnostic_new_take ("idna-invalid-host", IRI_SEVERITY_ERROR,
                                                          IRI_COMPONENT_HOST, &host_span,
                                                          "RFC 3987bis §3.4.2, RFC 5891 §5",
                                                          g_strdup (error->message),
                                                          g_strdup (_("The host cannot be looked up in the DNS as it is; check it for characters that IDNA does not allow, or use the percent-encoded form."))));
        }
    }

  /* §3.7: the IRI that the URI converts back to, for reading, under the
   * display policy.  The policy analyses the decoded form; when that is
   * the text analysed here, its findings are the ones at hand.  An
   * analysis made for the policy has no readable form of its own, which
   * is what ends the recursion. */
  {
    const char *uri = self->uri_idna != NULL ? self->uri_idna : self->uri;
    /* Only a complete list of findings can tell the policy that a
     * label is safe: the list keeps the IRI_DIAGNOSTICS_MAX most severe,
     * and 200 errors elsewhere ("%zz" in every path segment) push out
     * the warning that a host is a whole-script confusable.  Then the
     * policy judges the labels on its own (display_to_iri()). */
    GPtrArray *known = diagnostics.n_dropped == 0 ? diagnostics.items : NULL;
    gboolean complete = diagnostics.n_dropped == 0;
    gboolean decoded = FALSE;

    g_assert (uri != NULL);

    if (for_display || is_iri_as_is (uri))
      self->display_iri = uri;
    else if (iri_to_iri_restores_text (self->reference, uri, &decoded) &&
             (!decoded ||
              (analyzer->display_policy == NULL
               ? complete && iri_display_shows_labels (self->reference, known)
               : iri_display_policy_get_level (analyzer->display_policy) == IRI_DISPLAY_PERMISSIVE)))
      /* Most IRIs outside ASCII are an ASCII host with readable words
       * in the path, query or fragment: §3.7 decodes what §3.3 encoded
       * and no host label is decoded for the policy to judge, so the
       * round trip (a parse and a conversion) would give the text.
       * Most of the others have a host of U-labels that the IDNA
       * lookup took as they are: step 6 decodes their A-labels to them
       * again (RFC 5891 §5.4), and the strict policy judges them with
       * this analysis' findings, as it would after the round trip; the
       * permissive one shows them.  A label the policy keeps, and a
       * policy with known hosts of its own, take the round trip. */
      self->display_iri = iri_reference_get_text (self->reference);
    else if (analyzer->display_policy == NULL)
      self->display_iri = self->owned_display_iri =
        iri_display_to_iri (IRI_DISPLAY_STRICT, analyzer,
                            complete ? iri_reference_get_text (self->reference) : NULL, known,
                            uri, strlen (uri), IRI_TO_IRI_DEFAULT, NULL, NULL);
    else
      self->display_iri = self->owned_display_iri =
        iri_display_to_iri (iri_display_policy_get_level (analyzer->display_policy),
                            iri_display_policy_get_analyzer (analyzer->display_policy),
                            NULL, NULL, uri, strlen (uri), IRI_TO_IRI_DEFAULT, NULL, NULL);
    g_assert (self->display_iri != NULL);
  }

  self->highest = IRI_SEVERITY_NONE;
  if (diagnostics.items != NULL || diagnostics.n_dropped > 0)
    {
      self->diagnostics = iri_diagnostics_steal (&diagnostics);
      for (guint i = 0; i < self->diagnostics->len; i++)
        self->highest = MAX (self->highest, iri_diagnostic_get_severity (g_ptr_array_index (self->diagnostics, i)));
    }

  if (quote_scope)
    iri_quote_scope_end ();
  return self;
}

/**
 * iri_analysis_ref:
 * @self: an analysis
 *
 * Increases the reference count of @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
IriAnalysis *
iri_analysis_ref (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * iri_analysis_unref:
 * @self: (transfer full): an analysis
 *
 * Decreases the reference count of @self, freeing it when it drops to 0.
 *
 * Since: 0.1
 */
void
iri_analysis_unref (IriAnalysis *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  iri_reference_unref (self->reference);
  g_clear_pointer (&self->layout, iri_bidi_layout_unref);
  g_clear_pointer (&self->diagnostics, g_ptr_array_unref);
  g_array_unref (self->units);
  g_free (self->owned_uri);
  g_free (self->owned_uri_idna);
  g_free (self->owned_display_iri);
  g_free (self);
}

/**
 * iri_analysis_get_reference:
 * @self: an analysis
 *
 * Gets the reference, parsed tolerantly.
 *
 * Returns: (transfer none): the reference
 *
 * Since: 0.1
 */
IriReference *
iri_analysis_get_reference (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->reference;
}

/**
 * iri_analysis_get_text:
 * @self: an analysis
 *
 * Gets the analysed text, in logical order.
 *
 * Returns: (transfer none): the text
 *
 * Since: 0.1
 */
const char *
iri_analysis_get_text (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return iri_reference_get_text (self->reference);
}

/**
 * iri_analysis_get_n_diagnostics:
 * @self: an analysis
 *
 * Gets the number of diagnostics.
 *
 * Returns: the number of diagnostics
 *
 * Since: 0.1
 */
guint
iri_analysis_get_n_diagnostics (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->diagnostics != NULL ? self->diagnostics->len : 0;
}

/**
 * iri_analysis_get_diagnostic:
 * @self: an analysis
 * @index: an index below [method@Iri.Analysis.get_n_diagnostics]
 *
 * Gets one diagnostic.  Diagnostics are sorted most severe first, then by
 * position.
 *
 * Returns: (transfer none): the diagnostic
 *
 * Since: 0.1
 */
IriDiagnostic *
iri_analysis_get_diagnostic (IriAnalysis *self,
                             guint        index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < iri_analysis_get_n_diagnostics (self), NULL);

  return g_ptr_array_index (self->diagnostics, index);
}

/**
 * iri_analysis_get_diagnostics:
 * @self: an analysis
 *
 * Gets every diagnostic, most severe first, then by position, as a list
 * model.
 *
 * Returns: (transfer full): a list model of [class@Iri.Diagnostic]
 *
 * Since: 0.1
 */
GListModel *
iri_analysis_get_diagnostics (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return iri_diagnostics_to_model (self->diagnostics);
}

/**
 * iri_analysis_get_highest_severity:
 * @self: an analysis
 *
 * Gets the severity of the most severe diagnostic.
 *
 * Returns: the highest severity, or [enum@Iri.Severity.NONE] when there
 *   is no diagnostic
 *
 * Since: 0.1
 */
IriSeverity
iri_analysis_get_highest_severity (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, IRI_SEVERITY_NONE);

  return self->highest;
}

/**
 * iri_analysis_get_n_units:
 * @self: an analysis
 *
 * Gets the number of bidi units (§4.2).
 *
 * Returns: the number of units
 *
 * Since: 0.1
 */
guint
iri_analysis_get_n_units (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->units->len;
}

/**
 * iri_analysis_get_unit:
 * @self: an analysis
 * @index: an index below [method@Iri.Analysis.get_n_units]
 *
 * Gets one unit.  Units are in text order.
 *
 * Returns: (transfer none): the unit
 *
 * Since: 0.1
 */
const IriUnit *
iri_analysis_get_unit (IriAnalysis *self,
                       guint        index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->units->len, NULL);

  return &g_array_index (self->units, IriUnit, index);
}

/**
 * iri_analysis_get_uri:
 * @self: an analysis
 *
 * Gets the URI that the IRI maps to with a percent-encoded host
 * (§3.3–§3.6, §3.4.1).  Every text has one.
 *
 * Returns: (transfer none): the URI
 *
 * Since: 0.1
 */
const char *
iri_analysis_get_uri (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->uri;
}

/**
 * iri_analysis_get_uri_idna:
 * @self: an analysis
 *
 * Gets the URI that the IRI maps to with the host converted by IDNA
 * (§3.4.2), using the analyzer's [property@Iri.Analyzer:host-mapping],
 * as [func@Iri.to_uri] gives it.  When the host needs no conversion
 * this equals [method@Iri.Analysis.get_uri].
 *
 * Returns: (transfer none) (nullable): the URI, or `NULL` when IDNA
 *   fails (an `idna-invalid-host` diagnostic says why, or a finding on a
 *   label such as `idna-hyphen-edge` when an ASCII host breaks the DNS's
 *   rules) or, for a non-ASCII host, is turned off
 *
 * Since: 0.1
 */
const char *
iri_analysis_get_uri_idna (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->uri_idna;
}

/**
 * iri_analysis_get_display_iri:
 * @self: an analysis
 *
 * Gets the IRI that the URI converts back to for reading (§3.7): what is
 * safe to decode is decoded, bidi controls, invisible characters, bytes
 * that are not UTF-8 and look-alikes of delimiters stay percent-encoded,
 * valid A-labels are shown as U-labels — under the analyzer's display
 * policy ([property@Iri.Analyzer:display-policy]; strict with the
 * analyzer's own settings when unset), so a label this analysis flags
 * stays as the URI has it.
 *
 * Returns: (transfer none): the IRI for reading
 *
 * Since: 0.1
 */
const char *
iri_analysis_get_display_iri (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->display_iri;
}

/**
 * iri_analysis_get_layout:
 * @self: an analysis
 *
 * Gets the display of the text in the analyzer's display mode: levels,
 * runs, the logical↔visual maps and cursor movement.
 *
 * Returns: (transfer none): the layout
 *
 * Since: 0.1
 */
IriBidiLayout *
iri_analysis_get_layout (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (g_once_init_enter (&self->layout_init))
    {
      self->layout = iri_bidi_layout_new_for_reference (self->reference, self->display_mode);
      g_once_init_leave (&self->layout_init, 1);
    }
  return self->layout;
}

/**
 * iri_analysis_get_display:
 * @self: an analysis
 *
 * Gets the text as it is displayed, in visual order, left to right
 * (RFC 3987bis §4.1 in embed mode).  For display only: never store it.
 *
 * Returns: (transfer none): the visual string
 *
 * Since: 0.1
 */
const char *
iri_analysis_get_display (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (iri_reference_is_ascii (self->reference))
    return iri_reference_get_text (self->reference);
  return iri_bidi_layout_get_visual_text (iri_analysis_get_layout (self));
}

/**
 * iri_analysis_get_notation:
 * @self: an analysis
 *
 * Gets the notation the text was read in.  With a Bidi Notation, the
 * analysed text has Hebrew or Arabic letters where the input had A–Z;
 * use [func@Iri.Notation.from_rtl] to show texts in the notation.
 *
 * Returns: the notation
 *
 * Since: 0.1
 */
IriNotation
iri_analysis_get_notation (IriAnalysis *self)
{
  g_return_val_if_fail (self != NULL, IRI_NOTATION_NONE);

  return self->notation;
}
