#!/usr/bin/env python3
"""torch_conv.py [OURS_MS] [OURS_SEP_MS] — the cuDNN baseline through PyTorch, for run.sh when cuDNN cannot be
linked directly: F.conv2d (which calls cuDNN) in f32 with TF32 off and cudnn.benchmark on (cuDNN's algorithm
search), 15x15 on 3072^2 and the 15x15 outer-product filter on 8192^2; CUDA events, 3 warm-ups, median of 15.
With our times (ms) as arguments it prints the ratios as well."""
import sys

try:
    import torch
    import torch.nn.functional as F
except Exception as e:  # no PyTorch either
    print(f"PyTorch not importable ({e}): no cuDNN baseline in this run")
    sys.exit(0)

torch.backends.cudnn.allow_tf32 = False
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.benchmark = True


def median_ms(n, k, reps=15):
    x = torch.randn(1, 1, n, n, device="cuda", dtype=torch.float32)
    w = torch.randn(1, 1, k, k, device="cuda", dtype=torch.float32)
    for _ in range(3):
        F.conv2d(x, w, padding=k // 2)
    torch.cuda.synchronize()
    t = []
    for _ in range(reps):
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        F.conv2d(x, w, padding=k // 2)
        e1.record()
        e1.synchronize()
        t.append(e0.elapsed_time(e1))
    return sorted(t)[len(t) // 2]


ours = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
ours_sep = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
print(f"PyTorch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}")
t = median_ms(3072, 15)
flop = 2.0 * 3072 * 3072 * 225
line = f"conv2d 15x15 3072^2 PyTorch F.conv2d (cuDNN, f32, TF32 off) {t:8.3f} ms {flop / (t * 1e9):6.2f} TFLOP/s"
if ours > 0:
    r = t / ours
    line += f"; auto / PyTorch: {r:.3f}x  [target >= 1.0x: {'met' if r >= 1.0 else 'NOT met'}; goal 1.5x: {'met' if r >= 1.5 else 'not met'}]"
print(line)
t = median_ms(8192, 15, reps=7)
line = f"separable 15+15 8192^2 vs PyTorch F.conv2d full 15x15: {t:8.3f} ms"
if ours_sep > 0:
    line += f"; separable auto / PyTorch: {t / ours_sep:.2f}x"
print(line)
