# session 33 call 8 (H200): is the clusters' loss back to back (7-10%, against 3-7% or none under ncu, where each kernel
# runs alone) the programmatic dependent launch's overlap, which clusters may not get? pingpong.cu modes 1, 4 (clusters,
# mode 1's code), 2 (pairs sharing B) and 16 (pairs sharing A; bf16 TT only) timed with PDL launches and with ordinary
# ones (PP_NOPDL=1), each in its own process. Carried: prebuilt/s33.tar.xz (pp rebuilt after call 7).
O=$OUT/c8; mkdir -p $O /tmp/k; xz -dc prebuilt/s33.tar.xz | tar -xf - -C /tmp/k pp
for pdl in 0 1; do
  PP_NOPDL=$pdl PP_MODES="1 4 2 g" timeout 60 /tmp/k/pp/pingpong time bf16 1 1 2048 8192 1024 | sed "s/^/nopdl $pdl: /" >> $O/pp-time.txt 2>&1
  PP_NOPDL=$pdl PP_MODES="1 4 2" timeout 60 /tmp/k/pp/pingpong time bf16 0 0 4096 4096 1024 | sed "s/^/nopdl $pdl: /" >> $O/pp-time.txt 2>&1
done
cat $O/pp-time.txt
