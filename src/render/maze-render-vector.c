/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * maze-render-vector.c: SVG and PDF written as they are drawn.
 *
 * cairo's SVG and PDF surfaces record a whole page before they write a
 * byte of it, then write it from that record: several hundred bytes of
 * memory for every rectangle, which for a maze of millions of cells is
 * gigabytes (an 8000 x 8000 SVG ran out of memory).  The renderer's
 * drawings are simple (filled rectangles and discs of one colour per
 * layer, an outline, a few labels), so for files it writes them itself,
 * straight to the output, in a buffer of a fixed size: memory no longer
 * grows with the maze.
 *
 * Everything a layer draws in one colour is one path, filled once with
 * the nonzero rule: the union of its rectangles and discs, so a
 * translucent colour is not laid twice where two of them overlap (what
 * cairo's groups do for the window).  Coordinates are the renderer's user
 * units, y down, written with at most three decimals: SVG keeps them as
 * they are (in points, like cairo's SVG), a PDF page flips its y axis
 * once at the top of its content.  A PDF's content stream is compressed
 * (zlib) as it is written; its length, resources and cross-reference
 * table follow at the end, where they are known.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "maze-render-private.h"

#define OUT_SIZE   65536
#define MAX_ALPHAS 16
/* Courier, the PDF font every reader has: every glyph is 0.6 em wide. */
#define COURIER_ADVANCE 0.6
#define COURIER_ASCENT  0.629
#define COURIER_DESCENT 0.157

struct RenderVector
{
  RenderVectorFormat  format;
  cairo_write_func_t  write_func;
  void               *closure;
  bool                failed;
  uint64_t            offset;  /* bytes written to write_func so far */

  /* What is being written: SVG text, or PDF content before compression. */
  unsigned char       buf[OUT_SIZE];
  size_t              len;

  /* PDF */
  z_stream            z;
  bool                z_ready;
  uint64_t            stream_start;
  uint64_t            obj_offset[16];
  double              alphas[MAX_ALPHAS]; /* ExtGState /aN: fill alpha */
  unsigned            n_alphas;
  bool                font;

  /* The path being built: the start of its last subpath (SVG's relative
   * moves start there, where "z" leaves the pen). */
  bool                in_path;
  bool                any_subpath;
  double              last_x;
  double              last_y;
  double              height;
};

/* ---- bytes out ---- */

static void
emit_raw (RenderVector        *v,
          const unsigned char *data,
          size_t               len)
{
  while (!v->failed && len > 0)
    {
      unsigned int n = len > (1u << 30) ? 1u << 30 : (unsigned int) len;

      if (v->write_func (v->closure, data, n) != CAIRO_STATUS_SUCCESS)
        v->failed = true;
      v->offset += n;
      data += n;
      len -= n;
    }
}

/* Compresses what is in the buffer into the content stream; with
 * @finish, ends the stream. */
static void
deflate_buffer (RenderVector *v,
                bool          finish)
{
  unsigned char out[OUT_SIZE];
  int status;

  v->z.next_in = v->buf;
  v->z.avail_in = (uInt) v->len;
  do
    {
      v->z.next_out = out;
      v->z.avail_out = sizeof out;
      status = deflate (&v->z, finish ? Z_FINISH : Z_NO_FLUSH);
      if (status == Z_STREAM_ERROR)
        {
          v->failed = true;
          break;
        }
      emit_raw (v, out, sizeof out - v->z.avail_out);
    }
  while (v->z.avail_out == 0 || (finish && status != Z_STREAM_END));
  v->len = 0;
}

static void
flush_buffer (RenderVector *v)
{
  if (v->format == RENDER_VECTOR_PDF && v->z_ready)
    deflate_buffer (v, false);
  else
    {
      emit_raw (v, v->buf, v->len);
      v->len = 0;
    }
}

static void
put_slow (RenderVector *v,
          const char   *s,
          size_t        len)
{
  while (len > 0)
    {
      size_t n;

      if (v->len == sizeof v->buf)
        flush_buffer (v);
      n = sizeof v->buf - v->len < len ? sizeof v->buf - v->len : len;
      memcpy (v->buf + v->len, s, n);
      v->len += n;
      s += n;
      len -= n;
    }
}

/* Inline: most strings are a few bytes of known length, which the
 * compiler then copies without a call. */
static inline void
put (RenderVector *v,
     const char   *s,
     size_t        len)
{
  if (v->len + len <= sizeof v->buf)
    {
      memcpy (v->buf + v->len, s, len);
      v->len += len;
    }
  else
    put_slow (v, s, len);
}

#define PUT_LITERAL(v, s) put ((v), (s), sizeof (s) - 1)

static void
puts_ (RenderVector *v,
       const char   *s)
{
  put (v, s, strlen (s));
}

/* @x with at most three decimals, no trailing zeros: "12", "-0.5". */
static size_t
format_number (char   *out,
               double  x)
{
  char digits[32];
  long long n;
  unsigned long long u, whole, frac;
  size_t len = 0, k = 0;

  if (!isfinite (x) || fabs (x) > 1e12)
    x = 0.0;
  /* thousandths, rounded half away from zero */
  x *= 1000.0;
  n = (long long) (x < 0.0 ? x - 0.5 : x + 0.5);
  if (n < 0)
    {
      out[len++] = '-';
      u = (unsigned long long) (-n);
    }
  else
    u = (unsigned long long) n;
  whole = u / 1000;
  frac = u % 1000;
  do
    {
      digits[k++] = (char) ('0' + whole % 10);
      whole /= 10;
    }
  while (whole > 0);
  while (k > 0)
    out[len++] = digits[--k];
  if (frac != 0)
    {
      out[len++] = '.';
      out[len++] = (char) ('0' + frac / 100);
      frac %= 100;
      if (frac != 0)
        {
          out[len++] = (char) ('0' + frac / 10);
          frac %= 10;
          if (frac != 0)
            out[len++] = (char) ('0' + frac);
        }
    }
  if (len == 2 && out[0] == '-' && out[1] == '0')
    len = 1, out[0] = '0';
  return len;
}

/* Writes @x, preceded by @sep when not 0. */
static void
put_number (RenderVector *v,
            char          sep,
            double        x)
{
  unsigned char *p;

  if (v->len + 40 > sizeof v->buf)
    flush_buffer (v);
  p = v->buf + v->len;
  if (sep != 0)
    *p++ = (unsigned char) sep;
  p += format_number ((char *) p, x);
  v->len = (size_t) (p - v->buf);
}

static void
put_hex_colour (RenderVector     *v,
                const RenderRgba *c)
{
  static const char hex[] = "0123456789abcdef";
  double comp[3] = { c->red, c->green, c->blue };
  char s[8] = "#";

  for (int k = 0; k < 3; k++)
    {
      unsigned b = (unsigned) lround (fmin (fmax (comp[k], 0.0), 1.0) * 255.0);

      s[1 + 2 * k] = hex[b >> 4];
      s[2 + 2 * k] = hex[b & 15];
    }
  put (v, s, 7);
}

/* PDF: "r g b rg" (or RG for strokes) and, when translucent, the graphics
 * state with that alpha. */
static void
put_pdf_colour (RenderVector     *v,
                const RenderRgba *c,
                bool              stroke)
{
  unsigned k;

  put_number (v, 0, fmin (fmax (c->red, 0.0), 1.0));
  put_number (v, ' ', fmin (fmax (c->green, 0.0), 1.0));
  put_number (v, ' ', fmin (fmax (c->blue, 0.0), 1.0));
  puts_ (v, stroke ? " RG\n" : " rg\n");
  if (c->alpha >= 1.0)
    return;
  for (k = 0; k < v->n_alphas && v->alphas[k] != c->alpha; k++)
    ;
  if (k == v->n_alphas && k < MAX_ALPHAS)
    v->alphas[v->n_alphas++] = c->alpha;
  if (k < MAX_ALPHAS)
    {
      char s[16];

      snprintf (s, sizeof s, "/a%u gs\n", k);
      puts_ (v, s);
    }
}

/* ---- the document ---- */

static void
pdf_object_begin (RenderVector *v,
                  unsigned      number)
{
  char s[32];

  flush_buffer (v);
  v->obj_offset[number] = v->offset;
  snprintf (s, sizeof s, "%u 0 obj\n", number);
  puts_ (v, s);
}

RenderVector *
render_vector_new (RenderVectorFormat  format,
                   double              width,
                   double              height,
                   cairo_write_func_t  write_func,
                   void               *closure)
{
  RenderVector *v = calloc (1, sizeof *v);

  if (v == NULL)
    return NULL;
  v->format = format;
  v->write_func = write_func;
  v->closure = closure;
  v->height = height;
  if (format == RENDER_VECTOR_SVG)
    {
      puts_ (v, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
      put_number (v, 0, width);
      PUT_LITERAL (v, "pt\" height=\"");
      put_number (v, 0, height);
      PUT_LITERAL (v, "pt\" viewBox=\"0 0");
      put_number (v, ' ', width);
      put_number (v, ' ', height);
      PUT_LITERAL (v, "\">\n");
      return v;
    }

  /* PDF: catalog 1, pages 2, page 3, content 4 (its length 5),
   * resources 6, information 7, then the graphics states and the font. */
  PUT_LITERAL (v, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  pdf_object_begin (v, 1);
  PUT_LITERAL (v, "<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  pdf_object_begin (v, 2);
  PUT_LITERAL (v, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
  pdf_object_begin (v, 3);
  PUT_LITERAL (v, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0");
  put_number (v, ' ', width);
  put_number (v, ' ', height);
  PUT_LITERAL (v, "] /Resources 6 0 R /Contents 4 0 R >>\nendobj\n");
  pdf_object_begin (v, 4);
  PUT_LITERAL (v, "<< /Length 5 0 R /Filter /FlateDecode >>\nstream\n");
  flush_buffer (v);
  v->stream_start = v->offset;
  if (deflateInit (&v->z, Z_BEST_SPEED) != Z_OK)
    {
      free (v);
      return NULL;
    }
  v->z_ready = true;
  /* user space: y down, as the renderer draws */
  PUT_LITERAL (v, "1 0 0 -1 0");
  put_number (v, ' ', height);
  PUT_LITERAL (v, " cm\n");
  return v;
}

cairo_status_t
render_vector_finish (RenderVector *v)
{
  cairo_status_t status = CAIRO_STATUS_SUCCESS;

  if (v->format == RENDER_VECTOR_SVG)
    PUT_LITERAL (v, "</svg>\n");
  else
    {
      char s[128];
      unsigned n_objects;
      uint64_t xref, stream_length;

      deflate_buffer (v, true);
      deflateEnd (&v->z);
      v->z_ready = false;
      stream_length = v->offset - v->stream_start;
      PUT_LITERAL (v, "\nendstream\nendobj\n");
      pdf_object_begin (v, 5);
      snprintf (s, sizeof s, "%llu\nendobj\n", (unsigned long long) stream_length);
      puts_ (v, s);
      pdf_object_begin (v, 6);
      PUT_LITERAL (v, "<<");
      if (v->n_alphas > 0)
        {
          PUT_LITERAL (v, " /ExtGState <<");
          for (unsigned k = 0; k < v->n_alphas; k++)
            {
              snprintf (s, sizeof s, " /a%u %u 0 R", k, 8 + k);
              puts_ (v, s);
            }
          PUT_LITERAL (v, " >>");
        }
      if (v->font)
        {
          snprintf (s, sizeof s, " /Font << /F1 %u 0 R >>", 8 + v->n_alphas);
          puts_ (v, s);
        }
      PUT_LITERAL (v, " >>\nendobj\n");
      pdf_object_begin (v, 7);
      PUT_LITERAL (v, "<< /Creator (Bitmaze) /Producer (Bitmaze) >>\nendobj\n");
      for (unsigned k = 0; k < v->n_alphas; k++)
        {
          pdf_object_begin (v, 8 + k);
          PUT_LITERAL (v, "<< /Type /ExtGState /ca");
          put_number (v, ' ', v->alphas[k]);
          PUT_LITERAL (v, " /CA");
          put_number (v, ' ', v->alphas[k]);
          PUT_LITERAL (v, " >>\nendobj\n");
        }
      n_objects = 8 + v->n_alphas;
      if (v->font)
        {
          pdf_object_begin (v, n_objects++);
          puts_ (v, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier "
                    "/Encoding /WinAnsiEncoding >>\nendobj\n");
        }
      flush_buffer (v);
      xref = v->offset;
      snprintf (s, sizeof s, "xref\n0 %u\n0000000000 65535 f \n", n_objects);
      puts_ (v, s);
      for (unsigned k = 1; k < n_objects; k++)
        {
          snprintf (s, sizeof s, "%010llu 00000 n \n",
                    (unsigned long long) v->obj_offset[k]);
          puts_ (v, s);
        }
      snprintf (s, sizeof s, "trailer\n<< /Size %u /Root 1 0 R /Info 7 0 R >>\n"
                "startxref\n%llu\n%%%%EOF\n", n_objects, (unsigned long long) xref);
      puts_ (v, s);
    }
  flush_buffer (v);
  if (v->failed)
    status = CAIRO_STATUS_WRITE_ERROR;
  render_vector_free (v);
  return status;
}

size_t
render_vector_size (void)
{
  return sizeof (RenderVector);
}

void
render_vector_free (RenderVector *v)
{
  if (v == NULL)
    return;
  if (v->z_ready)
    deflateEnd (&v->z);
  free (v);
}

/* ---- filled paths ---- */

void
render_vector_fill_begin (RenderVector     *v,
                          const RenderRgba *c)
{
  v->in_path = true;
  v->any_subpath = false;
  if (v->format == RENDER_VECTOR_SVG)
    {
      PUT_LITERAL (v, "<path fill=\"");
      put_hex_colour (v, c);
      if (c->alpha < 1.0)
        {
          PUT_LITERAL (v, "\" fill-opacity=\"");
          put_number (v, 0, c->alpha);
        }
      PUT_LITERAL (v, "\" d=\"");
    }
  else
    {
      PUT_LITERAL (v, "q\n");
      put_pdf_colour (v, c, false);
    }
}

/* SVG: the move to a subpath's start, relative to the last one's. */
static void
svg_move (RenderVector *v,
          double        x,
          double        y)
{
  if (!v->any_subpath)
    {
      put_number (v, 'M', x);
      put_number (v, ' ', y);
    }
  else
    {
      put_number (v, 'm', x - v->last_x);
      put_number (v, ' ', y - v->last_y);
    }
  v->any_subpath = true;
  v->last_x = x;
  v->last_y = y;
}

void
render_vector_rect (RenderVector *v,
                    double        x,
                    double        y,
                    double        width,
                    double        height)
{
  if (v->format == RENDER_VECTOR_SVG)
    {
      svg_move (v, x, y);
      put_number (v, 'h', width);
      put_number (v, 'v', height);
      put_number (v, 'h', -width);
      PUT_LITERAL (v, "z");
    }
  else
    {
      put_number (v, 0, x);
      put_number (v, ' ', y);
      put_number (v, ' ', width);
      put_number (v, ' ', height);
      PUT_LITERAL (v, " re\n");
      v->any_subpath = true;
    }
}

void
render_vector_circle (RenderVector *v,
                      double        cx,
                      double        cy,
                      double        r)
{
  if (v->format == RENDER_VECTOR_SVG)
    {
      svg_move (v, cx - r, cy);
      put_number (v, 'a', r);
      put_number (v, ' ', r);
      PUT_LITERAL (v, " 0 1 0");
      put_number (v, ' ', 2 * r);
      PUT_LITERAL (v, " 0");
      put_number (v, 'a', r);
      put_number (v, ' ', r);
      PUT_LITERAL (v, " 0 1 0");
      put_number (v, ' ', -2 * r);
      PUT_LITERAL (v, " 0z");
    }
  else
    {
      /* four Bézier quarters; k puts their middles on the circle */
      static const double quarter[4][2] = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } };
      double k = 0.5522847498 * r;

      put_number (v, 0, cx + r);
      put_number (v, ' ', cy);
      PUT_LITERAL (v, " m\n");
      for (int q = 0; q < 4; q++)
        {
          const double *a = quarter[q], *b = quarter[(q + 1) % 4];

          put_number (v, 0, cx + a[0] * r + b[0] * k);
          put_number (v, ' ', cy + a[1] * r + b[1] * k);
          put_number (v, ' ', cx + b[0] * r + a[0] * k);
          put_number (v, ' ', cy + b[1] * r + a[1] * k);
          put_number (v, ' ', cx + b[0] * r);
          put_number (v, ' ', cy + b[1] * r);
          PUT_LITERAL (v, " c\n");
        }
      PUT_LITERAL (v, "h\n");
      v->any_subpath = true;
    }
}

void
render_vector_fill_end (RenderVector *v)
{
  if (!v->in_path)
    return;
  v->in_path = false;
  if (v->format == RENDER_VECTOR_SVG)
    PUT_LITERAL (v, "\"/>\n");
  else
    puts_ (v, v->any_subpath ? "f\nQ\n" : "n\nQ\n");
}

/* ---- an outline, text ---- */

void
render_vector_stroke_rect (RenderVector     *v,
                           const RenderRgba *c,
                           double            line_width,
                           double            x,
                           double            y,
                           double            width,
                           double            height)
{
  if (v->format == RENDER_VECTOR_SVG)
    {
      PUT_LITERAL (v, "<path fill=\"none\" stroke=\"");
      put_hex_colour (v, c);
      if (c->alpha < 1.0)
        {
          PUT_LITERAL (v, "\" stroke-opacity=\"");
          put_number (v, 0, c->alpha);
        }
      PUT_LITERAL (v, "\" stroke-width=\"");
      put_number (v, 0, line_width);
      PUT_LITERAL (v, "\" stroke-linejoin=\"miter\" d=\"");
      put_number (v, 'M', x);
      put_number (v, ' ', y);
      put_number (v, 'h', width);
      put_number (v, 'v', height);
      put_number (v, 'h', -width);
      PUT_LITERAL (v, "z\"/>\n");
    }
  else
    {
      PUT_LITERAL (v, "q\n");
      put_pdf_colour (v, c, true);
      put_number (v, 0, line_width);
      PUT_LITERAL (v, " w 0 j\n");
      put_number (v, 0, x);
      put_number (v, ' ', y);
      put_number (v, ' ', width);
      put_number (v, ' ', height);
      PUT_LITERAL (v, " re\nS\nQ\n");
    }
}

void
render_vector_text_metrics (double  size,
                            size_t  length,
                            double *advance,
                            double *ascent,
                            double *descent)
{
  *advance = COURIER_ADVANCE * size * (double) length;
  *ascent = COURIER_ASCENT * size;
  *descent = COURIER_DESCENT * size;
}

void
render_vector_text_begin (RenderVector     *v,
                          const RenderRgba *c,
                          double            size)
{
  if (v->format == RENDER_VECTOR_SVG)
    {
      PUT_LITERAL (v, "<g fill=\"");
      put_hex_colour (v, c);
      if (c->alpha < 1.0)
        {
          PUT_LITERAL (v, "\" fill-opacity=\"");
          put_number (v, 0, c->alpha);
        }
      PUT_LITERAL (v, "\" font-family=\"Courier, monospace\" font-size=\"");
      put_number (v, 0, size);
      PUT_LITERAL (v, "\">\n");
    }
  else
    {
      v->font = true;
      PUT_LITERAL (v, "q\n");
      put_pdf_colour (v, c, false);
      PUT_LITERAL (v, "BT\n/F1");
      put_number (v, ' ', size);
      PUT_LITERAL (v, " Tf\n");
    }
}

/* @text is a label: hex digits and binary digits, nothing to escape. */
void
render_vector_text (RenderVector *v,
                    double        x,
                    double        y,
                    const char   *text)
{
  if (v->format == RENDER_VECTOR_SVG)
    {
      PUT_LITERAL (v, "<text x=\"");
      put_number (v, 0, x);
      PUT_LITERAL (v, "\" y=\"");
      put_number (v, 0, y);
      PUT_LITERAL (v, "\">");
      puts_ (v, text);
      PUT_LITERAL (v, "</text>\n");
    }
  else
    {
      /* the text matrix turns the page's flipped y axis back */
      PUT_LITERAL (v, "1 0 0 -1");
      put_number (v, ' ', x);
      put_number (v, ' ', y);
      PUT_LITERAL (v, " Tm (");
      puts_ (v, text);
      PUT_LITERAL (v, ") Tj\n");
    }
}

void
render_vector_text_end (RenderVector *v)
{
  puts_ (v, v->format == RENDER_VECTOR_SVG ? "</g>\n" : "ET\nQ\n");
}
