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
/// Raw deflate with a 32 KiB window: WebSocket's permessage-deflate (RFC 7692).
#define COURIER_DECODER_RAW_DEFLATE 5

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
/// Starts a COURIER_DECODER_RAW_DEFLATE decoder afresh, forgetting its window (permessage-deflate
/// without context takeover); returns COURIER_DECODER_MORE, or COURIER_DECODER_ERROR for another kind.
int courier_decoder_reset(void *decoder);

// MARK: - Deflate (CCourierDeflate.c)

/// Whether a deflater can be made (zlib loads, with its compressing half).
int courier_deflater_available(void);
/// A raw-deflate compressor with a window of 2^window_bits bytes (9 to 15), or NULL.
void *courier_deflater_create(int window_bits);
/// Compresses from `input` into `output`, as courier_decoder_run decodes; with `flush` set, ends
/// what was given on a byte boundary (Z_SYNC_FLUSH, whose output ends with 00 00 FF FF). Call it
/// again while it fills `output` whole. Returns COURIER_DECODER_MORE, or COURIER_DECODER_ERROR.
int courier_deflater_run(void *deflater, const void *input, size_t input_length, size_t *consumed, void *output,
                         size_t capacity, size_t *produced, int flush);
/// Starts afresh, forgetting the window (permessage-deflate without context takeover).
int courier_deflater_reset(void *deflater);
void courier_deflater_destroy(void *deflater);

#ifdef __cplusplus
}
#endif

#endif
