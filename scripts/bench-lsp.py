#!/usr/bin/env python3
"""Benchmark of `conform lsp`: how long diagnostics take after a one-character edit of a 17 KB tag.

    python3 scripts/bench-lsp.py [--edits 200] [--binary .build/release/conform]

Opens the generated 17 KB tag (scripts/gen-bench-tags.py) in a real `conform lsp --debounce 0 --log-timing`,
then makes 200 one-character edits (typing into an attribute value and deleting it again), each an
incremental change, waiting for the diagnostics of each before the next. Reports the median and p99 of
the server's own check time (from --log-timing) and of the round trip the editor sees (change sent to
diagnostics received). Target: the server side under 5 ms. Builds the release binary when none is given.
A benchmark, not a test: figures depend on the machine.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--binary")
    args = parser.parse_args()
    binary = args.binary
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "conform"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "conform")
    directory = tempfile.mkdtemp(prefix="conform-bench-lsp-")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen-bench-tags.py"), directory], check=True,
                   stdout=subprocess.DEVNULL)
    path = os.path.join(directory, "tag-17k.xml")
    text = open(path).read()
    uri = "file://" + path

    server = subprocess.Popen([binary, "lsp", "--debounce", "0", "--log-timing"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    server_times = []
    timing = re.compile(r"checked .* in ([0-9.]+) ms")

    def read_log():
        for line in server.stderr:
            match = timing.search(line.decode())
            if match:
                server_times.append(float(match.group(1)))
    threading.Thread(target=read_log, daemon=True).start()

    def send(message):
        body = json.dumps(dict(message, jsonrpc="2.0")).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += server.stdout.read(1)
        length = int(re.search(rb"Content-Length: (\d+)", header, re.I).group(1))
        return json.loads(server.stdout.read(length))

    def wait_for(predicate):
        while True:
            message = receive()
            if predicate(message):
                return message

    send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
    wait_for(lambda m: m.get("id") == 1)
    send({"method": "initialized", "params": {}})
    send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "xml", "version": 1, "text": text}}})
    wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")

    # Type into the first ClickThrough's URL and delete again: a character in, a character out.
    line = next(i for i, l in enumerate(text.split("\n")) if "utm_source=vast" in l)
    character = text.split("\n")[line].index("utm_source=vast") + len("utm_source=vast")
    round_trips = []
    for edit in range(args.edits):
        version = edit + 2
        at = {"line": line, "character": character}
        if edit % 2 == 0:
            change = {"range": {"start": at, "end": at}, "text": "x"}
        else:
            change = {"range": {"start": at, "end": {"line": line, "character": character + 1}}, "text": ""}
        started = time.perf_counter()
        send({"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version)
        round_trips.append((time.perf_counter() - started) * 1000)
    send({"id": 2, "method": "shutdown"})
    wait_for(lambda m: m.get("id") == 2)
    send({"method": "exit"})
    server.wait(timeout=10)
    time.sleep(0.2)

    edits = server_times[1:]  # the first check is the open
    print(f"conform lsp, {len(text.encode())}-byte tag, {args.edits} one-character edits")
    print(f"  server check     median {statistics.median(edits):.2f} ms   p99 {percentile(edits, 0.99):.2f} ms   (target < 5 ms)")
    print(f"  editor round trip median {statistics.median(round_trips):.2f} ms   p99 {percentile(round_trips, 0.99):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
