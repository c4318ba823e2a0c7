// Raw deflate for WebSocket's permessage-deflate (RFC 7692), on the zlib CCourierDecoder.c loads.
#include "CCourierCurl.h"
#include "CourierZlib.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    courier_z_stream z;
} deflater;

int courier_deflater_available(void) {
    return courier_zlib_version() != NULL && courier_zlib_deflate_loaded;
}

void *courier_deflater_create(int window_bits) {
    if (!courier_deflater_available() || window_bits < 9 || window_bits > 15) return NULL;
    deflater *d = calloc(1, sizeof(deflater));
    if (d == NULL) return NULL;
    // Memory level 8 and the default level: zlib's own defaults.
    int status = courier_zlib_deflate.init(&d->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -window_bits, 8,
                                           Z_DEFAULT_STRATEGY, courier_zlib_version(), (int)sizeof(courier_z_stream));
    if (status != Z_OK) {
        free(d);
        return NULL;
    }
    return d;
}

int courier_deflater_run(void *opaque, const void *input, size_t input_length, size_t *consumed, void *output,
                         size_t capacity, size_t *produced, int flush) {
    deflater *d = opaque;
    *consumed = 0;
    *produced = 0;
    if (d == NULL) return COURIER_DECODER_ERROR;
    // zlib counts in unsigned int: hand it at most 1 GiB at a time.
    unsigned int in = input_length > (1u << 30) ? (1u << 30) : (unsigned int)input_length;
    unsigned int out = capacity > (1u << 30) ? (1u << 30) : (unsigned int)capacity;
    d->z.next_in = input;
    d->z.avail_in = in;
    d->z.next_out = output;
    d->z.avail_out = out;
    int status = courier_zlib_deflate.deflate(&d->z, flush ? Z_SYNC_FLUSH : Z_NO_FLUSH);
    *consumed = in - d->z.avail_in;
    *produced = out - d->z.avail_out;
    if (status != Z_OK && status != Z_BUF_ERROR) return COURIER_DECODER_ERROR;
    // After a flush, a full output buffer may hold back more: the caller calls again until not full.
    return COURIER_DECODER_MORE;
}

int courier_deflater_reset(void *opaque) {
    deflater *d = opaque;
    if (d == NULL) return COURIER_DECODER_ERROR;
    return courier_zlib_deflate.reset(&d->z) == Z_OK ? COURIER_DECODER_MORE : COURIER_DECODER_ERROR;
}

void courier_deflater_destroy(void *opaque) {
    deflater *d = opaque;
    if (d == NULL) return;
    courier_zlib_deflate.end(&d->z);
    free(d);
}
