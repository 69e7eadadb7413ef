/* iri-display-policy.c: what may be shown decoded to a person (§3.7, §5a)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "iri-display-policy.h"
#include "iri-enums.h"

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
 * A policy may be used from several threads as long as nobody changes
 * it meanwhile.
 *
 * Since: 0.1
 */

struct _IriDisplayPolicy
{
  GObject          parent_instance;

  IriDisplayLevel  level;
  char           **known_hosts;
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
      g_value_set_boxed (value, self->known_hosts);
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

  g_strfreev (self->known_hosts);

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
}

/**
 * iri_display_policy_new:
 * @level: the level
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
 * Returns: (nullable) (transfer none) (array zero-terminated=1): the
 *   known hosts
 *
 * Since: 0.1
 */
const char * const *
iri_display_policy_get_known_hosts (IriDisplayPolicy *self)
{
  g_return_val_if_fail (IRI_IS_DISPLAY_POLICY (self), NULL);

  return (const char * const *) self->known_hosts;
}

/**
 * iri_display_policy_set_known_hosts:
 * @self: a policy
 * @known_hosts: (nullable) (array zero-terminated=1): host names the
 *   user trusts
 *
 * Since: 0.1
 */
void
iri_display_policy_set_known_hosts (IriDisplayPolicy   *self,
                                    const char * const *known_hosts)
{
  g_return_if_fail (IRI_IS_DISPLAY_POLICY (self));

  if (known_hosts != NULL && known_hosts[0] == NULL)
    known_hosts = NULL;
  if (self->known_hosts == NULL && known_hosts == NULL)
    return;
  if (self->known_hosts != NULL && known_hosts != NULL &&
      g_strv_equal ((const char * const *) self->known_hosts, known_hosts))
    return;

  g_strfreev (self->known_hosts);
  self->known_hosts = g_strdupv ((char **) known_hosts);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KNOWN_HOSTS]);
}

/**
 * iri_display_level_to_string:
 * @level: a level
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

/**
 * iri_display_policy_uri_to_iri:
 * @self: (nullable): a policy, or %NULL for the default one
 * @uri: a URI reference (or an IRI reference), in UTF-8
 * @length: the length of @uri in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @out_diagnostics: (out) (optional) (transfer full): what was kept
 *   encoded and why
 * @error: return location for a #GError
 *
 * [func@Iri.uri_to_iri] under this policy.
 *
 * Returns: (transfer full): the IRI, or %NULL if @uri is not UTF-8
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

  /* FIXME(display-policy helper): apply the policy. */
  return iri_uri_to_iri (uri, length, flags, out_diagnostics, error);
}

/**
 * iri_display_policy_format_minimal:
 * @self: (nullable): a policy, or %NULL for the default one
 * @text: an IRI or URI, in UTF-8
 * @length: the length of @text in bytes, or -1 if it is NUL-terminated
 * @flags: flags
 * @error: return location for a #GError
 *
 * [func@Iri.format_minimal] under this policy.
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

  /* FIXME(display-policy helper): apply the policy. */
  return iri_format_minimal (text, length, flags, error);
}
