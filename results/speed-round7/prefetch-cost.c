/* What a software prefetch and a load cost here, by the size of the region they land in.
 *
 *   gcc -O2 -o prefetch-cost prefetch-cost.c && ./prefetch-cost   (prefetch-cost.sh runs it)
 *
 * A loop of 2^24 iterations; each does W steps of independent ALU work (four accumulators, as
 * dense in instructions as the search) and, by mode,
 *   work      nothing else
 *   pf        prefetcht0 of a random cache line of the region, D iterations before...
 *   pf+ld     ...a load of that line (the search's pattern: prefetch a reply's slot, probe it later)
 *   ld        only the load (no prefetch)
 * over a region of MB megabytes allocated as the search allocates its table (aligned, madvise
 * HUGEPAGE, then POPULATE_WRITE), or with 4 KB pages ("4K": no HUGEPAGE advice).
 * Prints ns per iteration; the cost of a prefetch is (pf - work).
 * The random offsets are computed beforehand and read sequentially (their own TLB misses are
 * one per 1024 iterations).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <xmmintrin.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

#define N (1 << 24)
#define W 60
#define D 8

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static inline uint64_t work(uint64_t v) {
    uint64_t a = v, b = v + 1, c = v + 2, d = v + 3;
    for (int k = 0; k < W; k++) {
        a += k;
        b ^= k;
        c += b;
        d ^= a;
        __asm__ volatile("" ::"r"(a), "r"(b), "r"(c), "r"(d));
    }
    return a + b + c + d;
}

static double run(char *buf, const uint32_t *idx, int mode) {
    uint64_t acc = 0, v = 1;
    double t0 = now();
    for (int i = 0; i < N - D; i++) {
        if (mode & 1)
            _mm_prefetch(buf + idx[i + D], _MM_HINT_T0);
        v = work(v);
        if (mode & 2)
            acc += buf[idx[i]];
    }
    double t = now() - t0;
    __asm__ volatile("" ::"r"(acc), "r"(v));
    return t * 1e9 / (N - D);
}

int main(void) {
    static const int sizes[] = {2, 8, 32, 64, 201};
    uint32_t *idx = malloc(sizeof(uint32_t) * N);
    printf("| region | pages | work ns | pf ns | pf+ld ns | ld ns | pf - work ns |\n");
    printf("|---|---|---|---|---|---|---|\n");
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (int huge = 1; huge >= 0; huge--) {
            size_t bytes = (size_t)sizes[s] << 20;
            char *buf = aligned_alloc(2 << 20, bytes);
            if (!buf)
                return 1;
            if (huge)
                madvise(buf, bytes, MADV_HUGEPAGE);
            madvise(buf, bytes, MADV_POPULATE_WRITE);
            uint64_t x = 88172645463325252ull;
            for (int i = 0; i < N; i++) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                idx[i] = (uint32_t)(x % (bytes / 64)) * 64u;
            }
            double w = run(buf, idx, 0), pf = run(buf, idx, 1), both = run(buf, idx, 3),
                   ld = run(buf, idx, 2);
            printf("| %d MB | %s | %.1f | %.1f | %.1f | %.1f | %.1f |\n", sizes[s],
                   huge ? "2M advised" : "4K", w, pf, both, ld, pf - w);
            free(buf);
        }
    }
    return 0;
}
