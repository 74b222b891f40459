/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <unicode/uchar.h>
#include <unicode/uspoof.h>

#include "bitmaze-class-names.h"

#define ZWNJ 0x200C
#define ZWJ  0x200D

static gboolean
is_blank (gunichar c)
{
  /* Spaces, and what shows as one: the Braille blank and the Hangul
   * fillers (default-ignorable, but a font may draw them as a gap). */
  return g_unichar_isspace (c) || u_hasBinaryProperty ((UChar32) c, UCHAR_WHITE_SPACE) ||
         c == 0x2800 || c == 0x3164 || c == 0xFFA0 || c == 0x115F || c == 0x1160;
}

static gboolean
is_variation_selector (gunichar c)
{
  return (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF);
}

static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_ENCLOSING_MARK ||
         type == G_UNICODE_SPACING_MARK;
}

/* Nothing a reader sees: control, format, unassigned, private use,
 * separators other than space, and what Unicode says to ignore. */
static gboolean
is_invisible (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT ||
         type == G_UNICODE_UNASSIGNED || type == G_UNICODE_PRIVATE_USE ||
         type == G_UNICODE_SURROGATE || type == G_UNICODE_LINE_SEPARATOR ||
         type == G_UNICODE_PARAGRAPH_SEPARATOR ||
         u_hasBinaryProperty ((UChar32) c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

char *
bitmaze_class_name_clean (const char *raw,
                          guint       max_chars)
{
  g_autofree char *nfkc = raw != NULL ? g_utf8_normalize (raw, -1, G_NORMALIZE_NFKC) : NULL;
  GString *name = g_string_new (NULL);
  guint chars = 0;
  guint visible = 0;
  guint marks = 0;          /* marks after the last character kept */
  gboolean base = FALSE;    /* the last thing kept is a visible character (or its marks) */
  gboolean selector = FALSE;/* ... and a variation selector follows it already */
  gboolean space = FALSE;   /* a space waits for the next visible character */
  gunichar joiner = 0;      /* a ZWJ or ZWNJ waits for the next visible character */

  if (nfkc == NULL)
    return g_string_free (name, FALSE);

  for (const char *p = nfkc; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_blank (c))
        {
          space = name->len > 0;
          joiner = 0;
          base = FALSE;
          continue;
        }
      if (c == ZWJ || c == ZWNJ)
        {
          /* Only between two visible characters, one at a time. */
          joiner = base && !space ? c : 0;
          continue;
        }
      if (is_variation_selector (c))
        {
          if (base && !space && !selector && joiner == 0 && chars + 1 <= max_chars)
            {
              g_string_append_unichar (name, c);
              chars++;
              selector = TRUE;
            }
          continue;
        }
      if (is_invisible (c))
        continue;
      if (is_mark (c))
        {
          /* On a character, and only a few: no tower of accents. */
          if (base && !space && joiner == 0 && marks < BITMAZE_CLASS_MARKS_MAX &&
              chars + 1 <= max_chars)
            {
              g_string_append_unichar (name, c);
              chars++;
              marks++;
            }
          continue;
        }

      /* A visible character, with what waits before it. */
      if (chars + 1 + (space ? 1 : 0) + (joiner != 0 ? 1 : 0) > max_chars)
        break;
      if (space)
        {
          g_string_append_c (name, ' ');
          chars++;
        }
      else if (joiner != 0)
        {
          g_string_append_unichar (name, joiner);
          chars++;
        }
      g_string_append_unichar (name, c);
      chars++;
      visible++;
      space = FALSE;
      joiner = 0;
      base = TRUE;
      selector = FALSE;
      marks = 0;
    }

  if (visible == 0)
    g_string_truncate (name, 0);
  return g_string_free (name, FALSE);
}

/* One checker for the process: ICU's are safe to share for
 * uspoof_getSkeleton (). */
static USpoofChecker *
spoof_checker (void)
{
  static gsize checker;

  if (g_once_init_enter (&checker))
    {
      UErrorCode status = U_ZERO_ERROR;
      USpoofChecker *made = uspoof_open (&status);

      if (U_FAILURE (status))
        g_error ("ICU's spoof checker could not open: %s", u_errorName (status));
      g_once_init_leave (&checker, (gsize) made);
    }
  return (USpoofChecker *) checker;
}

char *
bitmaze_class_name_skeleton (const char *name)
{
  g_autofree char *folded = g_utf8_casefold (name, -1);
  g_autofree gunichar2 *text = NULL;
  g_autofree gunichar2 *skeleton = NULL;
  glong len = 0;
  int32_t capacity;
  int32_t n;
  UErrorCode status = U_ZERO_ERROR;

  text = g_utf8_to_utf16 (folded, -1, NULL, &len, NULL);
  if (text == NULL)
    return g_strdup (folded);
  /* A character's skeleton is at most a few; ask again if not. */
  capacity = (int32_t) len * 4 + 16;
  skeleton = g_new (gunichar2, capacity);
  n = uspoof_getSkeleton (spoof_checker (), 0, text, (int32_t) len, skeleton, capacity, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR)
    {
      status = U_ZERO_ERROR;
      g_free (skeleton);
      capacity = n + 1;
      skeleton = g_new (gunichar2, capacity);
      n = uspoof_getSkeleton (spoof_checker (), 0, text, (int32_t) len, skeleton, capacity, &status);
    }
  if (U_FAILURE (status))
    return g_strdup (folded);
  return g_utf16_to_utf8 (skeleton, n, NULL, NULL, NULL);
}
