#!/usr/bin/env python3
"""Instruction counts of conform's pipeline stages, per tag, under valgrind's callgrind.

Wall-clock rates move by several per cent (on a shared virtual machine by a third or more) from one run to
the next; instruction counts do not. This script counts each stage of `conform-bench` over the same inputs
as `scripts/bench` and prints instructions per tag and the two stage ratios the targets name, in
instructions: parse+decode+rules over parse+decode ("rules x decode") and check over bare SAX2 ("x SAX2").
Instructions are not time (a cache miss or an atomic update costs more than its one instruction), so these
figures complement the timed benchmark; they do not replace it.

  scripts/bench-instructions [--passes N] [--limit N] [--binary PATH]

Each stage runs twice, with 1 and with 1 + N timed passes (after the driver's warm-up pass); the difference
divided by N is one pass, free of start-up costs. `--limit` caps the files of each set (the first N, sorted).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import bench_inputs

STAGES = ["bare", "decode", "rules-only", "check"]


def count(binary, stage, files, passes):
    with tempfile.NamedTemporaryFile(prefix="conform-cg-", delete=False) as out:
        path = out.name
    try:
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={path}", binary, "--passes", str(passes),
             "--stages", stage] + files,
            capture_output=True, text=True, env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"})
        match = re.search(r"Collected\s*:\s*([0-9]+)", proc.stderr)
        if proc.returncode != 0 or not match:
            sys.exit(f"bench-instructions: callgrind failed on {stage}:\n{proc.stderr[-2000:]}")
        return int(match.group(1))
    finally:
        os.unlink(path)


def per_pass(binary, stage, files, passes):
    return (count(binary, stage, files, 1 + passes) - count(binary, stage, files, 1)) / passes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--binary")
    args = parser.parse_args()
    root = args.root
    binary = args.binary or os.path.join(root, ".build/release/conform-bench")
    sets = bench_inputs.sets(root, tempfile.mkdtemp(prefix="conform-bench-"))

    print(f"{'input':<24}{'files':>6} | {'bare':>10}{'decode':>11}{'rules-only':>12}{'check':>11} | "
          f"{'rules x decode':>15}{'x SAX2':>8}")
    print("-" * 102)
    for label, files in sets:
        files = files[: args.limit]
        counts = {stage: per_pass(binary, stage, files, args.passes) / len(files) for stage in STAGES}
        print(f"{label:<24}{len(files):>6} | {counts['bare']:>10,.0f}{counts['decode']:>11,.0f}"
              f"{counts['rules-only']:>12,.0f}{counts['check']:>11,.0f} | "
              f"{counts['rules-only'] / counts['decode']:>15.3f}{counts['check'] / counts['bare']:>8.2f}")
    print("Instructions per tag and pass (callgrind, SWIFT_DETERMINISTIC_HASHING=1). rules x decode: rules-only over")
    print("decode (target <= 1.5 in time); x SAX2: check over bare (target <= 5 in time). Every stage runs on the")
    print(f"allocator of the conform executable (tcmalloc); each set is capped at its first {args.limit} files.")


if __name__ == "__main__":
    main()
