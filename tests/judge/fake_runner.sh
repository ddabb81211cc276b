#!/bin/sh
# fake_runner.sh PROBLEM SO MODE ... — a stand-in for gpuprim-judge-runner in the CPU tests of the judge's
# own side (GPUPRIM_JUDGE_FAKE_GPU=1 GPUPRIM_JUDGE_RUNNER=this): it writes the records a runner would on fd 3
# for the scenario in $FAKE_SCENARIO (pass, fail, oob, segv, hang, exit), so that the judge's reading of
# them, its verdicts, exit codes, time limit and JSON are tested without a GPU.
mode=$3
echo "hello from solve (the program's own output)"
if [ "$mode" = bench ]; then
  echo "bench status=start size=N=25000000 sets=1" >&3
  echo "time median_ms=0.500000 min_ms=0.400000 max_ms=0.600000 reps=10 sets=1" >&3
  echo "benchcheck phase=check status=pass" >&3
  echo "launch kernel=_Z16vector_add_naivePKfS0_Pfi grid=97657,1,1 block=256,1,1 dyn_smem=0 regs=12 local=0 static_smem=0 max_threads=1024 rt_blocks=8 calls=12 per_solve=1.00" >&3
  echo "done" >&3
  exit 0
fi
i=0
while [ $i -lt 40 ]; do
  echo "case index=$i status=start name=case$i size=N=1" >&3
  if [ $i = 0 ]; then
    case "$FAKE_SCENARIO" in
      fail) echo "case index=0 status=fail at=0 where=[0] got=nan expected=1.5 wrong=1 of=1" >&3; i=$((i + 1)); continue;;
      oob) echo "case index=0 status=cuda-error error=cudaErrorIllegalAddress msg=an illegal memory access was encountered" >&3; exit 4;;
      segv) kill -SEGV $$;;
      hang) sleep 30;;
      exit) exit 7;;
    esac
  fi
  echo "case index=$i status=pass" >&3
  i=$((i + 1))
done
echo "launch kernel=_Z16vector_add_naivePKfS0_Pfi grid=1,1,1 block=256,1,1 dyn_smem=0 regs=12 local=0 static_smem=0 max_threads=1024 rt_blocks=8 calls=16 per_solve=1.00" >&3
echo "done passed=40 failed=0" >&3
