#!/usr/bin/env python3
"""Benchmark of the workbench server (not a timed test): the re-check latency after an edit of the
generated 17 KB tag, as the page sends it while a trafficker types, median and p99 over 200 edits (target:
under 5 ms on the server), and, when Playwright for Python and Chromium are present, the page's first
render.

Each edit changes the tag's title, then POSTs the whole tag to /api/check with the page's options (follow on,
spec player) over one kept-alive connection. Reported: the server's own time (its Server-Timing header) and
the round trip through the loopback connection.

Usage: scripts/bench-serve.py [--binary .build/release/conform] [--edits 200] [--chromium /usr/bin/chromium]
Build first: swift build -c release
"""
import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_inputs  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def first_render(url, chromium):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        start = time.perf_counter()
        page.goto(url)
        deadline = time.time() + 30
        while page.evaluate("document.getElementById('status').textContent") != "ready" and time.time() < deadline:
            time.sleep(0.01)
        ready = (time.perf_counter() - start) * 1000
        paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
        browser.close()
    return paint, ready


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    release = os.path.join(ROOT, ".build/release/conform")
    parser.add_argument("--binary", default=release if os.path.exists(release) else os.path.join(ROOT, ".build/debug/conform"))
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    if "release" not in args.binary:
        print(f"note: measuring {args.binary}, not a release build (swift build -c release)", file=sys.stderr)

    with tempfile.TemporaryDirectory() as work:
        tag_path = [p for p in bench_inputs.generate(ROOT, work) if p.endswith("tag-17k.xml")][0]
        tag = open(tag_path).read()
        server = subprocess.Popen([args.binary, "serve", "--workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = server.stdout.readline().split(": ", 1)[1].strip()
            host, port = url[len("http://"):].rstrip("/").split(":")
            connection = http.client.HTTPConnection(host, int(port))
            headers = {"Content-Type": "application/json", "Host": f"{host}:{port}"}
            title = tag.index("<AdTitle>") + len("<AdTitle>")
            server_ms, round_trip_ms = [], []
            for edit in range(args.edits + 10):
                edited = tag[:title] + f"Edit {edit:04d} " + tag[title:]
                body = json.dumps({"xml": edited, "name": "tag.xml", "follow": True, "player": "spec", "macro": {}})
                start = time.perf_counter()
                connection.request("POST", "/api/check", body=body, headers=headers)
                response = connection.getresponse()
                payload = response.read()
                elapsed = (time.perf_counter() - start) * 1000
                if response.status != 200:
                    print(f"error: HTTP {response.status}: {payload[:200]!r}", file=sys.stderr)
                    return 1
                if edit < 10:
                    continue  # warm-up
                timing = response.getheader("Server-Timing") or ""
                server_ms.append(float(timing.split("dur=")[1]) if "dur=" in timing else float("nan"))
                round_trip_ms.append(elapsed)
            print(f"re-check after an edit of a {len(tag.encode()) // 1024} KB tag, {args.edits} edits ({args.binary}):")
            for label, values in [("server", server_ms), ("round trip", round_trip_ms)]:
                print(f"  {label:10}  median {statistics.median(values):7.2f} ms   p99 {percentile(values, 0.99):7.2f} ms")
            median = statistics.median(server_ms)
            print(f"  target: server median under 5 ms: {'met' if median < 5 else 'NOT met'}")
            render = first_render(url, args.chromium) if os.path.exists(args.chromium) else None
            if render:
                paint, ready = render
                print(f"page first render: first contentful paint {paint:.0f} ms, ready (rules and examples loaded) {ready:.0f} ms"
                      if paint else f"page ready in {ready:.0f} ms")
            else:
                print("page first render: skipped (needs Playwright for Python and Chromium)")
        finally:
            server.kill()
            server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
