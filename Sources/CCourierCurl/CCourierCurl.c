// Loads libcurl at run time and forwards calls to it. libcurl's setopt/getinfo functions are
// variadic, which Swift cannot call: the typed wrappers here pass each kind of argument through.
#include "CCourierProcess.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The libcurl functions, resolved by courier_curl_load. Variadic ones keep their variadic type.
static struct {
    int (*global_init)(long flags);
    courier_curl_version_info *(*version_info)(int age);
    void *(*easy_init)(void);
    void (*easy_cleanup)(void *easy);
    void (*easy_reset)(void *easy);
    int (*easy_setopt)(void *easy, int option, ...);
    int (*easy_getinfo)(void *easy, int info, ...);
    int (*easy_pause)(void *easy, int bitmask);
    const char *(*easy_strerror)(int code);
    int (*easy_perform)(void *easy);
    int (*easy_send)(void *easy, const void *buffer, size_t length, size_t *sent);
    int (*easy_recv)(void *easy, void *buffer, size_t length, size_t *received);
    courier_curl_slist *(*slist_append)(courier_curl_slist *list, const char *string);
    void (*slist_free_all)(courier_curl_slist *list);
    void *(*multi_init)(void);
    int (*multi_cleanup)(void *multi);
    int (*multi_setopt)(void *multi, int option, ...);
    int (*multi_add_handle)(void *multi, void *easy);
    int (*multi_remove_handle)(void *multi, void *easy);
    int (*multi_perform)(void *multi, int *running);
    int (*multi_poll)(void *multi, void *extra_fds, unsigned int extra_count, int timeout_ms, int *ready);
    int (*multi_wakeup)(void *multi);
    void *(*multi_info_read)(void *multi, int *queued);
    int (*multi_socket_action)(void *multi, int socket, int mask, int *running);
    void *(*share_init)(void);
    int (*share_setopt)(void *share, int option, ...);
    int (*share_cleanup)(void *share);
} curl;

static int loaded = 0;

// MARK: - Process exit
//
// When the process exits, its atexit handlers run while the event loop's thread may still be
// inside libcurl, closing a connection: the TLS library's own exit handler (OpenSSL's, which
// libcurl's curl_global_init registers) then frees what that thread is using ("double free or
// corruption" in a child test process). Courier's handler, registered after curl_global_init and
// so run before the TLS library's, closes a gate: calls that free or drive connections return at
// once from then on, and it waits (at most a second) for the ones in progress to leave. What is
// left open is the process's to drop.

static atomic_int exiting = 0;
static atomic_int in_flight = 0;
static atomic_int refused = 0;

// Enters a call that may free or drive connections; 0 when the process is exiting.
static int gate_enter(void) {
    atomic_fetch_add(&in_flight, 1);
    if (atomic_load(&exiting)) {
        atomic_fetch_sub(&in_flight, 1);
        atomic_fetch_add(&refused, 1);
        return 0;
    }
    return 1;
}

static void gate_leave(void) { atomic_fetch_sub(&in_flight, 1); }

// Handles whose cleanup the closed gate turned away: kept where a global points at them, so that a
// leak checker run at exit sees memory handed to the process's end, not lost.
#define KEPT_AT_EXIT 1024
static void *kept_at_exit[KEPT_AT_EXIT];
static atomic_int kept_count = 0;

static void keep_at_exit(void *handle) {
    int slot = atomic_fetch_add(&kept_count, 1);
    if (handle && slot < KEPT_AT_EXIT) kept_at_exit[slot] = handle;
}

static void close_gate_at_exit(void) {
    atomic_store(&exiting, 1);
    struct timespec pause = {0, 5 * 1000 * 1000};
    for (int waited = 0; waited < 200 && atomic_load(&in_flight) > 0; waited++) {
        nanosleep(&pause, NULL);
    }
}

void courier_curl_close_exit_gate(void) { close_gate_at_exit(); }

int courier_curl_exit_gate_refusals(void) { return atomic_load(&refused); }


// The first fields of libcurl's CURLMsg: what the message is, and for which easy handle.
typedef struct {
    int message;
    void *easy;
    union {
        void *pointer;
        int result;
    } data;
} courier_curl_message;

#define COURIER_CURLMSG_DONE 1
#define COURIER_CURL_GLOBAL_ALL 3
#define COURIER_CURLVERSION_FIRST 0

static int resolve(void *library, const char *name, void **slot, char *reason, size_t capacity) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(reason, capacity, "libcurl has no %s (libcurl 7.68 or later is needed)", name);
        return 1;
    }
    return 0;
}

int courier_curl_load(char *reason, size_t capacity) {
    if (loaded) {
        return 0;
    }
    // The runtime library FoundationNetworking links, then the unversioned development name.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(reason, capacity, "libcurl.so.4 could not be loaded: %s", error ? error : "not found");
        return 1;
    }
    struct {
        const char *name;
        void **slot;
    } symbols[] = {
        {"curl_global_init", (void **)&curl.global_init},
        {"curl_version_info", (void **)&curl.version_info},
        {"curl_easy_init", (void **)&curl.easy_init},
        {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
        {"curl_easy_reset", (void **)&curl.easy_reset},
        {"curl_easy_setopt", (void **)&curl.easy_setopt},
        {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
        {"curl_easy_pause", (void **)&curl.easy_pause},
        {"curl_easy_strerror", (void **)&curl.easy_strerror},
        {"curl_easy_perform", (void **)&curl.easy_perform},
        {"curl_easy_send", (void **)&curl.easy_send},
        {"curl_easy_recv", (void **)&curl.easy_recv},
        {"curl_slist_append", (void **)&curl.slist_append},
        {"curl_slist_free_all", (void **)&curl.slist_free_all},
        {"curl_multi_init", (void **)&curl.multi_init},
        {"curl_multi_cleanup", (void **)&curl.multi_cleanup},
        {"curl_multi_setopt", (void **)&curl.multi_setopt},
        {"curl_multi_add_handle", (void **)&curl.multi_add_handle},
        {"curl_multi_remove_handle", (void **)&curl.multi_remove_handle},
        {"curl_multi_perform", (void **)&curl.multi_perform},
        {"curl_multi_poll", (void **)&curl.multi_poll},
        {"curl_multi_wakeup", (void **)&curl.multi_wakeup},
        {"curl_multi_info_read", (void **)&curl.multi_info_read},
        {"curl_multi_socket_action", (void **)&curl.multi_socket_action},
        {"curl_share_init", (void **)&curl.share_init},
        {"curl_share_setopt", (void **)&curl.share_setopt},
        {"curl_share_cleanup", (void **)&curl.share_cleanup},
    };
    for (size_t index = 0; index < sizeof(symbols) / sizeof(symbols[0]); index++) {
        if (resolve(library, symbols[index].name, symbols[index].slot, reason, capacity) != 0) {
            memset(&curl, 0, sizeof(curl));
            return 1;
        }
    }
    int status = curl.global_init(COURIER_CURL_GLOBAL_ALL);
    if (status != 0) {
        snprintf(reason, capacity, "curl_global_init failed with error %d", status);
        memset(&curl, 0, sizeof(curl));
        return 1;
    }
    courier_curl_count_forks();
    atexit(close_gate_at_exit);
    loaded = 1;
    return 0;
}

const courier_curl_version_info *courier_curl_version(void) {
    return loaded ? curl.version_info(COURIER_CURLVERSION_FIRST) : NULL;
}

// MARK: - Easy handles

void *courier_curl_easy_init(void) { return loaded ? curl.easy_init() : NULL; }

void courier_curl_easy_cleanup(void *easy) {
    if (!loaded || !easy) return;
    if (!gate_enter()) {
        keep_at_exit(easy);
        return;
    }
    courier_sigpipe_guard guard;
    courier_sigpipe_guard_begin(&guard);
    curl.easy_cleanup(easy);
    courier_sigpipe_guard_end(&guard);
    gate_leave();
}

void courier_curl_easy_reset(void *easy) {
    if (!loaded || !easy || !gate_enter()) return;
    curl.easy_reset(easy);
    gate_leave();
}

// CURLE_FAILED_INIT when libcurl is not loaded.
#define NOT_LOADED 2

int courier_curl_easy_setopt_long(void *easy, int option, long value) {
    return loaded ? curl.easy_setopt(easy, option, value) : NOT_LOADED;
}

int courier_curl_easy_setopt_pointer(void *easy, int option, const void *value) {
    return loaded ? curl.easy_setopt(easy, option, value) : NOT_LOADED;
}

int courier_curl_easy_setopt_offset(void *easy, int option, int64_t value) {
    return loaded ? curl.easy_setopt(easy, option, value) : NOT_LOADED;
}

int courier_curl_easy_setopt_data_callback(void *easy, int option, courier_curl_data_callback callback) {
    return loaded ? curl.easy_setopt(easy, option, callback) : NOT_LOADED;
}

int courier_curl_easy_setopt_seek_callback(void *easy, int option, courier_curl_seek_callback callback) {
    return loaded ? curl.easy_setopt(easy, option, callback) : NOT_LOADED;
}

int courier_curl_easy_setopt_sockopt_callback(void *easy, int option, courier_curl_sockopt_callback callback) {
    return loaded ? curl.easy_setopt(easy, option, callback) : NOT_LOADED;
}

int courier_curl_easy_setopt_prereq_callback(void *easy, int option, courier_curl_prereq_callback callback) {
    return loaded ? curl.easy_setopt(easy, option, callback) : NOT_LOADED;
}

int courier_curl_easy_setopt_closesocket_callback(void *easy, int option, courier_curl_closesocket_callback callback) {
    return loaded ? curl.easy_setopt(easy, option, callback) : NOT_LOADED;
}

int courier_curl_easy_getinfo_long(void *easy, int info, long *value) {
    return loaded ? curl.easy_getinfo(easy, info, value) : NOT_LOADED;
}

int courier_curl_easy_getinfo_offset(void *easy, int info, int64_t *value) {
    return loaded ? curl.easy_getinfo(easy, info, value) : NOT_LOADED;
}

int courier_curl_easy_getinfo_string(void *easy, int info, const char **value) {
    return loaded ? curl.easy_getinfo(easy, info, value) : NOT_LOADED;
}

// An offset-typed value, or -1 when libcurl gives none.
static int64_t info_offset(void *easy, int info) {
    int64_t value = -1;
    return curl.easy_getinfo(easy, info, &value) == 0 ? value : -1;
}

// A long-typed value, or -1 when libcurl gives none.
static long info_long(void *easy, int info) {
    long value = -1;
    return curl.easy_getinfo(easy, info, &value) == 0 ? value : -1;
}

void courier_curl_easy_metrics(void *easy, int with_posttransfer, courier_curl_metrics *metrics) {
    memset(metrics, 0, sizeof(*metrics));
    if (!loaded || !easy) {
        metrics->namelookup_us = metrics->connect_us = metrics->appconnect_us = -1;
        metrics->posttransfer_us = metrics->starttransfer_us = metrics->total_us = -1;
        metrics->request_header_bytes = metrics->request_body_bytes = -1;
        metrics->response_header_bytes = metrics->response_body_bytes = -1;
        metrics->new_connections = metrics->primary_port = -1;
        return;
    }
    metrics->namelookup_us = info_offset(easy, COURIER_CURLINFO_NAMELOOKUP_TIME_T);
    metrics->connect_us = info_offset(easy, COURIER_CURLINFO_CONNECT_TIME_T);
    metrics->appconnect_us = info_offset(easy, COURIER_CURLINFO_APPCONNECT_TIME_T);
    metrics->posttransfer_us = with_posttransfer ? info_offset(easy, COURIER_CURLINFO_POSTTRANSFER_TIME_T) : -1;
    metrics->starttransfer_us = info_offset(easy, COURIER_CURLINFO_STARTTRANSFER_TIME_T);
    metrics->total_us = info_offset(easy, COURIER_CURLINFO_TOTAL_TIME_T);
    metrics->request_header_bytes = info_long(easy, COURIER_CURLINFO_REQUEST_SIZE);
    metrics->request_body_bytes = info_offset(easy, COURIER_CURLINFO_SIZE_UPLOAD_T);
    metrics->response_header_bytes = info_long(easy, COURIER_CURLINFO_HEADER_SIZE);
    metrics->response_body_bytes = info_offset(easy, COURIER_CURLINFO_SIZE_DOWNLOAD_T);
    metrics->new_connections = info_long(easy, COURIER_CURLINFO_NUM_CONNECTS);
    long version = info_long(easy, COURIER_CURLINFO_HTTP_VERSION);
    metrics->http_version = version < 0 ? 0 : version;
    metrics->primary_port = info_long(easy, COURIER_CURLINFO_PRIMARY_PORT);
    const char *ip = NULL;
    if (curl.easy_getinfo(easy, COURIER_CURLINFO_PRIMARY_IP, &ip) == 0 && ip != NULL) {
        // Copied, at most one byte short of the buffer: the memset left the terminator.
        strncpy(metrics->primary_ip, ip, sizeof(metrics->primary_ip) - 1);
    }
}

int courier_curl_easy_pause(void *easy, int bitmask) {
    return loaded ? curl.easy_pause(easy, bitmask) : NOT_LOADED;
}

const char *courier_curl_easy_strerror(int code) {
    return loaded ? curl.easy_strerror(code) : "libcurl is not loaded";
}

int courier_curl_easy_perform(void *easy) { return loaded ? curl.easy_perform(easy) : NOT_LOADED; }

int courier_curl_easy_send(void *easy, const void *buffer, size_t length, size_t *sent, int guard_sigpipe) {
    *sent = 0;
    if (!loaded) return NOT_LOADED;
    if (!guard_sigpipe) return curl.easy_send(easy, buffer, length, sent);
    courier_sigpipe_guard guard;
    courier_sigpipe_guard_begin(&guard);
    int status = curl.easy_send(easy, buffer, length, sent);
    courier_sigpipe_guard_end(&guard);
    return status;
}

int courier_curl_easy_recv(void *easy, void *buffer, size_t length, size_t *received) {
    *received = 0;
    return loaded ? curl.easy_recv(easy, buffer, length, received) : NOT_LOADED;
}

int courier_curl_easy_getinfo_socket(void *easy, int info, int *socket) {
    *socket = -1;
    return loaded ? curl.easy_getinfo(easy, info, socket) : NOT_LOADED;
}

courier_curl_slist *courier_curl_slist_append(courier_curl_slist *list, const char *string) {
    return loaded ? curl.slist_append(list, string) : NULL;
}

void courier_curl_slist_free_all(courier_curl_slist *list) {
    if (loaded && list) curl.slist_free_all(list);
}

// MARK: - Multi handles

void *courier_curl_multi_init(void) { return loaded ? curl.multi_init() : NULL; }

int courier_curl_multi_cleanup(void *multi) {
    if (!loaded) return NOT_LOADED;
    if (!gate_enter()) {
        keep_at_exit(multi);
        return 0;
    }
    courier_sigpipe_guard guard;
    courier_sigpipe_guard_begin(&guard);
    int status = curl.multi_cleanup(multi);
    courier_sigpipe_guard_end(&guard);
    gate_leave();
    return status;
}

int courier_curl_multi_setopt_long(void *multi, int option, long value) {
    return loaded ? curl.multi_setopt(multi, option, value) : NOT_LOADED;
}

int courier_curl_multi_add_handle(void *multi, void *easy) {
    return loaded ? curl.multi_add_handle(multi, easy) : NOT_LOADED;
}

int courier_curl_multi_remove_handle(void *multi, void *easy) {
    if (!loaded) return NOT_LOADED;
    if (!gate_enter()) return 0;
    int status = curl.multi_remove_handle(multi, easy);
    gate_leave();
    return status;
}

int courier_curl_multi_perform(void *multi, int *running) {
    if (!loaded) return NOT_LOADED;
    if (!gate_enter()) return 0;
    int status = curl.multi_perform(multi, running);
    gate_leave();
    return status;
}

int courier_curl_multi_poll(void *multi, int timeout_ms, int *ready) {
    return loaded ? curl.multi_poll(multi, NULL, 0, timeout_ms, ready) : NOT_LOADED;
}

int courier_curl_multi_wakeup(void *multi) { return loaded ? curl.multi_wakeup(multi) : NOT_LOADED; }

int courier_curl_multi_socket_action(void *multi, int socket, int mask, int *running) {
    if (!loaded) return NOT_LOADED;
    if (!gate_enter()) return 0;
    int status = curl.multi_socket_action(multi, socket, mask, running);
    gate_leave();
    return status;
}

int courier_curl_multi_setopt_socket_callback(void *multi, courier_curl_multi_socket_callback callback,
                                              void *context) {
    if (!loaded) return NOT_LOADED;
    int status = curl.multi_setopt(multi, COURIER_CURLMOPT_SOCKETFUNCTION, callback);
    return status != 0 ? status : curl.multi_setopt(multi, COURIER_CURLMOPT_SOCKETDATA, context);
}

int courier_curl_multi_setopt_timer_callback(void *multi, courier_curl_multi_timer_callback callback,
                                             void *context) {
    if (!loaded) return NOT_LOADED;
    int status = curl.multi_setopt(multi, COURIER_CURLMOPT_TIMERFUNCTION, callback);
    return status != 0 ? status : curl.multi_setopt(multi, COURIER_CURLMOPT_TIMERDATA, context);
}

int courier_curl_multi_next_done(void *multi, void **easy, int *result) {
    if (!loaded) return 0;
    int queued = 0;
    courier_curl_message *message;
    while ((message = curl.multi_info_read(multi, &queued)) != NULL) {
        if (message->message == COURIER_CURLMSG_DONE) {
            *easy = message->easy;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}

// MARK: - Share handles

void *courier_curl_share_init(void) { return loaded ? curl.share_init() : NULL; }

int courier_curl_share_setopt_lock(void *share, int option, int value) {
    return loaded ? curl.share_setopt(share, option, value) : NOT_LOADED;
}

int courier_curl_share_cleanup(void *share) {
    if (!loaded) return NOT_LOADED;
    if (!gate_enter()) {
        keep_at_exit(share);
        return 0;
    }
    courier_sigpipe_guard guard;
    courier_sigpipe_guard_begin(&guard);
    int status = curl.share_cleanup(share);
    courier_sigpipe_guard_end(&guard);
    gate_leave();
    return status;
}
