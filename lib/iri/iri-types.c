/* iri-types.c: small value types shared by the API
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-types.h"

G_DEFINE_BOXED_TYPE (IriSpan, iri_span, iri_span_copy, iri_span_free)

/**
 * iri_span_copy:
 * @span: a span
 *
 * Copies a span.
 *
 * Returns: (transfer full): a copy of @span
 *
 * Since: 0.1
 */
IriSpan *
iri_span_copy (const IriSpan *span)
{
  g_return_val_if_fail (span != NULL, NULL);

  return g_memdup2 (span, sizeof *span);
}

/**
 * iri_span_free:
 * @span: a span
 *
 * Frees a span made by [method@Iri.Span.copy].
 *
 * Since: 0.1
 */
void
iri_span_free (IriSpan *span)
{
  g_free (span);
}

/**
 * iri_severity_to_string:
 * @severity: a severity
 *
 * Gets the stable name of a severity, as used in JSON output: `error`,
 * `warning`, `info` or `none`.
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_severity_to_string (IriSeverity severity)
{
  switch (severity)
    {
    case IRI_SEVERITY_NONE:
      return "none";
    case IRI_SEVERITY_INFO:
      return "info";
    case IRI_SEVERITY_WARNING:
      return "warning";
    case IRI_SEVERITY_ERROR:
      return "error";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * iri_component_to_string:
 * @component: a component
 *
 * Gets the stable name of a component or unit kind, as used in JSON
 * output: `host-label`, `path-segment`…
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_component_to_string (IriComponent component)
{
  /* The same strings as the GEnum nicks of IriComponent (a test checks
   * that they agree); a switch keeps this off the GType machinery, since
   * JSON output calls it for every unit of every IRI. */
  static const char * const names[] = {
    [IRI_COMPONENT_IRI] = "iri",
    [IRI_COMPONENT_SCHEME] = "scheme",
    [IRI_COMPONENT_AUTHORITY] = "authority",
    [IRI_COMPONENT_USERINFO] = "userinfo",
    [IRI_COMPONENT_HOST] = "host",
    [IRI_COMPONENT_HOST_LABEL] = "host-label",
    [IRI_COMPONENT_PORT] = "port",
    [IRI_COMPONENT_PATH] = "path",
    [IRI_COMPONENT_PATH_SEGMENT] = "path-segment",
    [IRI_COMPONENT_PATH_EXTENSION] = "path-extension",
    [IRI_COMPONENT_QUERY] = "query",
    [IRI_COMPONENT_QUERY_NAME] = "query-name",
    [IRI_COMPONENT_QUERY_VALUE] = "query-value",
    [IRI_COMPONENT_FRAGMENT] = "fragment",
  };

  g_return_val_if_fail ((guint) component < G_N_ELEMENTS (names), NULL);

  return names[component];
}

/**
 * iri_direction_to_string:
 * @direction: a direction
 *
 * Gets the stable name of a direction, as used in JSON output: `ltr`,
 * `rtl`, `mixed` or `neutral`.
 *
 * Returns: (transfer none): the name
 *
 * Since: 0.1
 */
const char *
iri_direction_to_string (IriDirection direction)
{
  switch (direction)
    {
    case IRI_DIRECTION_NEUTRAL:
      return "neutral";
    case IRI_DIRECTION_LTR:
      return "ltr";
    case IRI_DIRECTION_RTL:
      return "rtl";
    case IRI_DIRECTION_MIXED:
      return "mixed";
    default:
      g_return_val_if_reached (NULL);
    }
}
