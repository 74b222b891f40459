/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bitmaze-settings-choice.h"
#include "bitmaze-shape-row.h"
#include "maze.h"

struct _BitmazeShapeRow
{
  AdwComboRow           parent_instance;

  GtkEntry             *word_entry;
  GtkButton            *mask_button;
  GtkFileChooserNative *chooser;

  char                 *word;
  char                 *mask_path;
  char                 *spec;
  /* Set with bitmaze_shape_row_set_spec() (an opened maze's shape)
   * before the settings were bound: the settings learn it. */
  gboolean              spec_given;
};

G_DEFINE_FINAL_TYPE (BitmazeShapeRow, bitmaze_shape_row, ADW_TYPE_COMBO_ROW)

enum {
  PROP_0,
  PROP_SPEC,
  PROP_WORD,
  PROP_MASK_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The row lists: a rectangle, the engine's built-in shapes, a word, a
 * mask file.  The choices are the values of the "shape" key. */
const char * const bitmaze_shape_row_choices[] = {
  "rectangle", "circle", "ring", "heart", "triangle", "diamond", "cross",
  "word", "mask", NULL,
};

enum { CHOICE_RECTANGLE = 0, CHOICE_WORD = 7, CHOICE_MASK = 8 };

static const char *
choice_label (const char *choice)
{
  static const struct { const char *choice; const char *label; } labels[] = {
    /* Translators: the shapes of a maze in the Shape row */
    { "rectangle", N_("Rectangle") },
    { "circle", N_("Circle") },
    { "ring", N_("Ring") },
    { "heart", N_("Heart") },
    { "triangle", N_("Triangle") },
    { "diamond", N_("Diamond") },
    { "cross", N_("Cross") },
    /* Translators: the shape of a word drawn in letters */
    { "word", N_("Word") },
    /* Translators: the shape of a mask file, a picture whose dark pixels are cells */
    { "mask", N_("Mask File") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_str_equal (labels[i].choice, choice))
      return _(labels[i].label);
  return choice;
}

static guint
selected_choice (BitmazeShapeRow *self)
{
  return adw_combo_row_get_selected (ADW_COMBO_ROW (self));
}

/* The suffix and the subtitle that go with the choice, and the spec. */
static void
update (BitmazeShapeRow *self)
{
  guint choice = selected_choice (self);
  g_autofree char *spec = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->word_entry), choice == CHOICE_WORD);
  gtk_widget_set_visible (GTK_WIDGET (self->mask_button), choice == CHOICE_MASK);

  if (choice == CHOICE_MASK && self->mask_path != NULL && *self->mask_path != '\0')
    {
      g_autofree char *base = g_path_get_basename (self->mask_path);
      g_autofree char *name = g_filename_display_name (base);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), name);
      spec = g_strconcat ("mask:", self->mask_path, NULL);
    }
  else if (choice == CHOICE_MASK)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), _("No file chosen: a rectangle"));
      spec = g_strdup ("");
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self), NULL);
      if (choice == CHOICE_WORD)
        spec = g_strconcat ("text:", self->word != NULL ? self->word : "", NULL);
      else if (choice > CHOICE_RECTANGLE && choice < CHOICE_WORD)
        spec = g_strdup (bitmaze_shape_row_choices[choice]);
      else
        spec = g_strdup ("");
    }

  if (g_strcmp0 (spec, self->spec) != 0)
    {
      g_free (self->spec);
      self->spec = g_steal_pointer (&spec);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEC]);
    }
}

static void
word_changed_cb (BitmazeShapeRow *self)
{
  bitmaze_shape_row_set_word (self, gtk_editable_get_text (GTK_EDITABLE (self->word_entry)));
}

static void
chooser_response_cb (BitmazeShapeRow      *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        bitmaze_shape_row_set_mask_path (self, path);
    }
  g_clear_object (&self->chooser);
}

static void
choose_mask_cb (BitmazeShapeRow *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr (GtkFileFilter) masks = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) png = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) text = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  /* Translators: the title of the file chooser of a mask, a picture or a
   * text file whose dark pixels or # are the cells of the maze */
  self->chooser = gtk_file_chooser_native_new (_("Choose a Mask"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (masks, _("PNG Images and Text Masks"));
  gtk_file_filter_add_mime_type (masks, "image/png");
  gtk_file_filter_add_mime_type (masks, "text/plain");
  gtk_file_filter_set_name (png, _("PNG Images"));
  gtk_file_filter_add_mime_type (png, "image/png");
  /* Translators: text files in which # or X marks the cells of a maze */
  gtk_file_filter_set_name (text, _("Text Masks"));
  gtk_file_filter_add_mime_type (text, "text/plain");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), masks);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), text);
  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
bitmaze_shape_row_dispose (GObject *object)
{
  BitmazeShapeRow *self = BITMAZE_SHAPE_ROW (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  G_OBJECT_CLASS (bitmaze_shape_row_parent_class)->dispose (object);
}

static void
bitmaze_shape_row_finalize (GObject *object)
{
  BitmazeShapeRow *self = BITMAZE_SHAPE_ROW (object);

  g_clear_pointer (&self->word, g_free);
  g_clear_pointer (&self->mask_path, g_free);
  g_clear_pointer (&self->spec, g_free);

  G_OBJECT_CLASS (bitmaze_shape_row_parent_class)->finalize (object);
}

static void
bitmaze_shape_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BitmazeShapeRow *self = BITMAZE_SHAPE_ROW (object);

  switch (prop_id)
    {
    case PROP_SPEC:
      g_value_set_string (value, self->spec);
      break;
    case PROP_WORD:
      g_value_set_string (value, self->word);
      break;
    case PROP_MASK_PATH:
      g_value_set_string (value, self->mask_path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_shape_row_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BitmazeShapeRow *self = BITMAZE_SHAPE_ROW (object);

  switch (prop_id)
    {
    case PROP_WORD:
      bitmaze_shape_row_set_word (self, g_value_get_string (value));
      break;
    case PROP_MASK_PATH:
      bitmaze_shape_row_set_mask_path (self, g_value_get_string (value));
      break;
    case PROP_SPEC:
      bitmaze_shape_row_set_spec (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_shape_row_class_init (BitmazeShapeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bitmaze_shape_row_dispose;
  object_class->finalize = bitmaze_shape_row_finalize;
  object_class->get_property = bitmaze_shape_row_get_property;
  object_class->set_property = bitmaze_shape_row_set_property;

  /**
   * BitmazeShapeRow:spec:
   *
   * The shape chosen, as a spec for bitmaze_shape_new_maze(); setting it
   * selects the choice that gives it.
   */
  properties[PROP_SPEC] =
    g_param_spec_string ("spec", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * BitmazeShapeRow:word:
   *
   * The word drawn by the Word choice.
   */
  properties[PROP_WORD] =
    g_param_spec_string ("word", NULL, NULL, "BITS",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * BitmazeShapeRow:mask-path:
   *
   * The mask file of the Mask File choice, "" for none.
   */
  properties[PROP_MASK_PATH] =
    g_param_spec_string ("mask-path", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bitmaze_shape_row_init (BitmazeShapeRow *self)
{
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);

  self->word = g_strdup ("BITS");
  self->mask_path = g_strdup ("");
  self->spec = g_strdup ("");

  for (guint i = 0; bitmaze_shape_row_choices[i] != NULL; i++)
    gtk_string_list_append (labels, choice_label (bitmaze_shape_row_choices[i]));
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (labels));
  /* No mnemonic: every letter of the English word has one beside it. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), _("Shape"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Only the cells of a shape are the maze: the others "
                                 "have their four border bits set"));

  self->word_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (self->word_entry), self->word);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->word_entry), 7);
  gtk_entry_set_max_length (self->word_entry, 24);
  gtk_widget_set_valign (GTK_WIDGET (self->word_entry), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->word_entry), _("The word the maze is shaped as"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->word_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Word"), -1);
  g_signal_connect_swapped (self->word_entry, "changed", G_CALLBACK (word_changed_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->word_entry));

  self->mask_button = GTK_BUTTON (gtk_button_new_from_icon_name ("document-open-symbolic"));
  gtk_widget_set_valign (GTK_WIDGET (self->mask_button), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->mask_button), "flat");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mask_button),
                               _("Choose a mask: a PNG image, its dark pixels the cells, "
                                 "or a text file with # or X for a cell"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->mask_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Choose a Mask"), -1);
  g_signal_connect_swapped (self->mask_button, "clicked", G_CALLBACK (choose_mask_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->mask_button));

  g_signal_connect (self, "notify::selected", G_CALLBACK (update), NULL);
  update (self);
}

GtkWidget *
bitmaze_shape_row_new (void)
{
  return g_object_new (BITMAZE_TYPE_SHAPE_ROW, NULL);
}

const char *
bitmaze_shape_row_get_spec (BitmazeShapeRow *self)
{
  g_return_val_if_fail (BITMAZE_IS_SHAPE_ROW (self), "");

  return self->spec;
}

void
bitmaze_shape_row_set_word (BitmazeShapeRow *self,
                            const char      *word)
{
  g_return_if_fail (BITMAZE_IS_SHAPE_ROW (self));

  if (word == NULL)
    word = "";
  if (g_strcmp0 (word, self->word) == 0)
    return;
  g_free (self->word);
  self->word = g_strdup (word);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->word_entry)), word) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->word_entry), word);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORD]);
  update (self);
}

void
bitmaze_shape_row_set_mask_path (BitmazeShapeRow *self,
                                 const char      *path)
{
  g_return_if_fail (BITMAZE_IS_SHAPE_ROW (self));

  if (path == NULL)
    path = "";
  if (g_strcmp0 (path, self->mask_path) == 0)
    return;
  g_free (self->mask_path);
  self->mask_path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MASK_PATH]);
  update (self);
}

void
bitmaze_shape_row_set_spec (BitmazeShapeRow *self,
                            const char      *spec)
{
  guint choice = G_MAXUINT;

  g_return_if_fail (BITMAZE_IS_SHAPE_ROW (self));

  if (spec == NULL || *spec == '\0')
    choice = CHOICE_RECTANGLE;
  else if (g_str_has_prefix (spec, "text:"))
    {
      bitmaze_shape_row_set_word (self, spec + strlen ("text:"));
      choice = CHOICE_WORD;
    }
  else if (g_str_has_prefix (spec, "mask:"))
    {
      bitmaze_shape_row_set_mask_path (self, spec + strlen ("mask:"));
      choice = CHOICE_MASK;
    }
  else
    {
      for (guint i = CHOICE_RECTANGLE + 1; i < CHOICE_WORD; i++)
        if (g_str_equal (spec, bitmaze_shape_row_choices[i]))
          choice = i;
    }
  /* A spec of no choice (a shape this row does not know) changes nothing. */
  if (choice == G_MAXUINT)
    return;
  self->spec_given = TRUE;
  adw_combo_row_set_selected (ADW_COMBO_ROW (self), choice);
}

void
bitmaze_shape_row_bind_settings (BitmazeShapeRow *self,
                                 GSettings       *settings)
{
  GSettingsBindFlags get = G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_GET_NO_CHANGES;
  guint choice;

  g_return_if_fail (BITMAZE_IS_SHAPE_ROW (self));

  /* Each window has its own shape; the settings keep the next one's.
   * A shape already given (a window made for an opened maze) stays, and
   * the settings learn it: its choice, and its word or file. */
  choice = self->spec_given ? selected_choice (self) : G_MAXUINT;
  g_settings_bind (settings, "shape-word", self, "word",
                   choice == CHOICE_WORD ? G_SETTINGS_BIND_SET : get);
  g_settings_bind (settings, "shape-mask", self, "mask-path",
                   choice == CHOICE_MASK ? G_SETTINGS_BIND_SET : get);
  bitmaze_settings_bind_choice_full (settings, "shape", self, "selected",
                                     bitmaze_shape_row_choices,
                                     self->spec_given ? G_SETTINGS_BIND_SET : get);
}
