/* iri-safety.h: confusable and spoofing checks (UTS #39)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(IRI_INSIDE) && !defined(IRI_COMPILATION)
#error "Only <iri.h> can be included directly."
#endif

#include <glib-object.h>

#include "iri-reference.h"
#include "iri-types.h"
#include "iri-version.h"

G_BEGIN_DECLS

/**
 * IriRestrictionLevel:
 * @IRI_RESTRICTION_ASCII_ONLY: only ASCII characters (UTS #39 §5.2)
 * @IRI_RESTRICTION_SINGLE_SCRIPT: one script (after Script_Extensions)
 * @IRI_RESTRICTION_HIGHLY_RESTRICTIVE: one script, or Latin with Han +
 *   Hiragana + Katakana, Han + Bopomofo, or Han + Hangul
 * @IRI_RESTRICTION_MODERATELY_RESTRICTIVE: Latin with one other
 *   Recommended script (except Cyrillic and Greek)
 * @IRI_RESTRICTION_MINIMALLY_RESTRICTIVE: any mix of Recommended scripts
 * @IRI_RESTRICTION_UNRESTRICTED: anything
 *
 * The restriction levels of UTS #39 §5.2, from the strictest.
 *
 * Since: 0.1
 */
typedef enum {
  IRI_RESTRICTION_ASCII_ONLY,
  IRI_RESTRICTION_SINGLE_SCRIPT,
  IRI_RESTRICTION_HIGHLY_RESTRICTIVE,
  IRI_RESTRICTION_MODERATELY_RESTRICTIVE,
  IRI_RESTRICTION_MINIMALLY_RESTRICTIVE,
  IRI_RESTRICTION_UNRESTRICTED,
} IriRestrictionLevel;

/**
 * IriUnicodeData:
 * @IRI_UNICODE_DATA_UCD: the Unicode Character Database files the
 *   library carries (character names, Script_Extensions,
 *   DerivedCoreProperties)
 * @IRI_UNICODE_DATA_SECURITY: the UTS #39 security data (confusables,
 *   intentional confusables, Identifier_Status, Identifier_Type)
 * @IRI_UNICODE_DATA_LINK: the UTS #58 link detection data
 *
 * The sets of Unicode data vendored in the library, for
 * [func@Iri.get_unicode_data_version].
 *
 * Since: 0.1
 */
typedef enum {
  IRI_UNICODE_DATA_UCD,
  IRI_UNICODE_DATA_SECURITY,
  IRI_UNICODE_DATA_LINK,
} IriUnicodeData;

IRI_AVAILABLE_IN_0_1
char                *iri_skeleton              (const char *text,
                                                gssize      length);
IRI_AVAILABLE_IN_0_1
IriRestrictionLevel  iri_get_restriction_level (const char *text,
                                                gssize      length);
IRI_AVAILABLE_IN_0_1
const char          *iri_restriction_level_to_string (IriRestrictionLevel level);

IRI_AVAILABLE_IN_0_1
const char          *iri_get_unicode_data_version    (IriUnicodeData      data);

IRI_AVAILABLE_IN_0_1
char                *iri_char_get_name               (gunichar            c);
IRI_AVAILABLE_IN_0_1
GUnicodeScript      *iri_char_get_script_extensions  (gunichar            c,
                                                      gsize              *n_scripts);
IRI_AVAILABLE_IN_0_1
gboolean             iri_char_is_identifier_allowed  (gunichar            c);
IRI_AVAILABLE_IN_0_1
char               **iri_char_get_identifier_types   (gunichar            c);
IRI_AVAILABLE_IN_0_1
const char          *iri_script_get_name             (GUnicodeScript      script);

IRI_AVAILABLE_IN_0_1
gboolean             iri_reference_get_registrable_domain (IriReference *self,
                                                           IriSpan      *out_span);

G_END_DECLS
