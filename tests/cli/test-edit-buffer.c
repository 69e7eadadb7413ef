/* test-edit-buffer.c: the text, cursor and undo history of iri edit
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "iri-edit-buffer.h"

static void
assert_buffer (IriEditBuffer *buffer,
               const char    *text,
               gsize          cursor)
{
  g_assert_cmpstr (iri_edit_buffer_get_text (buffer), ==, text);
  g_assert_cmpuint (iri_edit_buffer_get_length (buffer), ==, strlen (text));
  g_assert_cmpuint (iri_edit_buffer_get_n_chars (buffer), ==, g_utf8_strlen (text, -1));
  g_assert_cmpuint (iri_edit_buffer_get_cursor (buffer), ==, cursor);
}

static void
type (IriEditBuffer *buffer,
      const char    *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    iri_edit_buffer_insert_char (buffer, g_utf8_get_char (p), IRI_EDIT_INSERT_TYPING);
}

static void
test_new (void)
{
  g_autoptr(IriEditBuffer) empty = iri_edit_buffer_new (NULL);
  g_autoptr(IriEditBuffer) hebrew = iri_edit_buffer_new ("http://ab.שלום");

  assert_buffer (empty, "", 0);
  g_assert_false (iri_edit_buffer_can_undo (empty));
  g_assert_false (iri_edit_buffer_can_redo (empty));

  /* The cursor starts at the end, counted in code points. */
  assert_buffer (hebrew, "http://ab.שלום", 14);

  iri_edit_buffer_set_cursor (hebrew, 1000);
  g_assert_cmpuint (iri_edit_buffer_get_cursor (hebrew), ==, 14);
  iri_edit_buffer_set_cursor (hebrew, 12);
  g_assert_cmpuint (iri_edit_buffer_get_cursor (hebrew), ==, 12);
}

/* Text goes in at the cursor in logical order, whatever the display
 * does with it (RFC 3987bis §4.3). */
static void
test_insert (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new ("http://ab.");

  type (buffer, "שלום");
  assert_buffer (buffer, "http://ab.שלום", 14);
  iri_edit_buffer_set_cursor (buffer, 12);
  type (buffer, "ה");
  assert_buffer (buffer, "http://ab.שלהום", 13);
  iri_edit_buffer_set_cursor (buffer, 4);
  type (buffer, "s");
  assert_buffer (buffer, "https://ab.שלהום", 5);

  /* A paste may hold bidi controls; they are kept as they are. */
  iri_edit_buffer_set_cursor (buffer, 16);
  iri_edit_buffer_insert (buffer, "/\xE2\x80\xAE" "x", -1, IRI_EDIT_INSERT_PASTE);
  assert_buffer (buffer, "https://ab.שלהום/\xE2\x80\xAE" "x", 19);

  /* Nothing to insert changes nothing, and is not an undo step. */
  iri_edit_buffer_insert (buffer, "", 0, IRI_EDIT_INSERT_PASTE);
  assert_buffer (buffer, "https://ab.שלהום/\xE2\x80\xAE" "x", 19);
}

static void
test_delete_cluster (void)
{
  g_autoptr(IriEditBuffer) buffer = NULL;

  /* e + COMBINING ACUTE ACCENT is one cluster (UAX #29). */
  buffer = iri_edit_buffer_new ("e\xCC\x81x");
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "e\xCC\x81", 2);
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "", 0);
  g_assert_false (iri_edit_buffer_delete_backward (buffer));
  g_assert_false (iri_edit_buffer_delete_forward (buffer));
  g_clear_pointer (&buffer, iri_edit_buffer_free);

  buffer = iri_edit_buffer_new ("e\xCC\x81x");
  iri_edit_buffer_set_cursor (buffer, 0);
  g_assert_true (iri_edit_buffer_delete_forward (buffer));
  assert_buffer (buffer, "x", 0);
  g_clear_pointer (&buffer, iri_edit_buffer_free);

  /* An emoji ZWJ sequence and a flag are one cluster each. */
  buffer = iri_edit_buffer_new ("a\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7");
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "a\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB", 4);
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "a", 1);
  g_clear_pointer (&buffer, iri_edit_buffer_free);

  /* Hebrew letters, one at a time, in logical order. */
  buffer = iri_edit_buffer_new ("http://ab.שלום");
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "http://ab.שלו", 13);
  iri_edit_buffer_set_cursor (buffer, 10);
  g_assert_true (iri_edit_buffer_delete_forward (buffer));
  assert_buffer (buffer, "http://ab.לו", 10);
}

static void
test_kill (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new ("http://ab/cd");

  iri_edit_buffer_set_cursor (buffer, 7);
  g_assert_true (iri_edit_buffer_kill_to_end (buffer));
  assert_buffer (buffer, "http://", 7);
  g_assert_false (iri_edit_buffer_kill_to_end (buffer));
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab/cd", 7);

  g_assert_true (iri_edit_buffer_kill_to_start (buffer));
  assert_buffer (buffer, "ab/cd", 0);
  g_assert_false (iri_edit_buffer_kill_to_start (buffer));
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab/cd", 7);
}

typedef struct {
  const char *text;
  gsize       cursor;
  const char *expected;
  gsize       expected_cursor;
} WordCase;

static const WordCase word_cases[] = {
  { "http://a.example/path", 21, "http://a.example/", 17 },
  { "http://a.example/", 17, "http://a.", 9 },
  { "http://a.", 9, "http://", 7 },
  { "http://", 7, "", 0 },
  { "https://x.org/a?q=v&r=w", 23, "https://x.org/a?q=v&r=", 22 },
  { "https://x.org/a?q=v&r=", 22, "https://x.org/a?q=v&", 20 },
  { "https://x.org/a?q=v&", 20, "https://x.org/a?q=", 18 },
  { "mailto:user@host", 16, "mailto:user@", 12 },
  { "http://[::1]:80", 15, "http://[::1]:", 13 },
  { "a#frag", 6, "a#", 2 },
  { "a;b", 3, "a;", 2 },
  /* In the middle, and through right-to-left text. */
  { "http://ab.שלום/x", 14, "http://ab./x", 10 },
  { "http://ab.שלום/x", 15, "http://ab.x", 10 },
  /* A delimiter with a combining mark on it is displayed as a letter. */
  { "ab/\xCC\x81", 4, "", 0 },
  { "word", 2, "rd", 0 },
};

static void
test_word_case (gconstpointer data)
{
  const WordCase *c = data;
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new (c->text);

  iri_edit_buffer_set_cursor (buffer, c->cursor);
  g_assert_true (iri_edit_buffer_delete_word_backward (buffer));
  assert_buffer (buffer, c->expected, c->expected_cursor);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, c->text, c->cursor);
}

static void
test_word_at_start (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new ("abc");

  iri_edit_buffer_set_cursor (buffer, 0);
  g_assert_false (iri_edit_buffer_delete_word_backward (buffer));
  assert_buffer (buffer, "abc", 0);
  g_assert_false (iri_edit_buffer_can_undo (buffer));
}

static void
test_word_delimiters (void)
{
  const char *delimiters = "/.?#&=:@;[] \t";
  const char *letters = "aZ09-_~%+!$'()*,אب";

  for (const char *p = delimiters; *p != '\0'; p++)
    g_assert_true (iri_edit_is_word_delimiter ((guchar) *p));
  for (const char *p = letters; *p != '\0'; p = g_utf8_next_char (p))
    g_assert_false (iri_edit_is_word_delimiter (g_utf8_get_char (p)));
}

/* Consecutive typing is one step; moving the cursor ends it; a paste is
 * a step of its own. */
static void
test_undo_typing (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new (NULL);

  type (buffer, "http://ab.");
  type (buffer, "שלום");
  assert_buffer (buffer, "http://ab.שלום", 14);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "", 0);
  g_assert_false (iri_edit_buffer_undo (buffer));
  g_assert_true (iri_edit_buffer_redo (buffer));
  assert_buffer (buffer, "http://ab.שלום", 14);
  g_assert_false (iri_edit_buffer_redo (buffer));

  iri_edit_buffer_set_cursor (buffer, 12);
  type (buffer, "ה");
  type (buffer, "ה");
  iri_edit_buffer_insert (buffer, "/x", -1, IRI_EDIT_INSERT_PASTE);
  iri_edit_buffer_insert (buffer, "/y", -1, IRI_EDIT_INSERT_PASTE);
  type (buffer, "z");
  assert_buffer (buffer, "http://ab.שלהה/x/yzום", 19);

  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab.שלהה/x/yום", 18);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab.שלהה/xום", 16);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab.שלההום", 14);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "http://ab.שלום", 12);

  /* A new edit drops what was undone. */
  g_assert_true (iri_edit_buffer_can_redo (buffer));
  type (buffer, "q");
  g_assert_false (iri_edit_buffer_can_redo (buffer));
  g_assert_false (iri_edit_buffer_redo (buffer));
  assert_buffer (buffer, "http://ab.שלqום", 13);
}

/* Holding Backspace or Delete is one step too. */
static void
test_undo_deletes (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new ("abcdef");

  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "abcd", 4);
  iri_edit_buffer_set_cursor (buffer, 1);
  g_assert_true (iri_edit_buffer_delete_forward (buffer));
  g_assert_true (iri_edit_buffer_delete_forward (buffer));
  assert_buffer (buffer, "ad", 1);
  g_assert_true (iri_edit_buffer_delete_backward (buffer));
  assert_buffer (buffer, "d", 0);

  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "ad", 1);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "abcd", 1);
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "abcdef", 6);
  g_assert_false (iri_edit_buffer_undo (buffer));

  g_assert_true (iri_edit_buffer_redo (buffer));
  assert_buffer (buffer, "abcd", 4);
  g_assert_true (iri_edit_buffer_redo (buffer));
  assert_buffer (buffer, "ad", 1);
  g_assert_true (iri_edit_buffer_redo (buffer));
  assert_buffer (buffer, "d", 0);

  /* Typing right after deleting is a new step. */
  type (buffer, "xy");
  g_assert_true (iri_edit_buffer_undo (buffer));
  assert_buffer (buffer, "d", 0);
}

/* Only the last IRI_EDIT_BUFFER_MAX_UNDO steps are kept. */
static void
test_undo_limit (void)
{
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new (NULL);
  guint steps = IRI_EDIT_BUFFER_MAX_UNDO + 50;
  guint undone = 0;

  for (guint i = 0; i < steps; i++)
    iri_edit_buffer_insert (buffer, "a", 1, IRI_EDIT_INSERT_PASTE);
  while (iri_edit_buffer_undo (buffer))
    undone++;
  g_assert_cmpuint (undone, ==, IRI_EDIT_BUFFER_MAX_UNDO);
  g_assert_cmpuint (iri_edit_buffer_get_length (buffer), ==, steps - IRI_EDIT_BUFFER_MAX_UNDO);
  while (iri_edit_buffer_redo (buffer))
    undone--;
  g_assert_cmpuint (undone, ==, 0);
  g_assert_cmpuint (iri_edit_buffer_get_length (buffer), ==, steps);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/iri-edit/buffer/new", test_new);
  g_test_add_func ("/iri-edit/buffer/insert", test_insert);
  g_test_add_func ("/iri-edit/buffer/delete-cluster", test_delete_cluster);
  g_test_add_func ("/iri-edit/buffer/kill", test_kill);
  for (gsize i = 0; i < G_N_ELEMENTS (word_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri-edit/buffer/word/%" G_GSIZE_FORMAT, i);

      g_test_add_data_func (path, &word_cases[i], test_word_case);
    }
  g_test_add_func ("/iri-edit/buffer/word-at-start", test_word_at_start);
  g_test_add_func ("/iri-edit/buffer/word-delimiters", test_word_delimiters);
  g_test_add_func ("/iri-edit/buffer/undo-typing", test_undo_typing);
  g_test_add_func ("/iri-edit/buffer/undo-deletes", test_undo_deletes);
  g_test_add_func ("/iri-edit/buffer/undo-limit", test_undo_limit);

  return g_test_run ();
}
