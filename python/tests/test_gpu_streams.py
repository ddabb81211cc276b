"""Streams, synchronisation, threads and devices, with torch and with CuPy:
- a call runs on the library's current stream (a non-default one): queued behind a kernel that spins on that
  stream and a write of the input, it sees the written input;
- no call synchronises or allocates outside the array library: each one is captured into a CUDA graph
  (capture fails on a synchronisation, and on cudaMalloc in torch's global capture mode), and the replayed
  graph computes the right thing;
- calls on two streams one after the other are ordered on the handle's workspace;
- threads get handles of their own; an array on another device than the current one runs there.
"""
import threading

import pytest

import gpuprim

np = pytest.importorskip("numpy")
from gpu_backends import BACKENDS, ids  # noqa: E402

pytestmark = pytest.mark.skipif(not BACKENDS, reason="neither torch nor CuPy with a usable GPU")
SPIN = 200_000_000   # clock cycles: about 0.1 s


@pytest.fixture(params=BACKENDS, ids=ids(BACKENDS))
def B(request):
    yield request.param
    request.param.sync()


def test_runs_on_the_current_stream(B):
    n = 1 << 22
    x = B.put(np.zeros(n, np.int32))
    out = B.put(np.zeros(n, np.int32))
    B.sync()
    with B.side_stream():
        B.sleep(SPIN)                 # the side stream is busy for a while ...
        x += 1                        # ... then writes x (on the side stream)
        gpuprim.inclusive_scan(x, out=out)
        s = gpuprim.reduce_sum(x)     # on the default stream these would read zeros
    B.sync()
    np.testing.assert_array_equal(B.get(out), np.arange(1, n + 1, dtype=np.int32))
    assert int(B.get(s)) == n


def _calls(B, bufs):
    """Every primitive that does not read a result back, into preallocated outputs (bufs) where the library
    needs them; returns what each produced."""
    x, xi, x8, m, a, b, h16a, h16b, f = (bufs[k] for k in ("x", "xi", "x8", "m", "a", "b", "h16a", "h16b", "f"))
    return {
        "map": gpuprim.map(x, x, "mul", out=bufs["o_map"]),
        "reduce": gpuprim.reduce_sum(x, out=bufs["o_red"]),
        "argmax": gpuprim.argmax(x, out=bufs["o_arg"]),
        "scan": gpuprim.inclusive_scan(xi, out=bufs["o_scan"]),
        "select": gpuprim.select_async(x, "gt", 0.5, out=bufs["o_sel"], count=bufs["o_cnt"])[0],
        "count": bufs["o_cnt"],
        "flagged": gpuprim.select_flagged_async(x, f, out=bufs["o_flg"], count=bufs["o_cnt2"])[0],
        "hist": gpuprim.histogram(x, 100, 0.0, 1.0, out=bufs["o_hist"]),
        "hist8": gpuprim.histogram_u8(x8, out=bufs["o_h8"]),
        "transpose": gpuprim.transpose(m, out=bufs["o_tr"]),
        "sgemm": gpuprim.sgemm(a, b, c=bufs["o_sg"]),
        "batched": gpuprim.sgemm_batched(a.reshape(1, 256, 256), b.reshape(1, 256, 256), c=bufs["o_bt"]),
        "gemm": gpuprim.gemm(h16a, h16b, c=bufs["o_gm"]),
        "sort": gpuprim.sort_pairs(xi, bufs["idx"], out_keys=bufs["o_sk"], out_values=bufs["o_sv"])[1],
    }


def _buffers(B, seed):
    g = np.random.default_rng(seed)
    n = 1 << 20
    bufs = dict(
        x=B.put(g.random(n, dtype=np.float32)), xi=B.put(g.integers(0, 9, n).astype(np.int32)),
        x8=B.put(g.integers(0, 256, n).astype(np.uint8)), m=B.put(g.random((512, 300), dtype=np.float32)),
        a=B.put(g.random((256, 256), dtype=np.float32)), b=B.put(g.random((256, 256), dtype=np.float32)),
        h16a=B.randn((256, 128), "float16", g), h16b=B.randn((128, 64), "float16", g),
        f=B.put(g.random(n) < 0.5))
    z = np.zeros
    bufs.update(
        o_map=B.put(z(n, np.float32)), o_red=B.put(z((), np.float32)), o_arg=B.put(z((), np.int64)),
        o_scan=B.put(z(n, np.int32)), o_sel=B.put(z(n, np.float32)), o_cnt=B.put(z((), np.int64)),
        o_flg=B.put(z(n, np.float32)), o_cnt2=B.put(z((), np.int64)), o_hist=B.put(z(100, np.int64)),
        o_h8=B.put(z(256, np.int64)), o_tr=B.put(z((300, 512), np.float32)), o_sg=B.put(z((256, 256), np.float32)),
        o_bt=B.put(z((1, 256, 256), np.float32)), o_gm=B.put(z((256, 64), np.float16)),
        idx=B.put(np.arange(n, dtype=np.int64)), o_sk=B.put(z(n, np.int32)), o_sv=B.put(z(n, np.int64)))
    return bufs


def _snapshot(B, res):
    return {k: B.get(v).copy() for k, v in res.items()}


def test_every_call_is_graph_capturable(B):
    """A CUDA graph capture fails if a call synchronises (or, in torch's default global mode, calls cudaMalloc);
    the replay must then give what the direct calls gave."""
    bufs = _buffers(B, 1)
    with B.side_stream() as s:
        want = _snapshot(B, _calls(B, bufs))          # warm-up on the capture stream: handle, stream, attributes
        for k in ("o_map", "o_scan", "o_sel", "o_flg", "o_hist", "o_h8", "o_tr", "o_sg", "o_bt", "o_gm", "o_sv"):
            bufs[k][...] = 0
        B.sync()
        if B.name == "torch":
            g = B.t.cuda.CUDAGraph()
            with B.t.cuda.graph(g, stream=s):
                _calls(B, bufs)
            g.replay()
        else:
            s.begin_capture()
            _calls(B, bufs)
            g = s.end_capture()
            g.launch(stream=s)
        B.sync()
    got = _snapshot(B, {k: bufs[v] for k, v in (
        ("map", "o_map"), ("reduce", "o_red"), ("argmax", "o_arg"), ("scan", "o_scan"), ("select", "o_sel"),
        ("count", "o_cnt"), ("flagged", "o_flg"), ("hist", "o_hist"), ("hist8", "o_h8"), ("transpose", "o_tr"),
        ("sgemm", "o_sg"), ("batched", "o_bt"), ("gemm", "o_gm"), ("sort", "o_sv"))})
    for k in want:
        np.testing.assert_array_equal(got[k], want[k], err_msg=k)


def test_torch_allocating_calls_are_capturable():
    """With torch, even the calls that allocate their result capture: torch.empty inside a capture takes the
    graph's private memory pool."""
    tb = [b for b in BACKENDS if b.name == "torch"]
    if not tb:
        pytest.skip("no torch with a GPU")
    B = tb[0]
    torch = B.t
    x = B.put(np.arange(1000, dtype=np.int32))
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        gpuprim.inclusive_scan(x)
        gpuprim.histogram_u8(x.to(torch.uint8))
    s.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, stream=s):
        y = gpuprim.inclusive_scan(x)
        out, count = gpuprim.select_async(x, ">", 499)
    x.add_(1)
    g.replay()
    torch.cuda.synchronize()
    np.testing.assert_array_equal(B.get(y), np.cumsum(np.arange(1, 1001)).astype(np.int32))
    assert int(count.item()) == 501


def test_two_streams_in_turn(B):
    """The handle's workspace is shared: a call on stream 2 after one on stream 1 waits for it (an event)."""
    g = np.random.default_rng(3)
    hs = [g.integers(0, 100, 1 << 22).astype(np.int32) for _ in range(4)]
    s1, s2 = B.new_stream(), B.new_stream()
    outs = []
    B.sync()
    for i, h in enumerate(hs):
        with B.stream_context(s1 if i % 2 == 0 else s2):
            if i == 0:
                B.sleep(SPIN)
            x = B.put(h)
            outs.append(gpuprim.inclusive_scan(x))
    B.sync()
    for h, o in zip(hs, outs):
        np.testing.assert_array_equal(B.get(o), np.cumsum(h.astype(np.int64)).astype(np.int32))


def test_threads_have_their_own_handles(B):
    errors, results = [], {}

    def work(i):
        try:
            g = np.random.default_rng(i)
            h = g.integers(0, 100, 1 << 20).astype(np.int32)
            with B.side_stream():
                for _ in range(20):
                    y = gpuprim.inclusive_scan(B.put(h))
                results[i] = (h, B.get(y))
                from gpuprim import _lib
                results[i] += (_lib._tls.handles[B.device_of(y)].ptr,)   # C handles are never freed: unique
        except Exception as e:   # pragma: no cover - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    for h, y, _ in results.values():
        np.testing.assert_array_equal(y, np.cumsum(h.astype(np.int64)).astype(np.int32))
    assert len({r[2] for r in results.values()}) == 4


def test_array_on_another_device(B):
    if B.device_count() < 2:
        pytest.skip("one GPU")
    with B.device(0):
        h = np.arange(100000, dtype=np.int32) % 7
        x = B.put_on(h, 1)
        y = gpuprim.inclusive_scan(x)
        assert B.device_of(y) == 1 and B.current_device() == 0
        np.testing.assert_array_equal(B.get(y), np.cumsum(h).astype(np.int32))
