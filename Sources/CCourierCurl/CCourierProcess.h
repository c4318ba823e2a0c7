// Internal to the C target: what CCourierProcess.c gives the other C files.
#ifndef CCOURIER_PROCESS_H
#define CCOURIER_PROCESS_H

#include "CCourierCurl.h"

#include <signal.h>

/// A call made with SIGPIPE blocked in this thread: a SIGPIPE it raises is taken off the thread's
/// pending set (unless one was pending before), then the thread's mask is restored.
typedef struct {
    sigset_t previous_mask;
    int was_pending;
} courier_sigpipe_guard;

void courier_sigpipe_guard_begin(courier_sigpipe_guard *guard);
void courier_sigpipe_guard_end(courier_sigpipe_guard *guard);

/// Installs, once, the pthread_atfork handler behind courier_curl_fork_generation.
void courier_curl_count_forks(void);

#endif
