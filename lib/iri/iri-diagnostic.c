/* iri-diagnostic.c: one finding about an IRI
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "iri-char-private.h"
#include "iri-diagnostic-private.h"
#include "iri-enums.h"

/**
 * IriDiagnostic:
 *
 * One finding about an IRI: a syntax error, a character that must not be
 * there, a component that breaks a bidi rule of RFC 3987bis §4.2, a
 * confusable character…
 *
 * Every diagnostic has a stable kebab-case code (`bidi-rtl-edge`), a
 * severity, the kind of unit it is about, the span of that unit in the
 * logical text, the rule it comes from, a translated one-sentence message
 * naming the characters involved, and a hint when there is a fix.  The
 * catalogue of codes is in `docs/diagnostics.md`.
 *
 * Diagnostics are immutable.
 *
 * Since: 0.1
 */

struct _IriDiagnostic
{
  GObject       parent_instance;

  const char   *code;     /* interned */
  const char   *spec;     /* interned */
  char         *message;
  char         *accessible_message;  /* NULL: the message, or not made yet */
  char         *hint;

  /* Makes accessible_message when it is first asked for (atomically:
   * diagnostics are shared between threads); NULL when there is none to
   * make. */
  IriMessageFunc  accessible_func;
  gpointer        accessible_data;
  GDestroyNotify  accessible_destroy;
  IriSpan       span;
  IriSeverity   severity;
  IriComponent  component;
};

enum {
  PROP_0,
  PROP_CODE,
  PROP_SEVERITY,
  PROP_COMPONENT,
  PROP_START,
  PROP_END,
  PROP_SPEC,
  PROP_MESSAGE,
  PROP_HINT,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IriDiagnostic, iri_diagnostic, G_TYPE_OBJECT)

static void
iri_diagnostic_finalize (GObject *object)
{
  IriDiagnostic *self = IRI_DIAGNOSTIC (object);

  g_free (self->message);
  g_free (self->accessible_message);
  g_free (self->hint);
  if (self->accessible_destroy != NULL)
    self->accessible_destroy (self->accessible_data);

  G_OBJECT_CLASS (iri_diagnostic_parent_class)->finalize (object);
}

static void
iri_diagnostic_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  IriDiagnostic *self = IRI_DIAGNOSTIC (object);

  switch (prop_id)
    {
    case PROP_CODE:
      g_value_set_string (value, self->code);
      break;
    case PROP_SEVERITY:
      g_value_set_enum (value, self->severity);
      break;
    case PROP_COMPONENT:
      g_value_set_enum (value, self->component);
      break;
    case PROP_START:
      g_value_set_uint64 (value, self->span.start);
      break;
    case PROP_END:
      g_value_set_uint64 (value, self->span.end);
      break;
    case PROP_SPEC:
      g_value_set_string (value, self->spec);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case PROP_HINT:
      g_value_set_string (value, self->hint);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
iri_diagnostic_class_init (IriDiagnosticClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = iri_diagnostic_finalize;
  object_class->get_property = iri_diagnostic_get_property;

  /**
   * IriDiagnostic:code:
   *
   * The stable identifier of the finding, such as `bidi-rtl-edge`.
   *
   * Since: 0.1
   */
  properties[PROP_CODE] =
    g_param_spec_string ("code", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:severity:
   *
   * How serious the finding is.
   *
   * Since: 0.1
   */
  properties[PROP_SEVERITY] =
    g_param_spec_enum ("severity", NULL, NULL,
                       IRI_TYPE_SEVERITY, IRI_SEVERITY_INFO,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:component:
   *
   * The kind of unit the finding is about.
   *
   * Since: 0.1
   */
  properties[PROP_COMPONENT] =
    g_param_spec_enum ("component", NULL, NULL,
                       IRI_TYPE_COMPONENT, IRI_COMPONENT_IRI,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:start:
   *
   * Where the span starts in the logical text, in code points.
   *
   * Since: 0.1
   */
  properties[PROP_START] =
    g_param_spec_uint64 ("start", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:end:
   *
   * Where the span ends (exclusive) in the logical text, in code points.
   *
   * Since: 0.1
   */
  properties[PROP_END] =
    g_param_spec_uint64 ("end", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:spec:
   *
   * Where the rule comes from, such as `RFC 3987bis §4.2 rule 2`.
   *
   * Since: 0.1
   */
  properties[PROP_SPEC] =
    g_param_spec_string ("spec", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:message:
   *
   * A translated sentence that says what is wrong.
   *
   * Since: 0.1
   */
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * IriDiagnostic:hint:
   *
   * A translated suggestion for a fix, or `NULL`.
   *
   * Since: 0.1
   */
  properties[PROP_HINT] =
    g_param_spec_string ("hint", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
iri_diagnostic_init (IriDiagnostic *self)
{
}

IriDiagnostic *
iri_diagnostic_new_take (const char    *code,
                         IriSeverity    severity,
                         IriComponent   component,
                         const IriSpan *span,
                         const char    *spec,
                         char          *message,
                         char          *hint)
{
  IriDiagnostic *self = g_object_new (IRI_TYPE_DIAGNOSTIC, NULL);

  self->code = code;
  self->severity = severity;
  self->component = component;
  self->span = *span;
  self->spec = spec;
  self->message = message;
  self->hint = hint;

  return self;
}

/**
 * iri_diagnostic_new:
 * @code: a kebab-case code
 * @severity: the severity
 * @component: the kind of unit
 * @span: where the finding is
 * @spec: where the rule comes from
 * @message: a sentence saying what is wrong
 * @hint: (nullable): a suggested fix
 *
 * Creates a diagnostic.  Applications rarely need this: the library
 * creates diagnostics as it analyses IRIs.
 *
 * Returns: (transfer full): a new diagnostic
 *
 * Since: 0.1
 */
IriDiagnostic *
iri_diagnostic_new (const char    *code,
                    IriSeverity    severity,
                    IriComponent   component,
                    const IriSpan *span,
                    const char    *spec,
                    const char    *message,
                    const char    *hint)
{
  g_return_val_if_fail (code != NULL, NULL);
  g_return_val_if_fail (span != NULL, NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (message != NULL, NULL);

  return iri_diagnostic_new_take (g_intern_string (code), severity, component, span,
                                  g_intern_string (spec), g_strdup (message),
                                  g_strdup (hint));
}

/* The message for assistive technology when it differs from the
 * message, made now if it was left for later.  Two threads may make it
 * at once; the first one's is kept, and both are the same text. */
static const char *
peek_accessible_message (IriDiagnostic *self)
{
  char *made;

  if (self->accessible_func == NULL)
    return self->accessible_message;
  made = g_atomic_pointer_get (&self->accessible_message);
  if (made != NULL)
    return made;

  made = self->accessible_func (self->accessible_data);
  if (!g_atomic_pointer_compare_and_exchange (&self->accessible_message, NULL, made))
    g_free (made);
  return g_atomic_pointer_get (&self->accessible_message);
}

IriDiagnostic *
iri_diagnostic_new_shifted (IriDiagnostic *other,
                            gssize         byte_delta,
                            gssize         char_delta)
{
  IriSpan span = other->span;
  IriDiagnostic *self;

  span.byte_start += byte_delta;
  span.byte_end += byte_delta;
  span.start += char_delta;
  span.end += char_delta;

  self = iri_diagnostic_new_take (other->code, other->severity, other->component, &span,
                                  other->spec, g_strdup (other->message),
                                  g_strdup (other->hint));
  self->accessible_message = g_strdup (peek_accessible_message (other));
  return self;
}

void
iri_diagnostic_take_accessible_message (IriDiagnostic *self,
                                        char          *message)
{
  g_free (self->accessible_message);
  self->accessible_message = message;
}

void
iri_diagnostic_set_accessible_message_func (IriDiagnostic  *self,
                                            IriMessageFunc  func,
                                            gpointer        data,
                                            GDestroyNotify  destroy)
{
  g_return_if_fail (self->accessible_func == NULL && self->accessible_message == NULL);

  self->accessible_func = func;
  self->accessible_data = data;
  self->accessible_destroy = destroy;
}

/**
 * iri_diagnostic_get_code:
 * @self: a diagnostic
 *
 * Gets the stable identifier of the finding, such as `bidi-rtl-edge`.
 *
 * Returns: (transfer none): the code
 *
 * Since: 0.1
 */
const char *
iri_diagnostic_get_code (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  return self->code;
}

/**
 * iri_diagnostic_get_severity:
 * @self: a diagnostic
 *
 * Gets how serious the finding is.
 *
 * Returns: the severity
 *
 * Since: 0.1
 */
IriSeverity
iri_diagnostic_get_severity (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), IRI_SEVERITY_INFO);

  return self->severity;
}

/**
 * iri_diagnostic_get_component:
 * @self: a diagnostic
 *
 * Gets the kind of unit the finding is about.
 *
 * Returns: the unit kind
 *
 * Since: 0.1
 */
IriComponent
iri_diagnostic_get_component (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), IRI_COMPONENT_IRI);

  return self->component;
}

/**
 * iri_diagnostic_get_span:
 * @self: a diagnostic
 * @out_span: (out caller-allocates): where to store the span
 *
 * Gets the span of the finding in the logical text, in bytes and in code
 * points.
 *
 * Since: 0.1
 */
void
iri_diagnostic_get_span (IriDiagnostic *self,
                         IriSpan       *out_span)
{
  g_return_if_fail (IRI_IS_DIAGNOSTIC (self));
  g_return_if_fail (out_span != NULL);

  *out_span = self->span;
}

/**
 * iri_diagnostic_get_start:
 * @self: a diagnostic
 *
 * Gets where the span starts, in code points.
 *
 * Returns: the start offset
 *
 * Since: 0.1
 */
gsize
iri_diagnostic_get_start (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), 0);

  return self->span.start;
}

/**
 * iri_diagnostic_get_end:
 * @self: a diagnostic
 *
 * Gets where the span ends (exclusive), in code points.
 *
 * Returns: the end offset
 *
 * Since: 0.1
 */
gsize
iri_diagnostic_get_end (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), 0);

  return self->span.end;
}

/**
 * iri_diagnostic_get_spec:
 * @self: a diagnostic
 *
 * Gets where the rule comes from, such as `RFC 3987bis §4.2 rule 2`.
 *
 * Returns: (transfer none): the reference
 *
 * Since: 0.1
 */
const char *
iri_diagnostic_get_spec (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  return self->spec;
}

/**
 * iri_diagnostic_get_message:
 * @self: a diagnostic
 *
 * Gets the translated sentence that says what is wrong.
 *
 * Returns: (transfer none): the message
 *
 * Since: 0.1
 */
const char *
iri_diagnostic_get_message (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  return self->message;
}

/**
 * iri_diagnostic_dup_display_message:
 * @self: a diagnostic
 *
 * Gets the message ready to be shown in a user interface of either
 * direction.  The pieces of an IRI that the message quotes are wrapped in
 * U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, so that
 * they are displayed left to right (RFC 3987bis §4.1) and do not mix with
 * a Hebrew or Arabic sentence around them; pieces of the display, already
 * in visual order, are left as they are (they carry a left-to-right
 * override).
 *
 * The marks are for display only: use [method@Iri.Diagnostic.get_message]
 * for output meant for machines or terminals.
 *
 * Returns: (transfer full): the message for display
 *
 * Since: 0.1
 */
char *
iri_diagnostic_dup_display_message (IriDiagnostic *self)
{
  /* The quotation marks the library quotes with, in the language of the
   * message (iri-char.c). */
  const char *open = g_dgettext (GETTEXT_PACKAGE, "“");
  const char *close = g_dgettext (GETTEXT_PACKAGE, "”");
  gsize open_len = strlen (open), close_len = strlen (close);
  GString *out;
  const char *p;

  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  out = g_string_new (NULL);
  p = self->message;
  while (*p != '\0')
    {
      const char *start = strstr (p, open);
      const char *end;

      if (start == NULL || (end = strstr (start + open_len, close)) == NULL)
        break;
      g_string_append_len (out, p, start + open_len - p);
      if (g_str_has_prefix (start + open_len, "\xE2\x80\xAD"))   /* LRO: visual already */
        g_string_append_len (out, start + open_len, end - start - open_len);
      else
        {
          g_string_append (out, "\xE2\x81\xA6");   /* LRI */
          g_string_append_len (out, start + open_len, end - start - open_len);
          g_string_append (out, "\xE2\x81\xA9");   /* PDI */
        }
      g_string_append_len (out, end, close_len);
      p = end + close_len;
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

/**
 * iri_diagnostic_dup_accessible_message:
 * @self: a diagnostic
 *
 * Gets the message for assistive technology.
 *
 * A message may quote a piece of the display as the eye sees it, in
 * visual order ("the display reads …"); a screen reader speaks text in
 * logical order, so it would spell the Hebrew or Arabic of such a piece
 * backwards.  Here such a piece is given as the characters the display
 * shows there, in logical order; the rest of the message is the same,
 * and it has no bidi formatting characters.
 *
 * Use it for accessible labels and descriptions, and
 * [method@Iri.Diagnostic.dup_display_message] for what is shown.
 *
 * Returns: (transfer full): the message for assistive technology
 *
 * Since: 0.1
 */
char *
iri_diagnostic_dup_accessible_message (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  {
    const char *accessible = peek_accessible_message (self);

    return g_strdup (accessible != NULL ? accessible : self->message);
  }
}

/**
 * iri_diagnostic_get_hint:
 * @self: a diagnostic
 *
 * Gets the translated suggestion for a fix.
 *
 * Returns: (transfer none) (nullable): the hint, or `NULL` when there is
 *   no fix to suggest
 *
 * Since: 0.1
 */
const char *
iri_diagnostic_get_hint (IriDiagnostic *self)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (self), NULL);

  return self->hint;
}

/**
 * iri_diagnostic_compare:
 * @a: a diagnostic
 * @b: another diagnostic
 *
 * Orders diagnostics the way they are shown: most severe first, then by
 * position, then by code.
 *
 * Returns: a negative value if @a comes first, a positive one if @b does,
 *   0 if they are equivalent
 *
 * Since: 0.1
 */
int
iri_diagnostic_compare (IriDiagnostic *a,
                        IriDiagnostic *b)
{
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (a), 0);
  g_return_val_if_fail (IRI_IS_DIAGNOSTIC (b), 0);

  if (a->severity != b->severity)
    return a->severity > b->severity ? -1 : 1;
  if (a->span.start != b->span.start)
    return a->span.start < b->span.start ? -1 : 1;
  if (a->span.end != b->span.end)
    return a->span.end < b->span.end ? -1 : 1;
  return g_strcmp0 (a->code, b->code);
}

void
iri_diagnostics_add (IriDiagnostics *list,
                     IriDiagnostic  *diagnostic)
{
  if (list->items == NULL)
    list->items = g_ptr_array_new_with_free_func (g_object_unref);

  if (list->items->len >= IRI_DIAGNOSTICS_MAX && list->protect != NULL)
    {
      IriDiagnostic **items = (IriDiagnostic **) list->items->pdata;
      gboolean is_protected = list->protect (diagnostic, list->protect_data);
      gint victim = -1;

      /* The one to drop is the unprotected entry shown last, which a
       * protected finding always replaces; with none, the usual rule
       * below, among protected ones only for a protected finding. */
      list->n_dropped++;
      for (guint i = 0; i < list->items->len; i++)
        {
          if (!list->protect (items[i], list->protect_data) &&
              (victim < 0 || iri_diagnostic_compare (items[i], items[victim]) > 0))
            victim = i;
        }
      if (victim < 0 && is_protected)
        {
          for (guint i = 0; i < list->items->len; i++)
            {
              if (victim < 0 || iri_diagnostic_compare (items[i], items[victim]) > 0)
                victim = i;
            }
        }
      if (victim >= 0 && (is_protected ? (list->protect (items[victim], list->protect_data)
                                           ? iri_diagnostic_compare (diagnostic, items[victim]) < 0
                                           : TRUE)
                                       : iri_diagnostic_compare (diagnostic, items[victim]) < 0))
        {
          g_object_unref (items[victim]);
          items[victim] = diagnostic;
        }
      else
        g_object_unref (diagnostic);
      return;
    }

  if (list->items->len >= IRI_DIAGNOSTICS_MAX)
    {
      IriDiagnostic **items = (IriDiagnostic **) list->items->pdata;

      /* One of the two is dropped: the one shown later.  The entry
       * shown last is looked for again only after it was replaced, so
       * findings that are dropped cost one comparison each. */
      list->n_dropped++;
      if (!list->last_known)
        {
          list->last = 0;
          for (guint i = 1; i < list->items->len; i++)
            {
              if (iri_diagnostic_compare (items[i], items[list->last]) > 0)
                list->last = i;
            }
          list->last_known = TRUE;
        }
      if (iri_diagnostic_compare (diagnostic, items[list->last]) < 0)
        {
          g_object_unref (items[list->last]);
          items[list->last] = diagnostic;
          list->last_known = FALSE;
        }
      else
        g_object_unref (diagnostic);
      return;
    }

  g_ptr_array_add (list->items, diagnostic);
}

void
iri_diagnostics_add_all (IriDiagnostics *list,
                         GPtrArray      *diagnostics)
{
  if (diagnostics == NULL)
    return;

  for (guint i = 0; i < diagnostics->len; i++)
    iri_diagnostics_add (list, g_object_ref (g_ptr_array_index (diagnostics, i)));
}

static int
compare_cb (gconstpointer a,
            gconstpointer b)
{
  return iri_diagnostic_compare (*(IriDiagnostic **) a, *(IriDiagnostic **) b);
}

GPtrArray *
iri_diagnostics_steal (IriDiagnostics *list)
{
  GPtrArray *items = g_steal_pointer (&list->items);

  list->last_known = FALSE;
  if (items == NULL)
    items = g_ptr_array_new_with_free_func (g_object_unref);

  if (list->n_dropped > 0)
    {
      IriSpan span = { 0, 0, 0, 0 };

      g_ptr_array_add (items,
                       iri_diagnostic_new_take ("diagnostics-truncated", IRI_SEVERITY_INFO,
                                                IRI_COMPONENT_IRI, &span, "IRI Inspector",
                                                /* Translators: %u is a count of further findings that are not listed */
                                                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                              "%u more finding was not listed.",
                                                                              "%u more findings were not listed.",
                                                                              list->n_dropped),
                                                                 list->n_dropped),
                                                NULL));
      list->n_dropped = 0;
    }

  g_ptr_array_sort (items, compare_cb);
  return items;
}

void
iri_diagnostics_clear (IriDiagnostics *list)
{
  g_clear_pointer (&list->items, g_ptr_array_unref);
  list->n_dropped = 0;
  list->last_known = FALSE;
}

GListModel *
iri_diagnostics_to_model (GPtrArray *array)
{
  GListStore *store = g_list_store_new (IRI_TYPE_DIAGNOSTIC);

  if (array != NULL)
    g_list_store_splice (store, 0, 0, array->pdata, array->len);
  return G_LIST_MODEL (store);
}

gboolean
iri_run_extend (IriRun       *run,
                const char   *code,
                IriComponent  component,
                gconstpointer tag,
                gunichar      c,
                gboolean      same_char,
                gsize         byte_start,
                gsize         byte_end,
                gsize         char_end)
{
  if (run->code == NULL || run->code != code || run->component != component ||
      run->tag != tag || run->span.byte_end != byte_start ||
      (same_char && run->first != c))
    return FALSE;

  run->span.byte_end = byte_end;
  run->span.end = char_end;
  run->count++;
  run->all_same = run->all_same && c == run->first;
  return TRUE;
}

void
iri_run_start (IriRun       *run,
               const char   *code,
               IriComponent  component,
               gconstpointer tag,
               gunichar      c,
               gsize         byte_start,
               gsize         byte_end,
               gsize         char_start,
               gsize         char_end)
{
  run->code = code;
  run->component = component;
  run->tag = tag;
  run->span.byte_start = byte_start;
  run->span.byte_end = byte_end;
  run->span.start = char_start;
  run->span.end = char_end;
  run->first = c;
  run->count = 1;
  run->all_same = TRUE;
}

char *
iri_run_describe (const IriRun *run)
{
  g_autofree char *who = iri_char_describe (run->first);

  if (run->count <= 1)
    return g_steal_pointer (&who);

  if (run->all_same)
    /* Translators: %s names a character ("U+0020 SPACE"), %u says how
     * many times it occurred in a row */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u time)", "%s (%u times)", run->count),
                            who, run->count);

  /* Translators: %s names a character, %u counts the characters after
   * it in the same run */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u more character",
                                       "%s and %u more characters", run->count - 1),
                          who, run->count - 1);
}
