#ifndef RAIN_CTHREADS_H
#define RAIN_CTHREADS_H

// Where a thread runs: glibc declares sched_getcpu, the CPU set macros and the affinity of
// pthread attributes only under _GNU_SOURCE, which Swift's Glibc module is not built with.
// Header-only, as CMalloc: the system calls themselves, and the one declaration needed.

#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const cpu_set_t *set);

/// The processor the calling thread runs on now, or -1.
static inline int rain_current_cpu(void) {
    unsigned cpu = 0;
    return syscall(SYS_getcpu, &cpu, (void *)0, (void *)0) == 0 ? (int)cpu : -1;
}

/// Sets `attributes` so that the thread they start may run on every processor the calling
/// thread may, but the one it runs on now. Returns 1 when it did; 0 when there is no other
/// processor (or it cannot be told), and `attributes` are left as they were.
static inline int rain_thread_attributes_avoiding_current_cpu(pthread_attr_t *attributes) {
    cpu_set_t allowed = {{0}};   // the system call fills only the words the kernel has
    const int bitsPerWord = 8 * (int)sizeof allowed.__bits[0];
    int cpu = rain_current_cpu();
    if (cpu < 0 || cpu >= 8 * (int)sizeof allowed || syscall(SYS_sched_getaffinity, 0, sizeof allowed, &allowed) < 0) return 0;
    allowed.__bits[cpu / bitsPerWord] &= ~(1UL << (cpu % bitsPerWord));
    int others = 0;
    for (size_t word = 0; word < sizeof allowed.__bits / sizeof allowed.__bits[0]; word++) others |= allowed.__bits[word] != 0;
    return others && pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed) == 0;
}

#endif
