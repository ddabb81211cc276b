/* exp_ck.h — CK(call): the experiments' CUDA runtime check. On an error it prints the file, line, call and the
 * runtime's message and exits with status 2 (the experiments are standalone programs, not the library). */
#ifndef GP_EXP_CK_H
#define GP_EXP_CK_H
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x)                                                                                                          \
    do {                                                                                                               \
        cudaError_t e_ = (x);                                                                                          \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));                        \
            exit(2);                                                                                                   \
        }                                                                                                              \
    } while (0)
#endif
