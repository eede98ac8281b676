#!/usr/bin/env python3
"""Where the check's time goes, by sampling: perf's cpu-clock samples of `conform-bench` with call stacks.

callgrind counts instructions, which repeat exactly but are not time: an atomic reference-count update or a
cache miss costs many times its one instruction. This script samples the running check instead and prints,
for each set of inputs:
- the share of the samples in each phase of the check: libxml2's parse, building the element tree, decoding
  the VAST model, the rule pass (with the shared facts it computes first), tracking collection, and
  releasing the decoded input;
- in each phase, the share spent in reference counting (retain, release, uniqueness checks) and in
  allocation (malloc, free and the runtime's object allocation and deallocation);
- the functions with the most samples of their own, and the functions whose reference counting and
  allocation take the most samples (the first frame above the runtime's).

  scripts/bench-profile [--seconds S] [--limit N] [--stage STAGE] [--binary PATH]
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

import bench_inputs

REFCOUNT = re.compile(r"swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease|unknownObjectRetain|unknownObjectRelease|"
                      r"nonatomic_|isUniquelyReferenced)|RefCounts<|swift_retain_n|swift_release_n")
ALLOCATION = re.compile(r"^(malloc|free|calloc|realloc|tc_|operator new|operator delete|cfree)|swift_allocObject|swift_slowAlloc|"
                        r"swift_slowDealloc|swift_deallocClassInstance|swift_deallocObject|_swift_release_dealloc|"
                        r"swift_deallocUninitializedObject|tcmalloc::")
# Frames that belong to the runtime's reference counting and allocation, or to the compiler's value witnesses
# that call them, skipped when looking for the code that asked for the work.
RUNTIME = re.compile(r"^swift_|^_swift_|RefCounts<|^(malloc|free|tc_|operator new|operator delete)|tcmalloc::|"
                     r"__deallocating_deinit|^destroy for |^outlined (copy|destroy|retain|release)|initializeWithCopy|"
                     r"_ContiguousArrayStorage|swift_arrayDestroy")

# Phases, by patterns of the symbols as perf prints them (mangled). The passes decode, then check, then release
# the input: a frame of the rule pass, the tracking collection or the release of the input decides, the
# outermost first (the rule pass also releases what it made, and decodes VAST embedded in VMAP); below those,
# the innermost frame of parsing, tree building or decoding does (decoding parses first, and parsing builds
# the tree).
OUTER_PHASES = [
    ("rule pass", re.compile(r"ValidatorO8validate|ValidatorO6finish|RuleContext")),
    ("tracking collection", re.compile(r"DocumentTracking")),
    ("release of the decoded input", re.compile(r"DecodedInputVWOh|DecodedInputVwxx")),
]
INNER_PHASES = [
    ("tree build", re.compile(r"TreeBuilder|XMLParserO7convert")),
    ("XML parse", re.compile(r"^(xml|html|on_start|on_end|on_characters|on_cdata|name_index|arena_add|parse_once)|XMLParserO")),
    ("VAST decode", re.compile(r"VASTDecoder|4VAST6ReaderV")),
]


def demangle(names):
    out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names), capture_output=True, text=True)
    lines = out.stdout.splitlines()
    return lines if len(lines) == len(names) else names


def samples(perf_data):
    """Each sample's frames, innermost first, as (symbol, object file) pairs."""
    text = subprocess.run(["perf", "script", "-i", perf_data, "-F", "ip,sym,dso"], capture_output=True, text=True).stdout
    for block in text.split("\n\n"):
        frames = []
        for line in block.strip().splitlines():
            m = re.match(r"\s*[0-9a-f]+\s+(.*?)(?:\+0x[0-9a-f]+)?\s+\((.*)\)\s*$", line)
            if m:
                symbol, dso = m.group(1), os.path.basename(m.group(2))
                # libxml2's internal functions have no symbols in its shared library.
                if symbol == "[unknown]" and dso.startswith("libxml2"):
                    symbol = "libxml2 (internal function)"
                frames.append((symbol, dso))
        if frames:
            yield frames


# The driver's passes, which release the decoded input themselves (inlined), and the runtime's frames of a release.
DRIVER = re.compile(r"conform_bench4pass|conform_bench9wholePass")
RELEASE = re.compile(r"swift_release|_swift_release_dealloc|RefCounts<|^destroy for |^outlined destroy")


def phase_of(frames):
    # A release made by the driver itself, below the frame of its pass: the decoded input going away.
    driver = next((i for i, (symbol, _) in enumerate(frames) if DRIVER.search(symbol)), None)
    if driver and driver > 0 and all(RELEASE.search(symbol) or "deinit" in symbol for symbol, _ in frames[max(0, driver - 2):driver]):
        return "release of the decoded input"
    for symbol, _ in reversed(frames):
        for name, pattern in OUTER_PHASES:
            if pattern.search(symbol):
                return name
    for symbol, dso in frames:
        if dso.startswith("libxml2"):
            return "XML parse"
        for name, pattern in INNER_PHASES:
            if pattern.search(symbol):
                return name
    return "other"


def kind_of(symbol):
    if REFCOUNT.search(symbol):
        return "refcount"
    if ALLOCATION.search(symbol):
        return "alloc"
    return "code"


def profile(binary, stage, files, seconds):
    with tempfile.NamedTemporaryFile(prefix="conform-perf-", delete=False) as out:
        data = out.name
    try:
        proc = subprocess.run(["perf", "record", "-e", "cpu-clock", "-F", "2999", "-g", "-q", "-o", data, binary,
                               "--seconds", str(seconds), "--stages", stage] + files, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"bench-profile: perf record failed:\n{proc.stderr[-2000:]}")
        phases = collections.Counter()
        kinds = collections.Counter()
        own = collections.Counter()
        askers = collections.Counter()
        total = 0
        for frames in samples(data):
            # Only samples of the passes: start-up and reading the files are no part of a check. (libxml2 keeps
            # no frame pointers, so its samples often have no stack above them; they are the passes' parses.)
            if not any("wholePass" in symbol for symbol, _ in frames) and not frames[0][1].startswith("libxml2"):
                continue
            total += 1
            phase = phase_of(frames)
            kind = kind_of(frames[0][0])
            phases[phase] += 1
            kinds[(phase, kind)] += 1
            own[frames[0][0]] += 1
            if kind != "code":
                asker = next((symbol for symbol, _ in frames[1:] if not RUNTIME.search(symbol)), "?")
                askers[asker] += 1
        return total, phases, kinds, own, askers
    finally:
        os.unlink(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--limit", type=int, default=0, help="the first N files of each set (0: all)")
    parser.add_argument("--stage", default="check")
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    sets = [s for s in bench_inputs.sets(args.root, tempfile.mkdtemp(prefix="conform-bench-")) if len(s[1]) > 1]
    for label, files in sets:
        files = files[: args.limit] if args.limit else files
        total, phases, kinds, own, askers = profile(args.binary, args.stage, files, args.seconds)
        if total == 0:
            print(f"{label}: no samples")
            continue
        print(f"{label} ({len(files)} files, stage {args.stage}, {total} samples)")
        print(f"  {'phase':<30}{'time':>7}{'refcount':>10}{'alloc':>8}   (refcount and alloc: share of the phase)")
        for phase, count in phases.most_common():
            print(f"  {phase:<30}{100 * count / total:>6.1f}%{100 * kinds[(phase, 'refcount')] / count:>9.1f}%"
                  f"{100 * kinds[(phase, 'alloc')] / count:>7.1f}%")
        rc = sum(v for (p, k), v in kinds.items() if k == "refcount")
        al = sum(v for (p, k), v in kinds.items() if k == "alloc")
        print(f"  {'all':<30}{100.0:>6.1f}%{100 * rc / total:>9.1f}%{100 * al / total:>7.1f}%")
        top = own.most_common(args.top)
        print("  most samples of their own:")
        for (symbol, count), name in zip(top, demangle([s for s, _ in top])):
            print(f"    {100 * count / total:5.1f}%  {name[:110]}")
        top = askers.most_common(args.top)
        print("  most reference counting and allocation asked for by:")
        for (symbol, count), name in zip(top, demangle([s for s, _ in top])):
            print(f"    {100 * count / total:5.1f}%  {name[:110]}")
        print()
    print("Samples of perf's cpu-clock event with frame-pointer call stacks; libxml2 is built without frame pointers,")
    print("so its samples are told by their object file. Shares are of the samples taken during the timed passes.")


if __name__ == "__main__":
    main()
