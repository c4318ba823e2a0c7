// A getaddrinfo for the integration tests' child processes, loaded with LD_PRELOAD (scripts/test.sh
// compiles it with gcc into .build/test-resolver/test-resolver.so and exports its path as
// COURIER_TEST_RESOLVER). Never part of Courier's build.
//
// Names under the reserved `.test` top-level domain (RFC 6761), with or without a trailing dot and
// in any case, resolve to 127.0.0.1, so the tests can reach their loopback servers by names that no
// resolver knows (a pinned host, an IDNA name, a name with a trailing dot). A name whose first label
// starts with `slow` waits COURIER_SLOW_RESOLVE_SECONDS first (8 by default): a resolver that hangs,
// as a dead DNS server makes glibc's do. Every other name goes to the real getaddrinfo.
#define _GNU_SOURCE
#include <ctype.h>
#include <dlfcn.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef int (*getaddrinfo_function)(const char *, const char *, const struct addrinfo *, struct addrinfo **);

// Whether `name` ends in the label "test", with or without a trailing dot.
static int is_test_name(const char *name) {
    size_t length = strlen(name);
    if (length > 0 && name[length - 1] == '.') length--;
    return length >= 5 && strncasecmp(name + length - 5, ".test", 5) == 0;
}

static void wait_seconds(double seconds) {
    struct timespec wait = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&wait, &wait) != 0) {
    }
}

int getaddrinfo(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **result) {
    getaddrinfo_function real = (getaddrinfo_function)dlsym(RTLD_NEXT, "getaddrinfo");
    if (real == NULL) return EAI_FAIL;
    if (node == NULL || !is_test_name(node)) return real(node, service, hints, result);
    if (strncasecmp(node, "slow", 4) == 0) {
        const char *setting = getenv("COURIER_SLOW_RESOLVE_SECONDS");
        wait_seconds(setting ? atof(setting) : 8.0);
    }
    struct addrinfo loopback;
    memset(&loopback, 0, sizeof(loopback));
    if (hints != NULL) loopback = *hints;
    loopback.ai_family = AF_INET;
    loopback.ai_flags |= AI_NUMERICHOST;
    return real("127.0.0.1", service, &loopback, result);
}
