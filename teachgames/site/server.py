"""Serve a built site to a class from a teacher's laptop: 30 pupils at once, little Wi-Fi.

- **Precompressed files**: the build wrote ``x.br`` and ``x.gz`` beside ``x``; the server
  sends the one the browser accepts (``Content-Encoding``), never compressing anything itself,
  and sends files with ``sendfile`` (the kernel copies, Python does not).
- **Caching**: files whose name carries a content hash (JupyterLite's and the extensions'
  scripts) never change: ``Cache-Control: max-age=31536000, immutable``, no request at all on
  the next visit. Every other file is revalidated (``no-cache`` with an ``ETag``): a warm
  visit costs a few hundred bytes of headers per file, and a site rebuilt between two lessons
  is never half old and half new.
- **Many pupils at once**: a thread per connection, HTTP/1.1 keep-alive, a listen backlog
  deep enough for a class that clicks the same link in the same second.
- **MIME types browsers insist on** (``application/wasm``, ``text/javascript`` for ``.mjs``).
- Private by default: 127.0.0.1 unless asked for the local network (``--lan``).
- **The class server on the same origin**: with ``upstream`` set, every request under
  ``/class/`` goes to the class server (listening on loopback only), with the pupil's own
  address in ``X-Forwarded-For``; pupils' pages and the teacher's dashboard call the origin
  they came from, so the class server's origin check passes and no CORS is needed.
"""

from __future__ import annotations

import email.utils
import functools
import http.client
import json
import os
import re
import shutil
import socket
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

from .errors import SiteBuildError

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".ipynb": "application/json",
    ".md": "text/markdown; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".ico": "image/x-icon",
}
#: a file name with a content hash in it (``221.bd81adfe732d749d.js``, JupyterLite's ``1031.b91a70b.js``)
HASHED = re.compile(r"[.-][0-9a-f]{7,}\.(?:js|mjs|css|wasm|json|woff2?|ttf|eot|svg|png)$")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
#: The class server's part of the site's address space (see teachgames.classroom.onsite).
CLASS_PREFIX = "/class"
#: Request bodies forwarded to the class server are small JSON (it takes 64 KiB at most).
PROXY_MAX_BODY = 64 * 1024
#: Long enough for the class server's long polls (20 s) and a slow database.
PROXY_TIMEOUT = 45.0
#: Headers that belong to one connection, never forwarded; and those the proxy sets itself.
HOP_HEADERS = frozenset(
    {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"}
)
OWN_HEADERS = frozenset({"content-length", "server", "date", "x-forwarded-for", "x-forwarded-proto"})


def cache_control(path: str) -> str:
    """How long a browser may keep a file without asking again."""
    return IMMUTABLE if HASHED.search(path) else REVALIDATE


def accepted(header: str | None) -> set[str]:
    """The encodings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    found = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name and not re.search(r"q\s*=\s*0(?:\.0*)?\s*$", params):
            found.add(name.strip().lower())
    return found


def _fresh(variant: str, source_mtime_ns: int) -> bool:
    """A compressed copy that exists and is not older than its file (a file edited after the
    build is sent as it is now, never as its stale copy)."""
    try:
        return os.stat(variant).st_mtime_ns >= source_mtime_ns
    except OSError:
        return False


class Stats:
    """What the server sent (for benchmarks): responses and bytes, thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = 0
        self.bytes = 0
        self.log: list[tuple[str, str]] = []

    def add_request(self, path: str = "", accept_encoding: str = "") -> None:
        with self.lock:
            self.requests += 1
            self.log.append((path, accept_encoding))

    def add_bytes(self, sent: int) -> None:
        with self.lock:
            self.bytes += sent

    def reset(self) -> tuple[int, int]:
        """(responses, bytes) since the last reset."""
        with self.lock:
            got = (self.requests, self.bytes)
            self.requests = self.bytes = 0
            self.log = []
            return got


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files: precompressed variants, cache headers, correct MIME types, quiet."""

    protocol_version = "HTTP/1.1"
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (the base's own attribute)
    quiet: ClassVar[bool] = True
    stats: ClassVar[Stats | None] = None
    upstream: ClassVar[tuple[str, int] | None] = None

    def _for_class(self) -> bool:
        path = self.path.split("?", 1)[0]
        return self.upstream is not None and (path == CLASS_PREFIX or path.startswith(CLASS_PREFIX + "/"))

    def do_GET(self) -> None:
        if self._for_class():
            self.forward()
        else:
            super().do_GET()

    def do_HEAD(self) -> None:
        if self._for_class():
            self.forward()
        else:
            super().do_HEAD()

    def do_POST(self) -> None:
        self._class_only()

    def do_DELETE(self) -> None:
        self._class_only()

    def do_OPTIONS(self) -> None:
        self._class_only()

    def _class_only(self) -> None:
        if self._for_class():
            self.forward()
        else:
            self.send_error(HTTPStatus.METHOD_NOT_ALLOWED, "Only GET and HEAD here")

    def _json_error(self, status: HTTPStatus, message: str) -> None:
        body = json.dumps({"error": "site.proxy", "message": message}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if self.command != "HEAD":
            self.wfile.write(body)

    def forward(self) -> None:
        """Send this request to the class server and its answer back (bounded body, the
        pupil's address in ``X-Forwarded-For``, which a client's own copy never replaces)."""
        assert self.upstream is not None
        if self.headers.get("Transfer-Encoding"):
            self._json_error(HTTPStatus.LENGTH_REQUIRED, "send a Content-Length")
            return
        declared = self.headers.get("Content-Length") or "0"
        if not declared.isdigit() or int(declared) > PROXY_MAX_BODY:
            self._json_error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "request too big")
            return
        body = self.rfile.read(int(declared)) if int(declared) else None
        headers = {
            k: v
            for k, v in self.headers.items()
            if k.lower() not in HOP_HEADERS and k.lower() not in OWN_HEADERS
            and not k.lower().startswith("x-forwarded-")
        }
        headers["X-Forwarded-For"] = self.client_address[0]
        headers["X-Forwarded-Proto"] = "http"
        conn = http.client.HTTPConnection(*self.upstream, timeout=PROXY_TIMEOUT)
        try:
            conn.request(self.command, self.path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
        except OSError:
            self._json_error(HTTPStatus.BAD_GATEWAY, "the class server does not answer")
            return
        finally:
            conn.close()
        self.send_response(response.status)
        for name, value in response.getheaders():
            if name.lower() not in HOP_HEADERS and name.lower() not in OWN_HEADERS:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        try:
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the tab closed during a long poll
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "classroom.html")
            if self.path.split("?", 1)[0] in ("", "/") and os.path.isfile(index):
                self.send_response(HTTPStatus.FOUND)
                self.send_header("Location", "/classroom.html")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            return super().send_head()  # type: ignore[no-any-return,unused-ignore]
        if not os.path.isfile(path) or path.endswith(("/", ".br", ".gz")):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        body, encoding = path, None
        wanted = accepted(self.headers.get("Accept-Encoding"))
        source = os.stat(path)
        for name, suffix in ENCODINGS:
            if name in wanted and _fresh(path + suffix, source.st_mtime_ns):
                body, encoding = path + suffix, name
                break
        try:
            f = open(body, "rb")  # noqa: SIM115 (returned to the caller, closed there)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        stat = os.fstat(f.fileno())
        etag = f'"{source.st_mtime_ns:x}-{source.st_size:x}-{encoding or "identity"}"'
        status = HTTPStatus.OK
        if etag in (self.headers.get("If-None-Match") or ""):
            status = HTTPStatus.NOT_MODIFIED
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", email.utils.formatdate(source.st_mtime, usegmt=True))
        self.send_header("Cache-Control", cache_control(path))
        if status == HTTPStatus.NOT_MODIFIED:
            f.close()
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return f

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """``sendfile`` where the socket allows it (the kernel copies the bytes)."""
        try:
            self.connection.sendfile(source)
        except (OSError, AttributeError, ValueError):
            super().copyfile(source, outputfile)



class CountingHandler(SiteHandler):
    """A handler that adds every response and byte it sends to :attr:`stats` (benchmarks)."""

    def setup(self) -> None:
        super().setup()
        stats = self.stats
        assert stats is not None
        original_write = self.wfile.write

        def write(data: Any) -> int:
            stats.add_bytes(len(data))
            written: int = original_write(data)
            return written

        self.wfile.write = write  # type: ignore[method-assign,unused-ignore]

    def copyfile(self, source: Any, outputfile: Any) -> None:
        assert self.stats is not None
        self.stats.add_bytes(os.fstat(source.fileno()).st_size)
        try:
            self.connection.sendfile(source)
        except (OSError, AttributeError, ValueError):
            shutil.copyfileobj(source, outputfile)

    def send_response(self, code: int, message: str | None = None) -> None:
        super().send_response(code, message)
        assert self.stats is not None
        self.stats.add_request(self.path, self.headers.get("Accept-Encoding") or "")


class SiteServer(ThreadingHTTPServer):
    """A thread per connection, a deep backlog for a class clicking at once."""

    request_queue_size = 128
    daemon_threads = True


def make_server(
    site: str | Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    quiet: bool = True,
    stats: Stats | None = None,
    upstream: tuple[str, int] | None = None,
) -> SiteServer:
    """A server for ``site`` (not yet serving: call ``serve_forever``); port 0 picks a free one.
    ``upstream`` is the class server's loopback address: requests under ``/class/`` go there."""
    root = Path(site)
    if not (root / "jupyter-lite.json").is_file():
        raise SiteBuildError(
            f"{root} is not a built site (no jupyter-lite.json); build it with teachgames site -o {root}"
        )
    base = CountingHandler if stats is not None else SiteHandler
    handler_class = type("ClassroomHandler", (base,), {"quiet": quiet, "stats": stats, "upstream": upstream})
    handler = functools.partial(handler_class, directory=str(root))
    try:
        return SiteServer((host, port), handler)
    except OSError as err:
        raise SiteBuildError(f"cannot listen on {host}:{port}: {err.strerror or err}") from err


def urls(host: str, port: int) -> list[str]:
    """Addresses pupils can type: this machine's LAN address too when serving on every interface."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/classroom.html"]
    names = ["127.0.0.1"]
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the LAN interface
            names.append(s.getsockname()[0])
    except OSError:
        pass
    return [f"http://{name}:{port}/classroom.html" for name in dict.fromkeys(names)]


def serve_in_thread(
    site: str | Path,
    host: str = "127.0.0.1",
    port: int = 0,
    stats: Stats | None = None,
    upstream: tuple[str, int] | None = None,
) -> tuple[SiteServer, str]:
    """Start serving in a background thread (for tests and benchmarks); returns (server, base URL)."""
    server = make_server(site, host, port, stats=stats, upstream=upstream)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def serve(
    site: str | Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    upstream: tuple[str, int] | None = None,
    on_ready: Callable[[list[str]], None] | None = None,
) -> None:
    """Serve a built site until interrupted (Ctrl+C), printing the addresses to give pupils;
    ``on_ready`` gets those addresses once the server listens (the class code and the
    dashboard link are printed there)."""
    server = make_server(site, host, port, quiet=False, upstream=upstream)
    addresses = urls(host, int(server.server_address[1]))
    for url in addresses:
        print(f"serving the lessons at {url}  (Ctrl+C stops)", flush=True)
    if on_ready is not None:
        on_ready(addresses)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
