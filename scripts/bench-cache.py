#!/usr/bin/env python3
"""Cache and branch figures per tag of the rule pass, one tag at a time and in batches, under valgrind's cachegrind.

The batched rule pass (`conform run` checks a corpus's small documents in batches) runs about as many instructions as
the one-at-a-time pass; what it saves is misses. This script counts, per tag, what the rule pass adds to parse+decode
(`rules-only` and `rules-batch` minus `decode`) in instructions, L1 instruction misses, L1 data read misses and
mispredicted branches, from cachegrind's simulated caches and branch predictor. Simulated, not measured: they show
the direction and size of a change, and the timed benchmark (`scripts/bench`) says what it is worth.

  scripts/bench-cache [--passes N] [--limit N] [--binary PATH] [--batch N]

Sets of many tags only (the IAB samples and the shipped corpus's tags); each capped at its first `--limit` files.
Each stage runs with 1 and with 1 + N timed passes; the difference divided by N is one pass.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import bench_inputs

EVENTS = ["Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw", "Bc", "Bcm", "Bi", "Bim"]
SHOWN = [("Ir", "instructions"), ("I1mr", "L1i misses"), ("D1mr", "L1d read misses"), ("Bcm", "cond. mispredicts"),
         ("Bim", "ind. mispredicts")]


def summary(binary, stage, files, passes, batch):
    with tempfile.NamedTemporaryFile(prefix="conform-cachegrind-", delete=False) as out:
        path = out.name
    try:
        proc = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", f"--cachegrind-out-file={path}",
             binary, "--passes", str(passes), "--batch", str(batch), "--stages", stage] + files,
            capture_output=True, text=True, env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"})
        if proc.returncode != 0:
            sys.exit(f"bench-cache: cachegrind failed on {stage}:\n{proc.stderr[-2000:]}")
        with open(path) as f:
            for line in f:
                if line.startswith("summary:"):
                    return dict(zip(EVENTS, map(int, line.split()[1:])))
        sys.exit(f"bench-cache: no summary for {stage}")
    finally:
        os.unlink(path)


def per_pass(binary, stage, files, passes, batch):
    one = summary(binary, stage, files, 1, batch)
    more = summary(binary, stage, files, 1 + passes, batch)
    return {event: (more[event] - one[event]) / passes for event in EVENTS}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--batch", type=int, default=16)
    args = parser.parse_args()
    sets = [(label, files[: args.limit]) for label, files in bench_inputs.sets(args.root, tempfile.mkdtemp(prefix="conform-bench-"))
            if len(files) > 1]
    print(f"{'input':<22}{'files':>6}  {'rule pass per tag':<20}" + "".join(f"{name:>19}" for _, name in SHOWN))
    print("-" * (48 + 19 * len(SHOWN)))
    for label, files in sets:
        decode = per_pass(args.binary, "decode", files, args.passes, args.batch)
        for stage, name in [("rules-only", "one at a time"), ("rules-batch", f"batches of {args.batch}")]:
            counts = per_pass(args.binary, stage, files, args.passes, args.batch)
            row = "".join(f"{(counts[event] - decode[event]) / len(files):>19,.0f}" for event, _ in SHOWN)
            print(f"{label:<22}{len(files):>6}  {name:<20}{row}")
    print("Per tag and pass, what the rule pass adds to parse+decode (cachegrind's simulated caches and branch predictor,")
    print(f"SWIFT_DETERMINISTIC_HASHING=1); each set capped at its first {args.limit} files.")


if __name__ == "__main__":
    main()
