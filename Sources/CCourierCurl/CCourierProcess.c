// What a process and its threads need around libcurl: SIGPIPE kept from killing the process, a
// count of forks, and thread names.
#define _GNU_SOURCE
#include "CCourierProcess.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/random.h>
#include <time.h>

// MARK: - fork()

// Written only by the child's fork handler, while the child has one thread.
static unsigned long fork_generation = 0;

static void count_fork_in_child(void) { __atomic_add_fetch(&fork_generation, 1, __ATOMIC_SEQ_CST); }

static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;

static void install_fork_handler(void) { pthread_atfork(NULL, NULL, count_fork_in_child); }

void courier_curl_count_forks(void) { pthread_once(&fork_handler_once, install_fork_handler); }

unsigned long courier_curl_fork_generation(void) { return __atomic_load_n(&fork_generation, __ATOMIC_SEQ_CST); }

// MARK: - SIGPIPE

void courier_curl_block_sigpipe(void) {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, NULL);
}

void courier_curl_name_thread(const char *name) {
    char shortened[16];
    snprintf(shortened, sizeof(shortened), "%s", name);
    pthread_setname_np(pthread_self(), shortened);
}

void courier_sigpipe_guard_begin(courier_sigpipe_guard *guard) {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &guard->previous_mask);
    sigemptyset(&pending);
    sigpending(&pending);
    guard->was_pending = sigismember(&pending, SIGPIPE);
}

void courier_sigpipe_guard_end(courier_sigpipe_guard *guard) {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    sigemptyset(&pending);
    sigpending(&pending);
    if (!guard->was_pending && sigismember(&pending, SIGPIPE)) {
        struct timespec now = {0, 0};
        while (sigtimedwait(&pipe, NULL, &now) < 0 && errno == EINTR) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &guard->previous_mask, NULL);
}

// MARK: - Random bytes

int courier_random_bytes(void *buffer, size_t count) {
    size_t filled = 0;
    while (filled < count) {
        ssize_t got = getrandom((char *)buffer + filled, count - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        filled += (size_t)got;
    }
    return 0;
}
