/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "bitmaze-class-dialog.h"
#include "bitmaze-class-qr.h"

#define LOOPBACK    "127.0.0.1"
#define QR_MIN_SIZE 320
#define QR_MAX_SIZE 400

struct _BitmazeClassDialog
{
  AdwWindow           parent_instance;

  BitmazeClassServer *server;
  GStrv               addresses;
  BitmazeClassQr     *qr;

  /* Template widgets */
  GtkStack           *stack;
  AdwComboRow        *address_row;
  GtkSwitch          *ranking_switch;
  GtkLabel           *no_network_label;
  GtkLabel           *error_label;
  GtkLabel           *url_label;
  GtkLabel           *code_label;
  GtkDrawingArea     *qr_area;
  GtkLabel           *joined_label;
  GtkSwitch          *lock_switch;
  GtkSpinButton      *per_device_spin;
  GtkListBox         *students_list;
  GtkWidget          *stop_button;
};

G_DEFINE_FINAL_TYPE (BitmazeClassDialog, bitmaze_class_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SERVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------------ */
/* Addresses                                                           */
/* ------------------------------------------------------------------ */

/* The machine's private addresses, then the loopback; the first is
 * chosen.  Networks come and go: this is read again each time. */
static void
refresh_addresses (BitmazeClassDialog *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) lan = bitmaze_class_list_addresses ();
  g_autoptr (GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *chosen = NULL;
  guint selected = 0;

  if (self->addresses != NULL)
    {
      guint i = adw_combo_row_get_selected (self->address_row);

      if (i < g_strv_length (self->addresses))
        chosen = g_strdup (self->addresses[i]);
    }

  for (guint i = 0; lan[i] != NULL; i++)
    {
      g_strv_builder_add (builder, lan[i]);
      gtk_string_list_append (labels, lan[i]);
    }
  g_strv_builder_add (builder, LOOPBACK);
  {
    /* Translators: the address choice that only this computer can reach; %s is 127.0.0.1 */
    g_autofree char *label = g_strdup_printf (_("%s (this computer only)"), LOOPBACK);

    gtk_string_list_append (labels, label);
  }

  g_strfreev (self->addresses);
  self->addresses = g_strv_builder_end (builder);
  for (guint i = 0; chosen != NULL && self->addresses[i] != NULL; i++)
    if (g_str_equal (self->addresses[i], chosen))
      selected = i;

  adw_combo_row_set_model (self->address_row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->address_row, selected);
  gtk_widget_set_visible (GTK_WIDGET (self->no_network_label), lan[0] == NULL);
}

/* ------------------------------------------------------------------ */
/* The session                                                         */
/* ------------------------------------------------------------------ */

static void
qr_draw (GtkDrawingArea *area,
         cairo_t        *cr,
         int             width,
         int             height,
         gpointer        user_data)
{
  BitmazeClassDialog *self = user_data;
  int size = MIN (width, height);

  if (self->qr == NULL)
    return;
  cairo_translate (cr, (width - size) / 2, (height - size) / 2);
  bitmaze_class_qr_draw (self->qr, cr, size);
}

/* The code as large as the window is wide, up to what leaves the rest in
 * sight on a 1024 x 768 projector; square. */
static void
qr_resize_cb (GtkDrawingArea *area,
              int             width,
              int             height,
              gpointer        user_data)
{
  int size = CLAMP (width, QR_MIN_SIZE, QR_MAX_SIZE);

  if (gtk_drawing_area_get_content_height (area) != size)
    gtk_drawing_area_set_content_height (area, size);
}

static void
update_joined (BitmazeClassDialog *self)
{
  guint joined = bitmaze_class_server_get_joined (self->server);
  /* Translators: in the class session window */
  g_autofree char *text = g_strdup_printf (ngettext ("%u student joined", "%u students joined", joined),
                                           joined);

  gtk_label_set_label (self->joined_label, text);
}

/* One row of the students' list: the name (plain text, isolated so that
 * a right-to-left name keeps its place), with the ranking on its right
 * answers, and a button that removes the student. */
static GtkWidget *
student_row (const char *name,
             const char *score)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *isolated = g_strconcat ("\u2068", name, "\u2069", NULL);
  GtkWidget *label = gtk_label_new (isolated);
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");
  /* Translators: the tooltip of the button that removes a student from
   * the class; %s is the student's name */
  g_autofree char *tooltip = g_strdup_printf (_("Remove %s"), isolated);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  if (score != NULL)
    {
      GtkWidget *right = gtk_label_new (score);

      gtk_widget_add_css_class (right, "dim-label");
      gtk_widget_add_css_class (right, "numeric");
      gtk_box_append (GTK_BOX (box), right);
    }
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "class.remove");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", name);
  gtk_box_append (GTK_BOX (box), button);
  return box;
}

/* The students of the class, in the ranking's order while it is on. */
static void
update_students (BitmazeClassDialog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->students_list))) != NULL)
    gtk_list_box_remove (self->students_list, child);

  if (bitmaze_class_server_get_ranking (self->server))
    {
      g_autoptr (GPtrArray) ranking = bitmaze_class_server_dup_ranking (self->server, 0);

      for (guint i = 0; i < ranking->len; i++)
        {
          const BitmazeClassRank *rank = g_ptr_array_index (ranking, i);
          /* Translators: a student's right answers in the class session
           * window's ranking */
          g_autofree char *score = g_strdup_printf (_("%u of %u right"), rank->right, rank->asked);

          gtk_list_box_append (self->students_list, student_row (rank->name, score));
        }
    }
  else
    {
      g_auto (GStrv) names = bitmaze_class_server_dup_class_names (self->server);

      for (guint i = 0; names[i] != NULL; i++)
        gtk_list_box_append (self->students_list, student_row (names[i], NULL));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->students_list),
                          gtk_widget_get_first_child (GTK_WIDGET (self->students_list)) != NULL);
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (widget);

  bitmaze_class_server_remove_student (self->server, g_variant_get_string (parameter, NULL));
}

static void
update_state (BitmazeClassDialog *self)
{
  gboolean running = bitmaze_class_server_get_running (self->server);

  g_clear_pointer (&self->qr, bitmaze_class_qr_free);
  if (running)
    {
      self->qr = bitmaze_class_qr_new (bitmaze_class_server_get_join_url (self->server));
      gtk_label_set_label (self->url_label, bitmaze_class_server_get_url (self->server));
      gtk_label_set_label (self->code_label, bitmaze_class_server_get_join_code (self->server));
      gtk_stack_set_visible_child_name (self->stack, "running");
    }
  else
    {
      refresh_addresses (self);
      gtk_stack_set_visible_child_name (self->stack, "start");
    }
  update_joined (self);
  update_students (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->qr_area));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "class.start", !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "class.stop", running);
  /* The focus on Stop, not on the address: a selectable label with the
   * focus shows itself selected, which reads badly on a projector. */
  if (running)
    {
      gtk_widget_grab_focus (self->stop_button);
      gtk_label_select_region (self->url_label, 0, 0);
    }
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (widget);
  guint i = adw_combo_row_get_selected (self->address_row);
  const char *address = i < g_strv_length (self->addresses) ? self->addresses[i] : LOOPBACK;
  g_autoptr (GError) error = NULL;

  bitmaze_class_server_set_ranking (self->server, gtk_switch_get_active (self->ranking_switch));
  /* The same address from lesson to lesson if the port is free. */
  if (!bitmaze_class_server_start (self->server, address, BITMAZE_CLASS_DEFAULT_PORT, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
    {
      g_clear_error (&error);
      bitmaze_class_server_start (self->server, address, 0, &error);
    }

  if (error != NULL)
    {
      /* Translators: %s is the address and the system's reason */
      g_autofree char *text = g_strdup_printf (_("The session could not start on %s: %s"),
                                               address, error->message);

      gtk_label_set_label (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  bitmaze_class_server_stop (BITMAZE_CLASS_DIALOG (widget)->server);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
bitmaze_class_dialog_constructed (GObject *object)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (object);

  G_OBJECT_CLASS (bitmaze_class_dialog_parent_class)->constructed (object);

  g_signal_connect_object (self->server, "notify::running", G_CALLBACK (update_state), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::joined", G_CALLBACK (update_joined), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "students-changed", G_CALLBACK (update_students), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "revealed", G_CALLBACK (update_students), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "notify::ranking", G_CALLBACK (update_students), self,
                           G_CONNECT_SWAPPED);
  g_object_bind_property (self->server, "locked", self->lock_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->server, "students-per-address",
                          gtk_spin_button_get_adjustment (self->per_device_spin), "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_switch_set_active (self->ranking_switch, bitmaze_class_server_get_ranking (self->server));
  update_state (self);
}

static void
bitmaze_class_dialog_dispose (GObject *object)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (object);

  g_clear_object (&self->server);

  G_OBJECT_CLASS (bitmaze_class_dialog_parent_class)->dispose (object);
}

static void
bitmaze_class_dialog_finalize (GObject *object)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (object);

  g_strfreev (self->addresses);
  g_clear_pointer (&self->qr, bitmaze_class_qr_free);

  G_OBJECT_CLASS (bitmaze_class_dialog_parent_class)->finalize (object);
}

static void
bitmaze_class_dialog_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      g_value_set_object (value, self->server);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_dialog_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  BitmazeClassDialog *self = BITMAZE_CLASS_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SERVER:
      self->server = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bitmaze_class_dialog_class_init (BitmazeClassDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = bitmaze_class_dialog_constructed;
  object_class->dispose = bitmaze_class_dialog_dispose;
  object_class->finalize = bitmaze_class_dialog_finalize;
  object_class->get_property = bitmaze_class_dialog_get_property;
  object_class->set_property = bitmaze_class_dialog_set_property;

  properties[PROP_SERVER] = g_param_spec_object ("server", NULL, NULL,
                                                 BITMAZE_TYPE_CLASS_SERVER,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                 G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/bitmaze-class-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, ranking_switch);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, no_network_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, url_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, qr_area);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, joined_label);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, stop_button);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, lock_switch);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, per_device_spin);
  gtk_widget_class_bind_template_child (widget_class, BitmazeClassDialog, students_list);

  gtk_widget_class_install_action (widget_class, "class.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "class.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "class.remove", "s", remove_action);
}

static void
bitmaze_class_dialog_init (BitmazeClassDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->qr_area, qr_draw, self, NULL);
  g_signal_connect (self->qr_area, "resize", G_CALLBACK (qr_resize_cb), self);
}

BitmazeClassDialog *
bitmaze_class_dialog_new (BitmazeClassServer *server)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_SERVER (server), NULL);

  return g_object_new (BITMAZE_TYPE_CLASS_DIALOG, "server", server, NULL);
}

BitmazeClassServer *
bitmaze_class_dialog_get_server (BitmazeClassDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), NULL);

  return self->server;
}

const char * const *
bitmaze_class_dialog_get_addresses (BitmazeClassDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), NULL);

  return (const char * const *) self->addresses;
}

void
bitmaze_class_dialog_set_address (BitmazeClassDialog *self,
                                  const char         *address)
{
  g_return_if_fail (BITMAZE_IS_CLASS_DIALOG (self));

  for (guint i = 0; self->addresses[i] != NULL; i++)
    if (g_str_equal (self->addresses[i], address))
      adw_combo_row_set_selected (self->address_row, i);
}

gboolean
bitmaze_class_dialog_get_no_network (BitmazeClassDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), FALSE);

  return gtk_widget_get_visible (GTK_WIDGET (self->no_network_label));
}

const char *
bitmaze_class_dialog_get_text (BitmazeClassDialog *self,
                               const char         *which)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), NULL);

  if (g_str_equal (which, "url"))
    return gtk_label_get_label (self->url_label);
  if (g_str_equal (which, "code"))
    return gtk_label_get_label (self->code_label);
  if (g_str_equal (which, "joined"))
    return gtk_label_get_label (self->joined_label);
  if (g_str_equal (which, "error"))
    return gtk_widget_get_visible (GTK_WIDGET (self->error_label)) ? gtk_label_get_label (self->error_label) : NULL;
  g_return_val_if_reached (NULL);
}

GtkWidget *
bitmaze_class_dialog_get_qr (BitmazeClassDialog *self)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), NULL);

  return GTK_WIDGET (self->qr_area);
}

GtkWidget *
bitmaze_class_dialog_get_control (BitmazeClassDialog *self,
                                  const char         *which)
{
  g_return_val_if_fail (BITMAZE_IS_CLASS_DIALOG (self), NULL);

  if (g_str_equal (which, "lock"))
    return GTK_WIDGET (self->lock_switch);
  if (g_str_equal (which, "per-device"))
    return GTK_WIDGET (self->per_device_spin);
  if (g_str_equal (which, "students"))
    return GTK_WIDGET (self->students_list);
  g_return_val_if_reached (NULL);
}
