"""The studio's web application: the page, its JSON API, its event stream and the downloads.

Routes (every one behind :class:`~.guard.Guard`):

* ``GET /`` the page; ``GET /static/NAME`` its script, style, editor and the descriptor
  schema (shipped in the package);
* ``GET /api/events?client=ID`` the page's event stream (:mod:`.events`): the folder's
  files as they change, the parts of its previews, facts progress;
* ``GET /api/hello`` the studio's instance (is it the one the page knew?);
* ``GET /api/games`` the folder's games, the shipped ones and the trash;
* ``GET /api/file/mine/NAME``, ``GET /api/file/builtin/ID`` a descriptor and its version;
  ``PUT /api/file/mine/NAME`` saves (``{"text", "version"}``; 409 on a newer file);
* ``POST /api/new`` (a new file from a shipped game, or from the editor's text: Save
  as), ``/api/copy``, ``/api/rename``, ``/api/delete`` (into the trash), ``/api/restore``;
* ``POST /api/preview`` starts a preview of a text (its parts come as events);
  ``POST /api/play`` a move played on a position; ``POST /api/page`` a sheet's page
  drawn to be read; ``GET /api/blob/DIGEST`` a picture or PDF those named;
* ``GET /download/mine|builtin/NAME/FILE`` a file of the saved game, or ``<id>.zip``;
* ``POST /api/facts`` starts game facts; ``GET /api/facts/KEY`` its state;
  ``DELETE /api/facts/KEY`` stops it.

Nothing slow runs on the event loop: files are read and written in threads, every
drawing in the worker processes (:mod:`.workers`).
"""

from __future__ import annotations

__all__ = [
    "DOWNLOAD_SECONDS",
    "FACTS_GAMES",
    "FACTS_SECONDS",
    "PAGE_SECONDS",
    "PLAY_SECONDS",
    "PREVIEW_SECONDS",
    "Studio",
    "create_app",
]

import asyncio
import json
import mimetypes
import re
import secrets
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import BoardgenError
from ..texts import languages
from .events import Blobs, Hub, Watcher, digest
from .folder import Conflict, Folder, Refused, builtin_ids, builtin_text, check_name, version_of
from .guard import Guard, cookie_name
from .workers import Cancelled, FactsJobs, JobFailed, Pool, TimeLimit

#: Time limits of one request's work, in seconds (docs/reference/limits.md).
PREVIEW_SECONDS = 20.0
PLAY_SECONDS = 10.0
PAGE_SECONDS = 10.0
DOWNLOAD_SECONDS = 90.0
FACTS_SECONDS = 60.0
#: Games a facts run may play from the page.
FACTS_GAMES = 10_000
#: Worker processes drawing previews, moves and pages (a preview being cancelled
#: keeps one for a moment: the other takes the new text at once).
PREVIEW_WORKERS = 2

_STATIC = {
    "studio.js": "static",
    "studio.css": "static",
    "editor.js": "static",
    "editor.css": "static",
    "editor-licences.txt": "static",
    "descriptor.schema.json": "schema",
}
_CLIENT = re.compile(r"[A-Za-z0-9_-]{8,64}")
_DIGEST = re.compile(r"[0-9a-f]{32}")
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Studio:
    """The state behind the routes: the folder, the workers, the pages' streams."""

    def __init__(self, folder: Path, token: str) -> None:
        self.folder = Folder(folder)
        self.token = token
        self.instance = secrets.token_hex(8)
        self.previews = Pool("preview", PREVIEW_WORKERS)
        self.downloads = Pool("download", 1)
        self.facts = FactsJobs()
        self.hub = Hub()
        self.blobs = Blobs()
        self.watcher = Watcher(self.hub, self.files)

    def close(self) -> None:
        self.hub.close()
        self.previews.close()
        self.downloads.close()
        self.facts.close()

    def files(self) -> dict[str, Any]:
        """The folder's descriptors and the trash, as the page lists them (blocking)."""
        mine = [{"name": e.name, "version": e.version, "link": e.link} for e in self.folder.listing()]
        trash = [{"kept": kept, "name": name, "when": when} for kept, name, when in self.folder.trashed()]
        return {"mine": mine, "trash": trash}

    # -- reading what a request names -------------------------------------------------

    def source(self, where: str, name: str) -> tuple[str, str, str, bool, str | None, str]:
        """(file name, text, version, editable, link, line ends) of ``mine/NAME`` or ``builtin/ID``."""
        if where == "mine":
            data, version = self.folder.read(name)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise Refused(f"{name}: not UTF-8 text", 400) from None
            link = self.folder.link_target(name)
            ends = "crlf" if b"\r\n" in data else "lf"
            return name, text, version, link is None, link, ends
        if where == "builtin":
            text = builtin_text(name)
            return f"{name}.yaml", text, version_of(text.encode("utf-8")), False, None, "lf"
        raise Refused(f"no such place {where!r}: mine or builtin", 404)


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status, headers=_HEADERS)


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise Refused("the request body is not JSON", 400) from None
    if not isinstance(data, dict):
        raise Refused("the request body is not a JSON object", 400)
    return data


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise Refused(f"{key!r} must be text", 400)
    return value


def _maybe_text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise Refused(f"{key!r} must be text or null", 400)
    return value


def _integer(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{key!r} must be a whole number from {low:,} to {high:,}", 400)
    return value


def _client(data: dict[str, Any] | str | None) -> str:
    value = data.get("client") if isinstance(data, dict) else data
    if not isinstance(value, str) or _CLIENT.fullmatch(value) is None:
        raise Refused("'client' must be the page's id (8 to 64 letters, digits, - or _)", 400)
    return value


Handler = Callable[["Studio", Request], Any]


def _route(studio: Studio, handler: Handler) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        try:
            result = await handler(studio, request)
        except ClientDisconnect:  # the page left before its request was read: no one to answer
            return Response(status_code=400)
        except Conflict as conflict:
            return _json({"error": conflict.message, "current": conflict.current}, 409)
        except JobFailed as failed:
            return _json({"error": failed.message, "problem": failed.problem}, failed.status)
        except Refused as refused:
            return _json({"error": refused.message}, refused.status)
        except BoardgenError as error:
            return _json({"error": str(error)}, 400)
        return result if isinstance(result, Response) else _json(result)

    return endpoint


# -- the page and its files ------------------------------------------------------------------


async def page(studio: Studio, request: Request) -> Response:
    html = resources.files(__package__).joinpath("static", "index.html").read_text(encoding="utf-8")
    nonce = secrets.token_urlsafe(16)  # the editor's own style sheets carry it (CodeMirror's cspNonce)
    html = html.replace("{{token}}", studio.token).replace("{{languages}}", ",".join(languages()))
    html = html.replace("{{instance}}", studio.instance).replace("{{nonce}}", nonce)
    policy = _HEADERS["Content-Security-Policy"].replace(
        "style-src 'self'", f"style-src 'self' 'nonce-{nonce}'"
    )
    response = HTMLResponse(html, headers={**_HEADERS, "Content-Security-Policy": policy})
    port = request.url.port or 80
    response.set_cookie(cookie_name(port), studio.token, httponly=True, samesite="strict", path="/")
    return response


async def static(studio: Studio, request: Request) -> Response:
    name = request.path_params["name"]
    where = _STATIC.get(name)
    if where is None:
        raise Refused("no such file", 404)
    if where == "schema":
        data = resources.files("boardgen.descriptor").joinpath(name).read_bytes()
    else:
        data = resources.files(__package__).joinpath("static", name).read_bytes()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if name.endswith(".txt"):
        kind = "text/plain; charset=utf-8"
    return Response(data, media_type=kind, headers=_HEADERS)


async def hello(studio: Studio, request: Request) -> dict[str, Any]:
    return {"instance": studio.instance}


async def events(studio: Studio, request: Request) -> Response:
    client = _client(request.query_params.get("client"))
    listing = await run_in_threadpool(studio.files)
    hello = {"instance": studio.instance, "folder": str(studio.folder.root), **listing}
    stream = studio.hub.stream(client, studio.hub.open(client), hello)
    studio.watcher.last = listing
    studio.watcher.ensure()
    headers = {**_HEADERS, "X-Accel-Buffering": "no"}
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


async def blob(studio: Studio, request: Request) -> Response:
    name = request.path_params["digest"]
    found = studio.blobs.get(name) if _DIGEST.fullmatch(name) else None
    if found is None:
        raise Refused("no such picture (a newer preview replaced it)", 404)
    data, kind = found
    headers = {**_HEADERS, "Cache-Control": "private, max-age=86400, immutable"}
    wanted = request.query_params.get("download")
    if wanted is not None:
        if re.fullmatch(r"[A-Za-z0-9._-]{1,120}", wanted) is None:
            raise Refused("a download name is letters, digits, dots, dashes and underscores", 400)
        headers["Content-Disposition"] = f'attachment; filename="{wanted}"'
    return Response(data, media_type=kind, headers=headers)


# -- files -----------------------------------------------------------------------------------------


async def games(studio: Studio, request: Request) -> dict[str, Any]:
    listing = await run_in_threadpool(studio.files)
    return {"folder": str(studio.folder.root), "builtin": builtin_ids(), **listing}


async def read_file(studio: Studio, request: Request) -> dict[str, Any]:
    found = await run_in_threadpool(studio.source, request.path_params["where"], request.path_params["name"])
    name, text, version, editable, link, ends = found
    return {
        "name": name,
        "text": text,
        "version": version,
        "editable": editable,
        "link": link,
        "line_ends": ends,
    }


async def save_file(studio: Studio, request: Request) -> dict[str, Any]:
    name = check_name(request.path_params["name"])
    data = await _body(request)
    expected = _maybe_text(data, "version")
    version = await run_in_threadpool(studio.folder.save, name, _text(data, "text"), expected)
    return {"name": name, "version": version}


async def new_file(studio: Studio, request: Request) -> dict[str, Any]:
    """A new file: the editor's ``text`` (Save as), or a copy of the shipped game ``from``,
    its id made the new name's."""
    data = await _body(request)
    name = check_name(_text(data, "name"))
    text = _maybe_text(data, "text")
    ends = "crlf" if data.get("line_ends") == "crlf" else "lf"
    if text is None:
        text = builtin_text(_text(data, "from"))
    version = await run_in_threadpool(lambda: studio.folder.create(name, text, line_ends=ends))
    return {"name": name, "version": version}


async def copy(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    game_id = _text(data, "id")
    text = builtin_text(game_id)
    name = f"{game_id}.yaml"
    version = await run_in_threadpool(studio.folder.create, name, text)
    return {"name": name, "version": version}


async def rename(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    old, new = check_name(_text(data, "from")), check_name(_text(data, "to"))
    version = await run_in_threadpool(studio.folder.rename, old, new, _text(data, "version"))
    return {"name": new, "version": version}


async def delete(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    name = check_name(_text(data, "name"))
    kept = await run_in_threadpool(studio.folder.delete, name, _text(data, "version"))
    return {"kept": kept}


async def restore(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    name = await run_in_threadpool(studio.folder.restore, _text(data, "kept"))
    return {"name": name}


# -- previews, play, pages -----------------------------------------------------------------------


async def preview_text(studio: Studio, request: Request) -> Response:
    """Start a preview of the page's text: 202 at once, its parts as ``preview`` events."""
    data = await _body(request)
    client = _client(data)
    if not studio.hub.connected(client):
        raise Refused("open the event stream first (/api/events?client=...)", 409)
    name = check_name(_text(data, "name"))
    seq = _integer(data, "seq", 0, 0, 2**53)
    known = data.get("known")
    known = {str(k): str(v) for k, v in known.items()} if isinstance(known, dict) else {}
    args = (_text(data, "text"), name, _text(data, "lang"), str(studio.folder.root))
    job = studio.previews.submit(("preview", client), "preview", args, PREVIEW_SECONDS, "the preview")
    asyncio.get_running_loop().create_task(_forward(studio, client, seq, job, known))
    return _json({"seq": seq}, 202)


async def _forward(studio: Studio, client: str, seq: int, job: Any, known: dict[str, str]) -> None:
    """The parts of a preview job, as events: each picture kept under its digest, its
    cells sent only when they are not those the page says it has (``known``: slot ->
    digest of its cells)."""
    hub = studio.hub
    try:
        async for part in job.parts():
            event = {key: value for key, value in part.items() if key != "data"}
            if "data" in part:
                event["digest"] = studio.blobs.put(part["data"], part["type"])
            if "cells" in part:
                event["cells_digest"] = digest(json.dumps(part["cells"], separators=(",", ":")).encode())
                if known.get(part["slot"]) == event["cells_digest"]:
                    event["cells"] = None
            hub.publish(client, "preview", {"seq": seq, **event})
        hub.publish(client, "preview", {"seq": seq, "kind": "end"})
    except Cancelled:
        pass
    except (JobFailed, TimeLimit) as error:
        problem = getattr(error, "problem", None) or {"message": error.message, "line": None}
        hub.publish(client, "preview", {"seq": seq, "kind": "end", "error": problem})


async def play_move(studio: Studio, request: Request) -> dict[str, Any]:
    """A position of the page's text, with a move played on it: its picture, its cells
    and the moves from it."""
    data = await _body(request)
    client = _client(data)
    name = check_name(_text(data, "name"))
    position, move = _maybe_text(data, "position"), _maybe_text(data, "move")
    args = (_text(data, "text"), name, str(studio.folder.root), position, move)
    job = studio.previews.submit(("play", client), "play", args, PLAY_SECONDS, "the move", priority=0)
    part = await job.result()
    result = {key: value for key, value in part.items() if key != "data"}
    result["digest"] = studio.blobs.put(part["data"], part["type"])
    return result


async def sheet_page(studio: Studio, request: Request) -> dict[str, Any]:
    """A page of a sheet the page was sent (by the PDF's digest), drawn at ``dpi``."""
    data = await _body(request)
    client = _client(data)
    pdf = studio.blobs.get(_text(data, "pdf"))
    if pdf is None or pdf[1] != "application/pdf":
        raise Refused("no such sheet (a newer preview replaced it)", 404)
    args = (pdf[0], _integer(data, "index", 0, 0, 10_000), _integer(data, "dpi", 150, 30, 600))
    job = studio.previews.submit(("page", client), "page", args, PAGE_SECONDS, "drawing the page", priority=0)
    part = await job.result()
    return {
        "index": part["index"],
        "dpi": part["dpi"],
        "digest": studio.blobs.put(part["data"], part["type"]),
    }


async def download(studio: Studio, request: Request) -> Response:
    found = await run_in_threadpool(studio.source, request.path_params["where"], request.path_params["name"])
    name, text = found[0], found[1]
    file = request.path_params["file"]
    args = (text, name, file, str(studio.folder.root))
    job = studio.downloads.submit(None, "download", args, DOWNLOAD_SECONDS, f"making {file}")
    made = await job.result()
    if made["kind"] == "missing":
        return _json({"error": made["message"]}, 404)
    kind = mimetypes.guess_type(file)[0] or "application/octet-stream"
    headers = {**_HEADERS, "Content-Disposition": f'attachment; filename="{file}"'}
    return Response(made["data"], media_type=kind, headers=headers)


# -- facts -----------------------------------------------------------------------------------------


async def start_facts(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    client = data.get("client")
    name = check_name(_text(data, "name"))
    games_asked = _integer(data, "games", 2000, 2, FACTS_GAMES)
    seed = _integer(data, "seed", 0, 0, 2**63 - 1)
    loop = asyncio.get_running_loop()
    hub = studio.hub

    def report(status: dict[str, Any]) -> None:
        if isinstance(client, str):
            loop.call_soon_threadsafe(hub.publish, client, "facts", status)

    args = (_text(data, "text"), name, str(studio.folder.root), games_asked, seed)
    key = await run_in_threadpool(studio.facts.start, args, FACTS_SECONDS, report)
    return {"key": key}


async def facts_status(studio: Studio, request: Request) -> dict[str, Any]:
    return studio.facts.status(request.path_params["key"])


async def stop_facts(studio: Studio, request: Request) -> dict[str, Any]:
    status: dict[str, Any] = await run_in_threadpool(studio.facts.stop, request.path_params["key"])
    return status


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such route, wrong method) as JSON, like every other."""
    status = getattr(error, "status_code", 500)
    message = {404: "no such page", 405: "this address does not take that method"}.get(status, "refused")
    return _json({"error": message}, status)


def create_app(folder: Path, token: str, port: Callable[[], int]) -> tuple[Guard, Studio]:
    """The guarded application serving ``folder``, and its state (to close on exit).

    ``port`` gives the port the server listens on (known once it is bound), for the
    Host and Origin checks."""
    studio = Studio(folder, token)

    def route(path: str, handler: Handler, methods: tuple[str, ...] = ("GET",)) -> Route:
        return Route(path, _route(studio, handler), methods=list(methods))

    app = Starlette(
        routes=[
            route("/", page),
            route("/static/{name}", static),
            route("/api/hello", hello),
            route("/api/events", events),
            route("/api/games", games),
            route("/api/file/{where}/{name}", read_file),
            route("/api/file/mine/{name}", save_file, ("PUT",)),
            route("/api/new", new_file, ("POST",)),
            route("/api/copy", copy, ("POST",)),
            route("/api/rename", rename, ("POST",)),
            route("/api/delete", delete, ("POST",)),
            route("/api/restore", restore, ("POST",)),
            route("/api/preview", preview_text, ("POST",)),
            route("/api/play", play_move, ("POST",)),
            route("/api/page", sheet_page, ("POST",)),
            route("/api/blob/{digest}", blob),
            route("/api/facts", start_facts, ("POST",)),
            route("/api/facts/{key}", facts_status),
            route("/api/facts/{key}", stop_facts, ("DELETE",)),
            route("/download/{where}/{name}/{file}", download),
        ],
        exception_handlers={404: _http_error, 405: _http_error},
    )
    return Guard(app, token, port), studio
