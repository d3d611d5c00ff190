#include "CImagingShim.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
/* The vector paths: x86-64 with a compiler that can target SSSE3 per function and ask the CPU
 * for it at run time (SSE2 every x86-64 CPU has), or NEON, which every arm64 CPU has. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SAK_X86_SIMD 1
#include <tmmintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

/* Shared by the PNG and JPEG halves of the shim. */
void sak_append_message(char *dst, size_t capacity, const char *text);
void sak_set_message(char *dst, size_t capacity, const char *text);
int sak_buffer_append(sak_buffer *buffer, const uint8_t *bytes, size_t length);

void sak_set_message(char *dst, size_t capacity, const char *text) {
    if (capacity == 0) return;
    size_t n = strlen(text);
    if (n >= capacity) n = capacity - 1;
    memcpy(dst, text, n);
    dst[n] = '\0';
}

void sak_append_message(char *dst, size_t capacity, const char *text) {
    size_t used = strlen(dst);
    if (used > 0) {
        if (used + 2 >= capacity) return;
        memcpy(dst + used, "; ", 2);
        used += 2;
        dst[used] = '\0';
    }
    sak_set_message(dst + used, capacity - used, text);
}

int sak_buffer_append(sak_buffer *buffer, const uint8_t *bytes, size_t length) {
    if (length > SIZE_MAX - buffer->length) return 0;
    size_t needed = buffer->length + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity < 4096 ? 4096 : buffer->capacity;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, length);
    buffer->length = needed;
    return 1;
}

void sak_buffer_free(sak_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

/* ---------------------------------------------------------------- reading */

struct sak_png_reader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t length;
    size_t offset;
    sak_status status;
    int header_read;
    /* One row of 8-bit RGB or palette indices (and 16 bytes of slack), for the layouts the
     * shim widens to RGBA itself; freed with the reader, so a longjmp out of libpng leaks nothing. */
    uint8_t *row;
    char message[512];
    char warnings[1024];
};

static void sak_png_error(png_structp png, png_const_charp text) {
    sak_png_reader *reader = (sak_png_reader *)png_get_error_ptr(png);
    if (reader->status == SAK_OK) {
        if (strstr(text, "memory") != NULL || strstr(text, "Memory") != NULL) {
            reader->status = SAK_ERR_RESOURCE;
        } else {
            reader->status = SAK_ERR_CORRUPT;
        }
        sak_set_message(reader->message, sizeof reader->message, text);
    }
    png_longjmp(png, 1);
}

static void sak_png_warning(png_structp png, png_const_charp text) {
    sak_png_reader *reader = (sak_png_reader *)png_get_error_ptr(png);
    sak_append_message(reader->warnings, sizeof reader->warnings, text);
}

static void sak_png_truncated(png_structp png, sak_png_reader *reader) {
    reader->status = SAK_ERR_TRUNCATED;
    sak_set_message(reader->message, sizeof reader->message,
                    "the file ends before the PNG stream does (truncated)");
    png_error(png, "truncated");
}

static void sak_png_read_data(png_structp png, png_bytep out, size_t count) {
    sak_png_reader *reader = (sak_png_reader *)png_get_io_ptr(png);
    if (count > reader->length - reader->offset) sak_png_truncated(png, reader);
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
    /* libpng allocates a chunk's declared length before reading its data, and on read a length over
     * its chunk limit is only a benign error (a warning): a 270-byte file whose zTXt chunk claimed
     * 1.7 GB made it allocate 1.7 GB (found by Fuzz/png). Data that runs past the end of the file
     * cannot be read whatever it holds, so stop at the header. Lengths over 2^31 - 1 are left to
     * libpng, which rejects them before allocating. */
    if ((png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR && count == 8) {
        png_uint_32 declared = png_get_uint_32(out);
        if (declared <= PNG_UINT_31_MAX && declared > reader->length - reader->offset) {
            sak_png_truncated(png, reader);
        }
    }
}

sak_png_reader *sak_png_reader_create(const uint8_t *data, size_t length) {
    sak_png_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->length = length;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, sak_png_error, sak_png_warning);
    if (reader->png == NULL) { free(reader); return NULL; }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        png_destroy_read_struct(&reader->png, NULL, NULL);
        free(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, sak_png_read_data);
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
    /* Every byte of the zlib stream is already covered by the IDAT chunks' CRC-32, which libpng
       still checks; zlib's Adler-32 of the inflated rows repeats that check at about a tenth of
       the decode's time (libpng 1.6.26+; browsers' decoders skip it the same way). */
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    return reader;
}

void sak_png_reader_destroy(sak_png_reader *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader->row);
    free(reader);
}

const char *sak_png_reader_message(const sak_png_reader *reader) { return reader->message; }
const char *sak_png_reader_warnings(const sak_png_reader *reader) { return reader->warnings; }

sak_status sak_png_read_header(sak_png_reader *reader, sak_image_header *header) {
    memset(header, 0, sizeof *header);
    if (reader->header_read) return SAK_OK;
    if (setjmp(png_jmpbuf(reader->png))) {
        return reader->status == SAK_OK ? SAK_ERR_CORRUPT : reader->status;
    }
    /* The caller enforces its own, smaller limits with a clearer error; lift libpng's so that its
     * check never pre-empts ours. */
    png_set_user_limits(reader->png, 0x7fffffffU, 0x7fffffffU);
    png_read_info(reader->png, reader->info);
    reader->header_read = 1;

    png_structp png = reader->png;
    png_infop info = reader->info;
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->color_type = png_get_color_type(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    int intent = 0;
    if (png_get_sRGB(png, info, &intent)) {
        header->has_srgb = 1;
        header->srgb_intent = intent;
    }
    double gamma = 0;
    if (png_get_valid(png, info, PNG_INFO_gAMA) && png_get_gAMA(png, info, &gamma)) {
        header->has_gama = 1;
        header->gamma = gamma;
    }
    double c[8];
    if (png_get_valid(png, info, PNG_INFO_cHRM) &&
        png_get_cHRM(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        header->has_chrm = 1;
        memcpy(header->chrm, c, sizeof c);
    }
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_valid(png, info, PNG_INFO_iCCP) &&
        png_get_iCCP(png, info, &name, &compression, &profile, &profile_length)) {
        header->icc = profile;
        header->icc_length = profile_length;
        if (name != NULL) sak_set_message(header->icc_name, sizeof header->icc_name, name);
    }
    return SAK_OK;
}

/* 8-bit RGB to RGBA, opaque. libpng's own filler transform moves a byte at a time from the end
 * of the row and took about a sixth of an RGB screenshot's decode. Four pixels a step with one
 * byte shuffle (SSSE3 on x86-64 where the CPU has it, NEON on arm64), else a byte at a time.
 * `rgb` has 16 bytes of slack after the row, so a 16-byte load at its last four pixels is safe. */
#if defined(SAK_X86_SIMD)
__attribute__((target("ssse3")))
static size_t sak_widen_rgb_ssse3(const uint8_t *rgb, uint8_t *rgba, size_t width) {
    const __m128i spread = _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1);
    const __m128i opaque = _mm_set1_epi32((int)0xff000000u);
    size_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(rgb + x * 3));
        _mm_storeu_si128((__m128i *)(rgba + x * 4), _mm_or_si128(_mm_shuffle_epi8(v, spread), opaque));
    }
    return x;
}
#endif

static void sak_widen_rgb(const uint8_t *restrict rgb, uint8_t *restrict rgba, png_uint_32 width) {
    size_t x = 0;
#if defined(SAK_X86_SIMD)
    if (__builtin_cpu_supports("ssse3")) x = sak_widen_rgb_ssse3(rgb, rgba, width);
#elif defined(__aarch64__)
    for (; x + 16 <= width; x += 16) {
        uint8x16x3_t v = vld3q_u8(rgb + x * 3);
        uint8x16x4_t out = { { v.val[0], v.val[1], v.val[2], vdupq_n_u8(0xff) } };
        vst4q_u8(rgba + x * 4, out);
    }
#endif
    for (; x < width; x++) {
        rgba[x * 4] = rgb[x * 3];
        rgba[x * 4 + 1] = rgb[x * 3 + 1];
        rgba[x * 4 + 2] = rgb[x * 3 + 2];
        rgba[x * 4 + 3] = 0xff;
    }
}

/* 8-bit palette indices to RGBA through a table of the 256 possible entries. */
static void sak_widen_palette(const uint8_t *indices, uint8_t *rgba, png_uint_32 width, const uint8_t table[256][4]) {
    for (png_uint_32 x = 0; x < width; x++) memcpy(rgba + (size_t)x * 4, table[indices[x]], 4);
}

sak_status sak_png_read_rgba(sak_png_reader *reader, uint8_t *pixels, size_t stride) {
    if (!reader->header_read) {
        sak_set_message(reader->message, sizeof reader->message, "header not read");
        return SAK_ERR_CORRUPT;
    }
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) {
        return reader->status == SAK_OK ? SAK_ERR_CORRUPT : reader->status;
    }
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;

    /* The commonest screenshot layouts, 8-bit RGB without tRNS and 8-bit palettes, are read as
     * libpng stores them and widened here: the same pixels libpng's transforms give (palette
     * entries past the PLTE read black, tRNS entries past its count opaque, as libpng expands
     * them), at a fraction of the cost. */
    int widen_rgb = color_type == PNG_COLOR_TYPE_RGB && bit_depth == 8 && !has_trns && !interlaced;
    int widen_palette = color_type == PNG_COLOR_TYPE_PALETTE && bit_depth == 8 && !interlaced;
    if (widen_rgb || widen_palette) {
        uint8_t table[256][4];
        if (widen_palette) {
            memset(table, 0, sizeof table);
            png_colorp palette = NULL;
            int count = 0;
            if (!png_get_PLTE(png, info, &palette, &count)) count = 0;
            png_bytep alpha = NULL;
            int alpha_count = 0;
            if (has_trns && !png_get_tRNS(png, info, &alpha, &alpha_count, NULL)) alpha_count = 0;
            for (int i = 0; i < 256; i++) {
                if (i < count) {
                    table[i][0] = palette[i].red;
                    table[i][1] = palette[i].green;
                    table[i][2] = palette[i].blue;
                }
                table[i][3] = i < alpha_count && alpha != NULL ? alpha[i] : 0xff;
            }
        }
        png_read_update_info(png, info);
        size_t rowbytes = png_get_rowbytes(png, info);
        if (rowbytes != (size_t)width * (widen_rgb ? 3 : 1) || stride < (size_t)width * 4) {
            reader->status = SAK_ERR_UNSUPPORTED;
            sak_set_message(reader->message, sizeof reader->message,
                            "this PNG layout cannot be converted to 8-bit RGBA");
            return reader->status;
        }
        if (reader->row == NULL) {
            reader->row = malloc(rowbytes + 16);
            if (reader->row == NULL) {
                reader->status = SAK_ERR_RESOURCE;
                sak_set_message(reader->message, sizeof reader->message, "out of memory while decoding PNG");
                return reader->status;
            }
        }
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, reader->row, NULL);
            uint8_t *out = pixels + (size_t)y * stride;
            if (widen_rgb) sak_widen_rgb(reader->row, out, width);
            else sak_widen_palette(reader->row, out, width, (const uint8_t (*)[4])table);
        }
        png_read_end(png, NULL);
        return SAK_OK;
    }

    /* Every other layout becomes 8-bit RGBA inside libpng's own row pipeline. */
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0;
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
        has_alpha = 1;
    }
    /* png_set_scale_16 rounds (v * 255 / 65535); png_set_strip_16 would truncate. */
    if (bit_depth == 16) png_set_scale_16(png);
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if (!has_alpha) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != (size_t)width * 4 || stride < (size_t)width * 4) {
        reader->status = SAK_ERR_UNSUPPORTED;
        sak_set_message(reader->message, sizeof reader->message,
                        "this PNG layout cannot be converted to 8-bit RGBA");
        return reader->status;
    }
    /* For Adam7, each pass merges its pixels into the same final rows (as png_read_image does). */
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, pixels + (size_t)y * stride, NULL);
        }
    }
    png_read_end(png, NULL);
    return SAK_OK;
}

/* Four pixels a step with one byte shuffle where the CPU has SSSE3 (x86-64) or NEON (arm64); the
 * 16-byte store of the last step must end inside the row, so the tail is done a pixel at a time. */
#if defined(SAK_X86_SIMD)
__attribute__((target("ssse3")))
static size_t sak_up_filter_rgb_ssse3(const uint8_t *current, const uint8_t *above, size_t width, uint8_t *out, int *opaque) {
    const __m128i pack = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi8(-1);
    size_t x = 0;
    for (; x + 6 <= width; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(current + x * 4));
        all = _mm_and_si128(all, v);
        if (above != NULL) v = _mm_sub_epi8(v, _mm_loadu_si128((const __m128i *)(above + x * 4)));
        _mm_storeu_si128((__m128i *)(out + x * 3), _mm_shuffle_epi8(v, pack));
    }
    /* Every alpha byte (the top byte of each 32-bit lane) still 0xFF after the AND. */
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    *opaque = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(all, alpha), alpha)) == 0xFFFF;
    return x;
}
#endif

int sak_png_up_filter_rgb(const uint8_t *current, const uint8_t *above, size_t width, uint8_t *out) {
    size_t x = 0;
    int opaque = 1;
#if defined(SAK_X86_SIMD)
    if (__builtin_cpu_supports("ssse3")) x = sak_up_filter_rgb_ssse3(current, above, width, out, &opaque);
#elif defined(__aarch64__)
    uint8x16_t alphas = vdupq_n_u8(0xFF);
    for (; x + 16 <= width; x += 16) {
        uint8x16x4_t v = vld4q_u8(current + x * 4);
        alphas = vandq_u8(alphas, v.val[3]);
        if (above != NULL) {
            uint8x16x4_t up = vld4q_u8(above + x * 4);
            v.val[0] = vsubq_u8(v.val[0], up.val[0]);
            v.val[1] = vsubq_u8(v.val[1], up.val[1]);
            v.val[2] = vsubq_u8(v.val[2], up.val[2]);
        }
        uint8x16x3_t rgb = { { v.val[0], v.val[1], v.val[2] } };
        vst3q_u8(out + x * 3, rgb);
    }
    opaque = vminvq_u8(alphas) == 0xFF;
#endif
    for (; x < width; x++) {
        opaque &= current[x * 4 + 3] == 0xFF;
        for (size_t c = 0; c < 3; c++) {
            out[x * 3 + c] = (uint8_t)(current[x * 4 + c] - (above != NULL ? above[x * 4 + c] : 0));
        }
    }
    return opaque;
}

int sak_bytes_equal(const void *a, const void *b, size_t count) {
    return count == 0 || memcmp(a, b, count) == 0;
}

uint32_t sak_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
    uLong value = crc;
    /* zlib takes lengths as uInt: feed it in pieces that fit. */
    while (count > 0) {
        uInt piece = count > 0x40000000u ? 0x40000000u : (uInt)count;
        value = crc32(value, bytes, piece);
        bytes += piece;
        count -= piece;
    }
    return (uint32_t)value;
}

void sak_prefetch(const void *start, size_t bytes) {
#if defined(__clang__) || defined(__GNUC__)
    const char *p = (const char *)start;
    for (size_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset, 0, 3);
#else
    (void)start;
    (void)bytes;
#endif
}

size_t sak_same_color_run(const uint8_t *pixels, size_t count, uint32_t rgb) {
    const uint32_t want = rgb & 0x00FFFFFFu;
    size_t n = 0;
#if defined(SAK_X86_SIMD)
    /* SSE2, which every x86-64 CPU has: four pixels a step, alpha masked off. */
    const __m128i mask = _mm_set1_epi32(0x00FFFFFF);
    const __m128i wanted = _mm_set1_epi32((int)want);
    for (; n + 4 <= count; n += 4) {
        __m128i v = _mm_and_si128(_mm_loadu_si128((const __m128i *)(pixels + n * 4)), mask);
        int same = _mm_movemask_epi8(_mm_cmpeq_epi32(v, wanted));
        if (same != 0xFFFF) return n + (size_t)__builtin_ctz((unsigned)~same & 0xFFFFu) / 4;
    }
#elif defined(__aarch64__)
    const uint32x4_t mask = vdupq_n_u32(0x00FFFFFFu);
    const uint32x4_t wanted = vdupq_n_u32(want);
    for (; n + 4 <= count; n += 4) {
        uint32x4_t v = vandq_u32(vld1q_u32((const uint32_t *)(const void *)(pixels + n * 4)), mask);
        if (vminvq_u32(vceqq_u32(v, wanted)) != 0xFFFFFFFFu) break;
    }
#endif
    for (; n < count; n++) {
        uint32_t pixel;
        memcpy(&pixel, pixels + n * 4, 4);
        if ((pixel & 0x00FFFFFFu) != want) break;
    }
    return n;
}

/* ---------------------------------------------------------------- writing */

typedef struct {
    sak_buffer *out;
    sak_status status;
    char *message;
    size_t message_capacity;
} sak_png_write_state;

static void sak_png_write_error(png_structp png, png_const_charp text) {
    sak_png_write_state *state = (sak_png_write_state *)png_get_error_ptr(png);
    if (state->status == SAK_OK) {
        state->status = SAK_ERR_UNSUPPORTED;
        if (state->message != NULL) sak_set_message(state->message, state->message_capacity, text);
    }
    png_longjmp(png, 1);
}

static void sak_png_write_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void sak_png_write_data(png_structp png, png_bytep bytes, size_t count) {
    sak_png_write_state *state = (sak_png_write_state *)png_get_io_ptr(png);
    if (!sak_buffer_append(state->out, bytes, count)) {
        state->status = SAK_ERR_RESOURCE;
        if (state->message != NULL)
            sak_set_message(state->message, state->message_capacity, "out of memory while encoding PNG");
        png_error(png, "out of memory");
    }
}

static void sak_png_flush(png_structp png) { (void)png; }

sak_status sak_png_write(const sak_png_write_params *params, const uint8_t *rows, size_t stride,
                         sak_buffer *out, char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    sak_png_write_state state = { out, SAK_OK, message, message_capacity };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state,
                                              sak_png_write_error, sak_png_write_warning);
    if (png == NULL) return SAK_ERR_RESOURCE;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return SAK_ERR_RESOURCE;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        sak_buffer_free(out);
        return state.status == SAK_OK ? SAK_ERR_UNSUPPORTED : state.status;
    }
    png_set_write_fn(png, &state, sak_png_write_data, sak_png_flush);
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU);
    /* Fixed settings so the same pixels always give the same bytes. */
    png_set_compression_level(png, params->compression_level);
    png_set_compression_mem_level(png, 8);
    png_set_compression_window_bits(png, 15);
    if (params->filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, params->filters);

    png_set_IHDR(png, info, params->width, params->height, params->bit_depth, params->color_type,
                 params->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (params->palette != NULL && params->palette_count > 0) {
        png_color colors[256];
        int count = params->palette_count > 256 ? 256 : params->palette_count;
        for (int i = 0; i < count; i++) {
            colors[i].red = params->palette[i * 3];
            colors[i].green = params->palette[i * 3 + 1];
            colors[i].blue = params->palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, count);
    }
    if (params->trns != NULL && params->trns_count > 0) {
        png_set_tRNS(png, info, params->trns, params->trns_count, NULL);
    } else if (params->has_trns_color) {
        png_color_16 color;
        memset(&color, 0, sizeof color);
        color.gray = params->trns_gray;
        color.red = params->trns_red;
        color.green = params->trns_green;
        color.blue = params->trns_blue;
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    if (params->icc != NULL) {
        png_set_iCCP(png, info, params->icc_name != NULL ? params->icc_name : "ICC Profile",
                     PNG_COMPRESSION_TYPE_BASE, params->icc, params->icc_length);
    }
    if (params->srgb_intent >= 0) png_set_sRGB(png, info, params->srgb_intent);
    if (params->gamma > 0) png_set_gAMA(png, info, params->gamma);
    if (params->has_chrm) {
        const double *c = params->chrm;
        png_set_cHRM(png, info, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
    }
    png_write_info(png, info);
    if (params->strip_filler) png_set_filler(png, 0, PNG_FILLER_AFTER);
    int passes = params->interlaced ? png_set_interlace_handling(png) : 1;
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < params->height; y++) {
            png_write_row(png, rows + (size_t)y * stride);
        }
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return SAK_OK;
}

/* ------------------------------------------------ libpng's simplified API */

sak_status sak_png_simplified_size(const uint8_t *data, size_t length, uint32_t *width, uint32_t *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) return SAK_ERR_CORRUPT;
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return SAK_OK;
}

sak_status sak_png_simplified_decode_rgba(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) return SAK_ERR_CORRUPT;
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, pixels, (png_int_32)stride, NULL)) {
        png_image_free(&image);
        return SAK_ERR_CORRUPT;
    }
    return SAK_OK;
}
