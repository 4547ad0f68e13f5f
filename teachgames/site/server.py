"""Serve a built site to a class: a plain static server with the right MIME types.

Browsers refuse to compile ``.wasm`` or load ``.mjs`` modules served as the wrong type, which
Python's default guesses get wrong on some systems; so the types are set here. The server
listens on 127.0.0.1 unless asked for the local network (``--host 0.0.0.0``): a laptop in a
café should not offer its files to everyone by default.
"""

from __future__ import annotations

import functools
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

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
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with correct MIME types; quiet unless asked to log."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (the base's own attribute)
    quiet: ClassVar[bool] = True

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    site: str | Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = True
) -> ThreadingHTTPServer:
    """A server for ``site`` (not yet serving: call ``serve_forever``); port 0 picks a free one."""
    root = Path(site)
    if not (root / "jupyter-lite.json").is_file():
        raise SiteBuildError(
            f"{root} is not a built site (no jupyter-lite.json); build it with teachgames site -o {root}"
        )
    handler_class = SiteHandler if quiet else type("LoggingSiteHandler", (SiteHandler,), {"quiet": False})
    handler = functools.partial(handler_class, directory=str(root))
    try:
        return ThreadingHTTPServer((host, port), handler)
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
    site: str | Path, host: str = "127.0.0.1", port: int = 0
) -> tuple[ThreadingHTTPServer, str]:
    """Start serving in a background thread (for tests and benchmarks); returns (server, base URL)."""
    server = make_server(site, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def serve(site: str | Path, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve a built site until interrupted (Ctrl+C), printing the addresses to give pupils."""
    server = make_server(site, host, port, quiet=False)
    for url in urls(host, int(server.server_address[1])):
        print(f"serving the lessons at {url}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
