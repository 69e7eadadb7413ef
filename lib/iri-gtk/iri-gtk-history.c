/* iri-gtk-history.c: undo and redo for IriGtkText
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "iri-gtk-display-private.h"
#include "iri-gtk-history-private.h"

/* The undo history is a stack of steps; a step is a list of edits that
 * are undone together:
 *
 *  - everything between begin_user_action() and end_user_action() (a
 *    paste that replaces the selection, a drop that moves text, a paste
 *    of a URI shown as an IRI: one step each);
 *  - a run of characters typed one after the other, up to and including
 *    an IRI delimiter, so that undo takes back "segment/" rather than
 *    one letter at a time (what GtkText does with words);
 *  - any other single edit.
 *
 * Setting the whole text through the "text" property (an
 * "irreversible" action, as in GtkText) clears the history.
 * gtk_editable_set_text(), which applications use to put a text in the
 * entry (Inspect, Open, a drop), deletes the whole text and inserts the
 * new one: those two edits are one step, so that one undo brings back
 * the text the user had, not an empty entry.  The insertion joins the
 * deletion only when it comes before the main loop runs again, as both
 * do inside gtk_editable_set_text(). */

/* As many steps as GtkText keeps. */
#define MAX_UNDO_LEVELS 200

typedef struct {
  gboolean  insert;
  guint     position;   /* characters */
  guint     n_chars;
  GString  *text;
} Edit;

typedef struct {
  GArray   *edits;      /* of Edit */
  gboolean  mergeable;  /* typed characters may still join it */
} Step;

struct _IriGtkHistory
{
  IriGtkHistoryFuncs  funcs;
  gpointer            data;
  GQueue              undo;      /* of Step, newest at the head */
  GQueue              redo;
  Step               *current;   /* the step a user action builds */
  guint               user_depth;
  guint               irreversible_depth;
  guint               replace_idle_id;
  guint               replaying : 1;
  guint               enabled : 1;
  guint               broken : 1; /* the next typed character starts a step */
  guint               replacing : 1; /* the head step emptied the text */
};

static void
edit_clear (gpointer data)
{
  Edit *edit = data;

  g_string_free (edit->text, TRUE);
}

static Step *
step_new (void)
{
  Step *step = g_new0 (Step, 1);

  step->edits = g_array_new (FALSE, FALSE, sizeof (Edit));
  g_array_set_clear_func (step->edits, edit_clear);
  return step;
}

static void
step_free (gpointer data)
{
  Step *step = data;

  g_array_unref (step->edits);
  g_free (step);
}

IriGtkHistory *
iri_gtk_history_new (const IriGtkHistoryFuncs *funcs,
                     gpointer                  data)
{
  IriGtkHistory *self = g_new0 (IriGtkHistory, 1);

  self->funcs = *funcs;
  self->data = data;
  self->enabled = TRUE;
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
  return self;
}

static void
stop_replacing (IriGtkHistory *self)
{
  self->replacing = FALSE;
  g_clear_handle_id (&self->replace_idle_id, g_source_remove);
}

void
iri_gtk_history_clear (IriGtkHistory *self)
{
  stop_replacing (self);
  g_queue_clear_full (&self->undo, step_free);
  g_queue_clear_full (&self->redo, step_free);
  g_clear_pointer (&self->current, step_free);
  self->broken = TRUE;
}

void
iri_gtk_history_free (IriGtkHistory *self)
{
  if (self == NULL)
    return;
  iri_gtk_history_clear (self);
  g_free (self);
}

static gboolean
recording (IriGtkHistory *self)
{
  return self->enabled && !self->replaying && self->irreversible_depth == 0;
}

static void
push_step (IriGtkHistory *self,
           Step          *step)
{
  g_queue_push_head (&self->undo, step);
  while (g_queue_get_length (&self->undo) > MAX_UNDO_LEVELS)
    step_free (g_queue_pop_tail (&self->undo));
  g_queue_clear_full (&self->redo, step_free);
}

void
iri_gtk_history_begin_user_action (IriGtkHistory *self)
{
  if (self->user_depth++ == 0)
    g_clear_pointer (&self->current, step_free);
}

void
iri_gtk_history_end_user_action (IriGtkHistory *self)
{
  g_return_if_fail (self->user_depth > 0);

  if (--self->user_depth > 0)
    return;
  if (self->current != NULL && self->current->edits->len > 0)
    push_step (self, g_steal_pointer (&self->current));
  g_clear_pointer (&self->current, step_free);
  self->broken = TRUE;
}

void
iri_gtk_history_begin_irreversible (IriGtkHistory *self)
{
  if (self->irreversible_depth++ == 0)
    iri_gtk_history_clear (self);
}

void
iri_gtk_history_end_irreversible (IriGtkHistory *self)
{
  g_return_if_fail (self->irreversible_depth > 0);

  self->irreversible_depth--;
}

/* Typing stops joining the previous step (the cursor moved, the
 * selection changed, or something else was edited). */
void
iri_gtk_history_break_coalescing (IriGtkHistory *self)
{
  self->broken = TRUE;
}

static void
add_edit (IriGtkHistory *self,
          gboolean       insert,
          guint          position,
          const char    *text,
          int            length,
          gboolean       typed)
{
  Edit edit = { insert, position, g_utf8_strlen (text, length), g_string_new_len (text, length) };
  gboolean replacing = self->replacing;
  Step *step;

  stop_replacing (self);

  /* The new text of gtk_editable_set_text() joins the deletion of the
   * old one. */
  if (replacing && insert && !typed && position == 0 && self->user_depth == 0 &&
      (step = g_queue_peek_head (&self->undo)) != NULL)
    {
      g_array_append_val (step->edits, edit);
      self->broken = TRUE;
      return;
    }

  if (self->user_depth > 0)
    {
      if (self->current == NULL)
        self->current = step_new ();
      g_array_append_val (self->current->edits, edit);
      return;
    }

  step = g_queue_peek_head (&self->undo);
  if (typed && insert && edit.n_chars == 1 && !self->broken && step != NULL && step->mergeable)
    {
      Edit *last = &g_array_index (step->edits, Edit, step->edits->len - 1);

      if (last->insert && last->position + last->n_chars == position)
        {
          g_string_append_len (last->text, text, length);
          last->n_chars++;
          step->mergeable = !iri_gtk_char_is_isolate_delimiter (g_utf8_get_char (text));
          g_string_free (edit.text, TRUE);
          return;
        }
    }

  step = step_new ();
  step->mergeable = typed && insert && edit.n_chars == 1 &&
                    !iri_gtk_char_is_isolate_delimiter (g_utf8_get_char (text));
  g_array_append_val (step->edits, edit);
  push_step (self, step);
  self->broken = !typed;
}

void
iri_gtk_history_text_inserted (IriGtkHistory *self,
                               guint          position,
                               const char    *text,
                               int            length,
                               gboolean       typed)
{
  if (!recording (self) || length == 0)
    return;
  add_edit (self, TRUE, position, text, length, typed);
}

void
iri_gtk_history_text_deleted (IriGtkHistory *self,
                              guint          start,
                              guint          end,
                              const char    *text,
                              int            length)
{
  if (!recording (self) || start == end)
    return;
  add_edit (self, FALSE, start, text, length, FALSE);
}

static gboolean
replace_idle_cb (gpointer data)
{
  IriGtkHistory *self = data;

  self->replace_idle_id = 0;
  self->replacing = FALSE;
  return G_SOURCE_REMOVE;
}

/* The deletion just recorded emptied the text.  If the text's new
 * content follows at once (gtk_editable_set_text()), it is part of the
 * same step; once the main loop runs, whatever comes next is not. */
void
iri_gtk_history_text_emptied (IriGtkHistory *self)
{
  if (!recording (self) || self->user_depth > 0 || g_queue_is_empty (&self->undo))
    return;

  self->replacing = TRUE;
  if (self->replace_idle_id == 0)
    self->replace_idle_id = g_idle_add_full (G_PRIORITY_HIGH, replace_idle_cb, self, NULL);
}

gboolean
iri_gtk_history_get_can_undo (IriGtkHistory *self)
{
  return self->enabled && !g_queue_is_empty (&self->undo);
}

gboolean
iri_gtk_history_get_can_redo (IriGtkHistory *self)
{
  return self->enabled && !g_queue_is_empty (&self->redo);
}

gboolean
iri_gtk_history_is_replaying (IriGtkHistory *self)
{
  return self->replaying;
}

void
iri_gtk_history_undo (IriGtkHistory *self)
{
  Step *step;
  guint bound = 0, cursor = 0;

  if (!iri_gtk_history_get_can_undo (self) || self->user_depth > 0)
    return;
  stop_replacing (self);

  step = g_queue_pop_head (&self->undo);
  self->replaying = TRUE;
  for (guint k = step->edits->len; k > 0; k--)
    {
      Edit *edit = &g_array_index (step->edits, Edit, k - 1);

      if (edit->insert)
        {
          self->funcs.delete (self->data, edit->position, edit->position + edit->n_chars);
          bound = cursor = edit->position;
        }
      else
        {
          self->funcs.insert (self->data, edit->position, edit->text->str, edit->text->len);
          bound = edit->position;
          cursor = edit->position + edit->n_chars;
        }
    }
  self->replaying = FALSE;
  step->mergeable = FALSE;
  g_queue_push_head (&self->redo, step);
  self->broken = TRUE;
  self->funcs.select (self->data, bound, cursor);
}

void
iri_gtk_history_redo (IriGtkHistory *self)
{
  Step *step;
  guint position = 0;

  if (!iri_gtk_history_get_can_redo (self) || self->user_depth > 0)
    return;
  stop_replacing (self);

  step = g_queue_pop_head (&self->redo);
  self->replaying = TRUE;
  for (guint k = 0; k < step->edits->len; k++)
    {
      Edit *edit = &g_array_index (step->edits, Edit, k);

      if (edit->insert)
        {
          self->funcs.insert (self->data, edit->position, edit->text->str, edit->text->len);
          position = edit->position + edit->n_chars;
        }
      else
        {
          self->funcs.delete (self->data, edit->position, edit->position + edit->n_chars);
          position = edit->position;
        }
    }
  self->replaying = FALSE;
  g_queue_push_head (&self->undo, step);
  self->broken = TRUE;
  self->funcs.select (self->data, position, position);
}

void
iri_gtk_history_set_enabled (IriGtkHistory *self,
                             gboolean       enabled)
{
  self->enabled = !!enabled;
  if (!self->enabled)
    iri_gtk_history_clear (self);
}

gboolean
iri_gtk_history_get_enabled (IriGtkHistory *self)
{
  return self->enabled;
}
