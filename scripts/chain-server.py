#!/usr/bin/env python3
"""A local ad server of Wrapper chains, for conform's bulk --follow tests and benchmark (Python 3
standard library only). Listens on one port on each of several loopback addresses (each address a host
of its own), answers every request after a set latency, and counts the requests it serves at once per host.

Usage: scripts/chain-server.py [--hosts 127.0.0.1,127.0.0.2,127.0.0.3] [--latency MS] [--slow HOST=MS]

Prints the port on the first line of standard output, then serves until it is killed. Routes:

  /chain/<hops>/<id>       a Wrapper whose VASTAdTagURI is /chain/<hops-1>/<id> on the next host (hosts in
                           the order given, round robin), or, at <hops> 1, an InLine: a chain of <hops> documents
  /stats                   JSON: {"peak": {host: most requests at once}, "served": {host: requests},
                           "connections": {host: connections opened}}
  /reset                   clears the counts

--slow HOST=MS answers that host's requests after MS milliseconds instead of --latency (repeatable).
"""
import argparse
import http.server
import json
import socket
import sys
import threading
import time

lock = threading.Lock()
active, peak, served, connections = {}, {}, {}, {}


def wrapper(next_uri, ident):
    return (f'<VAST version="4.2"><Ad id="w-{ident}"><Wrapper><AdSystem version="1">bench</AdSystem>'
            f'<VASTAdTagURI><![CDATA[{next_uri}]]></VASTAdTagURI>'
            f'<Impression><![CDATA[https://pixels.adtrack-metrics.net/w?id={ident}]]></Impression>'
            '</Wrapper></Ad></VAST>')


def inline(ident):
    return (f'<VAST version="4.2"><Ad id="i-{ident}"><InLine><AdSystem version="1">bench</AdSystem><AdTitle>t</AdTitle>'
            f'<AdServingId>s-{ident}</AdServingId><Impression><![CDATA[https://pixels.adtrack-metrics.net/i?id={ident}]]></Impression>'
            '<Creatives><Creative><UniversalAdId idRegistry="ad-id.org">A</UniversalAdId><Linear><Duration>00:00:10</Duration>'
            '<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">'
            '<![CDATA[https://cdn.adtrack-metrics.net/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>'
            '</InLine></Ad></VAST>')


def make_handler(host, hosts, port, delay_ms):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            pass

        def setup(self):
            super().setup()
            with lock:
                connections[host] = connections.get(host, 0) + 1

        def answer(self, status, body, kind="application/xml"):
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            parts = self.path.strip("/").split("/")
            if parts == ["stats"]:
                with lock:
                    body = json.dumps({"peak": peak, "served": served, "connections": connections})
                return self.answer(200, body, "application/json")
            if parts == ["reset"]:
                with lock:
                    peak.clear()
                    served.clear()
                    connections.clear()
                return self.answer(200, "{}", "application/json")
            with lock:
                active[host] = active.get(host, 0) + 1
                peak[host] = max(peak.get(host, 0), active[host])
                served[host] = served.get(host, 0) + 1
            time.sleep(delay_ms / 1000)
            if len(parts) == 3 and parts[0] == "chain" and parts[1].isdigit():
                hops, ident = int(parts[1]), parts[2]
                following = hosts[(hosts.index(host) + 1) % len(hosts)]
                status, body = 200, (inline(ident) if hops <= 1
                                     else wrapper(f"http://{following}:{port}/chain/{hops - 1}/{ident}", ident))
            else:
                status, body = 404, "not found"
            # Counted out before the answer goes: a client that has its answer may rightly ask again at once.
            with lock:
                active[host] -= 1
            self.answer(status, body, "application/xml" if status == 200 else "text/plain")

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hosts", default="127.0.0.1,127.0.0.2,127.0.0.3")
    parser.add_argument("--latency", type=float, default=0)
    parser.add_argument("--slow", action="append", default=[])
    args = parser.parse_args()
    hosts = args.hosts.split(",")
    slow = dict((entry.split("=")[0], float(entry.split("=")[1])) for entry in args.slow)
    # One port free on every address: take the first host's, then bind the others to it.
    probe = socket.socket()
    probe.bind((hosts[0], 0))
    port = probe.getsockname()[1]
    probe.close()
    servers = []
    for host in hosts:
        server = http.server.ThreadingHTTPServer((host, port), make_handler(host, hosts, port, slow.get(host, args.latency)))
        server.daemon_threads = True
        server.request_queue_size = 128
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(port, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
