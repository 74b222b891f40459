/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bitmaze-forward.h"

/* A part's signal emits the target's signal of the same name, with the
 * same arguments: the closure's data is the target, its marshal data
 * the target's signal id. */
static void
forward_marshal (GClosure     *closure,
                 GValue       *return_value,
                 guint         n_param_values,
                 const GValue *param_values,
                 gpointer      invocation_hint,
                 gpointer      marshal_data)
{
  GValue values[4] = { G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT, G_VALUE_INIT };

  g_return_if_fail (n_param_values <= G_N_ELEMENTS (values));

  g_value_init_from_instance (&values[0], closure->data);
  /* the arguments are pointers and numbers: a plain copy keeps them */
  for (guint i = 1; i < n_param_values; i++)
    values[i] = param_values[i];
  g_signal_emitv (values, GPOINTER_TO_UINT (marshal_data), 0, NULL);
  g_value_unset (&values[0]);
}

void
bitmaze_forward_signals (gpointer     target,
                         const guint *signals,
                         guint        n_signals,
                         gpointer     part)
{
  g_return_if_fail (G_IS_OBJECT (target));
  g_return_if_fail (G_IS_OBJECT (part));

  for (guint i = 0; i < n_signals; i++)
    {
      const char *name = g_signal_name (signals[i]);
      GClosure *closure;

      if (g_signal_lookup (name, G_OBJECT_TYPE (part)) == 0)
        continue;
      closure = g_closure_new_simple (sizeof (GClosure), target);
      g_closure_set_meta_marshal (closure, GUINT_TO_POINTER (signals[i]), forward_marshal);
      g_signal_connect_closure (part, name, closure, FALSE);
    }
}
