/* ref_transpose.c — CPU reference for transpose (elements copied bit for bit, 4 or 8 bytes each). */
#include "ref.h"
#include <stdio.h>
#include <string.h>

#define REF_TB 64 /* cache blocking: 64 x 64 element blocks */

void gp_ref_transpose(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in, void *out,
                      int64_t ld_out)
{
    const char *a = (const char *)in;
    char *b = (char *)out;
    for (int64_t r0 = 0; r0 < rows; r0 += REF_TB)
        for (int64_t c0 = 0; c0 < cols; c0 += REF_TB)
            for (int64_t r = r0; r < rows && r < r0 + REF_TB; r++)
                for (int64_t c = c0; c < cols && c < c0 + REF_TB; c++)
                    memcpy(b + (c * ld_out + r) * elem_bytes, a + (r * ld_in + c) * elem_bytes, (size_t)elem_bytes);
}

int64_t gp_ref_transpose_mismatches(int elem_bytes, int64_t rows, int64_t cols, const void *in, int64_t ld_in,
                                    const void *out, int64_t ld_out, const char *what)
{
    const char *a = (const char *)in, *b = (const char *)out;
    int64_t bad = 0;
    for (int64_t r0 = 0; r0 < rows; r0 += REF_TB)
        for (int64_t c0 = 0; c0 < cols; c0 += REF_TB)
            for (int64_t r = r0; r < rows && r < r0 + REF_TB; r++)
                for (int64_t c = c0; c < cols && c < c0 + REF_TB; c++)
                    if (memcmp(b + (c * ld_out + r) * elem_bytes, a + (r * ld_in + c) * elem_bytes,
                               (size_t)elem_bytes)) {
                        if (bad < 5 && what)
                            fprintf(stderr, "  %s: out[%lld][%lld] != in[%lld][%lld]\n", what, (long long)c,
                                    (long long)r, (long long)r, (long long)c);
                        bad++;
                    }
    return bad;
}
