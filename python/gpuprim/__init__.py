"""gpuprim -- fast GPU parallel primitives (libgpuprim) on torch tensors, CuPy arrays and any array that
exports ``__cuda_array_interface__``.

    import torch, gpuprim
    x = torch.rand(1 << 20, device="cuda")
    s = gpuprim.inclusive_scan(x)            # a torch tensor, queued on torch.cuda.current_stream()
    k = gpuprim.select(x, "gt", 0.5)         # x[x > 0.5] (reads the count back: synchronises)
    h = gpuprim.histogram(x, 256, 0.0, 1.0)  # int64 counts
    t = gpuprim.transpose(m)                 # m.t().contiguous()
    c = gpuprim.sgemm(a, b)                  # a @ b in exact float32
    v, i = gpuprim.sort_with_indices(x)      # torch.sort(x, stable=True)
    y = gpuprim.conv2d(img, f)               # F.conv2d(img[None, None], f[None, None], padding="same")[0, 0]
    gpuprim.rungs("scan")                    # the ladder, from the C library; rung= forces one

Each call runs the C library's kernels (through ctypes; there is no second implementation) on the array's
device and on its library's current stream (torch.cuda.current_stream(), cupy.cuda.get_current_stream()),
returns an array of the input's library, and does not synchronise unless its docstring says so. Argument
errors raise TypeError/ValueError before anything reaches the GPU; a status from the C library raises
GpuprimError with the library's own text. libgpuprim.so is found through $GPUPRIM_LIBRARY, the copy installed
with the package, or the repository's build/ folder.
"""
from ._api import (  # noqa: F401
    add,
    argmax,
    config_names,
    conv1d,
    conv2d,
    conv2d_separable,
    exclusive_scan,
    gemm,
    histogram,
    histogram_u8,
    inclusive_scan,
    jacobi5,
    last_config,
    last_rung,
    map,
    prims,
    reduce,
    reduce_max,
    reduce_min,
    reduce_sum,
    rung_supported,
    rungs,
    select,
    select_async,
    select_flagged,
    select_flagged_async,
    sgemm,
    sgemm_batched,
    sort,
    sort_pairs,
    sort_with_indices,
    transpose,
)
from ._lib import GpuprimError, LibraryNotFound, RungInfo, library_path, release_handles, status_string  # noqa: F401

__version__ = "0.1.0"

__all__ = [
    "GpuprimError", "LibraryNotFound", "RungInfo", "add", "argmax", "config_names", "conv1d", "conv2d",
    "conv2d_separable", "exclusive_scan", "gemm", "histogram", "histogram_u8", "inclusive_scan", "jacobi5",
    "last_config", "last_rung", "library_path", "map", "prims", "reduce", "reduce_max", "reduce_min", "reduce_sum",
    "release_handles", "rung_supported", "rungs", "select", "select_async", "select_flagged",
    "select_flagged_async", "sgemm", "sgemm_batched", "sort", "sort_pairs", "sort_with_indices", "status_string",
    "transpose",
]
