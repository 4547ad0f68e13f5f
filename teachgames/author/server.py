"""The authoring app's web server: the standard library's, on this computer only.

It serves the page, its script and style, and the JSON interface of :mod:`.api`. The
page edits files on the teacher's disk, so every request is checked as if a hostile web
page sent it: the interface answers only with the session's random token (in the address
the command prints, sent back by the page in a header that another site's page cannot
set without the browser asking first), only to this computer's own names (a DNS trick
that points another name at 127.0.0.1 is refused), never to a request from another
origin; bodies are bounded (a lesson file is at most 512 kB) and parsed without
recursion trouble; the page may run only its own script (a Content-Security-Policy).
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from ..lesson.files import MAX_FILE_BYTES
from .api import Author
from .catalogue import our_screens

#: The largest request body read: a lesson file's limit and room for the request around it.
MAX_BODY = MAX_FILE_BYTES + 16_000
#: The page's own files, by the address they are served at.
PAGE_FILES = {
    "/static/author.js": ("author.js", "text/javascript; charset=utf-8"),
    "/static/author.css": ("author.css", "text/css; charset=utf-8"),
}
#: The preview is HTML of our own making (escaped text, SVG), shown in a sandboxed frame.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
TOKEN_HEADER = "X-Teachgames-Token"
PRINTED = "teachgames author printed"


def page_file(name: str) -> bytes:
    return (resources.files("teachgames.author") / "page" / name).read_bytes()


class AuthorServer(ThreadingHTTPServer):
    """One authoring session: the interface, its token, the names it answers to."""

    daemon_threads = True

    def __init__(self, author: Author, port: int = 0, host: str = "127.0.0.1") -> None:
        self.author = author
        self.token = secrets.token_urlsafe(24)
        self.lock = threading.Lock()  # one save at a time: two tabs never interleave a file
        super().__init__((host, port), _Handler)

    @property
    def port(self) -> int:
        port: int = self.server_address[1]
        return port

    @property
    def url(self) -> str:
        """The address to open: it holds the token, as Jupyter's does."""
        return f"http://127.0.0.1:{self.port}/?token={self.token}"

    def own_hosts(self) -> set[str]:
        return {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}


class _Handler(BaseHTTPRequestHandler):
    server: AuthorServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the terminal shows the address and errors, not every request

    # ------------------------------------------------------------------ answers
    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: dict[str, Any]) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def _refuse(self, status: HTTPStatus, message: str) -> None:
        self._json(status, {"error": {"message": message, "where": ""}})

    # ------------------------------------------------------------------ checks
    def _from_here(self) -> bool:
        """Only this computer's own names, and no page of another origin."""
        if self.headers.get("Host", "") not in self.server.own_hosts():
            self._refuse(HTTPStatus.FORBIDDEN, f"this app answers only at the address {PRINTED}")
            return False
        origin = self.headers.get("Origin")
        if origin is not None and origin not in {f"http://{h}" for h in self.server.own_hosts()}:
            self._refuse(HTTPStatus.FORBIDDEN, "a page of another site cannot use this app")
            return False
        return True

    def _token_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.server.token.encode())

    def _body(self) -> tuple[bool, object]:
        kind = self.headers.get("Content-Type", "")
        if not kind.startswith("application/json"):
            self._refuse(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send JSON")
            return False, None
        try:
            size = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._refuse(HTTPStatus.LENGTH_REQUIRED, "say how long the request is")
            return False, None
        if not 0 <= size <= MAX_BODY:
            self._drain(size)
            too_big = f"a lesson is at most {MAX_FILE_BYTES // 1000} kB"
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, too_big)
            return False, None
        raw = self.rfile.read(size)
        try:
            return True, json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            unread = "the request is not JSON this app reads (broken, or nested too deeply)"
            self._refuse(HTTPStatus.BAD_REQUEST, unread)
            return False, None

    def _drain(self, size: int) -> None:
        """Read and drop a body too big to use (so the sender hears why), up to a bound."""
        self.close_connection = True
        left = min(size, 8 * MAX_BODY)
        while left > 0 and (chunk := self.rfile.read(min(left, 65_536))):
            left -= len(chunk)

    # ------------------------------------------------------------------ routes
    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def _serve(self, method: str) -> None:
        if not self._from_here():
            return
        parts = urlsplit(self.path)
        query = dict(parse_qsl(parts.query))
        if method == "GET" and parts.path in PAGE_FILES:
            name, kind = PAGE_FILES[parts.path]
            self._send(HTTPStatus.OK, page_file(name), kind)
        elif method == "GET" and parts.path == "/":
            if self._token_ok(query.get("token")):
                self._send(HTTPStatus.OK, page_file("index.html"), "text/html; charset=utf-8")
            else:
                self._send(HTTPStatus.FORBIDDEN, NO_TOKEN_PAGE, "text/html; charset=utf-8")
        elif parts.path.startswith("/api/"):
            if not self._token_ok(self.headers.get(TOKEN_HEADER)):
                self._refuse(HTTPStatus.FORBIDDEN, f"open the address {PRINTED} (it holds the key)")
                return
            body: object = None
            if method == "POST":
                ok, body = self._body()
                if not ok:
                    return
            with self.server.lock:
                status, answer = self.server.author.handle(method, parts.path[5:], query, body)
            self._json(status, answer)
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "there is nothing here")


NO_TOKEN_PAGE = (
    b"<!doctype html><html lang=en><meta charset=utf-8><title>teachgames author</title>"
    b"<p>Open the address that <code>teachgames author</code> printed: it holds this session's key.</p>"
)


def serve(author: Author, port: int = 0, open_browser: bool = True, say: Any = print) -> None:
    """Serve the app until Ctrl-C; print (and open) the address."""
    server = AuthorServer(author, port)
    # our lessons' screens take seconds to list the first time: list them while the browser opens
    threading.Thread(target=our_screens, args=(author.language,), daemon=True).start()
    say(f"teachgames author: your lessons folder is {author.folder.root}")
    say(f"teachgames author: open {server.url}  (Ctrl-C to stop)")
    if open_browser:
        import webbrowser

        threading.Timer(0.3, webbrowser.open, args=(server.url,)).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()


__all__ = ["MAX_BODY", "TOKEN_HEADER", "AuthorServer", "serve"]
