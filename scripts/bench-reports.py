#!/usr/bin/env python3
"""Benchmark: `conform run` at growing corpus sizes with all five report formats. For each size: the wall
time, the peak memory (GNU time's maximum resident set size), the size of every file written, and the
time headless Chromium takes to show report.html's first rows. Then each figure's ratio to the smallest
run's, against the ratio of the case counts: a stage whose cost grows faster than the corpus shows there.
A benchmark, not a test.

    python3 scripts/bench-reports.py [--conform PATH] [--sizes 4000,25000,100000] [--fail-every 500]

The corpus is the one scripts/bench makes for its memory figure: copies of the generated 7 KB tag in
folders of 1,000, each with an expectation of validity; here every --fail-every'th case expects the tag
to be invalid, so the run has failures to keep in full. The ratios of one invocation are the figures to
read: on a machine shared with other work the absolute times move from one invocation to the next.
Build first: swift build -c release --product conform. The page's load time needs Playwright for Python
(pip install playwright) and a Chromium on PATH; without them it is skipped.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_inputs  # noqa: E402

FORMATS = "html,markdown,json,junit,sarif"
FILES = ["report.html", "report.md", "results.json", "junit.xml", "results.sarif"]


def make_corpus(directory, tag, count, fail_every):
    """`count` cases of `tag` in folders of 1,000; every `fail_every`'th case expects an invalid verdict."""
    os.makedirs(directory, exist_ok=True)
    body = open(tag, encoding="utf-8").read()
    for i in range(count):
        folder = os.path.join(directory, f"f{i // 1000:04d}")
        if i % 1000 == 0:
            os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"case{i:06d}.xml"), "w") as f:
            f.write(body)
        verdict = "invalid" if fail_every and i % fail_every == fail_every - 1 else "valid"
        with open(os.path.join(folder, f"case{i:06d}.expect.json"), "w") as f:
            f.write('{"version": 1, "verdict": "%s"}\n' % verdict)


def run(conform, corpus, out):
    """Runs the corpus with every format; (wall seconds, peak MB, exit code)."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", conform, "run", corpus, "--output", out, "--format", FORMATS, "--quiet"],
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    return wall, int(peak.group(1)) / 1024 if peak else float("nan"), proc.returncode


def first_rows_seconds(page_path, chromium):
    """Seconds from opening report.html in headless Chromium to its first case row, and the self-test's
    JavaScript errors; None when Playwright is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        start = time.perf_counter()
        page.goto("file://" + page_path, wait_until="commit", timeout=120_000)
        page.wait_for_selector("#case-rows tr.case", timeout=120_000)
        seconds = time.perf_counter() - start
        browser.close()
    return seconds, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--conform", default=os.path.join(root, ".build/release/conform"))
    parser.add_argument("--sizes", default="4000,25000,100000", help="case counts, comma-separated, smallest first")
    parser.add_argument("--fail-every", type=int, default=500, help="every n'th case expects a wrong verdict (0: none)")
    parser.add_argument("--keep", help="keep the corpora and outputs in this folder")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    work = args.keep or tempfile.mkdtemp(prefix="conform-bench-reports-")
    os.makedirs(work, exist_ok=True)
    tag = bench_inputs.generate(root, os.path.join(work, "tags"))[0]
    rows = []
    try:
        for count in sizes:
            corpus = os.path.join(work, f"corpus-{count}")
            if not os.path.isdir(corpus):
                make_corpus(corpus, tag, count, args.fail_every)
            out = os.path.join(work, f"out-{count}")
            shutil.rmtree(out, ignore_errors=True)
            wall, peak, code = run(args.conform, corpus, out)
            sizes_mb = {name: os.path.getsize(os.path.join(out, name)) / 1e6 if os.path.exists(os.path.join(out, name)) else float("nan")
                        for name in FILES}
            shown = first_rows_seconds(os.path.join(out, "report.html"), chromium) if chromium else None
            rows.append((count, wall, peak, code, sizes_mb, shown))
            first = f"{shown[0]:.2f} s" + (f" ({len(shown[1])} JavaScript errors)" if shown[1] else "") if shown else "skipped"
            print(f"{count} cases: {wall:.1f} s, peak {peak:.0f} MB, exit {code}, "
                  + ", ".join(f"{name} {mb:.1f} MB" for name, mb in sizes_mb.items()) + f", first rows in Chromium {first}", flush=True)
            if not args.keep:
                shutil.rmtree(corpus, ignore_errors=True)
                shutil.rmtree(out, ignore_errors=True)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    print()
    print(f"conform run --format {FORMATS} (exit 1: the run has failures by design)")
    head = f"| {'cases':>7} | {'wall s':>7} | {'x cases':>7} | {'x wall':>7} | {'peak MB':>7} | " + " | ".join(f"{n} MB" for n in FILES) + " | first rows s |"
    print(head)
    print("|" + "|".join("-" * (len(c) + 0) for c in head.split("|")[1:-1]) + "|")
    base = rows[0]
    for count, wall, peak, _, sizes_mb, shown in rows:
        print(f"| {count:>7} | {wall:>7.1f} | {count / base[0]:>7.2f} | {wall / base[1]:>7.2f} | {peak:>7.0f} | "
              + " | ".join(f"{sizes_mb[n]:>{len(n) + 3}.1f}" for n in FILES) + f" | {(f'{shown[0]:.2f}' if shown else '-'):>12} |")
    print("x cases, x wall: the ratio to the first row. Times come from one invocation on one machine; compare the ratios.")


if __name__ == "__main__":
    main()
