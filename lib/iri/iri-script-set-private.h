/* iri-script-set-private.h: script sets and restriction levels (UTS #39 §5.1, §5.2)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <string.h>
#include <glib.h>

#include "iri-safety.h"

G_BEGIN_DECLS

/* A set of GUnicodeScript values.  GLib 2.74 has about 165 scripts; the
 * three pseudo-scripts that §5.1 adds to "augment" a set (Han with
 * Bopomofo, Japanese, Korean) get bits above any GLib value. */
#define IRI_SCRIPT_SET_BITS 256
#define IRI_SCRIPT_HANB     253
#define IRI_SCRIPT_JPAN     254
#define IRI_SCRIPT_KORE     255
#define IRI_SCRIPT_REAL_MAX 252

typedef struct {
  guint64 w[IRI_SCRIPT_SET_BITS / 64];
} IriScriptSet;

/* Script_Extensions lists are short; the longest in Unicode 15.0 has 21
 * scripts (U+0965 DEVANAGARI DOUBLE DANDA). */
#define SCX_MAX 32

static inline void
iri_script_set_add (IriScriptSet *set,
                    guint         script)
{
  set->w[script / 64] |= G_GUINT64_CONSTANT (1) << (script % 64);
}

static inline gboolean
iri_script_set_has (const IriScriptSet *set,
                    guint               script)
{
  return (set->w[script / 64] >> (script % 64)) & 1;
}

static inline void
iri_script_set_intersect (IriScriptSet       *set,
                          const IriScriptSet *other)
{
  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    set->w[i] &= other->w[i];
}

static inline gboolean
iri_script_set_intersects (const IriScriptSet *a,
                           const IriScriptSet *b)
{
  for (guint i = 0; i < G_N_ELEMENTS (a->w); i++)
    {
      if (a->w[i] & b->w[i])
        return TRUE;
    }
  return FALSE;
}

static inline gboolean
iri_script_set_is_empty (const IriScriptSet *set)
{
  for (guint i = 0; i < G_N_ELEMENTS (set->w); i++)
    {
      if (set->w[i] != 0)
        return FALSE;
    }
  return TRUE;
}

static inline void
iri_script_set_fill (IriScriptSet *set)
{
  memset (set, 0xFF, sizeof *set);
}

gboolean             iri_char_script_set            (gunichar             c,
                                                     IriScriptSet        *set);
gboolean             iri_script_set_is_cjk          (const IriScriptSet  *set);
IriRestrictionLevel  iri_compute_restriction_level  (const gunichar      *chars,
                                                     gsize                n,
                                                     gboolean             use_profile);
const char          *iri_restriction_level_phrase   (IriRestrictionLevel  level);

/* The script a character is named by in messages. */
GUnicodeScript       iri_char_display_script        (gunichar             c);

/* @text decoded to code points (valid UTF-8 only). */
gunichar            *iri_safety_decode_text         (const char          *text,
                                                     gssize               length,
                                                     gsize               *n_chars);

G_END_DECLS
