#!/usr/bin/env python3
"""A small HTTP server for conform's live wrapper-chain tests (Python 3 standard library only).

Binds 127.0.0.1 on an ephemeral port and prints the port on the first line of standard output, then
serves until it is killed. Routes:

  /files/<path>            a file from the folder given on the command line (404 when missing)
  /typed/<path>            the same file with the Content-Type its name suggests (video/mp4, image/png ...)
  /delay/<ms>/<route>      waits <ms> milliseconds, then answers <route> (for example /delay/500/files/a.xml)
  /status/<code>           answers with that status and a short body
  /redirect/<n>            redirects n times, then serves /files/inline.xml
  /redirect/<n>/<route>    redirects n times, then answers <route>
  /redirect-loop           redirects to itself forever
  /redirect-to?url=<url>   redirects to <url> (for example file:///etc/passwd, which a client must refuse)
  /oversize/<bytes>        a VAST-looking body of <bytes> bytes (no Content-Length, sent in chunks)
  /endless                 sends a VAST prologue, then a byte every 50 ms forever
  /gzip/<path>             the file /files/<path>, gzip-encoded (Content-Encoding: gzip)
  /echo-headers            a VAST comment naming the request's User-Agent and Referer headers
  /requests                every request received before this one, its path and query as sent, one a line
  /requests?agent=<text>   the same, only those whose User-Agent contains <text>

Usage: scripts/test-http-server.py FOLDER
"""
import gzip
import http.server
import mimetypes
import os
import signal
import sys
import threading
import time
import urllib.parse

# Every request's path and query as sent, in order, for /requests.
received = []
received_lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"
    folder = "."

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def send_body(self, code, body, content_type="application/xml", encoding=None):
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        parsed = urllib.parse.urlsplit(self.path)
        if parsed.path == "/requests":
            agent = urllib.parse.parse_qs(parsed.query).get("agent", [""])[0]
            with received_lock:
                listing = "".join(path + "\n" for path, by in received if agent in by)
            return self.send_body(200, listing.encode(), "text/plain")
        with received_lock:
            received.append((self.path, self.headers.get("User-Agent", "")))
        try:
            self.route(self.path)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route(self, path):
        parsed = urllib.parse.urlsplit(path)
        parts = [p for p in parsed.path.split("/") if p]
        if not parts:
            return self.send_body(200, b"conform test server\n", "text/plain")
        head = parts[0]
        if head in ("files", "gzip", "typed"):
            relative = os.path.normpath("/".join(parts[1:]))
            if relative.startswith("..") or os.path.isabs(relative):
                return self.send_body(403, b"forbidden\n", "text/plain")
            full = os.path.join(self.folder, relative)
            if not os.path.isfile(full):
                return self.send_body(404, b"not found\n", "text/plain")
            with open(full, "rb") as f:
                body = f.read()
            if head == "gzip":
                return self.send_body(200, gzip.compress(body), encoding="gzip")
            if head == "typed":
                return self.send_body(200, body, mimetypes.guess_type(full)[0] or "application/octet-stream")
            return self.send_body(200, body)
        if head == "echo-headers":
            seen = "User-Agent=%s Referer=%s" % (self.headers.get("User-Agent", "-"), self.headers.get("Referer", "-"))
            return self.send_body(200, ('<VAST version="4.2"><!-- %s --></VAST>' % seen).encode())
        if head == "delay" and len(parts) >= 2:
            time.sleep(int(parts[1]) / 1000.0)
            rest = "/" + "/".join(parts[2:])
            if parsed.query:
                rest += "?" + parsed.query
            return self.route(rest)
        if head == "status" and len(parts) >= 2:
            code = int(parts[1])
            return self.send_body(code, ("status %d\n" % code).encode(), "text/plain")
        if head == "redirect" and len(parts) >= 2:
            n = int(parts[1])
            rest = "/" + "/".join(parts[2:]) if len(parts) > 2 else "/files/inline.xml"
            if n <= 0:
                return self.route(rest)
            return self.redirect("/redirect/%d%s" % (n - 1, rest))
        if head == "redirect-loop":
            return self.redirect("/redirect-loop")
        if head == "redirect-to":
            target = urllib.parse.parse_qs(parsed.query).get("url", [""])[0]
            return self.redirect(target)
        if head == "oversize" and len(parts) >= 2:
            size = int(parts[1])
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.end_headers()
            prologue = b'<VAST version="4.2"><!-- '
            self.wfile.write(prologue)
            left = size - len(prologue)
            chunk = b"x" * 65536
            while left > 0:
                piece = chunk[: min(left, len(chunk))]
                self.wfile.write(piece)
                left -= len(piece)
            return
        if head == "endless":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.end_headers()
            self.wfile.write(b'<VAST version="4.2">')
            self.wfile.flush()
            while True:
                time.sleep(0.05)
                self.wfile.write(b" ")
                self.wfile.flush()
        return self.send_body(404, b"no such route\n", "text/plain")


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 64
    # A parent may start us with signals blocked (threads of test runners block them); make SIGTERM work.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    Handler.folder = os.path.abspath(sys.argv[1])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
