#!/usr/bin/env python3
"""Benchmark of `conform check --follow` over many live tags: concurrency against the ideal and the serial run.

    python3 scripts/bench-chains.py [--tags 1000] [--latency 100] [--serial-sample 100] [--binary PATH] [-- extra check options]

Starts scripts/chain-server.py on three loopback addresses (three hosts) with a set latency per answer, writes
a list of --tags tag URLs whose chains have one to three hops (spread over the hosts), and runs
`conform check --follow --quiet --format json --input-list` at the default settings. Reports:
- wall time, against the ideal: latency x requests / concurrency, where concurrency is the smaller of --jobs
  (default 16) and hosts x --per-host (default 6);
- the serial time (--jobs 1) measured on the first --serial-sample tags and scaled to all of them;
- peak memory of the run (maximum resident set size) and the most requests each host served at once.
Target: within 1.5x of the ideal at the default settings, and never above the per-host limit.
A benchmark, not a test: figures depend on the machine. Builds the release binary when none is given.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTS = ["127.0.0.1", "127.0.0.2", "127.0.0.3"]


def run_check(binary, list_file, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    process = subprocess.run([binary, "check", "--follow", "--quiet", "--format", "json", "--input-list", list_file] + extra,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - started
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    reports = json.loads(process.stdout or b"[]")
    return elapsed, max(peak_kb, before), reports


def stats(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}") as answer:
        return json.loads(answer.read())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tags", type=int, default=1000)
    parser.add_argument("--latency", type=int, default=100, help="milliseconds per answer")
    parser.add_argument("--serial-sample", type=int, default=100)
    parser.add_argument("--binary")
    parser.add_argument("extra", nargs="*", help="extra conform check options (after --)")
    args = parser.parse_args()
    binary = args.binary
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "conform"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "conform")

    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "scripts", "chain-server.py"), "--hosts", ",".join(HOSTS),
                               "--latency", str(args.latency)], stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline())
        work = tempfile.mkdtemp(prefix="conform-bench-chains-")
        urls = [f"http://{HOSTS[i % 3]}:{port}/chain/{1 + (i * 7) % 3}/t{i}" for i in range(args.tags)]
        requests = sum(1 + (i * 7) % 3 for i in range(args.tags))
        everything = os.path.join(work, "all.txt")
        with open(everything, "w") as handle:
            handle.write("\n".join(urls) + "\n")
        sample = os.path.join(work, "sample.txt")
        with open(sample, "w") as handle:
            handle.write("\n".join(urls[:args.serial_sample]) + "\n")

        jobs = 16
        per_host = 6
        for index, option in enumerate(args.extra):
            if option == "--jobs":
                jobs = int(args.extra[index + 1])
            if option == "--per-host":
                per_host = int(args.extra[index + 1])
        concurrency = min(jobs, len(HOSTS) * per_host)
        ideal = args.latency / 1000 * requests / concurrency

        stats(port, "reset")
        wall, peak_kb, reports = run_check(binary, everything, args.extra)
        served = stats(port, "stats")
        sample_requests = sum(1 + (i * 7) % 3 for i in range(args.serial_sample))
        serial_wall, _, _ = run_check(binary, sample, ["--jobs", "1"])
        serial = serial_wall * requests / sample_requests

        print(f"conform check --follow: {args.tags} tags, {requests} requests, {args.latency} ms per answer, "
              f"{len(HOSTS)} hosts, --jobs {jobs} --per-host {per_host}")
        print(f"  wall           {wall:8.2f} s   ({len(reports)} reports)")
        print(f"  ideal          {ideal:8.2f} s   (latency x requests / {concurrency}); wall / ideal = {wall / ideal:.2f} (target <= 1.5)")
        print(f"  serial         {serial:8.2f} s   (--jobs 1 on {args.serial_sample} tags, scaled); speed-up {serial / wall:.1f}x")
        print(f"  peak memory    {peak_kb / 1024:8.1f} MB")
        print(f"  most requests at once per host: {served['peak']} (limit {per_host})")
        print(f"  connections opened per host: {served.get('connections', {})}")
    finally:
        server.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
