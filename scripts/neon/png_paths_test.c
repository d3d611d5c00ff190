/*
 * Differential test of the vector paths in Sources/CImagingShim/png.c, run by scripts/neon-check.sh
 * natively (SSSE3/SSE2) and as an aarch64 binary under qemu (NEON). Each function with its own
 * vector branch is compared byte for byte with the scalar reference below, on generated inputs
 * whose sizes straddle the vector widths; the decoder is round-tripped through every PNG filter
 * type, because Debian's arm64 libpng unfilters rows with NEON too.
 *
 * Exit 0: no mismatch. Exit 1: a mismatch (each named on stdout). Exit 3: a crash, named on stderr.
 * The `digest` lines let the script check that both architectures produced the same bytes.
 */
#define _DEFAULT_SOURCE 1

/* sak_widen_rgb is static: including the file, not linking it, is what lets the test call it. */
#include "png.c"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__aarch64__) && !defined(__ARM_NEON)
#error "an aarch64 build without NEON would leave png.c's NEON branches untested"
#endif

static char current_case[400];
static unsigned long cases_run;
static unsigned long mismatches;

static void begin_case(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(current_case, sizeof current_case, format, args);
    va_end(args);
    cases_run++;
}

static void mismatch(const char *format, ...) {
    mismatches++;
    if (mismatches > 40) return;
    printf("MISMATCH %s: ", current_case);
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n");
}

/* An over-read past a guard page lands here; the case being run is the only useful thing to say. */
static void on_crash(int sig) {
    static const char head[] = "CRASH (signal ";
    char digits[4] = { (char)('0' + sig / 10 % 10), (char)('0' + sig % 10), ')', ' ' };
    ssize_t ignored = write(2, head, sizeof head - 1);
    ignored = write(2, digits, sizeof digits);
    ignored = write(2, current_case, strlen(current_case));
    ignored = write(2, "\n", 1);
    (void)ignored;
    _exit(3);
}

/* xorshift64*: the same bytes on every architecture and C library, unlike rand(). */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint8_t random_byte(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint8_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 56);
}
static void random_fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) p[i] = random_byte();
}

enum { DIGEST_WIDEN, DIGEST_UP, DIGEST_RUN, DIGEST_DECODE, DIGEST_COUNT };
static const char *const digest_names[DIGEST_COUNT] = { "sak_widen_rgb", "sak_png_up_filter_rgb",
                                                        "sak_same_color_run", "sak_png_read_rgba" };
static uint64_t digests[DIGEST_COUNT] = { 0xcbf29ce484222325ull, 0xcbf29ce484222325ull,
                                          0xcbf29ce484222325ull, 0xcbf29ce484222325ull };
static void digest(int which, const void *bytes, size_t n) {
    const uint8_t *p = bytes;
    for (size_t i = 0; i < n; i++) digests[which] = (digests[which] ^ p[i]) * 0x100000001b3ull;
}
static void digest_u64(int which, uint64_t value) {
    uint8_t le[8];
    for (int i = 0; i < 8; i++) le[i] = (uint8_t)(value >> (8 * i));
    digest(which, le, 8);
}

/* Inputs end `gap` bytes before a PROT_NONE page, so reading past their end faults instead of
 * silently reading the heap (qemu-user enforces page protection the same way). */
typedef struct {
    uint8_t *map;
    size_t length;
} guarded;

static size_t page_size;

static uint8_t *guard_alloc(guarded *g, size_t size, size_t gap) {
    size_t body = (size + gap + page_size - 1) / page_size * page_size;
    if (body == 0) body = page_size;
    g->length = body + page_size;
    g->map = mmap(NULL, g->length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->map == MAP_FAILED || mprotect(g->map + body, page_size, PROT_NONE) != 0) {
        perror("png_paths_test: mmap");
        exit(2);
    }
    return g->map + body - gap - size;
}

static void guard_free(guarded *g) { munmap(g->map, g->length); }

/* Outputs sit between canaries, so a store past either end of the row is reported by name. */
enum { CANARY = 32 };

static uint8_t *canary_alloc(size_t size) {
    uint8_t *block = malloc(size + 2 * CANARY);
    if (block == NULL) { perror("png_paths_test: malloc"); exit(2); }
    memset(block, 0xA5, CANARY);
    memset(block + CANARY + size, 0xA5, CANARY);
    random_fill(block + CANARY, size);
    return block + CANARY;
}

static void canary_check(const uint8_t *out, size_t size) {
    for (size_t i = 0; i < CANARY; i++) {
        if (out[-(ptrdiff_t)CANARY + (ptrdiff_t)i] != 0xA5) {
            mismatch("wrote %zu byte(s) before the output", CANARY - i);
            break;
        }
    }
    for (size_t i = CANARY; i > 0; i--) {
        if (out[size + i - 1] != 0xA5) {
            mismatch("wrote past the end of the output (byte %zu of the %zu after it)", i, (size_t)CANARY);
            break;
        }
    }
}

static void canary_free(uint8_t *out) { free(out - CANARY); }

static int bytes_match(const char *what, const uint8_t *got, const uint8_t *want, size_t n, size_t unit) {
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            mismatch("%s differs at byte %zu (pixel %zu, byte %zu of it): got 0x%02x, want 0x%02x", what, i,
                     i / unit, i % unit, got[i], want[i]);
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------ scalar references */

static void reference_widen_rgb(const uint8_t *rgb, uint8_t *rgba, size_t width) {
    for (size_t x = 0; x < width; x++) {
        rgba[4 * x] = rgb[3 * x];
        rgba[4 * x + 1] = rgb[3 * x + 1];
        rgba[4 * x + 2] = rgb[3 * x + 2];
        rgba[4 * x + 3] = 255;
    }
}

static int reference_up_filter(const uint8_t *current, const uint8_t *above, size_t width, uint8_t *out) {
    int opaque = 1;
    for (size_t x = 0; x < width; x++) {
        if (current[4 * x + 3] != 255) opaque = 0;
        for (size_t c = 0; c < 3; c++) {
            uint8_t up = above != NULL ? above[4 * x + c] : 0;
            out[3 * x + c] = (uint8_t)(current[4 * x + c] - up);
        }
    }
    return opaque;
}

static size_t reference_same_color_run(const uint8_t *pixels, size_t count, uint32_t rgb) {
    for (size_t n = 0; n < count; n++) {
        const uint8_t *p = pixels + 4 * n;
        if (p[0] != (rgb & 0xFF) || p[1] != ((rgb >> 8) & 0xFF) || p[2] != ((rgb >> 16) & 0xFF)) return n;
    }
    return count;
}

/* ------------------------------------------------------------ widths */

/* Every width up to a few vector steps (so every tail length after 0, 1, 2 and 3 full steps of
 * both 4- and 16-pixel loops), then sizes around larger powers of two and a real screen row. */
static size_t widths[96];
static size_t width_count;

static void make_widths(void) {
    for (size_t w = 0; w <= 70; w++) widths[width_count++] = w;
    static const size_t large[] = { 127, 128, 129, 255, 256, 257, 1000, 1179, 1920, 1921 };
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) widths[width_count++] = large[i];
}

/* ------------------------------------------------------------ sak_widen_rgb */

static void test_widen_rgb(void) {
    for (size_t i = 0; i < width_count; i++) {
        size_t width = widths[i];
        begin_case("sak_widen_rgb width=%zu", width);
        guarded g;
        /* The reader's row buffer has 16 bytes of slack after the row, and the SSSE3 path reads it. */
        uint8_t *rgb = guard_alloc(&g, width * 3 + 16, 0);
        random_fill(rgb, width * 3 + 16);
        uint8_t *got = canary_alloc(width * 4);
        uint8_t *want = malloc(width * 4 + 1);
        sak_widen_rgb(rgb, got, (png_uint_32)width);
        reference_widen_rgb(rgb, want, width);
        bytes_match("RGBA output", got, want, width * 4, 4);
        canary_check(got, width * 4);
        digest(DIGEST_WIDEN, got, width * 4);
        free(want);
        canary_free(got);
        guard_free(&g);
    }
}

/* ------------------------------------------------------------ sak_png_up_filter_rgb */

static void run_up_filter(size_t width, const uint8_t *current, const uint8_t *above, const char *pattern) {
    begin_case("sak_png_up_filter_rgb width=%zu above=%s alpha=%s", width, above != NULL ? "row" : "NULL", pattern);
    uint8_t *got = canary_alloc(width * 3);
    uint8_t *want = malloc(width * 3 + 1);
    int got_opaque = sak_png_up_filter_rgb(current, above, width, got);
    int want_opaque = reference_up_filter(current, above, width, want);
    if (got_opaque != want_opaque) mismatch("returned opaque=%d, want %d", got_opaque, want_opaque);
    /* The header promises the bytes only for an opaque row. */
    if (want_opaque) bytes_match("filtered RGB", got, want, width * 3, 3);
    canary_check(got, width * 3);
    digest_u64(DIGEST_UP, (uint64_t)got_opaque);
    if (want_opaque) digest(DIGEST_UP, got, width * 3);
    free(want);
    canary_free(got);
}

static void test_up_filter(void) {
    static const uint8_t translucent[] = { 0x00, 0x7F, 0xFE, 0xF7 };
    for (size_t i = 0; i < width_count; i++) {
        size_t width = widths[i];
        guarded gc, ga;
        uint8_t *current = guard_alloc(&gc, width * 4, 0);
        uint8_t *above = guard_alloc(&ga, width * 4, 0);
        random_fill(current, width * 4);
        random_fill(above, width * 4);
        for (size_t x = 0; x < width; x++) current[4 * x + 3] = 255;

        run_up_filter(width, current, NULL, "opaque");
        run_up_filter(width, current, above, "opaque");

        /* One translucent pixel at each position: in a vector lane, in the tail, first and last. */
        for (size_t x = 0; x < width; x++) {
            if (width > 70 && x > 40 && x + 40 < width && x % 16 != 15) continue;
            uint8_t alpha = translucent[x % 4];
            current[4 * x + 3] = alpha;
            char pattern[48];
            snprintf(pattern, sizeof pattern, "0x%02x@x=%zu", alpha, x);
            run_up_filter(width, current, above, pattern);
            current[4 * x + 3] = 255;
        }

        for (size_t x = 0; x < width; x++) current[4 * x + 3] = random_byte();
        run_up_filter(width, current, above, "random");
        guard_free(&gc);
        guard_free(&ga);
    }
}

/* ------------------------------------------------------------ sak_same_color_run */

static void run_same_color(const uint8_t *pixels, size_t count, uint32_t rgb, size_t offset, const char *pattern) {
    begin_case("sak_same_color_run count=%zu start-misaligned-by=%zu rgb=0x%08x %s", count, offset, (unsigned)rgb,
               pattern);
    size_t got = sak_same_color_run(pixels, count, rgb);
    size_t want = reference_same_color_run(pixels, count, rgb);
    if (got != want) mismatch("returned %zu, want %zu", got, want);
    digest_u64(DIGEST_RUN, (uint64_t)got);
}

static void test_same_color_run(void) {
    for (size_t i = 0; i < width_count; i++) {
        size_t count = widths[i];
        for (size_t offset = 0; offset < 4; offset++) {
            guarded g;
            /* The offset puts the start off 4-byte alignment; offset 0 is the one whose end meets
             * the guard page. */
            uint8_t *pixels = guard_alloc(&g, count * 4, offset == 0 ? 0 : 4 - offset);
            uint8_t r = random_byte(), gr = random_byte(), b = random_byte();
            /* The top byte of `rgb` is not a colour: garbage there must not change the answer. */
            uint32_t rgb = (uint32_t)r | (uint32_t)gr << 8 | (uint32_t)b << 16 | (uint32_t)random_byte() << 24;
            for (size_t n = 0; n < count; n++) {
                pixels[4 * n] = r;
                pixels[4 * n + 1] = gr;
                pixels[4 * n + 2] = b;
                pixels[4 * n + 3] = random_byte();
            }
            run_same_color(pixels, count, rgb, offset, "all-same");
            for (size_t n = 0; n < count; n++) {
                if (count > 70 && n > 40 && n + 40 < count && n % 4 != 3) continue;
                size_t channel = n % 3;
                uint8_t saved = pixels[4 * n + channel];
                pixels[4 * n + channel] ^= (uint8_t)(1u << (n % 8));
                char pattern[48];
                snprintf(pattern, sizeof pattern, "differs@n=%zu channel=%zu", n, channel);
                run_same_color(pixels, count, rgb, offset, pattern);
                pixels[4 * n + channel] = saved;
            }
            random_fill(pixels, count * 4);
            run_same_color(pixels, count, rgb, offset, "random");
            guard_free(&g);
        }
    }
}

/* ------------------------------------------------------------ sak_png_read_rgba (round trip) */

typedef struct {
    const char *name;
    int color_type;
    int bit_depth;
    int interlaced;
    int trns;
} layout;

/* rgb8 without tRNS and palette8, not interlaced, are the shim's own widening paths; the rest go
 * through libpng's transforms, whose unfiltering and palette expansion are NEON on arm64 too. */
static const layout layouts[] = {
    { "rgb8", PNG_COLOR_TYPE_RGB, 8, 0, 0 },
    { "rgb8-adam7", PNG_COLOR_TYPE_RGB, 8, 1, 0 },
    { "rgb8-trns", PNG_COLOR_TYPE_RGB, 8, 0, 1 },
    { "rgb16", PNG_COLOR_TYPE_RGB, 16, 0, 0 },
    { "rgb16-trns", PNG_COLOR_TYPE_RGB, 16, 0, 1 },
    { "rgba8", PNG_COLOR_TYPE_RGB_ALPHA, 8, 0, 0 },
    { "rgba8-adam7", PNG_COLOR_TYPE_RGB_ALPHA, 8, 1, 0 },
    { "rgba16", PNG_COLOR_TYPE_RGB_ALPHA, 16, 0, 0 },
    { "palette8", PNG_COLOR_TYPE_PALETTE, 8, 0, 0 },
    { "palette8-trns", PNG_COLOR_TYPE_PALETTE, 8, 0, 1 },
    { "palette8-adam7", PNG_COLOR_TYPE_PALETTE, 8, 1, 0 },
    { "palette8-trns-adam7", PNG_COLOR_TYPE_PALETTE, 8, 1, 1 },
    { "palette1", PNG_COLOR_TYPE_PALETTE, 1, 0, 0 },
    { "palette2", PNG_COLOR_TYPE_PALETTE, 2, 0, 0 },
    { "palette4-trns", PNG_COLOR_TYPE_PALETTE, 4, 0, 1 },
    { "gray1", PNG_COLOR_TYPE_GRAY, 1, 0, 0 },
    { "gray2-trns", PNG_COLOR_TYPE_GRAY, 2, 0, 1 },
    { "gray4", PNG_COLOR_TYPE_GRAY, 4, 0, 0 },
    { "gray8", PNG_COLOR_TYPE_GRAY, 8, 0, 0 },
    { "gray8-trns", PNG_COLOR_TYPE_GRAY, 8, 0, 1 },
    { "gray16", PNG_COLOR_TYPE_GRAY, 16, 0, 0 },
    { "grayalpha8", PNG_COLOR_TYPE_GRAY_ALPHA, 8, 0, 0 },
    { "grayalpha16", PNG_COLOR_TYPE_GRAY_ALPHA, 16, 0, 0 },
};

static const struct {
    const char *name;
    int mask;
} filters[] = {
    { "none", PNG_FILTER_NONE }, { "sub", PNG_FILTER_SUB },     { "up", PNG_FILTER_UP },
    { "avg", PNG_FILTER_AVG },   { "paeth", PNG_FILTER_PAETH }, { "adaptive", 0 },
};

static int channels_of(int color_type) {
    switch (color_type) {
        case PNG_COLOR_TYPE_GRAY: return 1;
        case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
        case PNG_COLOR_TYPE_RGB: return 3;
        case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
        default: return 1;
    }
}

static unsigned sample_at(const uint8_t *row, size_t index, int depth) {
    if (depth == 16) return (unsigned)row[2 * index] << 8 | row[2 * index + 1];
    if (depth == 8) return row[index];
    size_t bit = index * (size_t)depth;
    return (row[bit / 8] >> (8 - depth - bit % 8)) & ((1u << depth) - 1);
}

/* libpng's gray expansion replicates bits (exactly v * 255 / max), and png_set_scale_16, which
 * the shim asks for, rounds v * 255 / 65535. */
static uint8_t to_8bit(unsigned value, int depth) {
    if (depth == 16) return (uint8_t)((value * 255u + 32767u) / 65535u);
    return (uint8_t)(value * 255u / ((1u << depth) - 1u));
}

static void test_decode_one(const layout *l, size_t filter, size_t width, size_t height) {
    begin_case("sak_png_read_rgba layout=%s filter=%s width=%zu height=%zu", l->name, filters[filter].name, width,
               height);
    int channels = channels_of(l->color_type);
    int depth = l->bit_depth;
    size_t rowbytes = (width * (size_t)channels * (size_t)depth + 7) / 8;
    size_t pixel_bytes = (size_t)channels * (size_t)depth / 8;
    uint8_t *rows = malloc(rowbytes * height + 1);
    random_fill(rows, rowbytes * height);

    uint8_t palette[256 * 3];
    uint8_t trns_alpha[256];
    int palette_count = 1 << depth;
    /* Fewer alphas than palette entries: the rest must read opaque. */
    int trns_count = l->trns ? palette_count / 2 + 1 : 0;
    random_fill(palette, sizeof palette);
    random_fill(trns_alpha, sizeof trns_alpha);

    sak_png_write_params params;
    memset(&params, 0, sizeof params);
    params.width = (uint32_t)width;
    params.height = (uint32_t)height;
    params.color_type = l->color_type;
    params.bit_depth = depth;
    params.interlaced = l->interlaced;
    params.compression_level = 1;
    params.srgb_intent = -1;
    params.filters = filters[filter].mask;
    if (l->color_type == PNG_COLOR_TYPE_PALETTE) {
        params.palette = palette;
        params.palette_count = palette_count;
        if (l->trns) {
            params.trns = trns_alpha;
            params.trns_count = trns_count;
        }
    } else if (l->trns) {
        /* The transparent colour is the first pixel's; every fifth pixel is made the same so that
         * wide samples match it too. */
        params.has_trns_color = 1;
        if (depth >= 8) {
            for (size_t y = 0; y < height; y++) {
                for (size_t x = 0; x < width; x++) {
                    if ((x + y) % 5 == 0) memcpy(rows + y * rowbytes + x * pixel_bytes, rows, pixel_bytes);
                }
            }
        }
        if (l->color_type == PNG_COLOR_TYPE_GRAY) {
            params.trns_gray = (uint16_t)sample_at(rows, 0, depth);
        } else {
            params.trns_red = (uint16_t)sample_at(rows, 0, depth);
            params.trns_green = (uint16_t)sample_at(rows, 1, depth);
            params.trns_blue = (uint16_t)sample_at(rows, 2, depth);
        }
    }

    uint8_t *want = malloc(width * height * 4 + 1);
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = rows + y * rowbytes;
        for (size_t x = 0; x < width; x++) {
            uint8_t *p = want + (y * width + x) * 4;
            size_t s = x * (size_t)channels;
            if (l->color_type == PNG_COLOR_TYPE_PALETTE) {
                unsigned index = sample_at(row, x, depth);
                memcpy(p, palette + 3 * index, 3);
                p[3] = (int)index < trns_count ? trns_alpha[index] : 255;
            } else if (channels <= 2) {
                unsigned gray = sample_at(row, s, depth);
                p[0] = p[1] = p[2] = to_8bit(gray, depth);
                if (channels == 2) p[3] = to_8bit(sample_at(row, s + 1, depth), depth);
                else p[3] = l->trns && gray == params.trns_gray ? 0 : 255;
            } else {
                unsigned r = sample_at(row, s, depth), g = sample_at(row, s + 1, depth), b = sample_at(row, s + 2, depth);
                p[0] = to_8bit(r, depth);
                p[1] = to_8bit(g, depth);
                p[2] = to_8bit(b, depth);
                if (channels == 4) p[3] = to_8bit(sample_at(row, s + 3, depth), depth);
                else p[3] = l->trns && r == params.trns_red && g == params.trns_green && b == params.trns_blue ? 0 : 255;
            }
        }
    }

    sak_buffer encoded;
    char message[256];
    sak_status status = sak_png_write(&params, rows, rowbytes, &encoded, message, sizeof message);
    if (status != SAK_OK) {
        mismatch("the test image could not be encoded (status %d: %s)", (int)status, message);
        free(want);
        free(rows);
        return;
    }

    /* A stride wider than the row, so a write past a row's end shows up in the padding. */
    size_t stride = width * 4 + 8;
    uint8_t *pixels = canary_alloc(stride * height);
    memset(pixels, 0x5A, stride * height);
    sak_png_reader *reader = sak_png_reader_create(encoded.data, encoded.length);
    sak_image_header header;
    status = reader == NULL ? SAK_ERR_RESOURCE : sak_png_read_header(reader, &header);
    if (status == SAK_OK) status = sak_png_read_rgba(reader, pixels, stride);
    if (status != SAK_OK) {
        mismatch("decoding failed (status %d: %s)", (int)status, reader != NULL ? sak_png_reader_message(reader) : "");
    } else {
        for (size_t y = 0; y < height; y++) {
            const uint8_t *got_row = pixels + y * stride;
            const uint8_t *want_row = want + y * width * 4;
            char what[48];
            snprintf(what, sizeof what, "row %zu (RGBA)", y);
            if (!bytes_match(what, got_row, want_row, width * 4, 4)) break;
            for (size_t i = width * 4; i < stride; i++) {
                if (got_row[i] != 0x5A) {
                    mismatch("row %zu: wrote into the stride padding (byte %zu)", y, i);
                    break;
                }
            }
            digest(DIGEST_DECODE, got_row, width * 4);
        }
        canary_check(pixels, stride * height);
    }
    sak_png_reader_destroy(reader);
    sak_buffer_free(&encoded);
    canary_free(pixels);
    free(want);
    free(rows);
}

static void test_decode(void) {
    static const size_t decode_widths[] = { 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 65, 100 };
    static const size_t decode_heights[] = { 1, 9 };
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++) {
            for (size_t w = 0; w < sizeof decode_widths / sizeof decode_widths[0]; w++) {
                for (size_t h = 0; h < sizeof decode_heights / sizeof decode_heights[0]; h++) {
                    test_decode_one(&layouts[l], f, decode_widths[w], decode_heights[h]);
                }
            }
        }
    }
}

/* ------------------------------------------------------------ main */

static const char *vector_path(void) {
#if defined(SAK_X86_SIMD)
    return __builtin_cpu_supports("ssse3") ? "x86-64 SSSE3 + SSE2" : "x86-64 SSE2 (no SSSE3: widen and up filter scalar)";
#elif defined(__aarch64__)
    return "aarch64 NEON";
#else
    return "scalar only";
#endif
}

int main(void) {
    long page = sysconf(_SC_PAGESIZE);
    page_size = page > 0 ? (size_t)page : 4096;
    /* A crash ends in _exit, which would drop the MISMATCH lines still in a full buffer. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    make_widths();

    printf("png_paths_test: vector path %s, libpng %s, zlib %s\n", vector_path(), png_get_libpng_ver(NULL),
           zlibVersion());
    test_widen_rgb();
    test_up_filter();
    test_same_color_run();
    test_decode();
    begin_case("done");
    cases_run--;

    for (int i = 0; i < DIGEST_COUNT; i++) {
        printf("digest %s %016llx\n", digest_names[i], (unsigned long long)digests[i]);
    }
    if (mismatches > 40) printf("(%lu more mismatches not shown)\n", mismatches - 40);
    printf("png_paths_test: %lu cases, %lu mismatched\n", cases_run, mismatches);
    return mismatches == 0 ? 0 : 1;
}
