// zlib's ABI as CCourierDecoder.c and CCourierDeflate.c use it, written from zlib's stable
// interface so that building needs no zlib headers. Private to the CCourierCurl target.
#ifndef COURIER_ZLIB_H
#define COURIER_ZLIB_H

// zlib's z_stream, field for field (its layout has not changed since zlib 1.0).
typedef struct {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} courier_z_stream;

#define Z_OK 0
#define Z_STREAM_END 1
#define Z_BUF_ERROR (-5)
#define Z_DATA_ERROR (-3)
#define Z_NO_FLUSH 0
#define Z_SYNC_FLUSH 2
#define Z_DEFLATED 8
#define Z_DEFAULT_STRATEGY 0
#define Z_DEFAULT_COMPRESSION (-1)

// zlib's compressing functions, bound by CCourierDecoder.c when it loads libz.so.1.
typedef struct {
    int (*init)(courier_z_stream *stream, int level, int method, int window_bits, int memory_level, int strategy,
                const char *version, int stream_size);
    int (*deflate)(courier_z_stream *stream, int flush);
    int (*end)(courier_z_stream *stream);
    int (*reset)(courier_z_stream *stream);
} courier_zlib_deflate_functions;

extern courier_zlib_deflate_functions courier_zlib_deflate;
extern int courier_zlib_deflate_loaded;
/// zlib's version text, for deflateInit2_; NULL when zlib is not loaded.
const char *courier_zlib_version(void);

#endif
