"""_api.py -- the primitives, on torch tensors, CuPy arrays and any __cuda_array_interface__ array.

Every function checks its arguments in Python first (TypeError for what an argument is, ValueError for its
shape, strides or value), then makes one call into libgpuprim on the array's device and current stream.
Results are arrays of the input's own library, allocated by it on that stream. Nothing synchronises, except
the functions whose docstring says so (select, select_flagged: they read the count back).
"""
from __future__ import annotations

import math
from typing import Any, List, Optional, Tuple, Union

from . import _lib
from ._arrays import ArrayInfo, describe, shape_str
from ._lib import GpuprimError, RungInfo, check, handle_for, lib, prim_id, resolve_rung

Array = Any  # a torch.Tensor, a cupy.ndarray, or any object with __cuda_array_interface__
Rung = Union[None, int, str]

_BINOPS = {"add": 0, "sub": 1, "mul": 2, "min": 3, "max": 4}
_REDUCE_OPS = {"sum": 0, "min": 1, "max": 2}
_PREDS = {"gt": 0, "ge": 1, "lt": 2, "le": 3, "eq": 4, "ne": 5, "nonzero": 6,
          ">": 0, ">=": 1, "<": 2, "<=": 3, "==": 4, "!=": 5}
_GEMM_DTYPES = {"float32": 0, "float16": 1, "bfloat16": 2}
_COMPUTE = {"f32": 0, "tf32": 1}
_INT32 = (-(2 ** 31), 2 ** 31 - 1)


# ---- argument checks -------------------------------------------------------------------------------------
def _arr(x, name: str, dtypes: Optional[Tuple[str, ...]] = None, ndim: Optional[int] = None,
         contiguous: bool = True) -> ArrayInfo:
    a = describe(x, name)
    if dtypes is not None and a.dtype not in dtypes:
        raise TypeError(f"{name} has dtype {a.dtype}; this call takes {' or '.join(dtypes)}")
    if ndim is not None and a.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got shape {shape_str(a.shape)}")
    if contiguous and not a.is_contiguous():
        raise ValueError(f"{name} is not contiguous (shape {shape_str(a.shape)}, strides {a.strides} in "
                         f"elements); pass a contiguous copy ({name}.contiguous() / cupy.ascontiguousarray)")
    return a


def _same_device(first: ArrayInfo, *others: Tuple[ArrayInfo, str]) -> None:
    for a, name in others:
        if a.device != first.device:
            raise ValueError(f"{name} is on device {a.device} but the input is on device {first.device}")


def _out(like: ArrayInfo, out, shape: Tuple[int, ...], dtype: str, name: str = "out") -> ArrayInfo:
    """The result array: `out` checked (dtype, number of elements, contiguous, device), or a new one."""
    if out is None:
        return describe(like.kind.empty(like, shape, dtype), name)
    o = _arr(out, name, (dtype,))
    want = math.prod(shape)
    if o.size != want:
        raise ValueError(f"{name} has shape {shape_str(o.shape)}; this call writes {shape_str(shape)}")
    _same_device(like, (o, name))
    return o


def _launch(x: ArrayInfo, prim: str, rung: Rung, fname: str, *args, config: Optional[int] = None,
            deterministic: Optional[int] = None, more_args=None):
    """One C call on x's device and current stream, with the rung (and configuration) asked for.
    more_args(handle): the last arguments, computed once the handle has its stream, rung and configuration
    (a workspace sized for them)."""
    p = prim_id(prim)
    r = resolve_rung(prim, rung) if rung is not None else 0
    if config is not None:
        config = _check_config(prim, config)
    dev = x.device
    h = _lib._tls.handles.get(dev) or handle_for(dev)
    cur = _lib.ctypes.c_int(dev)
    if lib.cudaGetDevice(_lib.ctypes.byref(cur)) != 0:  # unreachable: handle_for succeeded
        lib.cudaGetLastError()
    prev = -1
    if cur.value != dev:
        _lib._cuda_check(lib.cudaSetDevice(dev), "cudaSetDevice")
        prev = cur.value
    try:
        h.use_stream(x.kind.current_stream(x))
        h.set_rung(p, r)
        if config is not None or p in h.configs:
            h.set_config(p, -1 if config is None else config)
        if deterministic is not None:
            h.set_deterministic(deterministic)
        if more_args is not None:
            args = args + more_args(h)
        st = getattr(lib, fname)(h.ptr, *args)
        if st == 0:
            h.called()
    finally:
        if prev >= 0:
            lib.cudaSetDevice(prev)
    if st:
        check(st, fname)
    return h


def _check_config(prim: str, config) -> int:
    config = _int_arg(config, "config")
    most = max([ri.configs for ri in _lib.rung_infos(prim)] or [0])
    if not -1 <= config < most:
        raise ValueError(f"{prim} has tile configurations 0..{most - 1} (None or -1: per shape), not {config}"
                         if most else f"{prim} has no tile configurations (config must be None)")
    return config


def _int_arg(v, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        try:
            import operator
            return operator.index(v)
        except TypeError:
            raise TypeError(f"{name} must be an integer, not {type(v).__name__}") from None
    return v


def _op(table: dict, op: str, what: str) -> int:
    if op not in table:
        raise ValueError(f"unknown {what} {op!r}; one of: {', '.join(table)}")
    return table[op]


# ---- map -------------------------------------------------------------------------------------------------
def map(a: Array, b: Array, op: str = "add", *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """Element-wise ``out = a OP b`` on float32 arrays of one shape (any ndim, C-contiguous).

    op: "add", "sub", "mul", "min", "max". out may be a or b (in place); else a new array like a.
    rung: None/"auto", a rung number or name of the map ladder (``gpuprim.rungs("map")``)."""
    o = _op(_BINOPS, op, "op")
    A = _arr(a, "a", ("float32",))
    B = _arr(b, "b", ("float32",))
    if A.shape != B.shape:
        raise ValueError(f"a and b must have one shape, got {shape_str(A.shape)} and {shape_str(B.shape)}")
    _same_device(A, (B, "b"))
    C = _out(A, out, A.shape, "float32")
    _launch(A, "map", rung, "gp_map_f32", o, A.size, A.ptr, B.ptr, C.ptr)
    return C.obj


def add(a: Array, b: Array, *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """``a + b`` on float32 arrays of one shape: ``map(a, b, "add")``."""
    return map(a, b, "add", out=out, rung=rung)


# ---- reduce ----------------------------------------------------------------------------------------------
_REDUCE_FN = {"float32": ("gp_reduce_f32", "float32"), "float64": ("gp_reduce_f64", "float64"),
              "int32": ("gp_reduce_i32", "int64")}


def reduce(x: Array, op: str = "sum", *, out: Optional[Array] = None, rung: Rung = None,
           deterministic: bool = False) -> Array:
    """Sum, min or max of all elements of x (float32, float64 or int32; any ndim, C-contiguous).

    Returns a 0-d array on x's device (float32 -> float32, float64 -> float64, int32 -> int64: integer sums
    are exact), or writes the one-element ``out``. Empty x gives the identity (0, +inf/-inf, INT32_MAX/MIN).
    min/max ignore NaNs. deterministic=True: the same bits on every run and GPU for the same input (the C
    library's gp_set_deterministic). No synchronisation: read the value with ``.item()`` when needed."""
    o = _op(_REDUCE_OPS, op, "reduce op")
    X = _arr(x, "x", tuple(_REDUCE_FN))
    fname, odt = _REDUCE_FN[X.dtype]
    O = _out(X, out, (), odt)
    _launch(X, "reduce", rung, fname, o, X.size, X.ptr, O.ptr, deterministic=int(bool(deterministic)))
    return O.obj


def reduce_sum(x: Array, **kw) -> Array:
    """``reduce(x, "sum")``."""
    return reduce(x, "sum", **kw)


def reduce_min(x: Array, **kw) -> Array:
    """``reduce(x, "min")``."""
    return reduce(x, "min", **kw)


def reduce_max(x: Array, **kw) -> Array:
    """``reduce(x, "max")``."""
    return reduce(x, "max", **kw)


def argmax(x: Array, *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """Index (int64, 0-d) of the first largest element of float32 x in C order; NaNs are ignored, and empty
    or all-NaN x gives -1. Exact for every rung."""
    X = _arr(x, "x", ("float32",))
    O = _out(X, out, (), "int64")
    _launch(X, "reduce", rung, "gp_argmax_f32", X.size, X.ptr, O.ptr)
    return O.obj


# ---- scan ------------------------------------------------------------------------------------------------
_SCAN_FN = {"int32": "gp_scan_i32", "uint32": "gp_scan_u32", "float32": "gp_scan_f32", "float64": "gp_scan_f64"}


def _scan(x, kind: int, out, rung):
    X = _arr(x, "x", tuple(_SCAN_FN))
    if X.ndim != 1:
        raise ValueError(f"x must be 1-D, got shape {shape_str(X.shape)} (x.reshape(-1) scans all elements)")
    O = _out(X, out, X.shape, X.dtype)
    _launch(X, "scan", rung, _SCAN_FN[X.dtype], kind, X.size, X.ptr, O.ptr)
    return O.obj


def inclusive_scan(x: Array, *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """Prefix sums ``out[i] = x[0] + ... + x[i]`` of a 1-D int32, uint32, float32 or float64 array (as
    ``torch.cumsum(x, 0)`` but in x's dtype: integer sums wrap modulo 2^32). ``out=x`` scans in place.
    float64 runs rungs 01-03 only."""
    return _scan(x, 0, out, rung)


def exclusive_scan(x: Array, *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """``out[0] = 0, out[i] = x[0] + ... + x[i-1]``; otherwise as inclusive_scan."""
    return _scan(x, 1, out, rung)


# ---- compaction ------------------------------------------------------------------------------------------
def _pred_value(X: ArrayInfo, pred: str, value):
    p = _op(_PREDS, pred, "predicate")
    if X.dtype == "int32":
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"x is int32: value must be a whole number, not {value}")
            value = int(value)
        value = _int_arg(value, "value")
        if not _INT32[0] <= value <= _INT32[1]:
            raise ValueError(f"x is int32: value {value} is out of range")
    else:
        value = float(value)
    return p, value


def select_async(x: Array, pred: str, value: Union[int, float] = 0, *, out: Optional[Array] = None,
                 count: Optional[Array] = None, rung: Rung = None) -> Tuple[Array, Array]:
    """Stream compaction without synchronising: returns ``(out, count)`` where ``out`` has x.size elements of
    which the first ``count`` (an int64 0-d array on the device) are the elements of x (float32 or int32, C
    order) with ``x PRED value``, in their order. pred: "gt" ">", "ge" ">=", "lt" "<", "le" "<=", "eq" "==",
    "ne" "!=", "nonzero" (value ignored; -0.0 counts as zero). NaN fails every predicate but "ne"."""
    X = _arr(x, "x", ("float32", "int32"))
    p, v = _pred_value(X, pred, value)
    O = _out(X, out, (X.size,), X.dtype)
    K = _out(X, count, (), "int64", "count")
    fname = "gp_select_if_f32" if X.dtype == "float32" else "gp_select_if_i32"
    _launch(X, "compact", rung, fname, X.size, X.ptr, p, v, O.ptr, K.ptr)
    return O.obj, K.obj


def select(x: Array, pred: str, value: Union[int, float] = 0, *, rung: Rung = None) -> Array:
    """The elements of x (float32 or int32) with ``x PRED value``, in order, as a 1-D array (as
    ``x[x > value]`` / ``torch.masked_select``). Predicates as in select_async.

    This SYNCHRONISES: the number of selected elements is read back to size the result (a view of the first
    count elements of an x.size buffer). select_async returns without waiting."""
    o, k = select_async(x, pred, value, rung=rung)
    X = describe(o, "out")
    return X.kind.prefix(o, X.kind.item(k))


def select_flagged_async(x: Array, flags: Array, *, out: Optional[Array] = None, count: Optional[Array] = None,
                         rung: Rung = None) -> Tuple[Array, Array]:
    """Keeps x[i] where flags[i] != 0 (flags: bool or uint8, as many elements as x), without synchronising:
    ``(out, count)`` as select_async."""
    X = _arr(x, "x", ("float32", "int32"))
    F = _arr(flags, "flags", ("bool", "uint8"))
    if F.size != X.size:
        raise ValueError(f"flags has {F.size} elements, x has {X.size}")
    _same_device(X, (F, "flags"))
    O = _out(X, out, (X.size,), X.dtype)
    K = _out(X, count, (), "int64", "count")
    fname = "gp_select_flagged_f32" if X.dtype == "float32" else "gp_select_flagged_i32"
    _launch(X, "compact", rung, fname, X.size, X.ptr, F.ptr, O.ptr, K.ptr)
    return O.obj, K.obj


def select_flagged(x: Array, flags: Array, *, rung: Rung = None) -> Array:
    """x[flags] for a bool/uint8 mask (as ``x[mask]`` / ``torch.masked_select``), 1-D. SYNCHRONISES to read
    the count (see select); select_flagged_async does not."""
    o, k = select_flagged_async(x, flags, rung=rung)
    X = describe(o, "out")
    return X.kind.prefix(o, X.kind.item(k))


# ---- histogram -------------------------------------------------------------------------------------------
_COUNT_DTYPES = ("int64", "uint64", "uint32")


def histogram(x: Array, bins: int, lo: Union[int, float], hi: Union[int, float], *, out: Optional[Array] = None,
              dtype: str = "int64", rung: Rung = None) -> Array:
    """Counts of x's elements in `bins` equal bins over [lo, hi) (as ``torch.histc(x, bins, lo, hi)``, but
    the upper edge is open and counts are integers). x: float32 (a sample counts in bin
    int((x - lo) * (bins / (hi - lo))) in float arithmetic, as cub's HistogramEven; outside [lo, hi) and NaN
    are not counted) or int32 (exact integer bins, lo and hi integers); uint8 with (256, 0, 256) is
    histogram_u8. dtype of the counts: "int64" (default, as torch.bincount), "uint64" or "uint32" (wrap
    modulo 2^32; the fastest). Any ndim; C-contiguous."""
    X = _arr(x, "x", ("float32", "int32", "uint8"))
    bins = _int_arg(bins, "bins")
    if bins < 1 or bins > _INT32[1]:
        raise ValueError(f"bins must be from 1 to 2^31-1, not {bins}")
    if X.dtype == "uint8":
        if (bins, lo, hi) != (256, 0, 256):
            raise ValueError("uint8 samples take 256 bins over [0, 256) (histogram_u8); convert x for others")
        return histogram_u8(x, out=out, dtype=dtype, rung=rung)
    if dtype not in _COUNT_DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(_COUNT_DTYPES)}, not {dtype!r}")
    if X.dtype == "int32":
        lo, hi = _int_arg(lo, "lo"), _int_arg(hi, "hi")
        if not (_INT32[0] <= lo <= _INT32[1] and _INT32[0] <= hi <= _INT32[1]):
            raise ValueError(f"x is int32: lo and hi must be int32 values, got {lo}, {hi}")
        if not lo < hi:
            raise ValueError(f"lo must be below hi, got [{lo}, {hi})")
        fname = "gp_histogram_even_i32"
    else:
        lo, hi = float(lo), float(hi)
        if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
            raise ValueError(f"lo and hi must be finite with lo < hi, got [{lo}, {hi})")
        fname = "gp_histogram_even_f32"
    if dtype != "uint32":
        fname += "_u64"
    O = _out(X, out, (bins,), dtype)
    _launch(X, "histogram", rung, fname, X.size, X.ptr, bins, lo, hi, O.ptr)
    return O.obj


def histogram_u8(x: Array, *, out: Optional[Array] = None, dtype: str = "int64", rung: Rung = None) -> Array:
    """Counts of each byte value of a uint8 array: 256 bins (as ``torch.bincount(x, minlength=256)``). dtype
    of the counts as in histogram."""
    X = _arr(x, "x", ("uint8",))
    if dtype not in _COUNT_DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(_COUNT_DTYPES)}, not {dtype!r}")
    O = _out(X, out, (256,), dtype)
    _launch(X, "histogram", rung, "gp_histogram_u8" if dtype == "uint32" else "gp_histogram_u8_u64",
            X.size, X.ptr, O.ptr)
    return O.obj


# ---- transpose -------------------------------------------------------------------------------------------
def _rows_ld(a: ArrayInfo, name: str) -> int:
    """The leading dimension of a 2-D array whose rows are contiguous (strides (ld, 1), ld >= columns)."""
    rows, cols = a.shape
    s0, s1 = a.strides
    if rows == 0 or cols == 0:
        return max(cols, 1)
    if s1 == 1 or cols == 1:
        ld = s0 if rows > 1 else cols
        if ld >= cols:
            return ld
    raise ValueError(f"{name} must have contiguous rows (strides (ld, 1) with ld >= {cols}), got strides "
                     f"{a.strides}; pass {name}.contiguous()")


def transpose(m: Array, *, out: Optional[Array] = None, rung: Rung = None) -> Array:
    """``m.T`` as a new contiguous array (as ``m.t().contiguous()``), for 2-D arrays of 4-byte (float32, int32,
    uint32) or 8-byte elements (float64, int64, uint64, complex64): elements are copied bit for bit. m may be
    a view with a row stride (leading dimension) larger than its width; out, if given, must be
    (cols, rows) with contiguous rows (its padding columns are not written)."""
    M = _arr(m, "m", ndim=2, contiguous=False)
    if M.itemsize not in (4, 8):
        raise TypeError(f"m has dtype {M.dtype}; transpose takes 4- or 8-byte elements")
    ld_in = _rows_ld(M, "m")
    rows, cols = M.shape
    if out is None:
        O = describe(M.kind.empty(M, (cols, rows), M.dtype), "out")
    else:
        O = _arr(out, "out", (M.dtype,), ndim=2, contiguous=False)
        if O.shape != (cols, rows):
            raise ValueError(f"out must have shape {shape_str((cols, rows))}, got {shape_str(O.shape)}")
        _same_device(M, (O, "out"))
    ld_out = _rows_ld(O, "out")
    fname = "gp_transpose_f32" if M.itemsize == 4 else "gp_transpose_f64"
    _launch(M, "transpose", rung, fname, rows, cols, M.ptr, ld_in, O.ptr, ld_out)
    return O.obj


# ---- matrix multiply -------------------------------------------------------------------------------------
def _layout(a: ArrayInfo, name: str, dims: Tuple[int, int], strides: Tuple[int, int]) -> Tuple[bool, int]:
    """(column-major?, leading dimension) of a matrix view. Row-major: strides (ld, 1), ld >= columns;
    column-major (a transposed view, such as x.T): strides (1, ld), ld >= rows. A matrix with one row or
    column, or none, is taken row-major where it can be."""
    r, c = dims
    s0, s1 = strides
    if r == 0 or c == 0:
        return False, max(c, 1)
    if s1 == 1 or c == 1:
        ld = s0 if r > 1 else c
        if ld >= c:
            return False, ld
    if s0 == 1 or r == 1:
        ld = s1 if c > 1 else r
        if ld >= r:
            return True, ld
    raise ValueError(f"{name} must be row-major (strides (ld, 1)) or a transposed view (strides (1, ld)), "
                     f"got shape {shape_str(dims)} with strides {tuple(strides)}; pass {name}.contiguous()")


def _operand(a: ArrayInfo, name: str, trans: bool, dims, strides):
    """(storage transposed for the C call, ld, logical rows, logical cols) of op(a)."""
    col, ld = _layout(a, name, dims, strides)
    r, c = dims
    if trans:
        r, c = c, r
    return bool(trans) ^ col, ld, r, c


def _check_alpha_beta(alpha, beta, c):
    alpha, beta = float(alpha), float(beta)
    if c is None and beta != 0.0:
        raise ValueError("beta != 0 needs c (the matrix it scales)")
    return alpha, beta


def _c_matrix(A: ArrayInfo, c, shape, dtype: str):
    if c is None:
        return describe(A.kind.empty(A, shape, dtype), "c")
    C = _arr(c, "c", (dtype,), ndim=len(shape), contiguous=False)
    if C.shape != tuple(shape):
        raise ValueError(f"c must have shape {shape_str(shape)}, got {shape_str(C.shape)}")
    _same_device(A, (C, "c"))
    return C


def sgemm(a: Array, b: Array, alpha: float = 1.0, beta: float = 0.0, c: Optional[Array] = None,
          trans_a: bool = False, trans_b: bool = False, *, rung: Rung = None, config: Optional[int] = None) -> Array:
    """``c = alpha * op(a) @ op(b) + beta * c`` in float32 on CUDA cores (op(x) = x.T where trans_x), as
    cublasSgemm with pedantic fp32 math. a, b: 2-D float32, row-major or transposed views (``x.T`` is passed
    as it is stored, without a copy), leading dimensions allowed. c: (m, n) float32 with contiguous rows,
    written in place and returned; without c a new (m, n) array is returned (beta must then be 0).
    config: a tile configuration of the rungs that have them (``gpuprim.rungs("sgemm")``), None: per shape."""
    A = _arr(a, "a", ("float32",), ndim=2, contiguous=False)
    B = _arr(b, "b", ("float32",), ndim=2, contiguous=False)
    _same_device(A, (B, "b"))
    alpha, beta = _check_alpha_beta(alpha, beta, c)
    ta, lda, m, k = _operand(A, "a", trans_a, A.shape, A.strides)
    tb, ldb, k2, n = _operand(B, "b", trans_b, B.shape, B.strides)
    if k != k2:
        raise ValueError(f"op(a) is {m} x {k} but op(b) is {k2} x {n}: inner dimensions differ")
    C = _c_matrix(A, c, (m, n), "float32")
    ldc = _rows_ld(C, "c")
    _launch(A, "sgemm", rung, "gp_sgemm", int(ta), int(tb), m, n, k, alpha, A.ptr, lda, B.ptr, ldb, beta,
            C.ptr, ldc, config=config)
    return C.obj


def sgemm_batched(a: Array, b: Array, alpha: float = 1.0, beta: float = 0.0, c: Optional[Array] = None,
                  trans_a: bool = False, trans_b: bool = False, *, rung: Rung = None,
                  config: Optional[int] = None) -> Array:
    """A batch of sgemm products (cublasSgemmStridedBatched): a (batch, ., .) and b (batch, ., .) float32,
    each matrix laid out as sgemm takes it; a batch of 1 or a 2-D operand is reused for every product (stride
    0, as ``torch.bmm`` with an expanded operand). c: (batch, m, n) with contiguous rows; without c a new
    array is returned (beta must then be 0)."""
    A = _arr(a, "a", ("float32",), contiguous=False)
    B = _arr(b, "b", ("float32",), contiguous=False)
    _same_device(A, (B, "b"))
    for X, name in ((A, "a"), (B, "b")):
        if X.ndim not in (2, 3):
            raise ValueError(f"{name} must be 3-D (batch, rows, cols) or 2-D, got shape {shape_str(X.shape)}")
    alpha, beta = _check_alpha_beta(alpha, beta, c)

    def split(X):
        if X.ndim == 2:
            return 1, 0, X.shape, X.strides
        return X.shape[0], (X.strides[0] if X.shape[0] > 1 else 0), X.shape[1:], X.strides[1:]

    ba, sa, da, ta_st = split(A)
    bb, sb, db, tb_st = split(B)
    if ba != bb and ba != 1 and bb != 1:
        raise ValueError(f"batch sizes differ: a has {ba}, b has {bb}")
    batch = max(ba, bb)
    if (ba == 1 and A.ndim == 3 and batch > 1) or A.ndim == 2:
        sa = 0
    if (bb == 1 and B.ndim == 3 and batch > 1) or B.ndim == 2:
        sb = 0
    if sa < 0 or sb < 0:
        raise ValueError("negative batch strides are not supported")
    ta, lda, m, k = _operand(A, "a", trans_a, da, ta_st)
    tb, ldb, k2, n = _operand(B, "b", trans_b, db, tb_st)
    if k != k2:
        raise ValueError(f"op(a) is {m} x {k} but op(b) is {k2} x {n}: inner dimensions differ")
    C = _c_matrix(A, c, (batch, m, n), "float32")
    ldc = _rows_ld(_sub(C), "c")
    sc = C.strides[0] if batch > 1 else m * max(ldc, 1)
    _launch(A, "sgemm", rung, "gp_sgemm_strided_batched", int(ta), int(tb), m, n, k, alpha, A.ptr, lda, sa,
            B.ptr, ldb, sb, beta, C.ptr, ldc, sc, batch, config=config)
    return C.obj


def _sub(C: ArrayInfo) -> ArrayInfo:
    """The (m, n) matrix view of a (batch, m, n) array (for its leading dimension)."""
    return ArrayInfo(C.obj, C.kind, C.ptr, C.shape[1:], C.strides[1:], C.dtype, C.device)


def gemm(a: Array, b: Array, alpha: float = 1.0, beta: float = 0.0, c: Optional[Array] = None,
         trans_a: bool = False, trans_b: bool = False, *, out_dtype: Optional[str] = None,
         compute: Optional[str] = None, rung: Rung = None, config: Optional[int] = None) -> Array:
    """``c = alpha * op(a) @ op(b) + beta * c`` on the tensor cores. a and b: float16 or bfloat16 (compute
    "f32": exact products, float32 accumulation; c float32 or the input type) or float32 (compute "tf32":
    inputs rounded to tf32; c float32). compute=None picks the one the input type has. Layouts as sgemm.
    The result type is c's, else out_dtype, else the input type (as ``a @ b``)."""
    A = _arr(a, "a", tuple(_GEMM_DTYPES), ndim=2, contiguous=False)
    B = _arr(b, "b", tuple(_GEMM_DTYPES), ndim=2, contiguous=False)
    if A.dtype != B.dtype:
        raise TypeError(f"a and b must have one dtype, got {A.dtype} and {B.dtype}")
    _same_device(A, (B, "b"))
    if compute is None:
        compute = "tf32" if A.dtype == "float32" else "f32"
    cp = _op(_COMPUTE, compute, "compute")
    if A.dtype == "float32" and compute != "tf32":
        raise ValueError("float32 inputs take compute='tf32' here; gpuprim.sgemm is the exact float32 product")
    if A.dtype != "float32" and compute != "f32":
        raise ValueError(f"{A.dtype} inputs take compute='f32' (tf32 is for float32 inputs)")
    alpha, beta = _check_alpha_beta(alpha, beta, c)
    ta, lda, m, k = _operand(A, "a", trans_a, A.shape, A.strides)
    tb, ldb, k2, n = _operand(B, "b", trans_b, B.shape, B.strides)
    if k != k2:
        raise ValueError(f"op(a) is {m} x {k} but op(b) is {k2} x {n}: inner dimensions differ")
    if c is not None:
        cdt = describe(c, "c").dtype
    else:
        cdt = out_dtype or A.dtype
    allowed = ("float32",) if A.dtype == "float32" else ("float32", A.dtype)
    if cdt not in allowed:
        raise TypeError(f"the result of {A.dtype} inputs is {' or '.join(allowed)}, not {cdt}")
    C = _c_matrix(A, c, (m, n), cdt)
    ldc = _rows_ld(C, "c")
    _launch(A, "gemm", rung, "gp_gemm", int(ta), int(tb), m, n, k, alpha, A.ptr, _GEMM_DTYPES[A.dtype], lda,
            B.ptr, _GEMM_DTYPES[B.dtype], ldb, beta, C.ptr, _GEMM_DTYPES[cdt], ldc, cp, config=config)
    return C.obj


# ---- sort ------------------------------------------------------------------------------------------------
_SORT_KEYS = {"uint32": 0, "int32": 1, "float32": 2, "uint64": 3, "int64": 4}
_HANDLE_WORKSPACE = 32 << 20   # GP_DEFAULT_WORKSPACE_BYTES: what gp_create gives every handle


def _sort_workspace(K: ArrayInfo, key: int, value_bytes: int, workspace):
    """more_args for gp_sort_*: (workspace pointer, bytes). A given workspace is used as it is; else the
    handle's own 32 MB where the call needs no more (gp_sort_workspace_size), else a buffer allocated through
    the input's library on the current stream (freed to its stream-ordered allocator after the call)."""
    if workspace is not None:
        W = _arr(workspace, "workspace")
        _same_device(K, (W, "workspace"))
        nbytes = W.size * W.itemsize
        return lambda h: (W.ptr, nbytes)
    keep = []

    def args(h):
        need = _lib.ctypes.c_size_t(0)
        check(lib.gp_sort_workspace_size(h.ptr, key, value_bytes, K.size, _lib.ctypes.byref(need)),
              "gp_sort_workspace_size")
        if need.value <= _HANDLE_WORKSPACE:
            return (None, 0)
        try:
            buf = K.kind.empty(K, (need.value,), "uint8")
        except TypeError:
            raise TypeError(f"this sort needs {need.value} bytes of workspace, more than the handle's own: pass "
                            f"workspace= (a device byte buffer)") from None
        keep.append(buf)
        return (describe(buf, "workspace").ptr, need.value)
    args.keep = keep
    return args


def _sort_args(keys, descending: bool, begin_bit: int, end_bit: Optional[int]):
    K = _arr(keys, "keys" if keys is not None else "x", tuple(_SORT_KEYS))
    if K.ndim != 1:
        raise ValueError(f"sort takes 1-D keys, got shape {shape_str(K.shape)}")
    bits = 8 * K.itemsize
    begin_bit = _int_arg(begin_bit, "begin_bit")
    end_bit = bits if end_bit is None else _int_arg(end_bit, "end_bit")
    if not 0 <= begin_bit <= end_bit <= bits:
        raise ValueError(f"need 0 <= begin_bit <= end_bit <= {bits} for {K.dtype} keys, got {begin_bit}, {end_bit}")
    return K, _SORT_KEYS[K.dtype], int(bool(descending)), begin_bit, end_bit


def sort(x: Array, descending: bool = False, *, begin_bit: int = 0, end_bit: Optional[int] = None,
         out: Optional[Array] = None, workspace: Optional[Array] = None, rung: Rung = None,
         config: Optional[int] = None) -> Array:
    """x's elements sorted (radix sort, stable), as ``torch.sort(x).values`` / ``cupy.sort(x)``: 1-D
    uint32, int32, float32, uint64 or int64. float32 is ordered -inf < ... < -0.0 < +0.0 < ... < +inf < NaN
    (NaNs last, first when descending, as torch.sort). begin_bit/end_bit: only those bits of the key's
    order-preserving form are compared (fewer bits, fewer passes). Keys are moved, never converted.
    workspace: a device byte buffer to use; by default the handle's own 32 MB, or, where the sort needs more
    (about n keys more), a buffer allocated through x's library on the current stream."""
    K, key, desc, b0, b1 = _sort_args(x, descending, begin_bit, end_bit)
    O = _out(K, out, K.shape, K.dtype)
    _launch(K, "sort", rung, "gp_sort_keys", key, K.size, K.ptr, O.ptr, desc, b0, b1, config=config,
            more_args=_sort_workspace(K, key, 0, workspace))
    return O.obj


def sort_pairs(keys: Array, values: Array, descending: bool = False, *, begin_bit: int = 0,
               end_bit: Optional[int] = None, out_keys: Optional[Array] = None, out_values: Optional[Array] = None,
               workspace: Optional[Array] = None, rung: Rung = None,
               config: Optional[int] = None) -> Tuple[Array, Array]:
    """(sorted keys, values moved with their keys): keys as in sort, values 1-D of any 4- or 8-byte dtype and
    as many as the keys. Stable: equal keys keep their input order."""
    K, key, desc, b0, b1 = _sort_args(keys, descending, begin_bit, end_bit)
    V = _arr(values, "values")
    if V.itemsize not in (4, 8):
        raise TypeError(f"values has dtype {V.dtype}; sort_pairs moves 4- or 8-byte values")
    if V.size != K.size or V.ndim != 1:
        raise ValueError(f"values must be 1-D with as many elements as keys ({K.size}), got shape "
                         f"{shape_str(V.shape)}")
    _same_device(K, (V, "values"))
    OK = _out(K, out_keys, K.shape, K.dtype, "out_keys")
    OV = _out(K, out_values, V.shape, V.dtype, "out_values")
    _launch(K, "sort", rung, "gp_sort_pairs", key, V.itemsize, K.size, K.ptr, OK.ptr, V.ptr, OV.ptr, desc, b0,
            b1, config=config, more_args=_sort_workspace(K, key, V.itemsize, workspace))
    return OK.obj, OV.obj


def sort_with_indices(x: Array, descending: bool = False, **kw) -> Tuple[Array, Array]:
    """(sorted x, int64 indices of the sorted elements in x), as ``torch.sort(x, stable=True)``: sort_pairs
    of x with 0..n-1 (made through x's library). Other arguments as sort_pairs."""
    K = _arr(x, "x", tuple(_SORT_KEYS))
    idx = K.kind.arange(K, K.size)
    return sort_pairs(x, idx, descending, **kw)


# ---- stencils and convolutions ---------------------------------------------------------------------------
_CONV_MODES = {"same": 0, "valid": 1}


def _conv_filter(f, name: str, like: ArrayInfo, ndim: int) -> ArrayInfo:
    """A dense float32 filter on like's device, every extent odd."""
    F = _arr(f, name, ("float32",), ndim=ndim)
    _same_device(like, (F, name))
    if any(d < 1 or d % 2 == 0 for d in F.shape):
        raise ValueError(f"{name} must have odd extents >= 1 (a centre tap), got shape {shape_str(F.shape)}")
    return F


def _conv_out_shape(dims: Tuple[int, ...], taps: Tuple[int, ...], mode: int) -> Tuple[int, ...]:
    """SAME: the input's shape; VALID: n - k + 1 per dimension, none where the filter is larger."""
    if mode == 0:
        return tuple(dims)
    return tuple(max(n - k + 1, 0) for n, k in zip(dims, taps))


def _image_out(X: ArrayInfo, out, shape: Tuple[int, int]) -> Tuple[ArrayInfo, int]:
    """The 2-D float32 result (new, or `out` checked: shape, contiguous rows, device) and its leading dimension."""
    if out is None:
        O = describe(X.kind.empty(X, shape, "float32"), "out")
    else:
        O = _arr(out, "out", ("float32",), ndim=2, contiguous=False)
        if O.shape != tuple(shape):
            raise ValueError(f"out must have shape {shape_str(shape)}, got {shape_str(O.shape)}")
        _same_device(X, (O, "out"))
    return O, _rows_ld(O, "out")


def conv2d(x: Array, filter: Array, mode: str = "same", *, out: Optional[Array] = None,
           rung: Rung = None) -> Array:
    """2-D correlation (no filter flip) of a float32 image with a dense float32 filter of odd extents, as
    ``torch.nn.functional.conv2d(x[None, None], filter[None, None], padding="same")[0, 0]`` (cuDNN's cross
    correlation). mode "same": out has x's shape, zeros outside the image; "valid": out is
    (rows - fr + 1, cols - fc + 1), empty where the filter is larger than the image. x and out are 2-D with
    contiguous rows (a leading dimension larger than the width is fine; out's padding columns are not written).
    Filters up to 31 x 31 run on every rung; a larger one runs rung 01. f32 products accumulated in f32, so
    rungs differ by rounding only. The constant-memory rungs are not CUDA-graph capturable (see gpuprim.h)."""
    md = _op(_CONV_MODES, mode, "mode")
    X = _arr(x, "x", ("float32",), ndim=2, contiguous=False)
    ld_in = _rows_ld(X, "x")
    F = _conv_filter(filter, "filter", X, 2)
    fr, fc = F.shape
    O, ld_out = _image_out(X, out, _conv_out_shape(X.shape, (fr, fc), md))
    rows, cols = X.shape
    _launch(X, "conv2d", rung, "gp_conv2d_f32", rows, cols, X.ptr, ld_in, F.ptr, fr, fc, md, O.ptr, ld_out)
    return O.obj


def conv2d_separable(x: Array, row_filter: Array, col_filter: Array, mode: str = "same", *,
                     out: Optional[Array] = None, rung: Rung = None) -> Array:
    """conv2d with the separable filter ``f[i][j] = col_filter[i] * row_filter[j]``, computed as a row pass
    (len(row_filter) taps, rounded to float32) then a column pass (len(col_filter) taps). Filters: 1-D
    float32 of odd length. x, out and mode as in conv2d. Rung 01 (any length) keeps the row pass in the
    handle's 32 MB workspace, in strips of rows: it needs len(col_filter) x out_cols x 4 bytes at least (else
    GpuprimError GP_ERROR_WORKSPACE_TOO_SMALL); rung 02 (both filters up to 31 taps) needs none."""
    md = _op(_CONV_MODES, mode, "mode")
    X = _arr(x, "x", ("float32",), ndim=2, contiguous=False)
    ld_in = _rows_ld(X, "x")
    R = _conv_filter(row_filter, "row_filter", X, 1)
    C = _conv_filter(col_filter, "col_filter", X, 1)
    fc, fr = R.size, C.size
    O, ld_out = _image_out(X, out, _conv_out_shape(X.shape, (fr, fc), md))
    rows, cols = X.shape
    _launch(X, "separable", rung, "gp_conv2d_separable_f32", rows, cols, X.ptr, ld_in, R.ptr, fc, C.ptr, fr, md,
            O.ptr, ld_out)
    return O.obj


def conv1d(x: Array, filter: Array, mode: str = "same", *, out: Optional[Array] = None) -> Array:
    """1-D correlation of a contiguous 1-D float32 array with an odd number of float32 taps: "same" gives
    len(x) outputs (zeros outside x), "valid" len(x) - k + 1 (none if k > len(x)). Runs as the row pass of
    the separable filter's rung 01 (``last_rung("separable")`` says 1)."""
    md = _op(_CONV_MODES, mode, "mode")
    X = _arr(x, "x", ("float32",), ndim=1)
    F = _conv_filter(filter, "filter", X, 1)
    O = _out(X, out, _conv_out_shape(X.shape, F.shape, md), "float32")
    _launch(X, "separable", None, "gp_conv1d_f32", X.size, X.ptr, F.ptr, F.size, md, O.ptr)
    return O.obj


def jacobi5(u0: Array, steps: int = 1, *, u1: Optional[Array] = None, rung: Rung = None,
            config: Optional[int] = None) -> Array:
    """`steps` 5-point Jacobi iterations over a 2-D float32 grid: each interior cell becomes
    ``0.25 * (((up + down) + left) + right)`` (in that float order: bit-identical on every rung); the boundary
    rows and columns stay fixed. The steps alternate between u0 (the initial grid) and u1: the result is in
    u0 after an even number of steps, in u1 after an odd one, and that array is returned. Both may be
    written (u0 is overwritten from 2 steps on; the other one then holds an intermediate state). u1: a float32
    array of u0's shape and row stride; None allocates one (u0 must then have dense rows). Both with
    contiguous rows. config: the temporal rung's steps per pass (``config_names("jacobi", "temporal")``)."""
    U0 = _arr(u0, "u0", ("float32",), ndim=2, contiguous=False)
    ld = _rows_ld(U0, "u0")
    steps = _int_arg(steps, "steps")
    if not 0 <= steps <= _INT32[1]:
        raise ValueError(f"steps must be from 0 to 2^31-1, not {steps}")
    rows, cols = U0.shape
    if u1 is None:
        if ld != max(cols, 1) and rows > 1:
            raise ValueError(f"u0 has a leading dimension of {ld} for {cols} columns: pass u1 with the same "
                             "row stride (one leading dimension serves both grids)")
        U1 = describe(U0.kind.empty(U0, U0.shape, "float32"), "u1")
    else:
        U1 = _arr(u1, "u1", ("float32",), ndim=2, contiguous=False)
        if U1.shape != U0.shape:
            raise ValueError(f"u1 must have u0's shape {shape_str(U0.shape)}, got {shape_str(U1.shape)}")
        _same_device(U0, (U1, "u1"))
        if rows > 1 and _rows_ld(U1, "u1") != ld:
            raise ValueError(f"u1 must have u0's row stride {ld}, got {_rows_ld(U1, 'u1')}")
    _launch(U0, "jacobi", rung, "gp_jacobi5_f32", rows, cols, U0.ptr, U1.ptr, ld, steps, config=config)
    return U0.obj if steps % 2 == 0 else U1.obj


# ---- rungs -----------------------------------------------------------------------------------------------
def prims() -> List[str]:
    """The primitives of the loaded library, as it names them ("map", "reduce", "scan", ...)."""
    return list(_lib.prim_ids())


def rungs(prim: str) -> List[RungInfo]:
    """The ladder of a primitive: RungInfo(number, name, summary, min_cc, automatic, configs) per rung, from
    the C library (gp_get_rung_info)."""
    return _lib.rung_infos(prim)


def config_names(prim: str, rung: Rung) -> List[str]:
    """Names of the tile configurations of one rung (``config=`` takes their index)."""
    p = prim_id(prim)
    r = resolve_rung(prim, rung)
    out = []
    for i in range(1024):
        s = lib.gp_rung_config_name(p, r, i)
        if not s:
            break
        out.append(s.decode())
    return out


def _current_device() -> int:
    cur = _lib.ctypes.c_int(0)
    if lib.cudaGetDevice(_lib.ctypes.byref(cur)) != 0:  # no usable device: gp_create will say so
        lib.cudaGetLastError()
    return cur.value


def last_rung(prim: str, device: Optional[int] = None) -> int:
    """The rung the calling thread's last call of `prim` on `device` (default: the current one) ran, after
    the automatic choice and fall-backs; 0 if none."""
    h = handle_for(_current_device() if device is None else device)
    v = _lib.ctypes.c_int(0)
    check(lib.gp_get_last_rung(h.ptr, prim_id(prim), _lib.ctypes.byref(v)), "gp_get_last_rung")
    return v.value


def last_config(prim: str, device: Optional[int] = None) -> int:
    """The tile configuration that call ran (-1 if its rung has none)."""
    h = handle_for(_current_device() if device is None else device)
    v = _lib.ctypes.c_int(0)
    check(lib.gp_get_last_config(h.ptr, prim_id(prim), _lib.ctypes.byref(v)), "gp_get_last_config")
    return v.value


def rung_supported(prim: str, rung: Rung, device: Optional[int] = None) -> bool:
    """Whether this build can run that rung on `device` (architecture and compiled code)."""
    dev = _current_device() if device is None else device
    h = handle_for(dev)
    v = _lib.ctypes.c_int(0)
    r = resolve_rung(prim, rung)
    if r == 0:
        return True
    check(lib.gp_rung_supported(h.ptr, prim_id(prim), r, _lib.ctypes.byref(v)), "gp_rung_supported")
    return bool(v.value)


__all__ = [
    "GpuprimError", "RungInfo", "map", "add", "reduce", "reduce_sum", "reduce_min", "reduce_max", "argmax",
    "inclusive_scan", "exclusive_scan", "select", "select_async", "select_flagged", "select_flagged_async",
    "histogram", "histogram_u8", "transpose", "sgemm", "sgemm_batched", "gemm", "sort", "sort_pairs",
    "sort_with_indices", "conv2d", "conv2d_separable", "conv1d", "jacobi5", "prims", "rungs",
    "config_names", "last_rung", "last_config", "rung_supported",
]
