"""The Python layer on a machine without a GPU: argument checks raise before any C call, and each wrapper
passes the right C function the right arguments (fake arrays, the C call recorded; see fakes.py)."""
import inspect

import pytest

import gpuprim
from fakes import CaiArray, FakeArray

F32, F64, I32, U32, U8 = "float32", "float64", "int32", "uint32", "uint8"


# ---- the package without a GPU -------------------------------------------------------------------------
def test_public_functions_have_docstrings_and_hints():
    for name in gpuprim.__all__:
        obj = getattr(gpuprim, name)
        if inspect.isfunction(obj):
            assert obj.__doc__ and len(obj.__doc__) > 20, name
            sig = inspect.signature(obj)
            assert sig.return_annotation is not inspect.Signature.empty, name


def test_not_an_array_is_a_type_error(fake):
    with pytest.raises(TypeError, match="must be a CUDA array"):
        gpuprim.inclusive_scan([1, 2, 3])
    with pytest.raises(TypeError, match="must be a CUDA array"):
        gpuprim.reduce_sum(3.0)
    assert fake.calls == []


def test_host_numpy_array_is_refused(fake):
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError, match="host \\(CPU\\) array"):
        gpuprim.inclusive_scan(np.arange(10, dtype=np.int32))
    with pytest.raises(TypeError, match="host"):
        gpuprim.add(np.zeros(4, np.float32), np.zeros(4, np.float32))
    assert fake.calls == []


# ---- map ---------------------------------------------------------------------------------------------------
def test_map_calls_and_checks(fake):
    a, b = FakeArray((3, 5)), FakeArray((3, 5))
    c = gpuprim.map(a, b, "mul")
    call = fake.last
    assert call["fname"] == "gp_map_f32" and call["prim"] == "map"
    assert call["args"] == (2, 15, a.ptr, b.ptr, c.ptr)
    assert c.shape == (3, 5) and c.dtype == F32
    gpuprim.add(a, b, out=a)                     # in place
    assert fake.last["args"] == (0, 15, a.ptr, b.ptr, a.ptr)
    with pytest.raises(ValueError, match="unknown op 'pow'"):
        gpuprim.map(a, b, "pow")
    with pytest.raises(ValueError, match="one shape"):
        gpuprim.add(a, FakeArray((15,)))
    with pytest.raises(TypeError, match="dtype float64"):
        gpuprim.add(FakeArray((4,), F64), FakeArray((4,), F64))
    with pytest.raises(ValueError, match="not contiguous"):
        gpuprim.add(a.T, b.T)
    with pytest.raises(ValueError, match="device 1"):
        gpuprim.add(a, FakeArray((3, 5), device=1))
    with pytest.raises(ValueError, match="out has shape"):
        gpuprim.add(a, b, out=FakeArray((4,)))
    with pytest.raises(TypeError, match="out has dtype int32"):
        gpuprim.add(a, b, out=FakeArray((3, 5), I32))
    assert len(fake.calls) == 2


# ---- reduce ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype,fname,odt", [(F32, "gp_reduce_f32", F32), (F64, "gp_reduce_f64", F64),
                                             (I32, "gp_reduce_i32", "int64")])
def test_reduce(fake, dtype, fname, odt):
    x = FakeArray((10, 7), dtype)
    for op, code in (("sum", 0), ("min", 1), ("max", 2)):
        r = gpuprim.reduce(x, op)
        assert fake.last["fname"] == fname and fake.last["args"] == (code, 70, x.ptr, r.ptr)
        assert r.shape == () and r.dtype == odt
    gpuprim.reduce_max(x, deterministic=True)
    assert fake.last["deterministic"] == 1 and fake.last["args"][0] == 2


def test_reduce_checks(fake):
    with pytest.raises(ValueError, match="unknown reduce op 'mean'"):
        gpuprim.reduce(FakeArray((4,)), "mean")
    with pytest.raises(TypeError, match="dtype uint8"):
        gpuprim.reduce_sum(FakeArray((4,), U8))
    with pytest.raises(TypeError, match="out has dtype float32"):
        gpuprim.reduce_sum(FakeArray((4,), I32), out=FakeArray((1,), F32))
    o = FakeArray((1,), "int64")
    assert gpuprim.reduce_sum(FakeArray((4,), I32), out=o) is o
    with pytest.raises(TypeError, match="dtype float64"):
        gpuprim.argmax(FakeArray((4,), F64))
    x = FakeArray((9,))
    i = gpuprim.argmax(x)
    assert fake.last["fname"] == "gp_argmax_f32" and fake.last["args"] == (9, x.ptr, i.ptr)
    assert i.dtype == "int64" and i.shape == ()


# ---- scan --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [I32, U32, F32, F64])
def test_scan(fake, dtype):
    x = FakeArray((1000003,), dtype)
    y = gpuprim.inclusive_scan(x)
    assert fake.last["fname"] == "gp_scan_" + {"int32": "i32", "uint32": "u32", "float32": "f32",
                                               "float64": "f64"}[dtype]
    assert fake.last["args"] == (0, 1000003, x.ptr, y.ptr) and y.dtype == dtype and y.shape == x.shape
    gpuprim.exclusive_scan(x, out=x)
    assert fake.last["args"] == (1, 1000003, x.ptr, x.ptr)


def test_scan_checks(fake):
    with pytest.raises(ValueError, match="must be 1-D"):
        gpuprim.inclusive_scan(FakeArray((4, 4), I32))
    with pytest.raises(TypeError, match="dtype int64"):
        gpuprim.inclusive_scan(FakeArray((4,), "int64"))
    with pytest.raises(ValueError, match="not contiguous"):
        gpuprim.inclusive_scan(FakeArray((4,), I32, strides=(2,)))
    with pytest.raises(TypeError, match="out has dtype float32"):
        gpuprim.inclusive_scan(FakeArray((4,), I32), out=FakeArray((4,), F32))
    assert fake.calls == []


# ---- compaction --------------------------------------------------------------------------------------------
def test_select(fake):
    x = FakeArray((100,))
    out, count = gpuprim.select_async(x, ">", 0.5)
    assert fake.last["fname"] == "gp_select_if_f32"
    assert fake.last["args"] == (100, x.ptr, 0, 0.5, out.ptr, count.ptr)
    assert out.shape == (100,) and count.shape == () and count.dtype == "int64"
    for pred, code in (("gt", 0), ("ge", 1), ("lt", 2), ("le", 3), ("eq", 4), ("ne", 5), ("nonzero", 6),
                       ("<=", 3), ("!=", 5)):
        gpuprim.select_async(x, pred, 1)
        assert fake.last["args"][2] == code
    xi = FakeArray((7,), I32)
    gpuprim.select_async(xi, "eq", 3.0)
    assert fake.last["fname"] == "gp_select_if_i32" and fake.last["args"][3] == 3
    with pytest.raises(ValueError, match="whole number"):
        gpuprim.select_async(xi, "gt", 0.5)
    with pytest.raises(ValueError, match="out of range"):
        gpuprim.select_async(xi, "gt", 2 ** 31)
    with pytest.raises(ValueError, match="unknown predicate 'greater'"):
        gpuprim.select(x, "greater", 0)
    with pytest.raises(TypeError, match="dtype float64"):
        gpuprim.select(FakeArray((4,), F64), "gt", 0)


def test_select_reads_the_count(fake):
    x = FakeArray((100,), I32)
    import fakes
    fakes.FakeKind.item = lambda self, obj: 42  # the count the "GPU" wrote
    try:
        r = gpuprim.select(x, "nonzero")
    finally:
        del fakes.FakeKind.item
    assert r.shape == (42,) and r.ptr == fake.last["args"][4]


def test_select_flagged(fake):
    x, f = FakeArray((3, 4)), FakeArray((12,), "bool")
    out, count = gpuprim.select_flagged_async(x, f)
    assert fake.last["fname"] == "gp_select_flagged_f32"
    assert fake.last["args"] == (12, x.ptr, f.ptr, out.ptr, count.ptr)
    gpuprim.select_flagged_async(FakeArray((12,), I32), FakeArray((12,), U8))
    assert fake.last["fname"] == "gp_select_flagged_i32"
    with pytest.raises(ValueError, match="flags has 11 elements, x has 12"):
        gpuprim.select_flagged(x, FakeArray((11,), U8))
    with pytest.raises(TypeError, match="flags has dtype int32"):
        gpuprim.select_flagged(x, FakeArray((12,), I32))


# ---- histogram ---------------------------------------------------------------------------------------------
def test_histogram(fake):
    x = FakeArray((1000,))
    h = gpuprim.histogram(x, 64, -1.0, 1.0)
    assert fake.last["fname"] == "gp_histogram_even_f32_u64"
    assert fake.last["args"] == (1000, x.ptr, 64, -1.0, 1.0, h.ptr)
    assert h.shape == (64,) and h.dtype == "int64"
    h = gpuprim.histogram(x, 64, -1, 1, dtype="uint32")
    assert fake.last["fname"] == "gp_histogram_even_f32" and h.dtype == U32
    xi = FakeArray((10,), I32)
    gpuprim.histogram(xi, 10, -5, 5, dtype="uint64")
    assert fake.last["fname"] == "gp_histogram_even_i32_u64" and fake.last["args"][2:5] == (10, -5, 5)
    xb = FakeArray((1 << 20,), U8)
    h = gpuprim.histogram(xb, 256, 0, 256)
    assert fake.last["fname"] == "gp_histogram_u8_u64" and h.shape == (256,)
    h = gpuprim.histogram_u8(xb, dtype="uint32")
    assert fake.last["fname"] == "gp_histogram_u8" and fake.last["args"] == (1 << 20, xb.ptr, h.ptr)


def test_histogram_checks(fake):
    x = FakeArray((10,))
    with pytest.raises(ValueError, match="bins must be"):
        gpuprim.histogram(x, 0, 0, 1)
    with pytest.raises(ValueError, match="lo < hi"):
        gpuprim.histogram(x, 8, 1.0, 1.0)
    with pytest.raises(ValueError, match="finite"):
        gpuprim.histogram(x, 8, 0.0, float("inf"))
    with pytest.raises(ValueError, match="lo must be below hi"):
        gpuprim.histogram(FakeArray((4,), I32), 8, 3, -3)
    with pytest.raises(TypeError, match="lo must be an integer"):
        gpuprim.histogram(FakeArray((4,), I32), 8, 0.5, 3)
    with pytest.raises(ValueError, match="256 bins"):
        gpuprim.histogram(FakeArray((4,), U8), 16, 0, 16)
    with pytest.raises(ValueError, match="dtype must be one of"):
        gpuprim.histogram(x, 8, 0, 1, dtype="float32")
    with pytest.raises(TypeError, match="dtype float32"):
        gpuprim.histogram_u8(x)
    with pytest.raises(TypeError, match="bins must be an integer"):
        gpuprim.histogram(x, 8.5, 0, 1)
    with pytest.raises(ValueError, match="out has shape"):
        gpuprim.histogram(x, 8, 0, 1, out=FakeArray((256,), "int64"))
    assert fake.calls == []


# ---- transpose ---------------------------------------------------------------------------------------------
def test_transpose(fake):
    m = FakeArray((300, 500))
    t = gpuprim.transpose(m)
    assert fake.last["fname"] == "gp_transpose_f32"
    assert fake.last["args"] == (300, 500, m.ptr, 500, t.ptr, 300) and t.shape == (500, 300)
    for dt in ("float64", "int64", "complex64"):
        gpuprim.transpose(FakeArray((4, 6), dt))
        assert fake.last["fname"] == "gp_transpose_f64"
    gpuprim.transpose(FakeArray((4, 6), I32))
    assert fake.last["fname"] == "gp_transpose_f32"
    # a column slice of a wider matrix: leading dimension 512
    v = FakeArray((300, 400), strides=(512, 1))
    o = FakeArray((400, 304), strides=(304, 1))
    out = FakeArray((400, 300), strides=(304, 1), ptr=o.ptr)
    assert gpuprim.transpose(v, out=out) is out
    assert fake.last["args"] == (300, 400, v.ptr, 512, o.ptr, 304)


def test_transpose_checks(fake):
    with pytest.raises(ValueError, match="must be 2-D"):
        gpuprim.transpose(FakeArray((4, 4, 4)))
    with pytest.raises(TypeError, match="4- or 8-byte"):
        gpuprim.transpose(FakeArray((4, 4), "float16"))
    with pytest.raises(ValueError, match="contiguous rows"):
        gpuprim.transpose(FakeArray((4, 6)).T)
    with pytest.raises(ValueError, match="contiguous rows"):
        gpuprim.transpose(FakeArray((4, 6), strides=(3, 1)))   # ld < cols
    with pytest.raises(ValueError, match="out must have shape \\(6, 4\\)"):
        gpuprim.transpose(FakeArray((4, 6)), out=FakeArray((4, 6)))
    assert fake.calls == []


# ---- sgemm -------------------------------------------------------------------------------------------------
def test_sgemm_layouts(fake):
    a, b = FakeArray((64, 32)), FakeArray((32, 16))
    c = gpuprim.sgemm(a, b)
    # h ta tb m n k alpha A lda B ldb beta C ldc
    assert fake.last["fname"] == "gp_sgemm"
    assert fake.last["args"] == (0, 0, 64, 16, 32, 1.0, a.ptr, 32, b.ptr, 16, 0.0, c.ptr, 16)
    assert c.shape == (64, 16)
    # a transposed view is passed as stored: a.T of a (32, 64) array is TRANS with lda 64
    s = FakeArray((32, 64))
    gpuprim.sgemm(s.T, b)
    assert fake.last["args"][:7] == (1, 0, 64, 16, 32, 1.0, s.ptr) and fake.last["args"][7] == 64
    # trans_a on the stored matrix does the same
    gpuprim.sgemm(s, b, trans_a=True)
    assert fake.last["args"][:8] == (1, 0, 64, 16, 32, 1.0, s.ptr, 64)
    # trans_a on a transposed view: back to NO_TRANS
    gpuprim.sgemm(a.T, b, trans_a=True)
    assert fake.last["args"][:8] == (0, 0, 64, 16, 32, 1.0, a.ptr, 32)
    # b transposed view, c given with beta, padded leading dimensions
    bt = FakeArray((16, 40), strides=(48, 1))        # op(b) = its (40,16) view? no: k=32 needed
    with pytest.raises(ValueError, match="inner dimensions differ"):
        gpuprim.sgemm(a, bt.T)
    bs = FakeArray((16, 32), strides=(48, 1))
    cc = FakeArray((64, 16), strides=(20, 1))
    r = gpuprim.sgemm(a, bs.T, 2.0, 0.5, cc)
    assert r is cc
    assert fake.last["args"] == (0, 1, 64, 16, 32, 2.0, a.ptr, 32, bs.ptr, 48, 0.5, cc.ptr, 20)
    gpuprim.sgemm(a, b, rung=None, config=3)
    assert fake.last["config"] == 3


def test_sgemm_vectors(fake):
    # (m, 1) x (1, n): an outer product; one-row / one-column views of any stride are taken
    x, y = FakeArray((8, 1)), FakeArray((1, 5))
    gpuprim.sgemm(x, y)
    assert fake.last["args"][:5] == (0, 0, 8, 5, 1)
    row = FakeArray((1, 8))
    gpuprim.sgemm(row.T, y)           # (8,1) view with strides (1, 8)
    assert fake.last["args"][:5] == (0, 0, 8, 5, 1) and fake.last["args"][7] == 1


def test_sgemm_checks(fake):
    a, b = FakeArray((8, 4)), FakeArray((4, 8))
    with pytest.raises(ValueError, match="beta != 0 needs c"):
        gpuprim.sgemm(a, b, beta=1.0)
    with pytest.raises(ValueError, match="must be 2-D"):
        gpuprim.sgemm(FakeArray((8,)), b)
    with pytest.raises(TypeError, match="dtype float64"):
        gpuprim.sgemm(FakeArray((8, 4), F64), b)
    with pytest.raises(ValueError, match="row-major"):
        gpuprim.sgemm(FakeArray((8, 4), strides=(8, 2)), b)
    with pytest.raises(ValueError, match="c must have shape \\(8, 8\\)"):
        gpuprim.sgemm(a, b, c=FakeArray((8, 4)))
    with pytest.raises(ValueError, match="c must have contiguous rows"):
        gpuprim.sgemm(a, b, c=FakeArray((8, 8)).T)
    with pytest.raises(ValueError, match="device 1"):
        gpuprim.sgemm(a, FakeArray((4, 8), device=1))
    assert fake.calls == []


def test_sgemm_batched(fake):
    a, b = FakeArray((3, 8, 4)), FakeArray((3, 4, 6))
    c = gpuprim.sgemm_batched(a, b)
    # h ta tb m n k alpha A lda sa B ldb sb beta C ldc sc batch
    assert fake.last["fname"] == "gp_sgemm_strided_batched"
    assert fake.last["args"] == (0, 0, 8, 6, 4, 1.0, a.ptr, 4, 32, b.ptr, 6, 24, 0.0, c.ptr, 6, 48, 3)
    assert c.shape == (3, 8, 6)
    # a shared b (2-D, or a batch of 1): stride 0
    b2 = FakeArray((4, 6))
    gpuprim.sgemm_batched(a, b2)
    assert fake.last["args"][9:12] == (b2.ptr, 6, 0) and fake.last["args"][-1] == 3
    gpuprim.sgemm_batched(FakeArray((1, 8, 4)), b)
    assert fake.last["args"][8] == 0 and fake.last["args"][-1] == 3
    # per-matrix transposed views (batch, k, m) -> (batch, m, k) with strides (s, 1, m)
    at = FakeArray((3, 4, 8))
    view = FakeArray((3, 8, 4), strides=(32, 1, 8), ptr=at.ptr)
    gpuprim.sgemm_batched(view, b)
    assert fake.last["args"][:9] == (1, 0, 8, 6, 4, 1.0, at.ptr, 8, 32)
    with pytest.raises(ValueError, match="batch sizes differ"):
        gpuprim.sgemm_batched(FakeArray((2, 8, 4)), b)
    with pytest.raises(ValueError, match="3-D"):
        gpuprim.sgemm_batched(FakeArray((2, 2, 8, 4)), b)


# ---- gemm (tensor cores) -----------------------------------------------------------------------------------
def test_gemm(fake):
    a, b = FakeArray((64, 32), "bfloat16"), FakeArray((32, 16), "bfloat16")
    c = gpuprim.gemm(a, b)
    # h ta tb m n k alpha A at lda B bt ldb beta C ct ldc compute
    assert fake.last["fname"] == "gp_gemm" and c.dtype == "bfloat16"
    assert fake.last["args"] == (0, 0, 64, 16, 32, 1.0, a.ptr, 2, 32, b.ptr, 2, 16, 0.0, c.ptr, 2, 16, 0)
    c = gpuprim.gemm(a, b, out_dtype="float32")
    assert c.dtype == F32 and fake.last["args"][14] == 0
    h, g = FakeArray((64, 32), "float16"), FakeArray((32, 16), "float16")
    gpuprim.gemm(h, g)
    assert fake.last["args"][7] == 1 and fake.last["args"][-1] == 0
    f, e = FakeArray((64, 32)), FakeArray((32, 16))
    gpuprim.gemm(f, e)
    assert fake.last["args"][7] == 0 and fake.last["args"][-1] == 1      # tf32
    gpuprim.gemm(f, e, compute="tf32", rung=1, config=0)
    assert fake.last["rung"] == 1 and fake.last["config"] == 0


def test_gemm_checks(fake):
    a, b = FakeArray((8, 4), "float16"), FakeArray((4, 8), "float16")
    with pytest.raises(TypeError, match="one dtype"):
        gpuprim.gemm(a, FakeArray((4, 8), "bfloat16"))
    with pytest.raises(ValueError, match="compute='f32'"):
        gpuprim.gemm(a, b, compute="tf32")
    with pytest.raises(ValueError, match="compute='tf32'"):
        gpuprim.gemm(FakeArray((8, 4)), FakeArray((4, 8)), compute="f32")
    with pytest.raises(ValueError, match="unknown compute 'fp8'"):
        gpuprim.gemm(a, b, compute="fp8")
    with pytest.raises(TypeError, match="float32 or float16, not bfloat16"):
        gpuprim.gemm(a, b, out_dtype="bfloat16")
    with pytest.raises(TypeError, match="float32, not float16"):
        gpuprim.gemm(FakeArray((8, 4)), FakeArray((4, 8)), c=FakeArray((8, 8), "float16"))
    with pytest.raises(TypeError, match="dtype int32"):
        gpuprim.gemm(FakeArray((8, 4), I32), FakeArray((4, 8), I32))
    assert fake.calls == []


# ---- __cuda_array_interface__ objects ----------------------------------------------------------------------
def test_cai_objects_are_read(fake, clib):
    x = CaiArray((10,), "<i4", ptr=0xABC0, stream=1)
    out = CaiArray((10,), "<i4", ptr=0xDEF0)
    gpuprim.inclusive_scan(x, out=out)
    call = fake.last
    assert call["args"] == (0, 10, 0xABC0, 0xDEF0)
    assert call["x"].kind.current_stream(call["x"]) == 0          # stream 1: the legacy default stream
    with pytest.raises(TypeError, match="cannot allocate a result like a fakes.CaiArray: pass out="):
        gpuprim.inclusive_scan(x)
    with pytest.raises(TypeError, match="typestr '|V4'"):
        gpuprim.transpose(CaiArray((2, 2), "|V4"))
    with pytest.raises(TypeError, match="typestr '>f4'"):
        gpuprim.transpose(CaiArray((2, 2), ">f4"))
    with pytest.raises(ValueError, match="not contiguous"):
        gpuprim.inclusive_scan(CaiArray((10,), "<i4", strides=(8,)), out=out)
    bad = CaiArray((10,), "<i4")
    bad.__cuda_array_interface__["mask"] = object()
    with pytest.raises(TypeError, match="mask"):
        gpuprim.inclusive_scan(bad, out=out)


# ---- DLPack-only objects -----------------------------------------------------------------------------------
def test_dlpack_objects_are_read(fake):
    from fakes import DlpackArray
    x = DlpackArray((10,), code=0, bits=32, ptr=0xAB000, byte_offset=8)
    out = DlpackArray((10,), code=0, bits=32, ptr=0xCD000)
    gpuprim.inclusive_scan(x, out=out)
    call = fake.last
    assert call["fname"] == "gp_scan_i32" and call["args"] == (0, 10, 0xAB008, 0xCD000)
    assert x.streams_asked == [1]                      # the data asked for on the legacy default stream
    assert call["x"].kind.current_stream(call["x"]) == 0 and call["x"].keep is not None
    m = DlpackArray((4, 6), code=4, bits=16, strides=(8, 1))       # bfloat16 rows of a wider matrix
    b = DlpackArray((6, 3), code=4, bits=16)
    c = DlpackArray((4, 3), code=2, bits=32)
    gpuprim.gemm(m, b, c=c)
    assert fake.last["args"][6:9] == (m._managed.dl_tensor.data, 2, 8)
    with pytest.raises(TypeError, match="pass out="):
        gpuprim.inclusive_scan(x)
    with pytest.raises(TypeError, match="host \\(CPU\\) array"):
        gpuprim.inclusive_scan(DlpackArray((4,), device=(1, 0)))
    with pytest.raises(TypeError, match="pinned host array"):
        gpuprim.inclusive_scan(DlpackArray((4,), device=(3, 0)))
    with pytest.raises(TypeError, match="2 lanes"):
        gpuprim.inclusive_scan(DlpackArray((4,), lanes=2))
    with pytest.raises(ValueError, match="not contiguous"):
        gpuprim.reduce_sum(DlpackArray((4,), strides=(2,)))


# ---- sort --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype,code", [("uint32", 0), ("int32", 1), ("float32", 2), ("uint64", 3), ("int64", 4)])
def test_sort(fake, dtype, code):
    x = FakeArray((1000,), dtype)
    y = gpuprim.sort(x)
    bits = 32 if dtype.endswith("32") else 64
    # h key n in out order begin end [workspace bytes]
    assert fake.last["fname"] == "gp_sort_keys" and fake.last["prim"] == "sort"
    assert fake.last["args"] == (code, 1000, x.ptr, y.ptr, 0, 0, bits) and y.dtype == dtype
    assert fake.last["more_args"] is not None
    gpuprim.sort(x, descending=True, begin_bit=4, end_bit=12)
    assert fake.last["args"][4:] == (1, 4, 12)


def test_sort_pairs_and_indices(fake):
    k, v = FakeArray((50,), "float32"), FakeArray((50,), "float64")
    ko, vo = gpuprim.sort_pairs(k, v, True)
    # h key vbytes n kin kout vin vout order begin end
    assert fake.last["fname"] == "gp_sort_pairs"
    assert fake.last["args"] == (2, 8, 50, k.ptr, ko.ptr, v.ptr, vo.ptr, 1, 0, 32)
    assert ko.dtype == "float32" and vo.dtype == "float64"
    s, i = gpuprim.sort_with_indices(FakeArray((7,), "int32"))
    assert i.dtype == "int64" and fake.last["args"][:3] == (1, 8, 7)


def test_sort_checks(fake):
    with pytest.raises(TypeError, match="dtype float64"):
        gpuprim.sort(FakeArray((4,), "float64"))
    with pytest.raises(ValueError, match="1-D keys"):
        gpuprim.sort(FakeArray((4, 4), "int32"))
    with pytest.raises(ValueError, match="begin_bit <= end_bit <= 32"):
        gpuprim.sort(FakeArray((4,), "int32"), begin_bit=8, end_bit=40)
    with pytest.raises(ValueError, match="as many elements as keys"):
        gpuprim.sort_pairs(FakeArray((4,), "int32"), FakeArray((5,), "int32"))
    with pytest.raises(TypeError, match="4- or 8-byte values"):
        gpuprim.sort_pairs(FakeArray((4,), "int32"), FakeArray((4,), "float16"))
    assert fake.calls == []


def test_sort_config_is_checked(fake, clib):
    with pytest.raises(ValueError, match="sort has tile configurations 0.."):
        gpuprim.sort(FakeArray((4,), "int32"), config=99)
    assert fake.calls == []


# ---- stencils and convolutions -----------------------------------------------------------------------------
def test_conv2d(fake):
    x, f = FakeArray((300, 500)), FakeArray((5, 3))
    y = gpuprim.conv2d(x, f)
    # h rows cols in ld_in filter fr fc mode out ld_out
    assert fake.last["fname"] == "gp_conv2d_f32" and fake.last["prim"] == "conv2d"
    assert fake.last["args"] == (300, 500, x.ptr, 500, f.ptr, 5, 3, 0, y.ptr, 500)
    assert y.shape == (300, 500) and y.dtype == F32
    y = gpuprim.conv2d(x, f, "valid", rung="register_tile")
    assert fake.last["args"][7:] == (1, y.ptr, 498) and y.shape == (296, 498)
    assert fake.last["rung"] == "register_tile"
    # a filter larger than the image, VALID: an empty output, still one C call (a no-op there)
    y = gpuprim.conv2d(FakeArray((4, 4)), FakeArray((7, 7)), "valid")
    assert y.shape == (0, 0) and fake.last["args"][:2] == (4, 4)
    # a column slice of a wider image and a padded out: leading dimensions 512 and 504
    v = FakeArray((300, 500), strides=(512, 1))
    o = FakeArray((300, 500), strides=(504, 1))
    assert gpuprim.conv2d(v, f, out=o) is o
    assert fake.last["args"] == (300, 500, v.ptr, 512, f.ptr, 5, 3, 0, o.ptr, 504)


def test_conv2d_checks(fake):
    x = FakeArray((64, 64))
    with pytest.raises(ValueError, match="odd extents"):
        gpuprim.conv2d(x, FakeArray((4, 3)))
    with pytest.raises(ValueError, match="unknown mode 'full'"):
        gpuprim.conv2d(x, FakeArray((3, 3)), "full")
    with pytest.raises(ValueError, match="filter must be 2-D"):
        gpuprim.conv2d(x, FakeArray((9,)))
    with pytest.raises(ValueError, match="x must be 2-D"):
        gpuprim.conv2d(FakeArray((64,)), FakeArray((3, 3)))
    with pytest.raises(TypeError, match="x has dtype float64"):
        gpuprim.conv2d(FakeArray((8, 8), F64), FakeArray((3, 3)))
    with pytest.raises(ValueError, match="filter is not contiguous"):
        gpuprim.conv2d(x, FakeArray((3, 3), strides=(4, 1)))
    with pytest.raises(ValueError, match="x must have contiguous rows"):
        gpuprim.conv2d(x.T, FakeArray((3, 3)))
    with pytest.raises(ValueError, match="device 1"):
        gpuprim.conv2d(x, FakeArray((3, 3), device=1))
    with pytest.raises(ValueError, match="out must have shape \\(62, 62\\)"):
        gpuprim.conv2d(x, FakeArray((3, 3)), "valid", out=FakeArray((64, 64)))
    assert fake.calls == []


def test_conv2d_separable_and_conv1d(fake):
    x, r, c = FakeArray((100, 200)), FakeArray((7,)), FakeArray((3,))
    y = gpuprim.conv2d_separable(x, r, c)
    # h rows cols in ld_in row_filter fc col_filter fr mode out ld_out
    assert fake.last["fname"] == "gp_conv2d_separable_f32" and fake.last["prim"] == "separable"
    assert fake.last["args"] == (100, 200, x.ptr, 200, r.ptr, 7, c.ptr, 3, 0, y.ptr, 200)
    y = gpuprim.conv2d_separable(x, r, c, "valid", rung=1)
    assert y.shape == (98, 194) and fake.last["args"][8:] == (1, y.ptr, 194) and fake.last["rung"] == 1
    with pytest.raises(ValueError, match="col_filter must have odd extents"):
        gpuprim.conv2d_separable(x, r, FakeArray((2,)))
    with pytest.raises(ValueError, match="row_filter must be 1-D"):
        gpuprim.conv2d_separable(x, FakeArray((3, 3)), c)
    s = FakeArray((1000,))
    o = gpuprim.conv1d(s, r)
    # h n in filter k mode out
    assert fake.last["fname"] == "gp_conv1d_f32" and fake.last["prim"] == "separable"
    assert fake.last["args"] == (1000, s.ptr, r.ptr, 7, 0, o.ptr) and o.shape == (1000,)
    o = gpuprim.conv1d(s, r, "valid")
    assert o.shape == (994,) and fake.last["args"][4] == 1
    with pytest.raises(ValueError, match="x must be 1-D"):
        gpuprim.conv1d(x, r)
    with pytest.raises(ValueError, match="out has shape"):
        gpuprim.conv1d(s, r, "valid", out=FakeArray((1000,)))
    assert len(fake.calls) == 4


def test_jacobi5(fake):
    u0 = FakeArray((64, 100))
    r = gpuprim.jacobi5(u0, 3)
    # h rows cols u0 u1 ld steps: an odd number of steps ends in u1 (allocated like u0)
    assert fake.last["fname"] == "gp_jacobi5_f32" and fake.last["prim"] == "jacobi"
    assert fake.last["args"][:3] == (64, 100, u0.ptr) and fake.last["args"][4:] == (100, 3)
    assert r is not u0 and r.ptr == fake.last["args"][3] and r.shape == (64, 100)
    u1 = FakeArray((64, 100))
    assert gpuprim.jacobi5(u0, 16, u1=u1, rung="temporal", config=1) is u0
    assert fake.last["args"] == (64, 100, u0.ptr, u1.ptr, 100, 16) and fake.last["config"] == 1
    assert gpuprim.jacobi5(u0, 0, u1=u1) is u0
    # padded rows: one leading dimension for both grids
    p0, p1 = FakeArray((64, 100), strides=(128, 1)), FakeArray((64, 100), strides=(128, 1))
    assert gpuprim.jacobi5(p0, 1, u1=p1) is p1
    assert fake.last["args"] == (64, 100, p0.ptr, p1.ptr, 128, 1)


def test_jacobi5_checks(fake):
    u0 = FakeArray((64, 100))
    with pytest.raises(ValueError, match="steps must be from 0"):
        gpuprim.jacobi5(u0, -1)
    with pytest.raises(TypeError, match="steps must be an integer"):
        gpuprim.jacobi5(u0, 2.5)
    with pytest.raises(ValueError, match="pass u1 with the same row stride"):
        gpuprim.jacobi5(FakeArray((64, 100), strides=(128, 1)), 1)
    with pytest.raises(ValueError, match="u1 must have u0's row stride 100"):
        gpuprim.jacobi5(u0, 1, u1=FakeArray((64, 100), strides=(128, 1)))
    with pytest.raises(ValueError, match="u1 must have u0's shape"):
        gpuprim.jacobi5(u0, 1, u1=FakeArray((64, 101)))
    with pytest.raises(TypeError, match="u0 has dtype float64"):
        gpuprim.jacobi5(FakeArray((8, 8), F64), 1)
    assert fake.calls == []


def test_stencil_rungs_and_configs_are_checked(fake, clib):
    with pytest.raises(ValueError, match="conv2d has no rung named 'winograd'"):
        gpuprim.conv2d(FakeArray((8, 8)), FakeArray((3, 3)), rung="winograd")
    with pytest.raises(ValueError, match="jacobi has tile configurations 0..3"):
        gpuprim.jacobi5(FakeArray((8, 8)), 4, config=4)
    assert fake.calls == []
