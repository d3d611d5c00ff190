#include "CImagingShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

void sak_append_message(char *dst, size_t capacity, const char *text);
void sak_set_message(char *dst, size_t capacity, const char *text);

/* libjpeg's default error_exit calls exit(); ours records the message and jumps back into the
 * shim function that made the call. */
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    sak_status status;
    char message[JMSG_LENGTH_MAX + 1];
    char warnings[1024];
} sak_jpeg_error;

static sak_status sak_jpeg_classify(int code) {
    switch (code) {
    case JERR_NO_SOI:
        return SAK_ERR_NOT_IMAGE;
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return SAK_ERR_TRUNCATED;
    case JERR_OUT_OF_MEMORY:
        return SAK_ERR_RESOURCE;
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
    case JERR_NO_BACKING_STORE: /* over max_memory_to_use: there is no backing store to spill to */
        return SAK_ERR_TOO_LARGE;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_BAD_PRECISION:
        return SAK_ERR_UNSUPPORTED;
    default:
        return SAK_ERR_CORRUPT;
    }
}

static void sak_jpeg_error_exit(j_common_ptr cinfo) {
    sak_jpeg_error *error = (sak_jpeg_error *)cinfo->err;
    if (error->status == SAK_OK) {
        error->status = sak_jpeg_classify(error->manager.msg_code);
        (*error->manager.format_message)(cinfo, error->message);
    }
    longjmp(error->jump, 1);
}

static void sak_jpeg_emit_message(j_common_ptr cinfo, int level) {
    sak_jpeg_error *error = (sak_jpeg_error *)cinfo->err;
    if (level >= 0) return; /* trace output */
    error->manager.num_warnings++;
    char text[JMSG_LENGTH_MAX + 1];
    (*error->manager.format_message)(cinfo, text);
    if (error->manager.msg_code == JWRN_JPEG_EOF) {
        /* libjpeg would pad the missing scans with grey; a partly decoded image must not escape. */
        if (error->status == SAK_OK) {
            error->status = SAK_ERR_TRUNCATED;
            sak_set_message(error->message, sizeof error->message, text);
        }
        longjmp(error->jump, 1);
    }
    switch (error->manager.msg_code) {
    /* Damaged scan data: libjpeg goes on with grey or garbled blocks where the data was bad, which
       the audit would measure as if it were on the screen. */
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION:
#ifdef JWRN_ARITH_BAD_CODE
    case JWRN_ARITH_BAD_CODE:
#endif
        if (error->status == SAK_OK) {
            error->status = SAK_ERR_CORRUPT;
            sak_set_message(error->message, sizeof error->message, text);
        }
        longjmp(error->jump, 1);
    default:
        break;
    }
    sak_append_message(error->warnings, sizeof error->warnings, text);
}

static void sak_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void sak_jpeg_install_errors(sak_jpeg_error *error) {
    jpeg_std_error(&error->manager);
    error->manager.error_exit = sak_jpeg_error_exit;
    error->manager.emit_message = sak_jpeg_emit_message;
    error->manager.output_message = sak_jpeg_output_message;
    error->status = SAK_OK;
    error->message[0] = '\0';
    error->warnings[0] = '\0';
}

/* ---------------------------------------------------------------- reading */

struct sak_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    sak_jpeg_error error;
    int created;
    int header_read;
    JOCTET *icc;
    unsigned int icc_length;
};

sak_jpeg_reader *sak_jpeg_reader_create(const uint8_t *data, size_t length) {
    sak_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    sak_jpeg_install_errors(&reader->error);
    reader->cinfo.err = &reader->error.manager;
    if (setjmp(reader->error.jump)) {
        if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->created = 1;
    jpeg_mem_src(&reader->cinfo, (unsigned char *)data, (unsigned long)length);
    return reader;
}

void sak_jpeg_reader_limit_memory(sak_jpeg_reader *reader, size_t bytes) {
    if (reader != NULL && reader->created) reader->cinfo.mem->max_memory_to_use = (long)bytes;
}

void sak_jpeg_reader_destroy(sak_jpeg_reader *reader) {
    if (reader == NULL) return;
    if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
    free(reader->icc);
    free(reader);
}

const char *sak_jpeg_reader_message(const sak_jpeg_reader *reader) { return reader->error.message; }
const char *sak_jpeg_reader_warnings(const sak_jpeg_reader *reader) { return reader->error.warnings; }

sak_status sak_jpeg_read_header(sak_jpeg_reader *reader, sak_image_header *header) {
    memset(header, 0, sizeof *header);
    if (setjmp(reader->error.jump)) {
        return reader->error.status == SAK_OK ? SAK_ERR_CORRUPT : reader->error.status;
    }
    if (!reader->header_read) {
        /* Keep APP2 so that an embedded ICC profile can be read back. */
        jpeg_save_markers(&reader->cinfo, JPEG_APP0 + 2, 0xFFFF);
        jpeg_read_header(&reader->cinfo, TRUE);
        reader->header_read = 1;
        if (!jpeg_read_icc_profile(&reader->cinfo, &reader->icc, &reader->icc_length)) {
            reader->icc = NULL;
            reader->icc_length = 0;
        }
    }
    header->width = reader->cinfo.image_width;
    header->height = reader->cinfo.image_height;
    header->color_type = (int)reader->cinfo.jpeg_color_space;
    header->bit_depth = reader->cinfo.data_precision;
    header->interlaced = reader->cinfo.progressive_mode ? 1 : 0;
    header->icc = reader->icc;
    header->icc_length = reader->icc_length;
    return SAK_OK;
}

sak_status sak_jpeg_read_rgba(sak_jpeg_reader *reader, uint8_t *pixels, size_t stride) {
    if (setjmp(reader->error.jump)) {
        return reader->error.status == SAK_OK ? SAK_ERR_CORRUPT : reader->error.status;
    }
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    if (!reader->header_read) {
        reader->error.status = SAK_ERR_CORRUPT;
        sak_set_message(reader->error.message, sizeof reader->error.message, "header not read");
        return reader->error.status;
    }
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        reader->error.status = SAK_ERR_UNSUPPORTED;
        sak_set_message(reader->error.message, sizeof reader->error.message,
                        "CMYK JPEG is not a screenshot colour space; export the image as sRGB");
        return reader->error.status;
    }
    if (cinfo->data_precision != 8) {
        reader->error.status = SAK_ERR_UNSUPPORTED;
        sak_set_message(reader->error.message, sizeof reader->error.message,
                        "only 8-bit JPEG is supported");
        return reader->error.status;
    }
    /* libjpeg-turbo's extended colour space writes RGBA rows directly. */
    cinfo->out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_components != 4 || stride < (size_t)cinfo->output_width * 4) {
        reader->error.status = SAK_ERR_UNSUPPORTED;
        sak_set_message(reader->error.message, sizeof reader->error.message,
                        "this JPEG cannot be converted to RGBA");
        jpeg_abort_decompress(cinfo);
        return reader->error.status;
    }
    JSAMPROW rows[16];
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION count = cinfo->output_height - first;
        if (count > 16) count = 16;
        for (JDIMENSION i = 0; i < count; i++) rows[i] = pixels + (size_t)(first + i) * stride;
        jpeg_read_scanlines(cinfo, rows, count);
    }
    jpeg_finish_decompress(cinfo);
    return SAK_OK;
}

/* ---------------------------------------------------------------- writing */

sak_status sak_jpeg_write(const sak_jpeg_write_params *params, const uint8_t *pixels, size_t stride,
                          sak_buffer *out, char *message, size_t message_capacity) {
    memset(out, 0, sizeof *out);
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    struct jpeg_compress_struct cinfo;
    sak_jpeg_error error;
    /* libjpeg grows the output buffer behind this pointer; it lives on the heap so that its value
     * is still known after a longjmp. */
    struct { unsigned char *data; unsigned long length; } *destination = calloc(1, sizeof *destination);
    if (destination == NULL) return SAK_ERR_RESOURCE;
    volatile int created = 0;
    sak_jpeg_install_errors(&error);
    cinfo.err = &error.manager;
    if (setjmp(error.jump)) {
        if (created) jpeg_destroy_compress(&cinfo);
        free(destination->data);
        free(destination);
        if (message != NULL) sak_set_message(message, message_capacity, error.message);
        return error.status == SAK_OK ? SAK_ERR_UNSUPPORTED : error.status;
    }
    jpeg_create_compress(&cinfo);
    created = 1;
    jpeg_mem_dest(&cinfo, &destination->data, &destination->length);
    cinfo.image_width = params->width;
    cinfo.image_height = params->height;
    cinfo.input_components = params->components;
    cinfo.in_color_space = params->components == 1 ? JCS_GRAYSCALE
                         : params->components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, params->quality, TRUE);
    if (params->progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (params->icc != NULL && params->icc_length > 0) {
        jpeg_write_icc_profile(&cinfo, params->icc, params->icc_length);
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    out->data = destination->data;
    out->length = destination->length;
    out->capacity = destination->length;
    free(destination);
    return SAK_OK;
}
