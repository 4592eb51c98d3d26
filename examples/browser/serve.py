"""Serve the browser example from this folder on http://127.0.0.1:8000/ (the standard
library only), after ``make browser-example``.

Any static file server will do; this one sets the types a module worker and WebAssembly
need (``.mjs`` as JavaScript, ``.wasm`` as ``application/wasm``, which Python 3.11's own
table lacks), listens on loopback only, and counts the bytes it sends (the download size in
docs/how-to/browser.md). ``python examples/browser/serve.py [PORT]``.
"""

from __future__ import annotations

import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: What ``make browser-example`` puts here; without it the page cannot start.
BUILT = (HERE / "node_modules" / "pyodide" / "pyodide.mjs", HERE / "wheels" / "manifest.json")

#: The types a module worker, WebAssembly and the wheels need, whatever Python's own table says.
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files with the right types; counts what it sends in ``server.sent``."""

    def guess_type(self, path: Any) -> str:
        return TYPES.get(Path(str(path)).suffix) or super().guess_type(path)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        if isinstance(self.server, Server):
            self.server.sent[self.path] = source.tell() - start

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the page's own status line says what happens


class Server(ThreadingHTTPServer):
    """The threading server, with ``sent``: each path served and its bytes."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], directory: Path) -> None:
        super().__init__(address, partial(Handler, directory=str(directory)))
        self.sent: dict[str, int] = {}


def make_server(port: int = 0) -> Server:
    """A server for this folder on 127.0.0.1 (``port`` 0: any free port), not yet running;
    ``server.sent`` maps each path sent to its bytes."""
    missing = [str(path.relative_to(HERE)) for path in BUILT if not path.exists()]
    if missing:
        raise FileNotFoundError(
            f"{', '.join(missing)} missing: run `make browser-example` first")
    return Server(("127.0.0.1", port), HERE)


def start(port: int = 0) -> tuple[Server, str]:
    """Serve in a background thread; the server and the page's URL."""
    server = make_server(port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


def main(argv: list[str]) -> int:
    try:
        port = int(argv[0]) if argv else 8000
        server = make_server(port)
    except (ValueError, FileNotFoundError, OSError) as error:
        print(f"serve.py: {error}", file=sys.stderr)
        return 2
    print(f"Open http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
