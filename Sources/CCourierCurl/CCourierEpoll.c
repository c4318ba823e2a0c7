// Linux only: Apple platforms have no epoll (and use URLSession).
#ifdef __linux__

#include "CCourierEpoll.h"

#include "CCourierCurlConstants.h"

#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int courier_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int courier_epoll_watch(int epoll, int fd, int what) {
    if (what == COURIER_CURL_POLL_REMOVE) {
        int status = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
        return status == 0 || errno == ENOENT || errno == EBADF ? 0 : -1;
    }
    struct epoll_event event = {0};
    if (what & COURIER_CURL_POLL_IN) event.events |= EPOLLIN;
    if (what & COURIER_CURL_POLL_OUT) event.events |= EPOLLOUT;
    event.data.fd = fd;
    if (epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    if (errno != ENOENT) return -1;
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

int courier_epoll_wait(int epoll, int *fds, int *masks, int capacity, int timeout_ms) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) {
        int mask = 0;
        if (events[index].events & (EPOLLIN | EPOLLHUP)) mask |= COURIER_CURL_CSELECT_IN;
        if (events[index].events & EPOLLOUT) mask |= COURIER_CURL_CSELECT_OUT;
        if (events[index].events & EPOLLERR) mask |= COURIER_CURL_CSELECT_ERR;
        fds[index] = events[index].data.fd;
        masks[index] = mask;
    }
    return count;
}

int courier_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void courier_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t written = write(fd, &one, sizeof(one));
    (void)written;
}

void courier_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t read_bytes = read(fd, &value, sizeof(value));
    (void)read_bytes;
}

#endif
