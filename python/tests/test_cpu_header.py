"""The ctypes declarations against include/gpuprim.h: every GP_API function is bound (or listed in
_lib.UNBOUND on purpose) with the same argument count and widths, and the enums the package spells out
(status, binop, reduce op, scan kind, predicate, dtype, compute) have the header's values. A function added
to the header fails here until the package binds it."""
import os
import re

import pytest

from gpuprim import _api, _lib

# C type -> the token _lib.SIGNATURES uses
_SCALARS = {"int64_t": "i64", "float": "f32", "size_t": "sz", "int": "i32", "int32_t": "i32"}


def _token(ctype: str) -> str:
    t = ctype.replace("const ", "").strip()
    if "*" in t or t in ("gp_handle", "cudaStream_t"):
        return "p"
    if t in _SCALARS:
        return _SCALARS[t]
    if t.startswith("gp_"):  # an enum
        return "i32"
    raise AssertionError(f"unknown C type {ctype!r}")


def parse_header(text: str):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = {}
    for m in re.finditer(r"GP_API\s+([^;(]+?)\s*\b(gp_\w+)\s*\(([^)]*)\)\s*;", text):
        ret, name, args = m.group(1).strip(), m.group(2), m.group(3)
        if ret.endswith("*"):
            rtok = "str"
        elif ret == "gp_status":
            rtok = "status"
        elif ret == "int":
            rtok = "int"
        else:
            raise AssertionError(f"{name}: unknown return type {ret!r}")
        toks = []
        for a in args.split(","):
            a = " ".join(a.split())
            if a in ("", "void"):
                continue
            # drop the parameter name: the last identifier (keeping any '*')
            typ = re.sub(r"\b\w+$", "", a).strip()
            toks.append(_token(typ))
        out[name] = f"{rtok}: " + " ".join(toks)
    return out


def enum_values(text: str, typedef: str):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    m = re.search(r"typedef enum \w*\s*\{([^}]*)\}\s*" + typedef + r"\s*;", text)
    assert m, typedef
    names = [e.split("=")[0].strip() for e in m.group(1).split(",") if e.strip()]
    return names


def test_header_parses(header_text):
    sigs = parse_header(header_text)
    assert len(sigs) > 40 and "gp_sgemm" in sigs


def test_every_header_function_is_bound_with_its_signature(header_text):
    sigs = parse_header(header_text)
    missing = sorted(set(sigs) - set(_lib.SIGNATURES) - _lib.UNBOUND)
    assert not missing, (f"functions in include/gpuprim.h that the Python package does not bind: {missing}; "
                         "add them to python/gpuprim/_lib.py SIGNATURES and a wrapper in _api.py "
                         "(or to UNBOUND if Python has no use for them)")
    for name, sig in _lib.SIGNATURES.items():
        assert name in sigs, f"{name} is bound but not in the header"
        assert sig == sigs[name], f"{name}: package {sig!r} vs header {sigs[name]!r}"


def test_every_bound_function_is_exported(clib):
    absent = [n for n in _lib.SIGNATURES if not hasattr(clib, n)]
    assert not absent, f"{_lib.library_path()} lacks {absent}"


def test_status_names_match(header_text):
    assert enum_values(header_text, "gp_status") == _lib.STATUS_NAMES


@pytest.mark.parametrize("typedef,table,prefix", [
    ("gp_binop", _api._BINOPS, "GP_BINOP_"),
    ("gp_reduce_op", _api._REDUCE_OPS, "GP_REDUCE_"),
    ("gp_dtype", {"float32": 0, "float16": 1, "bfloat16": 2}, "GP_DTYPE_"),
    ("gp_compute", _api._COMPUTE, "GP_COMPUTE_"),
])
def test_enums_match(header_text, typedef, table, prefix):
    names = enum_values(header_text, typedef)
    spelled = {"float32": "F32", "float16": "F16", "bfloat16": "BF16"}
    for py, value in table.items():
        c = prefix + spelled.get(py, py.upper())
        assert c in names and names.index(c) == value, (typedef, py, value)
    assert _api._GEMM_DTYPES == {"float32": 0, "float16": 1, "bfloat16": 2}


def test_sort_keys_match(header_text):
    names = enum_values(header_text, "gp_sort_key")
    for py, value in _api._SORT_KEYS.items():
        c = "GP_SORT_" + py[0].upper() + py[-2:] if py != "float32" else "GP_SORT_F32"
        assert names.index(c) == value, (py, c)
    assert enum_values(header_text, "gp_sort_order")[:2] == ["GP_SORT_ASCENDING", "GP_SORT_DESCENDING"]


def test_predicates_and_scan_kinds_match(header_text):
    names = enum_values(header_text, "gp_select_pred")
    for py, value in _api._PREDS.items():
        if py.isalpha():
            assert names.index("GP_SELECT_" + py.upper()) == value
    kinds = enum_values(header_text, "gp_scan_kind")
    assert kinds.index("GP_SCAN_INCLUSIVE") == 0 and kinds.index("GP_SCAN_EXCLUSIVE") == 1


def test_rung_info_struct_matches(header_text):
    body = re.search(r"typedef struct gp_rung_info \{(.*?)\} gp_rung_info;", header_text, re.S).group(1)
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    fields = [re.sub(r"[*\s]+", " ", f).split()[-1] for f in body.split(";") if f.strip()]
    assert fields == [f[0] for f in _lib.RungInfoC._fields_]


def _cuda_header(name):
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "include", name)):
            return os.path.join(root, "include", name)
    return None


def test_pointer_attributes_hold_what_the_runtime_writes():
    """cudaPointerGetAttributes writes the whole cudaPointerAttributes of the toolkit's driver_types.h (88 bytes
    with its reserved words in CUDA 12/13): the ctypes struct it is given must be at least that large, with the
    named fields at the same offsets (a 24-byte one let the runtime overwrite Python's heap on the GPU machine)."""
    import ctypes
    import re
    from gpuprim import _arrays
    path = _cuda_header("driver_types.h")
    if path is None:
        pytest.skip("the CUDA toolkit's driver_types.h was not found")
    text = open(path).read()
    body = re.search(r"struct\s+__device_builtin__\s+cudaPointerAttributes\s*\{(.*?)\};", text, re.S).group(1)
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    size, offsets = 0, {}
    for decl in (d.strip() for d in body.split(";") if d.strip()):
        m = re.match(r"(.*?)\s*(\**)\s*(\w+)\s*(?:\[(\d+)\])?$", " ".join(decl.split()))
        base, stars, name, count = m.group(1), m.group(2), m.group(3), int(m.group(4) or 1)
        width = 8 if stars or base in ("long", "size_t", "unsigned long") else 4
        size = (size + width - 1) // width * width
        offsets[name] = size
        size += width * count
    size = (size + 7) // 8 * 8
    A = _arrays._PointerAttributes
    assert ctypes.sizeof(A) >= size, (ctypes.sizeof(A), size)
    for f in ("type", "device", "devicePointer", "hostPointer"):
        assert getattr(A, f).offset == offsets[f], f
