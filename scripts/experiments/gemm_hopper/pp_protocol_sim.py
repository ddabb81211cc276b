#!/usr/bin/env python3
"""pp_protocol_sim.py — the synchronisation of pingpong.cu's kernel run as a model on the CPU, under many random
interleavings (session 31, before any GPU run): one producer thread per CTA, two consumer warpgroups per CTA taking
alternate tiles, a token between them (named barriers: bar.sync by the waiting consumer, bar.arrive by the other), the
ring's `full` and `empty` mbarriers with parity waits as the hardware does them (try_wait.parity(P) succeeds while the
barrier's current phase has the other parity), TMA pieces that land at any later time (CL = 2: each CTA's A and its half
of B, multicast into both CTAs' stage, completing on each CTA's own `full`).

Checked: every consumer reads, at every ring position, the data loaded for that position in all pieces of its stage; no
piece lands in a stage that a consumer still reads; no deadlock (some agent can always move until all are done).
A parity wait is a hazard when it succeeds on a phase two behind; the model catches that as a wrong data tag.

  pp_protocol_sim.py [RUNS]     (default 3000 random runs over stages, k-blocks, tiles and cluster sizes)
  pp_protocol_sim.py --mutants  the model itself checked: protocols known to be wrong (no token; `empty` counting one
                                CTA's consumers only; a stage freed as soon as it is read) must fail some runs"""
import random
import sys


class MBar:
    """An mbarrier: `count` arrivals and the transaction bytes expected by them complete a phase."""

    def __init__(self, count):
        self.count, self.phase, self.arrived, self.tx = count, 0, 0, 0

    def _maybe_complete(self):
        if self.arrived == self.count and self.tx == 0:
            self.phase += 1
            self.arrived = 0

    def arrive(self, expect_tx=0):
        self.arrived += 1
        self.tx += expect_tx
        assert self.arrived <= self.count, "more arrivals than the count in one phase"
        self._maybe_complete()

    def complete_tx(self, nbytes):
        self.tx -= nbytes
        self._maybe_complete()

    def try_wait_parity(self, parity):
        return (self.phase & 1) != parity


def run(seed):
    rnd = random.Random(seed)
    CL = rnd.choice([1, 2])
    S = rnd.choice([2, 3, 4, 6])
    KB = rnd.choice([1, 2, 3, 5, 6, 7, 12, 16])
    T = rnd.choice([1, 2, 3, 4, 5, 8])  # the block's (cluster's) tiles
    pieces = 3 if CL == 2 else 2  # CL 1: A, B; CL 2: A (own), B half 0, B half 1 (one from each CTA)
    full = [[MBar(1) for _ in range(S)] for _ in range(CL)]
    empty = [[MBar(CL) for _ in range(S)] for _ in range(CL)]  # one arrival per consumer warpgroup and CTA (4 warps each)
    tag = [[[None] * pieces for _ in range(S)] for _ in range(CL)]  # the position whose data each piece holds
    reading = [[None] * S for _ in range(CL)]  # the position a consumer reads from the stage, until it frees it
    inflight = []  # (cta, stage, piece, position, bytes)
    token = [[0, 0] for _ in range(CL)]  # token[r][c]: arrivals on consumer c's named barrier not yet taken

    def producer(r):
        for p in range(T * KB):
            s, ph = p % S, (p // S) & 1
            if p >= S:
                while not empty[r][s].try_wait_parity(ph ^ 1):
                    yield False
            # arrive.expect_tx then the copies: A into this CTA; B (CL 1) or this CTA's half of B into both
            full[r][s].arrive(expect_tx=pieces)
            inflight.append((r, s, 0, p, 1))
            if CL == 1:
                inflight.append((r, s, 1, p, 1))
            else:
                for dst in range(CL):
                    inflight.append((dst, s, 1 + r, p, 1))
            yield True

    def consumer(r, c):
        for i in range(c, T, 2):
            if i > 0:  # bar.sync on my barrier: the other consumer has issued tile i - 1's wgmmas
                while token[r][c] == 0:
                    yield False
                token[r][c] -= 1
            prev = None
            for kb in range(KB):
                p = i * KB + kb
                s, ph = p % S, (p // S) & 1
                while not full[r][s].try_wait_parity(ph):
                    yield False
                assert all(t == p for t in tag[r][s]), f"cta {r} consumer {c} position {p}: stage holds {tag[r][s]}"
                assert reading[r][s] is None
                reading[r][s] = p
                yield True
                # wgmma issued; wait_group 1: the previous position's wgmmas are done, free it (in every CTA)
                if prev is not None:
                    ps = prev % S
                    reading[r][ps] = None
                    for dst in range(CL):
                        empty[dst][ps].arrive()
                    yield True
                prev = p
            if i + 1 < T:  # bar.arrive on the other consumer's barrier
                token[r][1 - c] += 1
            ps = prev % S  # wait_group 0, free the last stage
            reading[r][ps] = None
            for dst in range(CL):
                empty[dst][ps].arrive()
            yield True

    agents = []
    for r in range(CL):
        agents.append(producer(r))
        agents.append(consumer(r, 0))
        agents.append(consumer(r, 1))
    alive = list(range(len(agents)))
    stuck = 0
    while alive or inflight:
        moves = len(alive) + (1 if inflight else 0)
        k = rnd.randrange(moves)
        if k == len(alive):  # a TMA piece lands
            j = rnd.randrange(len(inflight))
            r, s, piece, p, nbytes = inflight.pop(j)
            assert reading[r][s] is None, f"cta {r} stage {s}: position {p}'s data lands while {reading[r][s]} is read"
            tag[r][s][piece] = p
            full[r][s].complete_tx(nbytes)
            stuck = 0
            continue
        a = alive[k]
        try:
            moved = next(agents[a])
        except StopIteration:
            alive.remove(a)
            stuck = 0
            continue
        stuck = 0 if moved else stuck + 1
        if stuck > 10000:
            raise AssertionError(f"deadlock: CL {CL} S {S} KB {KB} T {T}")
    return CL, S, KB, T


MUTANTS = {
    "no token": ("            if i > 0:  # bar.sync", "            if False:  # bar.sync"),
    "empty counts one CTA only": ("empty = [[MBar(CL) for", "empty = [[MBar(1) for"),
    "freed as soon as read": ("                if prev is not None:\n                    ps = prev % S",
                              "                if True:\n                    prev = p\n                    ps = prev % S"),
}


def mutants():
    src = open(__file__).read()
    ok = True
    for name, (a, b) in MUTANTS.items():
        assert a in src, name
        g = {"__name__": "mutant"}
        exec(compile(src.replace(a, b), name, "exec"), g)
        caught = 0
        for seed in range(600):
            try:
                g["run"](seed)
            except AssertionError:
                caught += 1
        print(f"mutant '{name}': {caught} of 600 runs fail")
        ok &= caught > 0
    return ok


def main():
    if sys.argv[1:] == ["--mutants"]:
        sys.exit(0 if mutants() else 1)
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seen = set()
    for seed in range(runs):
        seen.add(run(seed))
    print(f"{runs} random runs, {len(seen)} (CL, stages, k-blocks, tiles) combinations: no wrong data, no overwrite, "
          f"no deadlock")


if __name__ == "__main__":
    main()
