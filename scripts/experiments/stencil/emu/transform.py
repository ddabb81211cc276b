import re, sys, os, shutil
src, dst = sys.argv[1], sys.argv[2]
def tr(text, harness=False):
    if harness:
        text = text.replace("fill_u32<<<1024, 256>>>(", "emu_fill_u32(")
        text = text.replace("int main(int argc, char **argv)", "int harness_main(int argc, char **argv)")
    text = re.sub(r'([A-Za-z_]\w*(?:<[^<>;()]*>)?)<<<(.*?)>>>\(', r'emu_launch(emu_cfg(\2), \1, ', text)
    text = re.sub(r'extern __shared__ (\w+) (\w+)\[\];', r'\1 *\2 = (\1 *)emu_dyn_smem();', text)
    text = text.replace('asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");', 'emu_st4(p, v);')
    return text
for root, dirs, files in os.walk(src):
    for f in files:
        p = os.path.join(root, f); rel = os.path.relpath(p, src); q = os.path.join(dst, rel)
        os.makedirs(os.path.dirname(q), exist_ok=True)
        t = open(p).read()
        if f.endswith(('.cu', '.cuh', '.h', '.c')): t = tr(t, harness=f == 'stencil_bench.cu')
        open(q, 'w').write(t)
