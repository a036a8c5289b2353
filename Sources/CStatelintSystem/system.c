#define _GNU_SOURCE
#include "CStatelintSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#if defined(__APPLE__)
#include <copyfile.h>
#else
#include <sys/xattr.h>
#endif
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/prctl.h>
#endif

int statelint_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int statelint_reserve(int fd, long long length) {
    if (length <= 0) return 0;
#if defined(__linux__)
    if (fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)length) == 0) return 0;
    if (errno == ENOSYS) return EOPNOTSUPP;
    return errno;
#elif defined(__APPLE__)
    fstore_t store;
    memset(&store, 0, sizeof(store));
    store.fst_flags = F_ALLOCATEALL;
    store.fst_posmode = F_PEOFPOSMODE;
    store.fst_offset = 0;
    store.fst_length = (off_t)length;
    if (fcntl(fd, F_PREALLOCATE, &store) == 0) return 0;
    return errno == ENOTSUP ? EOPNOTSUPP : errno;
#else
    (void)fd;
    return EOPNOTSUPP;
#endif
}

int statelint_copy_xattrs(const char *from, int to) {
#if defined(__APPLE__)
    int source = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (source < 0) return -1;
    int result = fcopyfile(source, to, NULL, COPYFILE_XATTR | COPYFILE_ACL);
    int saved = errno;
    close(source);
    errno = saved;
    return result == 0 ? 0 : -1;
#elif defined(__linux__)
    ssize_t size = llistxattr(from, NULL, 0);
    if (size < 0) return (errno == ENOTSUP) ? 0 : -1;
    if (size == 0) return 0;
    char *names = malloc((size_t)size);
    if (names == NULL) return -1;
    size = llistxattr(from, names, (size_t)size);
    if (size < 0) { free(names); return -1; }
    int result = 0;
    for (char *name = names; name < names + size; name += strlen(name) + 1) {
        ssize_t length = lgetxattr(from, name, NULL, 0);
        if (length < 0) { result = -1; break; }
        char *value = malloc(length > 0 ? (size_t)length : 1);
        if (value == NULL) { result = -1; break; }
        length = lgetxattr(from, name, value, (size_t)length);
        if (length < 0 || fsetxattr(to, name, value, (size_t)length, 0) != 0) {
            int saved = errno;
            free(value);
            errno = saved;
            result = -1;
            break;
        }
        free(value);
    }
    int saved = errno;
    free(names);
    errno = saved;
    return result;
#else
    (void)from; (void)to;
    return 0;
#endif
}

static statelint_crash_record *crash_record = NULL;
static const int crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
#define CRASH_SIGNAL_COUNT (sizeof(crash_signals) / sizeof(crash_signals[0]))
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];
static int chain_previous = 0;
static _Thread_local const char *current_path = NULL;
static _Thread_local int current_stage = 0;
static _Thread_local int thread_prepared = 0;
static _Thread_local void *thread_stack = NULL;
#define ALTERNATE_STACK_SIZE (256 * 1024)

statelint_crash_record *statelint_crash_record_create(void) {
    void *memory = mmap(NULL, sizeof(statelint_crash_record), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANON, -1, 0);
    if (memory == MAP_FAILED) return NULL;
    memset(memory, 0, sizeof(statelint_crash_record));
    return (statelint_crash_record *)memory;
}

static void crash_handler(int signal, siginfo_t *info, void *context) {
    statelint_crash_record *record = crash_record;
    if (record != NULL && record->signal == 0) {
        const char *path = current_path;
        record->stage = current_stage;
        if (path != NULL) {
            size_t i = 0;
            for (; i + 1 < sizeof(record->path) && path[i] != 0; i++) record->path[i] = path[i];
            record->path[i] = 0;
            record->hasPath = 1;
        }
        __sync_synchronize();
        record->signal = signal;
    }
    for (size_t k = 0; k < CRASH_SIGNAL_COUNT; k++) {
        if (crash_signals[k] != signal) continue;
        struct sigaction *old = &previous_actions[k];
        if (chain_previous && (old->sa_flags & SA_SIGINFO) && old->sa_sigaction != NULL) {
            old->sa_sigaction(signal, info, context);
        } else if (chain_previous && old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN && old->sa_handler != NULL) {
            old->sa_handler(signal);
        }
    }
    // Die of the same signal: the default action, and the faulting instruction runs again (or raise
    // for a signal that was sent, such as abort's SIGABRT).
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal, &fallback, NULL);
    if (info == NULL || info->si_code <= 0) raise(signal);
}

void statelint_crash_install(statelint_crash_record *record, int quiet) {
    crash_record = record;
    chain_previous = !quiet;
    statelint_crash_prepare_thread();  // the main thread
    for (size_t k = 0; k < CRASH_SIGNAL_COUNT; k++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_sigaction = crash_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(crash_signals[k], &action, &previous_actions[k]);
    }
}

int statelint_crash_installed(void) { return crash_record != NULL; }

void statelint_crash_prepare_thread(void) {
    if (thread_prepared || crash_record == NULL) return;
    thread_prepared = 1;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= 65536) return;
    void *memory = mmap(NULL, ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
    if (memory == MAP_FAILED) return;
    stack_t stack;
    stack.ss_sp = memory;
    stack.ss_size = ALTERNATE_STACK_SIZE;
    stack.ss_flags = 0;
    if (sigaltstack(&stack, NULL) == 0) thread_stack = memory; else munmap(memory, ALTERNATE_STACK_SIZE);
}

void statelint_crash_finish_thread(void) {
    if (thread_stack == NULL) return;
    stack_t stack;
    memset(&stack, 0, sizeof(stack));
    stack.ss_flags = SS_DISABLE;
    if (sigaltstack(&stack, NULL) == 0) munmap(thread_stack, ALTERNATE_STACK_SIZE);
    thread_stack = NULL;
    thread_prepared = 0;
}

void statelint_crash_set_current(const char *path, int stage) {
    current_path = path;
    current_stage = stage;
}

pid_t statelint_fork(void) {
#if defined(__linux__)
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(3);
    }
    return pid;
#else
    return fork();
#endif
}

int statelint_wait(pid_t pid, int *exited, int *code) {
    int status = 0;
    pid_t result;
    do {
        result = waitpid(pid, &status, 0);
    } while (result < 0 && errno == EINTR);
    if (result < 0) return -1;
    if (WIFEXITED(status)) {
        *exited = 1;
        *code = WEXITSTATUS(status);
    } else {
        *exited = 0;
        *code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    return 0;
}

void statelint_debug_trap(void) {
    __builtin_trap();
}

int statelint_debug_overflow(int depth) {
    volatile char buffer[1024];
    buffer[0] = (char)depth;
    return statelint_debug_overflow(depth + 1) + buffer[0];
}

size_t statelint_count_newlines(const unsigned char *bytes, size_t length) {
    size_t count = 0, i = 0;
#if defined(__SSE2__)
    /* Sixteen bytes a step: each lane equal to \n (all ones) taken from a byte-wide counter, for up to
       255 steps, then the counters summed. */
    const __m128i newlines = _mm_set1_epi8('\n');
    const __m128i zero = _mm_setzero_si128();
    while (i + 16 <= length) {
        __m128i counters = zero;
        for (size_t steps = 0; steps < 255 && i + 16 <= length; steps++, i += 16) {
            __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
            counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(chunk, newlines));
        }
        __m128i sums = _mm_sad_epu8(counters, zero);
        count += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#else
    /* Eight bytes at a time: a byte equal to \n sets the high bit of its lane (exactly, with no carry
       between lanes), the lanes are summed in byte-wide counters for up to 255 words, then added up. */
    const uint64_t lows = 0x7F7F7F7F7F7F7F7FULL, newline = 0x0A0A0A0A0A0A0A0AULL;
    while (i + 8 <= length) {
        uint64_t lanes = 0;
        size_t words = 0;
        while (words < 255 && i + 8 <= length) {
            uint64_t word;
            memcpy(&word, bytes + i, 8);
            word ^= newline;
            /* High bit of each lane set when the lane is zero. */
            uint64_t zero = ~(((word & lows) + lows) | word | lows);
            lanes += zero >> 7;
            i += 8;
            words++;
        }
        /* Pairs of lanes into 16-bit sums (each at most 510), then their sum in the top 16 bits. */
        uint64_t pairs = (lanes & 0x00FF00FF00FF00FFULL) + ((lanes >> 8) & 0x00FF00FF00FF00FFULL);
        count += (size_t)((pairs * 0x0001000100010001ULL) >> 48);
    }
#endif
    for (; i < length; i++) count += bytes[i] == '\n';
    return count;
}

int statelint_bytes_equal(const unsigned char *a, const unsigned char *b, size_t length) {
    return length == 0 || memcmp(a, b, length) == 0;
}

size_t statelint_ascii_prefix_counting(const unsigned char *bytes, size_t length, size_t *newlines) {
    size_t i = 0, count = 0;
#if defined(__SSE2__)
    /* Sixty-four bytes a step: a lane with its high bit set (in any of the four chunks) ends the fast run;
       lanes equal to \n are taken from byte-wide counters (each step adds at most 4 to a counter, so the
       counters are summed every 63 steps). */
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i zero = _mm_setzero_si128();
    int stopped = 0;
    while (!stopped && i + 64 <= length) {
        __m128i counters = zero;
        for (size_t steps = 0; steps < 63 && i + 64 <= length; steps++, i += 64) {
            __m128i a = _mm_loadu_si128((const __m128i *)(bytes + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(bytes + i + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(bytes + i + 32));
            __m128i d = _mm_loadu_si128((const __m128i *)(bytes + i + 48));
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) != 0) {
                /* The block holds a non-ASCII byte: its chunks a line-end mask at a time, up to that byte. */
                const __m128i chunks[4] = {a, b, c, d};
                for (int k = 0; k < 4; k++) {
                    unsigned high = (unsigned)_mm_movemask_epi8(chunks[k]);
                    unsigned ends = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunks[k], lf));
                    if (high == 0) {
                        count += (size_t)__builtin_popcount(ends);
                        i += 16;
                        continue;
                    }
                    unsigned before = (unsigned)__builtin_ctz(high);
                    count += (size_t)__builtin_popcount(ends & ((1u << before) - 1u));
                    i += before;
                    break;
                }
                stopped = 1;
                break;
            }
            __m128i hits = _mm_add_epi8(_mm_add_epi8(_mm_cmpeq_epi8(a, lf), _mm_cmpeq_epi8(b, lf)),
                                        _mm_add_epi8(_mm_cmpeq_epi8(c, lf), _mm_cmpeq_epi8(d, lf)));
            counters = _mm_sub_epi8(counters, hits);
        }
        __m128i sums = _mm_sad_epu8(counters, zero);
        count += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#endif
    while (i < length && bytes[i] < 0x80) {
        count += bytes[i] == '\n';
        i++;
    }
    *newlines += count;
    return i;
}

size_t statelint_line_end(const unsigned char *bytes, size_t length, size_t start) {
    if (start >= length) return length;
    size_t i = start;
#if defined(__SSE2__)
    /* Sixteen bytes a step, both line ends at once (a comment is a few dozen bytes: one pass, not two). */
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (i + 16 <= length) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
        int mask = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(chunk, lf), _mm_cmpeq_epi8(chunk, cr)));
        if (mask != 0) return i + (size_t)__builtin_ctz((unsigned)mask);
        i += 16;
    }
    while (i < length && bytes[i] != '\n' && bytes[i] != '\r') i++;
    return i;
#else
    const unsigned char *found = memchr(bytes + i, '\n', length - i);
    size_t end = found ? (size_t)(found - bytes) : length;
    /* A carriage return ends a line too (rare): looked for only before the line feed. */
    const unsigned char *cr = memchr(bytes + i, '\r', end - i);
    return cr ? (size_t)(cr - bytes) : end;
#endif
}

size_t statelint_string_stop(const unsigned char *bytes, size_t length, size_t start) {
    size_t i = start;
#if defined(__SSE2__)
    /* Sixteen bytes a step: the lanes equal to any of the five bytes, as a mask. */
    const __m128i backslash = _mm_set1_epi8('\\'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i quote = _mm_set1_epi8('"'), apostrophe = _mm_set1_epi8('\'');
    while (i + 16 <= length) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + i));
        __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, backslash), _mm_cmpeq_epi8(chunk, quote)),
                                    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, lf), _mm_cmpeq_epi8(chunk, cr)),
                                                 _mm_cmpeq_epi8(chunk, apostrophe)));
        int mask = _mm_movemask_epi8(hits);
        if (mask != 0) return i + (size_t)__builtin_ctz((unsigned)mask);
        i += 16;
    }
#endif
    while (i < length) {
        unsigned char b = bytes[i];
        if (b == '\\' || b == '\n' || b == '\r' || b == '"' || b == '\'') return i;
        i++;
    }
    return length;
}
