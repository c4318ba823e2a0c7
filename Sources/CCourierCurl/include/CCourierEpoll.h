#ifndef CCOURIER_EPOLL_H
#define CCOURIER_EPOLL_H

// epoll for a loop driven by curl_multi_socket_action (Linux): sockets are registered from any
// thread while the loop waits, without waking it. Swift's Glibc module does not import sys/epoll.h.

/// A new epoll instance (close-on-exec), or -1.
int courier_epoll_create(void);
/// Watches `fd` as libcurl's socket callback asks (`what`: COURIER_CURL_POLL_IN, _OUT, _INOUT, or
/// _REMOVE to stop); 0, or -1 with errno.
int courier_epoll_watch(int epoll, int fd, int what);
/// Waits up to `timeout_ms` (-1: no limit) and writes at most `capacity` ready sockets to `fds`, each
/// with its COURIER_CURL_CSELECT_* mask in `masks`; the count, 0 on timeout, -1 on error (EINTR too).
int courier_epoll_wait(int epoll, int *fds, int *masks, int capacity, int timeout_ms);
/// An eventfd (non-blocking, close-on-exec) for waking the loop, or -1.
int courier_eventfd_create(void);
/// Makes `fd` readable (wakes a waiting loop).
void courier_eventfd_signal(int fd);
/// Reads what courier_eventfd_signal wrote, so that `fd` is no longer readable.
void courier_eventfd_drain(int fd);

#endif
