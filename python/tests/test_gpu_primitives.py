"""Every gpuprim function on a GPU, with torch tensors and with CuPy arrays, against what torch / CuPy compute
for the same call (torch.cumsum, x[mask], torch.bincount, .t().contiguous(), matmul in float64 ...).

Every test body runs on a non-default stream of its library (the `on_side_stream` fixture), so a call that
ignored the current stream would race with the writes of its input. Skipped where neither torch nor CuPy
with a usable GPU is importable. Run on the GPU machine from the repository root:

    PYTHONPATH=python GPUPRIM_LIBRARY=build-gpu/libgpuprim.so python3 -m pytest -q python/tests
"""
import math

import pytest

import gpuprim

np = pytest.importorskip("numpy")
from gpu_backends import BACKENDS, ids  # noqa: E402

pytestmark = pytest.mark.skipif(not BACKENDS, reason="neither torch nor CuPy with a usable GPU")

SIZES = [0, 1, 7, 4097, 1000003]


@pytest.fixture(params=BACKENDS, ids=ids(BACKENDS))
def B(request):
    """The array library under test, with the test body on one of its non-default streams."""
    b = request.param
    with b.side_stream():
        yield b
    b.sync()


def rng(seed=0):
    return np.random.default_rng(seed)


# ---- what comes back ---------------------------------------------------------------------------------------
def test_result_is_of_the_input_library_and_device(B):
    x = B.put(rng().random(100, dtype=np.float32))
    for r in (gpuprim.inclusive_scan(x), gpuprim.reduce_sum(x), gpuprim.add(x, x),
              gpuprim.histogram(x, 10, 0.0, 1.0), gpuprim.select(x, "gt", 0.5),
              gpuprim.transpose(x.reshape(10, 10)), gpuprim.sgemm(x.reshape(10, 10), x.reshape(10, 10))):
        assert B.native(r) and B.device_of(r) == B.device_of(x)


# ---- map ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("op", ["add", "sub", "mul", "min", "max"])
def test_map(B, n, op):
    g = rng(n)
    a, b = B.put(g.standard_normal(n, dtype=np.float32)), B.put(g.standard_normal(n, dtype=np.float32))
    want = {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b,
            "min": lambda: B.minimum(a, b), "max": lambda: B.maximum(a, b)}[op]()
    got = gpuprim.map(a, b, op)
    np.testing.assert_array_equal(B.get(got), B.get(want))


def test_map_in_place_unaligned_nd_and_rungs(B):
    g = rng(1)
    base = B.put(g.standard_normal(3 * 1001 + 1, dtype=np.float32))
    a = base[1:].reshape(3, 1001)           # 4 bytes past a 16-byte boundary: the vector rungs fall back
    b = B.put(g.standard_normal((3, 1001), dtype=np.float32))
    want = B.get(a + b)
    for r in gpuprim.rungs("map"):
        got = gpuprim.add(a, b, rung=r.name)
        np.testing.assert_array_equal(B.get(got), want)
        assert 1 <= gpuprim.last_rung("map", B.device_of(a)) <= r.number
    c = B.put(B.get(a))
    assert gpuprim.add(c, b, out=c) is c
    np.testing.assert_array_equal(B.get(c), want)


# ---- reduce ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_reduce(B, n, dtype):
    g = rng(n)
    h = (g.integers(-1000, 1000, n).astype(dtype) if dtype == np.int32 else
         g.standard_normal(n).astype(dtype))
    x = B.put(h)
    s = gpuprim.reduce_sum(x)
    assert s.shape == () and B.dtype_name(s) == ("int64" if dtype == np.int32 else np.dtype(dtype).name)
    if dtype == np.int32:
        assert int(B.get(s)) == int(B.get(B.sum(x, "int64")))
    else:
        exact = math.fsum(h.astype(np.float64))
        u = 2.0 ** -24 if dtype == np.float32 else 2.0 ** -53
        bound = (n / 2 ** 16 + 2 * math.log2(max(n, 2)) + 80) * u * float(np.abs(h).sum())
        assert abs(float(B.get(s)) - exact) <= bound
        assert abs(float(B.get(B.sum(x))) - float(B.get(s))) <= 2 * bound + 1e-30
    if n:
        assert B.get(gpuprim.reduce_min(x)) == h.min() and B.get(gpuprim.reduce_max(x)) == h.max()
        assert B.get(gpuprim.reduce_max(x)) == B.get(B.max(x))
    else:
        ident = {np.float32: (np.inf, -np.inf), np.float64: (np.inf, -np.inf),
                 np.int32: (2 ** 31 - 1, -(2 ** 31))}[dtype]
        assert (B.get(gpuprim.reduce_min(x)), B.get(gpuprim.reduce_max(x))) == ident


def test_reduce_every_rung_and_deterministic(B):
    h = rng(3).standard_normal(1 << 20).astype(np.float32)
    x = B.put(h)
    exact = math.fsum(h.astype(np.float64))
    for r in gpuprim.rungs("reduce"):
        s = float(B.get(gpuprim.reduce_sum(x, rung=r.number)))
        assert abs(s - exact) < 1e-3 * float(np.abs(h).sum()), r.name
    d1 = B.get(gpuprim.reduce_sum(x, deterministic=True))
    d2 = B.get(gpuprim.reduce_sum(x, deterministic=True))
    assert d1.tobytes() == d2.tobytes() and gpuprim.last_rung("reduce", B.device_of(x)) == 8


@pytest.mark.parametrize("n", [1, 7, 4097, 1000003])
def test_argmax(B, n):
    h = rng(n).integers(-50, 50, n).astype(np.float32)   # ties: the first index wins
    x = B.put(h)
    i = gpuprim.argmax(x)
    assert B.dtype_name(i) == "int64" and int(B.get(i)) == int(np.argmax(h)) == int(B.get(B.argmax(x)))
    assert int(B.get(gpuprim.argmax(B.put(np.full(5, np.nan, np.float32))))) == -1


# ---- scan --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.float32, np.float64])
def test_scan(B, n, dtype):
    g = rng(n)
    h = g.integers(0, 1000, n).astype(dtype) if dtype in (np.int32, np.uint32) else g.random(n).astype(dtype)
    x = B.put(h)
    inc, exc = gpuprim.inclusive_scan(x), gpuprim.exclusive_scan(x)
    assert B.dtype_name(inc) == np.dtype(dtype).name and inc.shape == (n,)
    ref = np.cumsum(h.astype(np.float64 if dtype in (np.float32, np.float64) else np.int64))
    ref_exc = np.concatenate([[0], ref[:-1]]) if n else ref
    if dtype in (np.int32, np.uint32):
        np.testing.assert_array_equal(B.get(inc), ref.astype(dtype))
        np.testing.assert_array_equal(B.get(exc), ref_exc.astype(dtype))
        if dtype == np.int32:   # the library's own cumsum
            np.testing.assert_array_equal(B.get(inc), B.get(B.cumsum(x)))
    else:
        tol = (1e-4 if dtype == np.float32 else 1e-12) * (ref + 1)
        assert np.all(np.abs(B.get(inc) - ref) <= tol)
        assert np.all(np.abs(B.get(exc) - ref_exc) <= tol)
        assert np.all(np.abs(B.get(inc) - B.get(B.cumsum(x))) <= 2 * tol)


def test_scan_every_rung_in_place_and_wrapping(B):
    h = rng(5).integers(-2 ** 31, 2 ** 31 - 1, 1000003, dtype=np.int64).astype(np.int32)
    ref = (np.cumsum(h.astype(np.int64)) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)   # wraps mod 2^32
    for r in gpuprim.rungs("scan"):
        x = B.put(h)
        assert gpuprim.inclusive_scan(x, out=x, rung=r.number) is x
        np.testing.assert_array_equal(B.get(x), ref, err_msg=r.name)
        assert gpuprim.last_rung("scan", B.device_of(x)) == r.number


# ---- compaction --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("pred,cmp", [("gt", np.greater), ("ge", np.greater_equal), ("lt", np.less),
                                      ("le", np.less_equal), ("eq", np.equal), ("ne", np.not_equal)])
def test_select_f32(B, n, pred, cmp):
    h = (rng(n).integers(0, 8, n) / 8).astype(np.float32)
    if n > 3:
        h[3] = np.nan
    x = B.put(h)
    got = gpuprim.select(x, pred, 0.5)
    want = x[B.compare(x, pred, 0.5)]          # torch.masked_select / cupy boolean indexing
    np.testing.assert_array_equal(B.get(got), B.get(want))
    np.testing.assert_array_equal(B.get(got), h[cmp(h, np.float32(0.5))])


@pytest.mark.parametrize("n", SIZES)
def test_select_i32_nonzero_and_async(B, n):
    h = rng(n).integers(-3, 3, n).astype(np.int32)
    x = B.put(h)
    np.testing.assert_array_equal(B.get(gpuprim.select(x, "nonzero")), h[h != 0])
    np.testing.assert_array_equal(B.get(gpuprim.select(x, ">", 0)), B.get(x[B.compare(x, "gt", 0)]))
    out, count = gpuprim.select_async(x, "le", -1)
    k = int(B.get(count))
    assert out.shape == (n,) and B.dtype_name(count) == "int64" and k == int((h <= -1).sum())
    np.testing.assert_array_equal(B.get(out)[:k], h[h <= -1])
    z = B.put(np.array([0.0, -0.0, 1.0, np.nan], np.float32))
    np.testing.assert_array_equal(B.get(gpuprim.select(z, "nonzero")), np.array([1.0, np.nan], np.float32))


@pytest.mark.parametrize("n", SIZES)
def test_select_flagged(B, n):
    g = rng(n)
    h, m = g.standard_normal(n).astype(np.float32), g.random(n) < 0.3
    x, mask = B.put(h), B.put(m)
    np.testing.assert_array_equal(B.get(gpuprim.select_flagged(x, mask)), B.get(x[mask]))
    hi = g.integers(0, 100, n).astype(np.int32)
    xi, m8 = B.put(hi), B.put(m.astype(np.uint8) * 7)
    np.testing.assert_array_equal(B.get(gpuprim.select_flagged(xi, m8)), hi[m])


def test_select_every_rung(B):
    h = rng(9).random(1000003).astype(np.float32)
    x = B.put(h)
    for r in gpuprim.rungs("compact"):
        np.testing.assert_array_equal(B.get(gpuprim.select(x, "gt", 0.5, rung=r.name)), h[h > 0.5], r.name)


# ---- histogram ---------------------------------------------------------------------------------------------
def _even_bins_f32(h, bins, lo, hi):
    """cub HistogramEven's rule in float32: bin = (int)((x - lo) * scale), scale = bins / (hi - lo)."""
    lo32, hi32 = np.float32(lo), np.float32(hi)
    scale = np.float32(bins) / (hi32 - lo32)
    inside = (h >= lo32) & (h < hi32)
    b = np.floor((h[inside] - lo32) * scale).astype(np.int64)
    b[b >= bins] = bins - 1
    return np.bincount(b, minlength=bins)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("bins", [1, 64, 256, 5000])
def test_histogram_f32(B, n, bins):
    h = rng(n).uniform(-1.2, 1.2, n).astype(np.float32)
    if n > 5:
        h[5] = np.nan
    x = B.put(h)
    got = gpuprim.histogram(x, bins, -1.0, 1.0)
    assert B.dtype_name(got) == "int64" and got.shape == (bins,)
    np.testing.assert_array_equal(B.get(got), _even_bins_f32(h, bins, -1.0, 1.0))
    np.testing.assert_array_equal(B.get(gpuprim.histogram(x, bins, -1.0, 1.0, dtype="uint32")).astype(np.int64),
                                  _even_bins_f32(h, bins, -1.0, 1.0))
    if n and bins == 256:   # away from the bin edges torch.histc / cupy.histogram agree
        y = B.put(((np.arange(n) % 256) + 0.5).astype(np.float32))
        np.testing.assert_array_equal(B.get(gpuprim.histogram(y, 256, 0.0, 256.0)),
                                      B.get(B.histc(y, 256, 0.0, 256.0)))


@pytest.mark.parametrize("n", SIZES)
def test_histogram_i32_and_u8(B, n):
    g = rng(n)
    hi32 = g.integers(-100, 100, n).astype(np.int32)
    got = gpuprim.histogram(B.put(hi32), 7, -50, 50)
    inside = hi32[(hi32 >= -50) & (hi32 < 50)].astype(np.int64)
    np.testing.assert_array_equal(B.get(got), np.bincount((inside + 50) * 7 // 100, minlength=7))
    h8 = g.integers(0, 256, n).astype(np.uint8)
    x8 = B.put(h8)
    for dt in ("int64", "uint64", "uint32"):
        got = gpuprim.histogram_u8(x8, dtype=dt)
        np.testing.assert_array_equal(B.get(got).astype(np.int64), B.get(B.bincount(x8, 256)))
    np.testing.assert_array_equal(B.get(gpuprim.histogram(x8, 256, 0, 256)), np.bincount(h8, minlength=256))


def test_histogram_every_rung(B):
    h8 = rng(11).integers(0, 256, (1 << 20) + 3).astype(np.uint8)
    x8 = B.put(h8)
    want = np.bincount(h8, minlength=256)
    for r in gpuprim.rungs("histogram"):
        np.testing.assert_array_equal(B.get(gpuprim.histogram_u8(x8, rung=r.number)), want, r.name)


# ---- transpose ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(1, 1), (17, 33), (1000, 3), (3, 1000), (513, 1025), (2048, 2048)])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.float64, np.int64])
def test_transpose(B, shape, dtype):
    h = rng(shape[0]).integers(-10 ** 6, 10 ** 6, shape).astype(dtype)
    m = B.put(h)
    t = gpuprim.transpose(m)
    assert t.shape == shape[::-1] and B.dtype_name(t) == np.dtype(dtype).name
    np.testing.assert_array_equal(B.get(t), B.get(B.transpose_copy(m)))


def test_transpose_views_padding_and_rungs(B):
    h = rng(2).standard_normal((300, 512)).astype(np.float32)
    big = B.put(h)
    v = big[:, :401]                          # leading dimension 512 > 401 columns
    out_big = B.put(np.full((401, 320), -7.0, np.float32))
    out = out_big[:, :300]                    # leading dimension 320 > 300 rows
    for r in gpuprim.rungs("transpose"):
        assert gpuprim.transpose(v, out=out, rung=r.number) is out
        o = B.get(out_big)
        np.testing.assert_array_equal(o[:, :300], h[:, :401].T, r.name)
        assert (o[:, 300:] == -7.0).all()     # padding columns are not written


# ---- sgemm -------------------------------------------------------------------------------------------------
def _gemm_bound(a64, b64, k, u):
    return (k + 2) * u * (np.abs(a64) @ np.abs(b64)) + 1e-30


@pytest.mark.parametrize("m,n,k", [(1, 1, 1), (64, 64, 64), (129, 67, 33), (1, 300, 17), (300, 1, 1000),
                                   (512, 256, 1024)])
@pytest.mark.parametrize("ta,tb", [(False, False), (True, False), (False, True), (True, True)])
def test_sgemm(B, m, n, k, ta, tb):
    g = rng(m * n + k)
    ha = g.standard_normal((k, m) if ta else (m, k)).astype(np.float32)
    hb = g.standard_normal((n, k) if tb else (k, n)).astype(np.float32)
    a, b = B.put(ha), B.put(hb)
    c = gpuprim.sgemm(a, b, trans_a=ta, trans_b=tb)
    a64, b64 = (ha.T if ta else ha).astype(np.float64), (hb.T if tb else hb).astype(np.float64)
    ref = a64 @ b64
    assert np.all(np.abs(B.get(c) - ref) <= _gemm_bound(a64, b64, k, 2.0 ** -24))
    # the same product through transposed views (no copy), and against the library's own matmul
    a_view = B.put(np.ascontiguousarray(ha.T)).T      # ha's values, stored column-major
    c2 = gpuprim.sgemm(a_view, b, trans_a=ta, trans_b=tb)
    assert np.all(np.abs(B.get(c2) - ref) <= _gemm_bound(a64, b64, k, 2.0 ** -24))
    ref_lib = B.get(B.matmul64(a.T if ta else a, b.T if tb else b))
    assert np.all(np.abs(B.get(c) - ref_lib) <= _gemm_bound(a64, b64, k, 2.0 ** -24))


def test_sgemm_alpha_beta_ld_and_rungs(B):
    g = rng(4)
    m, n, k = 97, 130, 75
    ha = g.standard_normal((m, 80)).astype(np.float32)       # lda 80
    hb = g.standard_normal((k, 136)).astype(np.float32)      # ldb 136
    hc = g.standard_normal((m, 140)).astype(np.float32)      # ldc 140
    a, b = B.put(ha)[:, :k], B.put(hb)[:, :n]
    a64, b64 = ha[:, :k].astype(np.float64), hb[:, :n].astype(np.float64)
    ref = 1.5 * (a64 @ b64) - 0.5 * hc[:, :n]
    for r in gpuprim.rungs("sgemm"):
        cbig = B.put(hc)
        c = cbig[:, :n]
        assert gpuprim.sgemm(a, b, 1.5, -0.5, c, rung=r.number) is c
        got = B.get(cbig)
        tol = 2 * _gemm_bound(a64, b64, k, 2.0 ** -24) + 1e-6 * np.abs(ref) + 1e-6
        assert np.all(np.abs(got[:, :n] - ref) <= tol), r.name
        np.testing.assert_array_equal(got[:, n:], hc[:, n:])    # past column n: untouched
        for cfg in range(r.configs):
            gpuprim.sgemm(a, b, c=B.put(np.zeros((m, n), np.float32)), rung=r.number, config=cfg)
            assert gpuprim.last_config("sgemm", B.device_of(a)) in (cfg, -1)


def test_sgemm_batched(B):
    g = rng(6)
    ha = g.standard_normal((5, 33, 20)).astype(np.float32)
    hb = g.standard_normal((20, 17)).astype(np.float32)       # shared by every product (stride 0)
    c = gpuprim.sgemm_batched(B.put(ha), B.put(hb))
    assert c.shape == (5, 33, 17)
    ref = ha.astype(np.float64) @ hb.astype(np.float64)
    assert np.allclose(B.get(c), ref, rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(B.get(c), B.get(B.matmul64(B.put(ha), B.put(hb))), rtol=1e-5, atol=1e-4)
    # transposed views per matrix
    at = B.put(np.ascontiguousarray(ha.transpose(0, 2, 1)))   # (5, 20, 33)
    c2 = gpuprim.sgemm_batched(B.swap_last(at), B.put(hb))
    np.testing.assert_array_equal(B.get(c2), B.get(c))


# ---- gemm (tensor cores) -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
@pytest.mark.parametrize("m,n,k", [(64, 64, 64), (200, 136, 72), (1, 8, 8), (256, 512, 1024)])
def test_gemm(B, dtype, m, n, k):
    if dtype == "bfloat16" and not B.has_bf16:
        pytest.skip(f"{B.name} has no bfloat16")
    g = rng(m + n + k)
    a = B.randn((m, k), dtype, g)
    b = B.randn((k, n), dtype, g)
    a64, b64 = B.get64(a), B.get64(b)                           # the rounded inputs, exactly
    ref = a64 @ b64
    u_in = {"float16": 0.0, "bfloat16": 0.0, "float32": 2.0 ** -11}[dtype]   # tf32 rounds the inputs
    bound = (2 * u_in + (k + 2) * 2.0 ** -24) * (np.abs(a64) @ np.abs(b64)) + 1e-30
    c = gpuprim.gemm(a, b, out_dtype="float32")
    assert np.all(np.abs(B.get64(c) - ref) <= bound)
    c16 = gpuprim.gemm(a, b)
    assert B.dtype_name(c16) == dtype
    u_out = {"float16": 2.0 ** -11, "bfloat16": 2.0 ** -8, "float32": 0.0}[dtype]
    assert np.all(np.abs(B.get64(c16) - ref) <= bound + u_out * np.abs(ref) + 6.2e-5)
    for r in gpuprim.rungs("gemm"):
        if gpuprim.rung_supported("gemm", r.number, B.device_of(a)):
            c = gpuprim.gemm(B.T(a), b, trans_a=True, out_dtype="float32", rung=r.number)
            assert np.all(np.abs(B.get64(c) - ref) <= bound), r.name


# ---- errors from the C library -----------------------------------------------------------------------------
def test_c_library_errors(B):
    x = B.put(np.arange(100, dtype=np.float32))
    with pytest.raises(gpuprim.GpuprimError) as e:      # out overlaps x: the C library's check
        gpuprim.select_async(x, "gt", 1.0, out=x)
    assert e.value.name == "GP_ERROR_OVERLAP" and "overlap" in str(e.value)
    with pytest.raises(gpuprim.GpuprimError, match="GP_ERROR_NOT_SUPPORTED"):   # in-place transpose
        sq = B.put(np.zeros((8, 8), np.float32))
        gpuprim.transpose(sq, out=sq)
    with pytest.raises(TypeError):
        gpuprim.inclusive_scan(B.host_array(np.arange(10, dtype=np.int32)))


def test_host_pointer_is_refused_by_the_c_library(B):
    """Pageable host memory described as a CUDA array (real buffers). The crash once blamed on an unmapped
    address such as 0x1234 was the package's own 24-byte cudaPointerAttributes, overwritten by the runtime."""
    import ctypes
    from fakes import CaiArray
    hx, hout = (ctypes.c_float * 1000)(), ctypes.c_float()
    with pytest.raises(gpuprim.GpuprimError, match="GP_ERROR_HOST_POINTER"):
        gpuprim.reduce_sum(CaiArray((1000,), "<f4", ptr=ctypes.addressof(hx)),
                           out=CaiArray((), "<f4", ptr=ctypes.addressof(hout)))


# ---- objects that export only DLPack -----------------------------------------------------------------------
class DlpackOnly:
    """The library's array seen only through DLPack (as an array library without __cuda_array_interface__)."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


def test_dlpack_only_objects(B):
    h = rng(12).integers(0, 100, 100003).astype(np.int32)
    x, out = B.put(h), B.put(np.zeros(100003, np.int32))
    r = gpuprim.inclusive_scan(DlpackOnly(x), out=DlpackOnly(out))     # runs on the legacy default stream
    assert isinstance(r, DlpackOnly)
    B.sync()
    np.testing.assert_array_equal(B.get(out), np.cumsum(h).astype(np.int32))
    with pytest.raises(TypeError, match="pass out="):
        gpuprim.inclusive_scan(DlpackOnly(x))


# ---- sort --------------------------------------------------------------------------------------------------
_UINT = {"uint32": np.uint32, "int32": np.uint32, "float32": np.uint32, "uint64": np.uint64, "int64": np.uint64}


def _order_key(h):
    """The order-preserving unsigned form the C library sorts by (include/gpuprim.h, sort API)."""
    u = h.view(_UINT[h.dtype.name]).copy()
    if h.dtype.kind == "i":
        u ^= u.dtype.type(1) << u.dtype.type(8 * u.itemsize - 1)
    elif h.dtype.kind == "f":
        neg = (u >> np.uint32(31)) == 1
        u = np.where(neg, ~u, u | np.uint32(0x80000000)).astype(np.uint32)
        u[np.isnan(h)] = np.uint32(0xFFFFFFFF)
    return u


def _ref_perm(h, descending=False, begin_bit=0, end_bit=None):
    u = _order_key(h)
    bits = 8 * u.itemsize
    end_bit = bits if end_bit is None else end_bit
    if descending:
        u = ~u
    width = end_bit - begin_bit
    if width < bits:
        u = (u >> u.dtype.type(begin_bit)) & u.dtype.type((1 << width) - 1)
    return np.argsort(u, kind="stable")


def _keys(g, n, dtype, special=True):
    if dtype == "float32":
        h = g.integers(-50, 50, n).astype(np.float32) / 4
        if special and n >= 8:
            h[:8] = [np.nan, -0.0, 0.0, np.inf, -np.inf, -np.nan, 0.0, -0.0]
        return h
    lo, hi = (0, 100) if dtype.startswith("u") else (-50, 50)
    return g.integers(lo, hi, n).astype(dtype)


@pytest.mark.parametrize("n", [0, 1, 7, 6912, 16385, 1000003])
@pytest.mark.parametrize("dtype", ["uint32", "int32", "float32", "uint64", "int64"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort(B, n, dtype, descending):
    h = _keys(rng(n), n, dtype)
    x = B.put(h)
    perm = _ref_perm(h, descending)
    s, i = gpuprim.sort_with_indices(x, descending)
    assert B.dtype_name(i) == "int64" and B.dtype_name(s) == dtype
    np.testing.assert_array_equal(B.get(i), perm)
    np.testing.assert_array_equal(B.get(s).view(_UINT[dtype]), h[perm].view(_UINT[dtype]))   # bit patterns
    np.testing.assert_array_equal(B.get(gpuprim.sort(x, descending)).view(_UINT[dtype]), h[perm].view(_UINT[dtype]))
    if dtype in ("int32", "int64", "float32") and n:   # the library's own sort, on keys without -0.0 / NaN
        hp = _keys(rng(n + 1), n, dtype, special=False)
        xp = B.put(hp)
        got_v, got_i = gpuprim.sort_with_indices(xp, descending)
        np.testing.assert_array_equal(B.get(got_v), B.get(B.sort_values(xp, descending)))
        if B.name == "torch":
            np.testing.assert_array_equal(B.get(got_i), B.get(B.t.sort(xp, descending=descending, stable=True)[1]))


def test_sort_bits_pairs_rungs_and_workspace(B):
    g = rng(21)
    h = g.integers(0, 2 ** 32, 1000003, dtype=np.uint64).astype(np.uint32)
    x = B.put(h)
    v = B.put(g.standard_normal(1000003).astype(np.float64))
    perm = _ref_perm(h, True, 8, 16)
    k2, v2 = gpuprim.sort_pairs(x, v, True, begin_bit=8, end_bit=16)
    np.testing.assert_array_equal(B.get(k2), h[perm])
    np.testing.assert_array_equal(B.get(v2), B.get(v)[perm])
    perm = _ref_perm(h)
    for r in gpuprim.rungs("sort"):
        if not gpuprim.rung_supported("sort", r.number, B.device_of(x)):
            continue
        for m in (5000, 1000003):
            s = gpuprim.sort(x[:m], rung=r.number)
            np.testing.assert_array_equal(B.get(s), np.sort(h[:m], kind="stable"), f"{r.name} n={m}")
    big = B.put(g.integers(-2 ** 31, 2 ** 31, 1 << 23).astype(np.int32))   # needs more than the 32 MB workspace
    s, i = gpuprim.sort_with_indices(big)
    hb = B.get(big)
    np.testing.assert_array_equal(B.get(i), np.argsort(hb, kind="stable"))
    ws = B.put(np.zeros(256 << 20, np.uint8))
    np.testing.assert_array_equal(B.get(gpuprim.sort(big, workspace=ws)), np.sort(hb))
    with pytest.raises(gpuprim.GpuprimError, match="GP_ERROR_WORKSPACE_TOO_SMALL"):
        gpuprim.sort(big, workspace=B.put(np.zeros(1000, np.uint8)))


# ---- stencils and convolutions -----------------------------------------------------------------------------
def _corr2d_ref(h, f, mode):
    """2-D correlation in float64 (zero padding for "same"), and the bound of include/gpuprim.h on each output:
    (taps + 2) 2^-24 sum |f||x| with taps = fr fc."""
    fr, fc = f.shape
    rows, cols = h.shape
    x = h.astype(np.float64)
    if mode == "same":
        x = np.pad(x, ((fr // 2, fr // 2), (fc // 2, fc // 2)))
        orows, ocols = rows, cols
    else:
        orows, ocols = max(rows - fr + 1, 0), max(cols - fc + 1, 0)
    ref, mag = np.zeros((orows, ocols)), np.zeros((orows, ocols))
    for i in range(fr):
        for j in range(fc):
            w = x[i:i + orows, j:j + ocols]
            ref += float(f[i, j]) * w
            mag += abs(float(f[i, j])) * np.abs(w)
    return ref, mag


def _conv_ok(got, ref, mag, taps):
    return got.shape == ref.shape and bool(np.all(np.abs(got - ref) <= (taps + 2) * 2.0 ** -24 * mag + 1e-30))


@pytest.mark.parametrize("shape", [(1, 1), (7, 9), (100, 37), (513, 1025)])
@pytest.mark.parametrize("fshape", [(1, 1), (3, 3), (5, 3), (15, 15), (33, 3)])
@pytest.mark.parametrize("mode", ["same", "valid"])
def test_conv2d(B, shape, fshape, mode):
    g = rng(shape[0] * 31 + fshape[0])
    h = g.uniform(-1, 1, shape).astype(np.float32)
    f = g.uniform(-1, 1, fshape).astype(np.float32)
    y = gpuprim.conv2d(B.put(h), B.put(f), mode)
    assert B.dtype_name(y) == "float32"
    ref, mag = _corr2d_ref(h, f, mode)
    assert _conv_ok(B.get(y), ref, mag, f.size)


def test_conv2d_every_rung_views_and_the_library(B):
    g = rng(30)
    h = g.uniform(-1, 1, (300, 517)).astype(np.float32)
    f = g.uniform(-1, 1, (5, 7)).astype(np.float32)
    x = B.put(h)[:, 3:500]                    # a misaligned base and a leading dimension of 517
    ref, mag = _corr2d_ref(h[:, 3:500], f, "same")
    out_big = B.put(np.full((300, 512), -7.0, np.float32))
    out = out_big[:, :497]                    # out's leading dimension 512 > 497 columns
    for r in gpuprim.rungs("conv2d"):
        if not gpuprim.rung_supported("conv2d", r.number, B.device_of(x)):
            continue
        assert gpuprim.conv2d(x, B.put(f), out=out, rung=r.number) is out
        o = B.get(out_big)
        assert _conv_ok(o[:, :497], ref, mag, f.size), r.name
        assert (o[:, 497:] == -7.0).all()     # padding columns are not written
        assert gpuprim.last_rung("conv2d", B.device_of(x)) == r.number
    # a filter past 31 taps runs rung 01, forced or not
    big = g.uniform(-1, 1, (3, 33)).astype(np.float32)
    y = gpuprim.conv2d(x, B.put(big), rung="register_tile")
    assert gpuprim.last_rung("conv2d", B.device_of(x)) == 1
    assert _conv_ok(B.get(y), *_corr2d_ref(h[:, 3:500], big, "same"), big.size)
    if B.name == "torch":                     # torch's own correlation, in float64
        F = B.t.nn.functional
        want = F.conv2d(B.put(h).double()[None, None], B.put(f).double()[None, None], padding="same")[0, 0]
        assert _conv_ok(B.get(gpuprim.conv2d(B.put(h), B.put(f))), B.get(want), _corr2d_ref(h, f, "same")[1],
                        f.size)
    with pytest.raises(gpuprim.GpuprimError, match="GP_ERROR_OVERLAP"):   # in place: the C library's check
        sq = B.put(h)
        gpuprim.conv2d(sq, B.put(f), out=sq)


@pytest.mark.parametrize("shape", [(1, 1), (9, 7), (257, 300)])
@pytest.mark.parametrize("taps", [(1, 1), (3, 15), (15, 3), (31, 31), (41, 5)])
@pytest.mark.parametrize("mode", ["same", "valid"])
def test_conv2d_separable(B, shape, taps, mode):
    fr, fc = taps
    g = rng(shape[0] + 7 * fr + fc)
    h = g.uniform(-1, 1, shape).astype(np.float32)
    col, row = g.uniform(-1, 1, fr).astype(np.float32), g.uniform(-1, 1, fc).astype(np.float32)
    ref, mag = _corr2d_ref(h, np.outer(col.astype(np.float64), row.astype(np.float64)), mode)
    x = B.put(h)
    for r in [None] + [ri.number for ri in gpuprim.rungs("separable")]:
        y = gpuprim.conv2d_separable(x, B.put(row), B.put(col), mode, rung=r)
        assert _conv_ok(B.get(y), ref, mag, fr + fc), r


@pytest.mark.parametrize("n", [1, 7, 4097, 1000003])
@pytest.mark.parametrize("k", [1, 5, 31, 63])
@pytest.mark.parametrize("mode", ["same", "valid"])
def test_conv1d(B, n, k, mode):
    g = rng(n + k)
    h = g.uniform(-1, 1, n).astype(np.float32)
    f = g.uniform(-1, 1, k).astype(np.float32)
    y = gpuprim.conv1d(B.put(h), B.put(f), mode)
    ref, mag = _corr2d_ref(h[None, :], f[None, :], mode)
    assert _conv_ok(B.get(y)[None, :], ref, mag, k)
    if y.shape[0]:                            # (an empty output is a no-op: nothing runs)
        assert gpuprim.last_rung("separable", B.device_of(y)) == 1


def _jacobi_ref(h, steps):
    """The library's step in float32, in its order: 0.25f * (((up + down) + left) + right); boundary fixed."""
    u = h.copy()
    q = np.float32(0.25)
    for _ in range(steps):
        v = u.copy()
        v[1:-1, 1:-1] = q * (((u[:-2, 1:-1] + u[2:, 1:-1]) + u[1:-1, :-2]) + u[1:-1, 2:])
        u = v
    return u


@pytest.mark.parametrize("shape", [(1, 1), (2, 5), (3, 3), (64, 100), (517, 1031)])
@pytest.mark.parametrize("steps", [0, 1, 2, 5, 16])
def test_jacobi5(B, shape, steps):
    h = rng(shape[0] + steps).uniform(-1, 1, shape).astype(np.float32)
    u0 = B.put(h)
    r = gpuprim.jacobi5(u0, steps)
    assert (r is u0) == (steps % 2 == 0)
    np.testing.assert_array_equal(B.get(r), _jacobi_ref(h, steps))     # bit for bit


def test_jacobi5_every_rung_config_and_padding(B):
    h = rng(40).uniform(-1, 1, (300, 401)).astype(np.float32)
    want = {s: _jacobi_ref(h, s) for s in (1, 2, 9)}
    for r in gpuprim.rungs("jacobi"):
        for cfg in [None] + list(range(r.configs)):
            for s in (1, 2, 9):
                b0 = B.put(np.pad(h, ((0, 0), (0, 15)), constant_values=-7.0))   # ld 416 > 401 columns
                b1 = B.put(np.full((300, 416), -7.0, np.float32))
                u0, u1 = b0[:, :401], b1[:, :401]
                res = gpuprim.jacobi5(u0, s, u1=u1, rung=r.number, config=cfg)
                assert res is (u0 if s % 2 == 0 else u1)
                np.testing.assert_array_equal(B.get(res), want[s], f"{r.name} cfg {cfg} steps {s}")
                assert (B.get(b0)[:, 401:] == -7.0).all() and (B.get(b1)[:, 401:] == -7.0).all()
