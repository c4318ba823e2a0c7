// Content decoders on the libraries libcurl links, reached with dlopen so that building needs no
// zlib, brotli or zstd headers: the few functions, constants and the z_stream layout are written
// here from those libraries' stable ABIs.
#include "CCourierCurl.h"
#include "CourierZlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// MARK: - zlib

// z_stream and the constants used: CourierZlib.h, shared with CCourierDeflate.c.

static struct {
    const char *(*version)(void);
    int (*init)(courier_z_stream *stream, int window_bits, const char *version, int stream_size);
    int (*inflate)(courier_z_stream *stream, int flush);
    int (*end)(courier_z_stream *stream);
    int (*reset)(courier_z_stream *stream);
} zlib;

// The compressing half, for WebSocket's permessage-deflate (CCourierDeflate.c); bound separately,
// so that a zlib without it still decodes.
courier_zlib_deflate_functions courier_zlib_deflate;
int courier_zlib_deflate_loaded;

// MARK: - brotli

static struct {
    void *(*create)(void *alloc, void *release, void *opaque);
    int (*decompress)(void *state, size_t *available_in, const unsigned char **next_in, size_t *available_out,
                      unsigned char **next_out, size_t *total_out);
    void (*destroy)(void *state);
} brotli;

#define BROTLI_DECODER_RESULT_ERROR 0
#define BROTLI_DECODER_RESULT_SUCCESS 1

// MARK: - zstd

typedef struct {
    const void *src;
    size_t size;
    size_t pos;
} courier_zstd_in;

typedef struct {
    void *dst;
    size_t size;
    size_t pos;
} courier_zstd_out;

static struct {
    void *(*create)(void);
    size_t (*release)(void *context);
    size_t (*decompress)(void *context, courier_zstd_out *output, courier_zstd_in *input);
    unsigned (*is_error)(size_t code);
    size_t (*set_parameter)(void *context, int parameter, int value);
} zstd;

#define ZSTD_D_WINDOW_LOG_MAX 100
/// 2^23 = 8 MiB, the most RFC 8878 has an HTTP decoder accept.
#define COURIER_ZSTD_WINDOW_LOG 23

// MARK: - Loading

static int zlib_loaded, brotli_loaded, zstd_loaded;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int bind_all(const char *library_name, const char *const *names, void **slots, size_t count) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return 0;
    for (size_t index = 0; index < count; index++) {
        slots[index] = dlsym(library, names[index]);
        if (slots[index] == NULL) return 0;
    }
    return 1;
}

static void load_libraries(void) {
    const char *zlib_names[] = {"zlibVersion", "inflateInit2_", "inflate", "inflateEnd", "inflateReset"};
    void *zlib_slots[5];
    if (bind_all("libz.so.1", zlib_names, zlib_slots, 5)) {
        memcpy(&zlib, zlib_slots, sizeof(zlib_slots));
        zlib_loaded = 1;
        const char *deflate_names[] = {"deflateInit2_", "deflate", "deflateEnd", "deflateReset"};
        void *deflate_slots[4];
        if (bind_all("libz.so.1", deflate_names, deflate_slots, 4)) {
            memcpy(&courier_zlib_deflate, deflate_slots, sizeof(deflate_slots));
            courier_zlib_deflate_loaded = 1;
        }
    }
    const char *brotli_names[] = {"BrotliDecoderCreateInstance", "BrotliDecoderDecompressStream",
                                  "BrotliDecoderDestroyInstance"};
    void *brotli_slots[3];
    if (bind_all("libbrotlidec.so.1", brotli_names, brotli_slots, 3)) {
        memcpy(&brotli, brotli_slots, sizeof(brotli_slots));
        brotli_loaded = 1;
    }
    const char *zstd_names[] = {"ZSTD_createDCtx", "ZSTD_freeDCtx", "ZSTD_decompressStream", "ZSTD_isError",
                                "ZSTD_DCtx_setParameter"};
    void *zstd_slots[5];
    if (bind_all("libzstd.so.1", zstd_names, zstd_slots, 5)) {
        memcpy(&zstd, zstd_slots, sizeof(zstd_slots));
        zstd_loaded = 1;
    }
}

const char *courier_zlib_version(void) {
    pthread_once(&load_once, load_libraries);
    return zlib_loaded ? zlib.version() : NULL;
}

int courier_decoder_available(int kind) {
    pthread_once(&load_once, load_libraries);
    switch (kind) {
    case COURIER_DECODER_GZIP:
    case COURIER_DECODER_DEFLATE:
    case COURIER_DECODER_RAW_DEFLATE: return zlib_loaded;
    case COURIER_DECODER_BROTLI: return brotli_loaded;
    case COURIER_DECODER_ZSTD: return zstd_loaded;
    default: return 0;
    }
}

// MARK: - Decoders

typedef struct {
    int kind;
    courier_z_stream z;
    /// A deflate body whose zlib header was refused is read again as raw deflate, once.
    int raw_deflate;
    /// A gzip member ended: what follows is another member, or ignored.
    int member_ended;
    void *state;
} decoder;

static int zlib_start(decoder *d, int window_bits) {
    memset(&d->z, 0, sizeof(d->z));
    return zlib.init(&d->z, window_bits, zlib.version(), (int)sizeof(courier_z_stream)) == Z_OK;
}

void *courier_decoder_create(int kind) {
    if (!courier_decoder_available(kind)) return NULL;
    decoder *d = calloc(1, sizeof(decoder));
    if (d == NULL) return NULL;
    d->kind = kind;
    int made = 0;
    switch (kind) {
    case COURIER_DECODER_GZIP: made = zlib_start(d, 15 + 16); break;
    case COURIER_DECODER_DEFLATE: made = zlib_start(d, 15); break;
    case COURIER_DECODER_RAW_DEFLATE:
        d->raw_deflate = 1;
        made = zlib_start(d, -15);
        break;
    case COURIER_DECODER_BROTLI:
        d->state = brotli.create(NULL, NULL, NULL);
        made = d->state != NULL;
        break;
    case COURIER_DECODER_ZSTD:
        d->state = zstd.create();
        made = d->state != NULL;
        if (made) zstd.set_parameter(d->state, ZSTD_D_WINDOW_LOG_MAX, COURIER_ZSTD_WINDOW_LOG);
        break;
    }
    if (!made) {
        free(d);
        return NULL;
    }
    return d;
}

// Takes the `length` bytes after an ended stream without decoding them.
static int ignore_rest(size_t length, size_t *consumed) {
    *consumed = length;
    return COURIER_DECODER_END;
}

static int run_zlib(decoder *d, const unsigned char *input, size_t length, size_t *consumed, unsigned char *output,
                    size_t capacity, size_t *produced) {
    if (d->member_ended) {
        // Another gzip member may follow (RFC 1952 §2.2); anything else after the end is ignored,
        // as libcurl ignores it. Two bytes tell.
        if (length < 2) return length == 0 || input[0] == 0x1f ? COURIER_DECODER_END : ignore_rest(length, consumed);
        if (input[0] != 0x1f || input[1] != 0x8b) return ignore_rest(length, consumed);
        zlib.reset(&d->z);
        d->member_ended = 0;
    }
    // zlib counts in unsigned int: hand it at most 1 GiB at a time.
    unsigned int in = length > (1u << 30) ? (1u << 30) : (unsigned int)length;
    unsigned int out = capacity > (1u << 30) ? (1u << 30) : (unsigned int)capacity;
    unsigned long fed_before = d->z.total_in;
    d->z.next_in = input;
    d->z.avail_in = in;
    d->z.next_out = output;
    d->z.avail_out = out;
    int status = zlib.inflate(&d->z, Z_NO_FLUSH);
    if (status == Z_DATA_ERROR && d->kind == COURIER_DECODER_DEFLATE && !d->raw_deflate && fed_before == 0 &&
        d->z.total_out == 0) {
        // No zlib header: raw deflate, as libcurl and browsers accept it.
        zlib.end(&d->z);
        d->raw_deflate = 1;
        if (!zlib_start(d, -15)) return COURIER_DECODER_ERROR;
        return run_zlib(d, input, length, consumed, output, capacity, produced);
    }
    *consumed = in - d->z.avail_in;
    *produced = out - d->z.avail_out;
    if (status == Z_STREAM_END) {
        if (d->kind == COURIER_DECODER_GZIP) {
            d->member_ended = 1;
        } else {
            *consumed = length;  // nothing follows a zlib or raw deflate stream
        }
        return COURIER_DECODER_END;
    }
    return status == Z_OK || status == Z_BUF_ERROR ? COURIER_DECODER_MORE : COURIER_DECODER_ERROR;
}

int courier_decoder_run(void *opaque, const void *input, size_t input_length, size_t *consumed, void *output,
                        size_t capacity, size_t *produced) {
    decoder *d = opaque;
    *consumed = 0;
    *produced = 0;
    if (d == NULL) return COURIER_DECODER_ERROR;
    switch (d->kind) {
    case COURIER_DECODER_GZIP:
    case COURIER_DECODER_DEFLATE:
    case COURIER_DECODER_RAW_DEFLATE: return run_zlib(d, input, input_length, consumed, output, capacity, produced);
    case COURIER_DECODER_BROTLI: {
        size_t available_in = input_length, available_out = capacity;
        const unsigned char *next_in = input;
        unsigned char *next_out = output;
        int result = brotli.decompress(d->state, &available_in, &next_in, &available_out, &next_out, NULL);
        *consumed = input_length - available_in;
        *produced = capacity - available_out;
        if (result == BROTLI_DECODER_RESULT_ERROR) return COURIER_DECODER_ERROR;
        if (result != BROTLI_DECODER_RESULT_SUCCESS) return COURIER_DECODER_MORE;
        // A finished brotli decoder takes no more input: bytes after the end would wait for it
        // forever, piling up as the server sends them. libcurl refuses them too.
        return available_in == 0 ? COURIER_DECODER_END : COURIER_DECODER_ERROR;
    }
    case COURIER_DECODER_ZSTD: {
        courier_zstd_in in = {input, input_length, 0};
        courier_zstd_out out = {output, capacity, 0};
        size_t result = zstd.decompress(d->state, &out, &in);
        *consumed = in.pos;
        *produced = out.pos;
        if (zstd.is_error(result)) return COURIER_DECODER_ERROR;
        // 0: a frame ended; another may follow in the input.
        return result == 0 && in.pos == in.size ? COURIER_DECODER_END : COURIER_DECODER_MORE;
    }
    default: return COURIER_DECODER_ERROR;
    }
}

int courier_decoder_reset(void *opaque) {
    decoder *d = opaque;
    if (d == NULL || d->kind != COURIER_DECODER_RAW_DEFLATE) return COURIER_DECODER_ERROR;
    return zlib.reset(&d->z) == Z_OK ? COURIER_DECODER_MORE : COURIER_DECODER_ERROR;
}

void courier_decoder_destroy(void *opaque) {
    decoder *d = opaque;
    if (d == NULL) return;
    switch (d->kind) {
    case COURIER_DECODER_GZIP:
    case COURIER_DECODER_DEFLATE:
    case COURIER_DECODER_RAW_DEFLATE: zlib.end(&d->z); break;
    case COURIER_DECODER_BROTLI: brotli.destroy(d->state); break;
    case COURIER_DECODER_ZSTD: zstd.release(d->state); break;
    }
    free(d);
}
