// Part of the CCourierCurl module (included by CCourierCurl.h).
#ifndef CCOURIER_DECODER_H
#define CCOURIER_DECODER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Content decoding (CCourierDecoder.c)

// Decoders for the content encodings libcurl decodes, from the libraries libcurl itself links
// (libz.so.1, libbrotlidec.so.1, libzstd.so.1), opened with dlopen as libcurl is. For streamed
// bodies Courier decodes itself, in pieces as small as the reader takes them (see
// CurlContentDecoder).

#define COURIER_DECODER_GZIP 1
/// zlib-wrapped deflate, or raw deflate when the body does not start with a zlib header.
#define COURIER_DECODER_DEFLATE 2
#define COURIER_DECODER_BROTLI 3
#define COURIER_DECODER_ZSTD 4

/// More input, or more room for output, is needed.
#define COURIER_DECODER_MORE 0
/// The encoded data ended (a gzip member, a brotli stream, a zstd frame).
#define COURIER_DECODER_END 1
/// The input is not valid for the encoding.
#define COURIER_DECODER_ERROR (-1)

/// Whether a decoder of `kind` can be made (its library loads).
int courier_decoder_available(int kind);
/// A new decoder of `kind`, or NULL when its library cannot be loaded or it cannot be made.
void *courier_decoder_create(int kind);
/// Decodes from `input` into `output`: sets how many input bytes were taken and output bytes made,
/// and returns a COURIER_DECODER_* status. A zstd decoder's window is capped at 8 MiB.
int courier_decoder_run(void *decoder, const void *input, size_t input_length, size_t *consumed, void *output,
                        size_t capacity, size_t *produced);
void courier_decoder_destroy(void *decoder);

#ifdef __cplusplus
}
#endif

#endif
