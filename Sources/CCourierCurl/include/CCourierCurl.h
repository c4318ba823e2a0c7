// CCourierCurl: the few libcurl functions and constants Courier's curl transport uses, reached at
// run time through dlopen("libcurl.so.4") so that building Courier needs no curl headers.
//
// The numbers (CCourierCurlConstants.h) are libcurl's stable ABI, written from its documentation
// and checked against libcurl 7.88. Only what the transport and the benchmark call is here. Every
// libcurl function returns an error (or NULL) before courier_curl_load() has succeeded. The
// content decoders are in CCourierDecoder.h; SIGPIPE, fork and thread names in CCourierProcess.c.
#ifndef CCOURIER_CURL_H
#define CCOURIER_CURL_H

#include <stddef.h>
#include <stdint.h>

#include "CCourierCurlConstants.h"
#include "CCourierDecoder.h"
#include "CCourierEpoll.h"

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

/// Fills `buffer` with `count` bytes from the kernel's random source (getrandom(2)); returns 0, or 1
/// when it cannot. WebSocket mask keys are taken from such bytes, a few hundred at a time.
int courier_random_bytes(void *buffer, size_t count);

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

/// What libcurl measured of the last transfer on an easy handle: times in microseconds from the
/// transfer's start, sizes in bytes, -1 where libcurl gave nothing (the field is unknown).
typedef struct courier_curl_metrics {
    int64_t namelookup_us;
    int64_t connect_us;
    /// 0 when no TLS handshake was made (plain HTTP, a reused connection).
    int64_t appconnect_us;
    /// -1 before libcurl 8.10.
    int64_t posttransfer_us;
    int64_t starttransfer_us;
    int64_t total_us;
    int64_t request_header_bytes;
    int64_t request_body_bytes;
    int64_t response_header_bytes;
    /// As received, before content decoding.
    int64_t response_body_bytes;
    /// Connections libcurl opened for the transfer: 0 when it reused one.
    long new_connections;
    /// A COURIER_CURL_HTTP_VERSION_* value; 0 when unknown.
    long http_version;
    long primary_port;
    /// The server's (or proxy's) IP address as text; empty when unknown. 48 bytes hold any IPv6
    /// address (INET6_ADDRSTRLEN is 46).
    char primary_ip[48];
} courier_curl_metrics;

/// Fills `metrics` from `easy`'s last transfer, in one call at its end (before the handle is
/// reset). `with_posttransfer` asks for CURLINFO_POSTTRANSFER_TIME_T, which libcurl before 8.10
/// does not know.
void courier_curl_easy_metrics(void *easy, int with_posttransfer, courier_curl_metrics *metrics);
/// A one-line description of an easy error code (static text owned by libcurl).
const char *courier_curl_easy_strerror(int code);
/// Blocking transfer on an easy handle alone (for the benchmark's floor, never the transport).
int courier_curl_easy_perform(void *easy);

// MARK: - Connections of their own (CURLOPT_CONNECT_ONLY), for WebSockets

/// Sends on the connection a CURLOPT_CONNECT_ONLY transfer opened (through its TLS, if any):
/// sets how many bytes went, and returns COURIER_CURLE_AGAIN when the socket cannot take any now.
/// With `guard_sigpipe` set, SIGPIPE is blocked around the call: OpenSSL under libcurl before 7.87
/// may write without MSG_NOSIGNAL (see courier_curl_block_sigpipe); later versions never raise it.
int courier_curl_easy_send(void *easy, const void *buffer, size_t length, size_t *sent, int guard_sigpipe);
/// Receives from such a connection: sets how many bytes came (0 with COURIER_CURLE_OK: the peer
/// closed it), and returns COURIER_CURLE_AGAIN when nothing is waiting.
int courier_curl_easy_recv(void *easy, void *buffer, size_t length, size_t *received);
/// A socket-typed information (CURLINFO_ACTIVESOCKET): sets `socket` (-1 when there is none).
int courier_curl_easy_getinfo_socket(void *easy, int info, int *socket);

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

// Closes the gate the process's exit closes (see CCourierCurl.c): from then on, calls that free or
// drive connections return at once. For tests, in a child process; the process cannot reopen it.
void courier_curl_close_exit_gate(void);

// How many calls the closed gate turned away.
int courier_curl_exit_gate_refusals(void);
int courier_curl_multi_poll(void *multi, int timeout_ms, int *ready);
/// Makes a courier_curl_multi_poll under way return at once; callable from any thread.
int courier_curl_multi_wakeup(void *multi);
/// Reads the next "transfer done" message: returns 1 and sets `easy` and `result`, or 0 when none
/// is left. Other kinds of message are skipped.
int courier_curl_multi_next_done(void *multi, void **easy, int *result);

/// curl_multi_socket_action: drives the transfers of `socket` (COURIER_CURL_SOCKET_TIMEOUT for those
/// whose timer expired, new ones included), `mask` a set of COURIER_CURL_CSELECT_*.
int courier_curl_multi_socket_action(void *multi, int socket, int mask, int *running);
/// CURLMOPT_SOCKETFUNCTION: (easy, socket, what: COURIER_CURL_POLL_*, context, socket's context) -> 0.
typedef int (*courier_curl_multi_socket_callback)(void *easy, int socket, int what, void *context,
                                                  void *socket_context);
/// CURLMOPT_TIMERFUNCTION: (multi, milliseconds until socket_action(TIMEOUT) is due, -1 for none,
/// context) -> 0.
typedef int (*courier_curl_multi_timer_callback)(void *multi, long timeout_ms, void *context);
int courier_curl_multi_setopt_socket_callback(void *multi, courier_curl_multi_socket_callback callback,
                                              void *context);
int courier_curl_multi_setopt_timer_callback(void *multi, courier_curl_multi_timer_callback callback,
                                             void *context);

// MARK: - Share handles

void *courier_curl_share_init(void);
/// CURLSHOPT_SHARE and CURLSHOPT_UNSHARE: libcurl reads the value through varargs as an `int`
/// (a `curl_lock_data`), so it is passed as one; a `long` there is undefined behaviour in C.
int courier_curl_share_setopt_lock(void *share, int option, int value);
/// Cleans up a share handle, SIGPIPE blocked around the call as for courier_curl_easy_cleanup.
int courier_curl_share_cleanup(void *share);

#ifdef __cplusplus
}
#endif

#endif
