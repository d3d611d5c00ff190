#ifndef SAK_IMAGING_SHIM_H
#define SAK_IMAGING_SHIM_H

/*
 * The only C in ScreenAuditKit: a thin layer over libpng and libjpeg(-turbo) that owns their
 * setjmp/longjmp error exits (which Swift cannot catch) and their function-like macros.
 * Every entry point returns a status; no error ever leaves through a longjmp or abort().
 * Pixels are written straight into a buffer the caller owns, row by row, with no extra pass.
 * Below the codecs: a few byte loops the encoder needs, and the one malloc setting Swift's Glibc
 * module does not expose (mallopt).
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SAK_OK = 0,
    SAK_ERR_NOT_IMAGE = 1,
    SAK_ERR_TRUNCATED = 2,
    SAK_ERR_CORRUPT = 3,
    SAK_ERR_UNSUPPORTED = 4,
    SAK_ERR_TOO_LARGE = 5,
    SAK_ERR_RESOURCE = 6
} sak_status;

/* JPEG colour spaces as libjpeg numbers them (J_COLOR_SPACE). */
enum {
    SAK_JPEG_GRAY = 1,
    SAK_JPEG_RGB = 2,
    SAK_JPEG_YCBCR = 3,
    SAK_JPEG_CMYK = 4,
    SAK_JPEG_YCCK = 5
};

/* What a file's header says, read before any pixel memory is allocated. */
typedef struct {
    uint32_t width;
    uint32_t height;
    int color_type;   /* PNG colour type, or a SAK_JPEG_* colour space */
    int bit_depth;
    int interlaced;   /* PNG: Adam7; JPEG: progressive */
    int has_trns;
    int has_srgb;
    int srgb_intent;
    int has_gama;
    double gamma;     /* file gamma, e.g. 0.45455 */
    int has_chrm;
    double chrm[8];   /* white x,y, red x,y, green x,y, blue x,y */
    const uint8_t *icc;      /* owned by the reader; valid until it is destroyed */
    uint32_t icc_length;
    char icc_name[80];
} sak_image_header;

/* ---- PNG reading ---- */
typedef struct sak_png_reader sak_png_reader;

/* NULL only when memory is exhausted. `data` must outlive the reader. */
sak_png_reader *sak_png_reader_create(const uint8_t *data, size_t length);
/* Reads every chunk before the image data; allocates no pixel memory. */
sak_status sak_png_read_header(sak_png_reader *reader, sak_image_header *header);
/* Decodes into `pixels` (height rows of `stride` bytes, stride >= width * 4) as 8-bit RGBA. */
sak_status sak_png_read_rgba(sak_png_reader *reader, uint8_t *pixels, size_t stride);
/* The library's message for the last failure ("" if none). */
const char *sak_png_reader_message(const sak_png_reader *reader);
/* Warnings libpng raised while reading, joined by "; " ("" if none). */
const char *sak_png_reader_warnings(const sak_png_reader *reader);
void sak_png_reader_destroy(sak_png_reader *reader);

/* ---- JPEG reading ---- */
typedef struct sak_jpeg_reader sak_jpeg_reader;

sak_jpeg_reader *sak_jpeg_reader_create(const uint8_t *data, size_t length);
/* Bounds libjpeg's working memory (its coefficient buffers: a progressive image keeps every DCT
 * coefficient until its last scan); over it, decoding fails as too large instead of allocating. */
void sak_jpeg_reader_limit_memory(sak_jpeg_reader *reader, size_t bytes);
sak_status sak_jpeg_read_header(sak_jpeg_reader *reader, sak_image_header *header);
sak_status sak_jpeg_read_rgba(sak_jpeg_reader *reader, uint8_t *pixels, size_t stride);
const char *sak_jpeg_reader_message(const sak_jpeg_reader *reader);
const char *sak_jpeg_reader_warnings(const sak_jpeg_reader *reader);
void sak_jpeg_reader_destroy(sak_jpeg_reader *reader);

/* ---- Encoded output ---- */
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} sak_buffer;

void sak_buffer_free(sak_buffer *buffer);

/* ---- PNG writing ---- */
typedef struct {
    uint32_t width;
    uint32_t height;
    int color_type;          /* any PNG colour type */
    int bit_depth;           /* 1, 2, 4, 8 or 16 as the colour type allows */
    int interlaced;          /* Adam7 when non-zero */
    int compression_level;   /* zlib level 0-9; fixed by the caller for deterministic bytes */
    const uint8_t *palette;  /* RGB triples */
    int palette_count;
    const uint8_t *trns;     /* palette alpha values */
    int trns_count;
    int has_trns_color;      /* a single transparent colour for grey / RGB images */
    uint16_t trns_gray;
    uint16_t trns_red, trns_green, trns_blue;
    int srgb_intent;         /* -1: no sRGB chunk */
    double gamma;            /* 0: no gAMA chunk */
    int has_chrm;
    double chrm[8];
    const uint8_t *icc;      /* NULL: no iCCP chunk */
    uint32_t icc_length;
    const char *icc_name;
    int filters;             /* 0: libpng's adaptive choice; else a PNG_FILTER_* mask (PNG_FILTER_SUB 0x10, …) */
    int strip_filler;        /* non-zero: RGB rows carry a fourth byte per pixel, not written */
} sak_png_write_params;

/* `rows`: height rows of `stride` bytes, already packed in the PNG's own sample layout
 * (big-endian 16-bit samples, sub-byte samples packed high bit first). */
sak_status sak_png_write(const sak_png_write_params *params, const uint8_t *rows, size_t stride,
                         sak_buffer *out, char *message, size_t message_capacity);

/* ---- JPEG writing (test images, benchmarks) ---- */
typedef struct {
    uint32_t width;
    uint32_t height;
    int components;          /* 1 grey, 3 RGB, 4 CMYK */
    int quality;             /* 1-100 */
    int progressive;
    const uint8_t *icc;
    uint32_t icc_length;
} sak_jpeg_write_params;

sak_status sak_jpeg_write(const sak_jpeg_write_params *params, const uint8_t *pixels, size_t stride,
                          sak_buffer *out, char *message, size_t message_capacity);

/* ---- libpng's simplified API, as the benchmark's yardstick ---- */
sak_status sak_png_simplified_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height);
sak_status sak_png_simplified_decode_rgba(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride);

/* One row of RGBA pixels as PNG filter type 2 (Up) bytes of RGB: each colour byte less the one
 * above it (`above` NULL for the first row, where the bytes are copied), alpha left out. Writes
 * exactly `width` * 3 bytes to `out`; returns 1 when every alpha of the row is 255, else 0 (and
 * the bytes written then do not stand for the row). */
int sak_png_up_filter_rgb(const uint8_t *current, const uint8_t *above, size_t width, uint8_t *out);

/* 1 when the `count` bytes at `a` and `b` are the same (the C library's memcmp), else 0. */
int sak_bytes_equal(const void *a, const void *b, size_t count);

/* zlib's CRC-32 (the PNG chunk CRC) of `count` bytes, continuing from `crc` (0 to start). */
uint32_t sak_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

/* How many of the `count` RGBA pixels at `pixels` (byte order R, G, B, A) have the colour `rgb`
 * (red in its low byte, then green and blue; alpha is not compared), counted from the first up
 * to the first that differs. */
size_t sak_same_color_run(const uint8_t *pixels, size_t count, uint32_t rgb);

/* Asks the CPU to bring the `bytes` bytes at `start` into its caches ahead of a read: a hint that
 * changes no value and never faults, whatever the address. */
void sak_prefetch(const void *start, size_t bytes);

/* Puts every thread's allocations in one malloc arena (glibc's M_ARENA_MAX = 1), so memory one
 * thread frees is reused by the next allocation of any thread. Threads that already have an arena
 * keep it: call it before others start. Does nothing, and returns 0, where the C library is not
 * glibc or the environment sets the arenas (MALLOC_ARENA_MAX, or malloc.arena_max in
 * GLIBC_TUNABLES: the user's choice stands); 1 when applied. */
int sak_malloc_single_arena(void);

#ifdef __cplusplus
}
#endif

#endif
