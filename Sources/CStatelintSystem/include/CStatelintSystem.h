#ifndef CSTATELINT_SYSTEM_H
#define CSTATELINT_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

/// Atomically swaps the files at two paths (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np
/// RENAME_SWAP). Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system cannot).
int statelint_exchange(const char *first, const char *second);

/// Reserves disk space for the first `length` bytes of the open file without changing its size, so that
/// writing that many bytes over it cannot run out of space. Returns 0, or an errno value: ENOSPC,
/// EDQUOT or EFBIG when the space cannot be had, EOPNOTSUPP where the file system cannot reserve.
int statelint_reserve(int fd, long long length);

/// Copies the extended attributes of the file at `from` (ACLs on Linux; Finder tags, quarantine and
/// ACLs on macOS) to the open file `to`. Returns 0, or -1 with errno set when one could not be copied.
int statelint_copy_xattrs(const char *from, int to);

/// What a crashed child leaves for its supervisor in memory shared across fork().
typedef struct {
    /// 0 until a crash is recorded; then the signal number.
    volatile int signal;
    /// The stage of the work on the file: 1 indexing (read, lex, parse, summarise), 2 rules.
    volatile int stage;
    /// Whether `path` names the file being worked on when it crashed.
    volatile int hasPath;
    /// The file's path, NUL-terminated (cut at 4095 bytes).
    char path[4096];
} statelint_crash_record;

/// Maps a record shared with children forked later; NULL on failure.
statelint_crash_record *statelint_crash_record_create(void);

/// Installs handlers for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE and SIGABRT that write the current
/// thread's file into `record`, then die of the same signal. `quiet` drops any earlier handler
/// (such as the Swift runtime's backtracer); otherwise it is called after the record is written.
void statelint_crash_install(statelint_crash_record *record, int quiet);

/// Gives the calling thread an alternate signal stack (once per thread), so a stack overflow on it
/// can still be recorded.
void statelint_crash_prepare_thread(void);

/// Removes the calling thread's alternate signal stack (before the thread ends).
void statelint_crash_finish_thread(void);

/// Whether crash handlers are installed in this process.
int statelint_crash_installed(void);

/// The file the calling thread works on from now on (NULL: none), and the stage of that work.
/// `path` must stay valid until the next call.
void statelint_crash_set_current(const char *path, int stage);

/// fork(2); in the child on Linux the child is also killed when the supervisor dies.
pid_t statelint_fork(void);

/// waitpid(2) for a child, retried on EINTR. Returns 0 and fills `exited`/`code` (exit status or
/// signal number), or -1.
int statelint_wait(pid_t pid, int *exited, int *code);

/// Traps on purpose (tests of the crash supervisor, through STATELINT_DEBUG_CRASH).
void statelint_debug_trap(void);

/// Recurses until the stack overflows (tests of the crash supervisor).
int statelint_debug_overflow(int depth);


/// How many bytes of `bytes` are `\n` (sixteen bytes a step with SSE2, eight elsewhere).
size_t statelint_count_newlines(const unsigned char *bytes, size_t length);

/// Whether the `length` bytes at `a` and at `b` are the same (the C library's `memcmp`).
int statelint_bytes_equal(const unsigned char *a, const unsigned char *b, size_t length);

/// The length of the prefix of `bytes` that is ASCII, adding the number of `\n` bytes in it to `newlines`
/// (sixty-four bytes a step with SSE2): validation and the line count in one read.
size_t statelint_ascii_prefix_counting(const unsigned char *bytes, size_t length, size_t *newlines);


/// The index of the first `\n` or `\r` at or after `start`, or `length` (sixteen bytes a step with SSE2,
/// the C library's `memchr` elsewhere).
size_t statelint_line_end(const unsigned char *bytes, size_t length, size_t start);

/// The index of the first byte at or after `start` that a string literal's body must look at (a
/// backslash, a line feed, a carriage return, `"` or `'`), or `length` when there is none.
size_t statelint_string_stop(const unsigned char *bytes, size_t length, size_t start);

#endif
