// CCourierCurl: the few libcurl functions and constants Courier's curl transport uses, reached at
// run time through dlopen("libcurl.so.4") so that building Courier needs no curl headers.
//
// The numbers below are libcurl's stable ABI (option, info and error numbers never change once
// released), written from its documentation and checked against libcurl 7.88. Only what the
// transport and the benchmark call is here. Every function returns an error (or NULL) before
// courier_curl_load() has succeeded.
#ifndef CCOURIER_CURL_H
#define CCOURIER_CURL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Handles and callbacks

/// A libcurl list of strings (`struct curl_slist`): the same layout, built by libcurl.
typedef struct courier_curl_slist {
    char *data;
    struct courier_curl_slist *next;
} courier_curl_slist;

/// The first fields of `curl_version_info_data`, whose layout libcurl keeps from age 0 on.
typedef struct courier_curl_version_info {
    int age;
    const char *version;
    unsigned int version_num;
    const char *host;
    int features;
    const char *ssl_version;
} courier_curl_version_info;

/// Write, header and read callbacks: (buffer, 1, count, context) -> bytes handled.
typedef size_t (*courier_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
/// Seek callback: (context, offset, SEEK_SET) -> COURIER_CURL_SEEKFUNC_*.
typedef int (*courier_curl_seek_callback)(void *context, int64_t offset, int origin);
/// Socket option callback (CURLOPT_SOCKOPTFUNCTION): (context, new socket, purpose) ->
/// COURIER_CURL_SOCKOPT_*; called for every socket libcurl makes, before it connects.
typedef int (*courier_curl_sockopt_callback)(void *context, int socket, int purpose);
/// Pre-request callback (CURLOPT_PREREQFUNCTION, libcurl 7.80 and later): (context, peer address,
/// local address, peer port, local port) -> COURIER_CURL_PREREQFUNC_*; called once a connection
/// is made or reused, right before the request is sent on it.
typedef int (*courier_curl_prereq_callback)(void *context, char *peer, char *local, int peer_port, int local_port);
/// Socket closing callback (CURLOPT_CLOSESOCKETFUNCTION): (context, socket) -> 0, having closed it.
/// The context is kept with the connection, which may outlive the transfer that made it.
typedef int (*courier_curl_closesocket_callback)(void *context, int socket);

// MARK: - Loading

/// Opens libcurl.so.4 (or libcurl.so), resolves every function below and calls curl_global_init.
/// Returns 0 on success; otherwise 1 and a sentence in `reason`. Call it once, before anything else.
int courier_curl_load(char *reason, size_t capacity);

/// libcurl's version information, or NULL when not loaded.
const courier_curl_version_info *courier_curl_version(void);

/// How many times this process's ancestors and itself came out of fork() as the child, since
/// courier_curl_load (a pthread_atfork handler counts): a value that differs from the one seen
/// when an event loop was made means the loop's thread is not in this process.
unsigned long courier_curl_fork_generation(void);

// MARK: - SIGPIPE

/// Blocks SIGPIPE in the calling thread for the rest of its life: a write to a connection its
/// peer has reset then fails with EPIPE instead of killing the process. The event loop's thread
/// calls it first: libcurl 7.68 to 7.86 with OpenSSL lets OpenSSL write to the socket itself,
/// without MSG_NOSIGNAL, and with CURLOPT_NOSIGNAL (needed by a threaded program) libcurl does not
/// ignore SIGPIPE around it (curl PR #2904). A SIGPIPE raised in a blocked thread stays pending on
/// that thread and is dropped with it.
void courier_curl_block_sigpipe(void);

/// Names the calling thread as debuggers and /proc/<pid>/task/<tid>/comm show it (at most 15
/// bytes are kept); Foundation's Thread.name does not reach the system on Linux.
void courier_curl_name_thread(const char *name);

// MARK: - Easy handles

void *courier_curl_easy_init(void);
/// Cleans up an easy handle, on any thread: SIGPIPE is blocked around the call (and a SIGPIPE it
/// raised is consumed), since closing a connection may write to it (a TLS close_notify).
void courier_curl_easy_cleanup(void *easy);
void courier_curl_easy_reset(void *easy);
int courier_curl_easy_setopt_long(void *easy, int option, long value);
int courier_curl_easy_setopt_pointer(void *easy, int option, const void *value);
int courier_curl_easy_setopt_offset(void *easy, int option, int64_t value);
int courier_curl_easy_setopt_data_callback(void *easy, int option, courier_curl_data_callback callback);
int courier_curl_easy_setopt_seek_callback(void *easy, int option, courier_curl_seek_callback callback);
int courier_curl_easy_setopt_sockopt_callback(void *easy, int option, courier_curl_sockopt_callback callback);
int courier_curl_easy_setopt_prereq_callback(void *easy, int option, courier_curl_prereq_callback callback);
int courier_curl_easy_setopt_closesocket_callback(void *easy, int option, courier_curl_closesocket_callback callback);
int courier_curl_easy_getinfo_long(void *easy, int info, long *value);
int courier_curl_easy_getinfo_offset(void *easy, int info, int64_t *value);
int courier_curl_easy_getinfo_string(void *easy, int info, const char **value);
int courier_curl_easy_pause(void *easy, int bitmask);
/// A one-line description of an easy error code (static text owned by libcurl).
const char *courier_curl_easy_strerror(int code);
/// Blocking transfer on an easy handle alone (for the benchmark's floor, never the transport).
int courier_curl_easy_perform(void *easy);

courier_curl_slist *courier_curl_slist_append(courier_curl_slist *list, const char *string);
void courier_curl_slist_free_all(courier_curl_slist *list);

// MARK: - Multi handles

void *courier_curl_multi_init(void);
/// Cleans up a multi handle and the connections it keeps, on any thread, SIGPIPE blocked around
/// the call as for courier_curl_easy_cleanup.
int courier_curl_multi_cleanup(void *multi);
int courier_curl_multi_setopt_long(void *multi, int option, long value);
int courier_curl_multi_add_handle(void *multi, void *easy);
int courier_curl_multi_remove_handle(void *multi, void *easy);
int courier_curl_multi_perform(void *multi, int *running);
int courier_curl_multi_poll(void *multi, int timeout_ms, int *ready);
/// Makes a courier_curl_multi_poll under way return at once; callable from any thread.
int courier_curl_multi_wakeup(void *multi);
/// Reads the next "transfer done" message: returns 1 and sets `easy` and `result`, or 0 when none
/// is left. Other kinds of message are skipped.
int courier_curl_multi_next_done(void *multi, void **easy, int *result);

// MARK: - Share handles

void *courier_curl_share_init(void);
/// CURLSHOPT_SHARE and CURLSHOPT_UNSHARE: libcurl reads the value through varargs as an `int`
/// (a `curl_lock_data`), so it is passed as one; a `long` there is undefined behaviour in C.
int courier_curl_share_setopt_lock(void *share, int option, int value);
/// Cleans up a share handle, SIGPIPE blocked around the call as for courier_curl_easy_cleanup.
int courier_curl_share_cleanup(void *share);

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

// MARK: - Easy options (CURLOPT_*: type base + number)

#define COURIER_CURLOPT_WRITEDATA 10001
#define COURIER_CURLOPT_URL 10002
#define COURIER_CURLOPT_PROXY 10004
#define COURIER_CURLOPT_READDATA 10009
#define COURIER_CURLOPT_ERRORBUFFER 10010
#define COURIER_CURLOPT_POSTFIELDS 10015
#define COURIER_CURLOPT_WRITEFUNCTION 20011
#define COURIER_CURLOPT_READFUNCTION 20012
#define COURIER_CURLOPT_LOW_SPEED_LIMIT 19
#define COURIER_CURLOPT_LOW_SPEED_TIME 20
#define COURIER_CURLOPT_HTTPHEADER 10023
#define COURIER_CURLOPT_HEADERDATA 10029
#define COURIER_CURLOPT_COOKIEFILE 10031
#define COURIER_CURLOPT_CUSTOMREQUEST 10036
#define COURIER_CURLOPT_VERBOSE 41
#define COURIER_CURLOPT_NOPROGRESS 43
#define COURIER_CURLOPT_NOBODY 44
#define COURIER_CURLOPT_UPLOAD 46
#define COURIER_CURLOPT_POST 47
#define COURIER_CURLOPT_FOLLOWLOCATION 52
#define COURIER_CURLOPT_SSL_VERIFYPEER 64
#define COURIER_CURLOPT_CAINFO 10065
#define COURIER_CURLOPT_FRESH_CONNECT 74
#define COURIER_CURLOPT_FORBID_REUSE 75
#define COURIER_CURLOPT_HEADERFUNCTION 20079
#define COURIER_CURLOPT_HTTPGET 80
#define COURIER_CURLOPT_SSL_VERIFYHOST 81
#define COURIER_CURLOPT_HTTP_VERSION 84
#define COURIER_CURLOPT_BUFFERSIZE 98
#define COURIER_CURLOPT_NOSIGNAL 99
#define COURIER_CURLOPT_SHARE 10100
#define COURIER_CURLOPT_ACCEPT_ENCODING 10102
#define COURIER_CURLOPT_PRIVATE 10103
#define COURIER_CURLOPT_INFILESIZE_LARGE 30115
#define COURIER_CURLOPT_POSTFIELDSIZE_LARGE 30120
#define COURIER_CURLOPT_TCP_NODELAY 121
#define COURIER_CURLOPT_CONNECTTIMEOUT_MS 156
#define COURIER_CURLOPT_SOCKOPTFUNCTION 20148
#define COURIER_CURLOPT_SOCKOPTDATA 10149
#define COURIER_CURLOPT_HTTP_CONTENT_DECODING 158
#define COURIER_CURLOPT_SEEKFUNCTION 20167
#define COURIER_CURLOPT_SEEKDATA 10168
#define COURIER_CURLOPT_NOPROXY 10177
#define COURIER_CURLOPT_CLOSESOCKETFUNCTION 20208
#define COURIER_CURLOPT_CLOSESOCKETDATA 10209
#define COURIER_CURLOPT_TCP_KEEPALIVE 213
#define COURIER_CURLOPT_EXPECT_100_TIMEOUT_MS 227
#define COURIER_CURLOPT_PINNEDPUBLICKEY 10230
#define COURIER_CURLOPT_PIPEWAIT 237
#define COURIER_CURLOPT_SUPPRESS_CONNECT_HEADERS 265
#define COURIER_CURLOPT_UPLOAD_BUFFERSIZE 280
/// libcurl 7.80 and later.
#define COURIER_CURLOPT_PREREQFUNCTION 20312
#define COURIER_CURLOPT_PREREQDATA 10313
/// Protocols allowed, as text ("http,https"); libcurl 7.85 and later.
#define COURIER_CURLOPT_PROTOCOLS_STR 10318
/// Removing a handle does not wait for its resolver thread (libcurl 7.87 and later).
#define COURIER_CURLOPT_QUICK_EXIT 322
/// The same as a bit mask, for libcurl before 7.85 (deprecated after).
#define COURIER_CURLOPT_PROTOCOLS 181

// MARK: - Information (CURLINFO_*: type base + number)

#define COURIER_CURLINFO_RESPONSE_CODE 0x200002
#define COURIER_CURLINFO_OS_ERRNO 0x200019
#define COURIER_CURLINFO_NUM_CONNECTS 0x20001A
#define COURIER_CURLINFO_LOCAL_PORT 0x20002A
#define COURIER_CURLINFO_NAMELOOKUP_TIME_T 0x600033
#define COURIER_CURLINFO_HTTP_VERSION 0x20002E
#define COURIER_CURLINFO_SIZE_UPLOAD_T 0x600007
#define COURIER_CURLINFO_SIZE_DOWNLOAD_T 0x600008

// MARK: - Multi and share options

#define COURIER_CURLMOPT_PIPELINING 3
#define COURIER_CURLMOPT_MAXCONNECTS 6
#define COURIER_CURLMOPT_MAX_HOST_CONNECTIONS 7
#define COURIER_CURLMOPT_MAX_TOTAL_CONNECTIONS 13
#define COURIER_CURLPIPE_MULTIPLEX 2
#define COURIER_CURLSHOPT_SHARE 1
#define COURIER_CURL_LOCK_DATA_COOKIE 2

// MARK: - Values

#define COURIER_CURL_HTTP_VERSION_1_1 2
#define COURIER_CURL_HTTP_VERSION_2TLS 4
#define COURIER_CURLPROTO_HTTP 1
#define COURIER_CURLPROTO_HTTPS 2
#define COURIER_CURL_ERROR_SIZE 256
#define COURIER_CURLPAUSE_RECV 1
#define COURIER_CURLPAUSE_CONT 0
#define COURIER_CURL_WRITEFUNC_PAUSE 0x10000001
#define COURIER_CURL_READFUNC_ABORT 0x10000000
#define COURIER_CURL_SEEKFUNC_OK 0
#define COURIER_CURL_SEEKFUNC_FAIL 1
#define COURIER_CURL_SEEKFUNC_CANTSEEK 2
#define COURIER_CURL_SOCKOPT_OK 0
#define COURIER_CURL_SOCKOPT_ERROR 1
#define COURIER_CURL_PREREQFUNC_OK 0
#define COURIER_CURL_PREREQFUNC_ABORT 1

// Feature bits of courier_curl_version_info.features.
#define COURIER_CURL_VERSION_SSL (1 << 2)
#define COURIER_CURL_VERSION_LIBZ (1 << 3)
/// Names are resolved off the calling thread (threaded resolver or c-ares).
#define COURIER_CURL_VERSION_ASYNCHDNS (1 << 7)
#define COURIER_CURL_VERSION_HTTP2 (1 << 16)
#define COURIER_CURL_VERSION_BROTLI (1 << 23)
#define COURIER_CURL_VERSION_ZSTD (1 << 26)

// MARK: - Error codes (CURLcode)

#define COURIER_CURLE_OK 0
#define COURIER_CURLE_UNSUPPORTED_PROTOCOL 1
#define COURIER_CURLE_URL_MALFORMAT 3
#define COURIER_CURLE_COULDNT_RESOLVE_PROXY 5
#define COURIER_CURLE_COULDNT_RESOLVE_HOST 6
#define COURIER_CURLE_COULDNT_CONNECT 7
#define COURIER_CURLE_WEIRD_SERVER_REPLY 8
#define COURIER_CURLE_HTTP2 16
#define COURIER_CURLE_PARTIAL_FILE 18
#define COURIER_CURLE_WRITE_ERROR 23
#define COURIER_CURLE_READ_ERROR 26
#define COURIER_CURLE_OUT_OF_MEMORY 27
#define COURIER_CURLE_OPERATION_TIMEDOUT 28
#define COURIER_CURLE_SSL_CONNECT_ERROR 35
#define COURIER_CURLE_ABORTED_BY_CALLBACK 42
#define COURIER_CURLE_TOO_MANY_REDIRECTS 47
#define COURIER_CURLE_GOT_NOTHING 52
#define COURIER_CURLE_SEND_ERROR 55
#define COURIER_CURLE_RECV_ERROR 56
#define COURIER_CURLE_SSL_CERTPROBLEM 58
#define COURIER_CURLE_SSL_CIPHER 59
#define COURIER_CURLE_PEER_FAILED_VERIFICATION 60
#define COURIER_CURLE_BAD_CONTENT_ENCODING 61
#define COURIER_CURLE_SEND_FAIL_REWIND 65
#define COURIER_CURLE_SSL_CACERT_BADFILE 77
#define COURIER_CURLE_SSL_ISSUER_ERROR 83
#define COURIER_CURLE_SSL_PINNEDPUBKEYNOTMATCH 90
#define COURIER_CURLE_HTTP2_STREAM 92
#define COURIER_CURLE_PROXY 97

#ifdef __cplusplus
}
#endif

#endif
