/* iri-types.h: enumerations and small value types shared by the API
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriSeverity:
 * @IRI_SEVERITY_NONE: no finding at all; only used for summaries such as
 *   [method@Iri.Analysis.get_highest_severity], never by a diagnostic
 * @IRI_SEVERITY_INFO: allowed but not recommended, or a note
 * @IRI_SEVERITY_WARNING: breaks a SHOULD, or a spoofing risk
 * @IRI_SEVERITY_ERROR: breaks a MUST or the grammar
 *
 * How serious a [class@Iri.Diagnostic] is.  The values are ordered, so
 * `a > b` means that `a` is more severe.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_SEVERITY_NONE,
  IRI_SEVERITY_INFO,
  IRI_SEVERITY_WARNING,
  IRI_SEVERITY_ERROR,
} IriSeverity;

/**
 * IriComponent:
 * @IRI_COMPONENT_IRI: the whole reference
 * @IRI_COMPONENT_SCHEME: the scheme, without its `:`
 * @IRI_COMPONENT_AUTHORITY: the authority, without the leading `//`
 * @IRI_COMPONENT_USERINFO: the userinfo, without its `@`
 * @IRI_COMPONENT_HOST: the host (a registered name, an IPv4 address or an
 *   IP literal including its brackets)
 * @IRI_COMPONENT_HOST_LABEL: one dot-separated label of a registered name
 * @IRI_COMPONENT_PORT: the port, without its `:`
 * @IRI_COMPONENT_PATH: the path
 * @IRI_COMPONENT_PATH_SEGMENT: one `/`-separated path segment
 * @IRI_COMPONENT_PATH_EXTENSION: the file-name extension of the last
 *   segment, after its last `.`
 * @IRI_COMPONENT_QUERY: the query, without its `?`
 * @IRI_COMPONENT_QUERY_NAME: the name of a query parameter
 * @IRI_COMPONENT_QUERY_VALUE: the value of a query parameter
 * @IRI_COMPONENT_FRAGMENT: the fragment, without its `#`
 *
 * The syntax components of RFC 3987bis §2.2 and the smaller units that
 * §4.2 applies its bidi rules to.  The nicks (`host-label`,
 * `path-segment`, …) are the names used in JSON output.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_COMPONENT_IRI,
  IRI_COMPONENT_SCHEME,
  IRI_COMPONENT_AUTHORITY,
  IRI_COMPONENT_USERINFO,
  IRI_COMPONENT_HOST,
  IRI_COMPONENT_HOST_LABEL,
  IRI_COMPONENT_PORT,
  IRI_COMPONENT_PATH,
  IRI_COMPONENT_PATH_SEGMENT,
  IRI_COMPONENT_PATH_EXTENSION,
  IRI_COMPONENT_QUERY,
  IRI_COMPONENT_QUERY_NAME,
  IRI_COMPONENT_QUERY_VALUE,
  IRI_COMPONENT_FRAGMENT,
} IriComponent;

/**
 * IriHostKind:
 * @IRI_HOST_NONE: the reference has no authority
 * @IRI_HOST_REG_NAME: a registered name (`ireg-name`), possibly empty
 * @IRI_HOST_IPV4: an `IPv4address`
 * @IRI_HOST_IPV6: an `IP-literal` holding an `IPv6address`
 * @IRI_HOST_IPVFUTURE: an `IP-literal` holding an `IPvFuture`
 *
 * What kind of host a reference has (§2.2 `ihost`).
 *
 * Since: 0.1
 */
typedef enum {
  IRI_HOST_NONE,
  IRI_HOST_REG_NAME,
  IRI_HOST_IPV4,
  IRI_HOST_IPV6,
  IRI_HOST_IPVFUTURE,
} IriHostKind;

/**
 * IriParseFlags:
 * @IRI_PARSE_DEFAULT: parse an `IRI-reference` (§2.2)
 * @IRI_PARSE_ABSOLUTE: require a scheme (`IRI`, a fragment is allowed)
 * @IRI_PARSE_URI: only accept a `URI-reference` of RFC 3986: any
 *   character outside US-ASCII is an error
 *
 * Flags for [func@Iri.Reference.parse] and
 * [func@Iri.Reference.parse_tolerant].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_PARSE_DEFAULT  = 0,
  IRI_PARSE_ABSOLUTE = 1 << 0,
  IRI_PARSE_URI      = 1 << 1,
} IriParseFlags;

/**
 * IriHostMapping:
 * @IRI_HOST_MAPPING_PERCENT: percent-encode the UTF-8 of a non-ASCII
 *   host (§3.4.1)
 * @IRI_HOST_MAPPING_IDNA2008: IDNA2008 Domain Name Lookup (RFC 5891
 *   §5.3–§5.5) without any mapping (§3.4.2)
 * @IRI_HOST_MAPPING_UTS46: UTS #46 non-transitional processing, then
 *   IDNA2008 lookup
 * @IRI_HOST_MAPPING_UTS46_TRANSITIONAL: UTS #46 transitional processing
 *   (`ß` becomes `ss`), then IDNA2008 lookup
 *
 * How a registered name is mapped when an IRI is converted to a URI.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_HOST_MAPPING_PERCENT,
  IRI_HOST_MAPPING_IDNA2008,
  IRI_HOST_MAPPING_UTS46,
  IRI_HOST_MAPPING_UTS46_TRANSITIONAL,
} IriHostMapping;

/**
 * IriComparison:
 * @IRI_COMPARISON_DIFFERENT: the references differ at every level tried
 * @IRI_COMPARISON_SIMPLE: simple string comparison (§5.3.1)
 * @IRI_COMPARISON_SYNTAX: syntax-based normalization (§5.3.2): case of the
 *   scheme, of an ASCII host and of `%HH`, percent-encoding of
 *   unreserved characters, dot segments (not NFC: §5.3.2.2 says
 *   comparison relies on IRIs created in NFC, see
 *   [flags@Iri.NormalizeFlags])
 * @IRI_COMPARISON_SCHEME: scheme-based normalization (§5.3.3): default
 *   ports, empty paths, IDN labels and their punycode
 *
 * The rungs of the comparison ladder of RFC 3987 §5.3 (as revised in
 * draft-duerst-iri-10-to-11-diff §5.3), cheapest first.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_COMPARISON_DIFFERENT,
  IRI_COMPARISON_SIMPLE,
  IRI_COMPARISON_SYNTAX,
  IRI_COMPARISON_SCHEME,
} IriComparison;

/**
 * IriNormalizeFlags:
 * @IRI_NORMALIZE_DEFAULT: the comparison ladder as RFC 3987 §5.3 defines
 *   it
 * @IRI_NORMALIZE_NFC: also put each component in Unicode Normalization
 *   Form C, which RFC 3987 §5.3.2.2 leaves out of comparison ("the
 *   comparison MUST rely on the assumption that IRIs have been created
 *   in NFC")
 *
 * Explicit normalizations beyond the comparison ladder, for
 * [method@Iri.Reference.normalize_full] and
 * [method@Iri.Reference.compare_full].
 *
 * Since: 0.1
 */
typedef enum /*< flags >*/ {
  IRI_NORMALIZE_DEFAULT = 0,
  IRI_NORMALIZE_NFC     = 1 << 0,
} IriNormalizeFlags;

/**
 * IriDirection:
 * @IRI_DIRECTION_NEUTRAL: no strong character (digits, punctuation only)
 * @IRI_DIRECTION_LTR: strong left-to-right characters only
 * @IRI_DIRECTION_RTL: strong right-to-left characters only (bidi classes
 *   R and AL)
 * @IRI_DIRECTION_MIXED: both, which §4.2 rule 1 says a component should
 *   not have
 *
 * A summary of the strong characters of a unit (UAX #9 bidi classes).
 *
 * Since: 0.1
 */
typedef enum {
  IRI_DIRECTION_NEUTRAL,
  IRI_DIRECTION_LTR,
  IRI_DIRECTION_RTL,
  IRI_DIRECTION_MIXED,
} IriDirection;

/**
 * IriSpan:
 * @byte_start: offset of the first byte
 * @byte_end: offset just past the last byte
 * @start: offset of the first character, in code points
 * @end: offset just past the last character, in code points
 *
 * A half-open range of a text, in bytes and in code points.
 *
 * Since: 0.1
 */
typedef struct {
  gsize byte_start;
  gsize byte_end;
  gsize start;
  gsize end;
} IriSpan;

#define IRI_TYPE_SPAN (iri_span_get_type ())

IRI_AVAILABLE_IN_0_1
GType    iri_span_get_type (void);
IRI_AVAILABLE_IN_0_1
IriSpan *iri_span_copy     (const IriSpan *span);
IRI_AVAILABLE_IN_0_1
void     iri_span_free     (IriSpan       *span);

IRI_AVAILABLE_IN_0_1
const char *iri_severity_to_string  (IriSeverity  severity);
IRI_AVAILABLE_IN_0_1
const char *iri_component_to_string (IriComponent component);
IRI_AVAILABLE_IN_0_1
const char *iri_direction_to_string (IriDirection direction);

G_END_DECLS
