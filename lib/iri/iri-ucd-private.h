/* iri-ucd-private.h: Unicode data that GLib, FriBidi and libidn2 lack
 *
 * The tables behind these functions are generated at build time from the
 * files vendored under data/unicode/ (data/gen/gen-ucd-tables.py); nothing
 * reads Unicode data files at run time (DESIGN.md §7).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Version strings of the vendored data, e.g. "15.0.0". */
extern const char iri_ucd_version[];        /* UCD (names, scx, DerivedCoreProperties) */
extern const char iri_ucd_security_version[]; /* UTS #39 data */
extern const char iri_ucd_link_version[];   /* UTS #58 data */

/* Character name (UnicodeData.txt field 1, with the algorithmic names of
 * UAX #44 §4.8 for CJK ideographs, Hangul syllables, Tangut, Khitan,
 * Nushu and compatibility ideographs).  For code points whose field 1 is
 * "<control>", the first "control" alias of NameAliases.txt ("NULL",
 * "CHARACTER TABULATION").  Writes a NUL-terminated name into @buf and
 * returns TRUE, or returns FALSE for unassigned, private-use, surrogate and
 * noncharacter code points (buf then holds "").  IRI_UCD_NAME_MAX is
 * enough for every name. */
#define IRI_UCD_NAME_MAX 128
gboolean iri_ucd_get_name (gunichar c,
                           char     buf[IRI_UCD_NAME_MAX]);

/* Script_Extensions (ScriptExtensions.txt, falling back to Scripts.txt as
 * UAX #24 says).  Scripts are GUnicodeScript values so that callers can
 * use GLib's g_unichar_get_script() and script names alongside.  Returns
 * the number of scripts stored in @out (at most @n_out); the return value
 * may be larger than @n_out, which means the list was cut. */
guint iri_ucd_get_script_extensions (gunichar        c,
                                     GUnicodeScript *out,
                                     guint           n_out);

/* DerivedCoreProperties.txt */
gboolean iri_ucd_is_default_ignorable (gunichar c);

/* UTS #39 IdentifierStatus.txt: TRUE for Allowed, FALSE for Restricted. */
gboolean iri_ucd_is_identifier_allowed (gunichar c);

/* UTS #39 IdentifierType.txt, as a bit set. */
typedef enum {
  IRI_ID_TYPE_NOT_CHARACTER        = 1 << 0,
  IRI_ID_TYPE_DEPRECATED           = 1 << 1,
  IRI_ID_TYPE_DEFAULT_IGNORABLE    = 1 << 2,
  IRI_ID_TYPE_NOT_NFKC             = 1 << 3,
  IRI_ID_TYPE_NOT_XID              = 1 << 4,
  IRI_ID_TYPE_EXCLUSION            = 1 << 5,
  IRI_ID_TYPE_OBSOLETE             = 1 << 6,
  IRI_ID_TYPE_TECHNICAL            = 1 << 7,
  IRI_ID_TYPE_UNCOMMON_USE         = 1 << 8,
  IRI_ID_TYPE_LIMITED_USE          = 1 << 9,
  IRI_ID_TYPE_INCLUSION            = 1 << 10,
  IRI_ID_TYPE_RECOMMENDED          = 1 << 11,
} IriIdentifierType;
guint iri_ucd_get_identifier_type (gunichar c);

/* UTS #39 confusables.txt: the prototype (target) of @c as UTF-8, or NULL
 * when @c maps to itself.  The returned string is static. */
const char *iri_ucd_get_confusable (gunichar c);

/* UTS #39 intentional.txt: TRUE when @a and @b are listed as intentional
 * confusables of each other (in either order). */
gboolean iri_ucd_is_intentional_confusable (gunichar a,
                                            gunichar b);

/* UTS #58 properties (LinkTerm.txt, LinkBracket.txt, LinkEmail.txt). */
typedef enum {
  IRI_LINK_TERM_HARD,      /* the default (@missing line of LinkTerm.txt) */
  IRI_LINK_TERM_INCLUDE,
  IRI_LINK_TERM_SOFT,
  IRI_LINK_TERM_CLOSE,
  IRI_LINK_TERM_OPEN,
} IriLinkTerm;
IriLinkTerm iri_ucd_get_link_term    (gunichar c);
/* The paired bracket of an Open or Close character, or 0. */
gunichar    iri_ucd_get_link_bracket (gunichar c);
gboolean    iri_ucd_is_link_email    (gunichar c);
/* A character that link detection takes as part of a host label: ASCII
 * letters, digits and "-", and the characters outside Basic Latin that
 * UTS #46 (IdnaMappingTable.txt, of the UTS #58 data's version) makes
 * valid, mapped or deviation without an NV8/XV8 flag and whose Link_Term
 * is Include (see read_link_label() in gen-ucd-tables.py for why). */
gboolean    iri_ucd_is_link_label    (gunichar c);

/* UTS #46 (IdnaMappingTable.txt, of the UTS #58 data's version): TRUE
 * for a character whose status is valid without an NV8/XV8 flag, or
 * deviation, which Nontransitional Processing keeps as it is (§4 step
 * 1) and accepts (§4.1 criterion 6). */
gboolean    iri_ucd_is_uts46_kept    (gunichar c);

G_END_DECLS
