"""The studio's web application: the page, its JSON API and the downloads.

Routes (every one behind :class:`~.guard.Guard`):

* ``GET /`` the page; ``GET /static/NAME`` its script and style (shipped in the package);
* ``GET /api/games`` the folder's games and the shipped ones; ``GET /api/versions`` the
  folder's files and their versions (the page polls it to see changes on disk);
* ``GET /api/file/mine/NAME``, ``GET /api/file/builtin/ID`` a descriptor and its version;
  ``PUT /api/file/mine/NAME`` saves (``{"text", "version"}``; 409 on a newer file);
  ``POST /api/copy`` copies a shipped game into the folder;
* ``POST /api/preview`` pictures and pages of a text, or its located error;
* ``GET /download/mine|builtin/NAME/FILE`` a file of the saved game, or ``<id>.zip``;
* ``POST /api/facts`` starts game facts; ``GET /api/facts/KEY`` its progress and figures.
"""

from __future__ import annotations

__all__ = ["DOWNLOAD_SECONDS", "FACTS_GAMES", "FACTS_SECONDS", "PREVIEW_SECONDS", "Studio", "create_app"]

import json
import mimetypes
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..errors import BoardgenError
from ..texts import languages
from .folder import Conflict, Folder, Refused, builtin_ids, builtin_text, check_name, version_of
from .guard import Guard, cookie_name
from .work import preview, render_download
from .workers import FactsJobs, Worker

#: Time limits of one request's work, in seconds (docs/reference/limits.md).
PREVIEW_SECONDS = 20.0
DOWNLOAD_SECONDS = 90.0
FACTS_SECONDS = 60.0
#: Games a facts run may play from the page.
FACTS_GAMES = 10_000

_STATIC = ("studio.js", "studio.css")
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Studio:
    """The state behind the routes: the folder, the workers and the facts runs."""

    def __init__(self, folder: Path, token: str) -> None:
        self.folder = Folder(folder)
        self.token = token
        self.previews = Worker("preview")
        self.downloads = Worker("download")
        self.facts = FactsJobs()

    def close(self) -> None:
        self.previews.close()
        self.downloads.close()
        self.facts.close()

    # -- reading what a request names -------------------------------------------------

    def source(self, where: str, name: str) -> tuple[str, str, str, bool]:
        """(file name, text, version, editable) of ``mine/NAME`` or ``builtin/ID``."""
        if where == "mine":
            data, version = self.folder.read(name)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise Refused(f"{name}: not UTF-8 text", 400) from None
            return name, text, version, True
        if where == "builtin":
            text = builtin_text(name)
            return f"{name}.yaml", text, version_of(text.encode("utf-8")), False
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


def _integer(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{key!r} must be a whole number from {low:,} to {high:,}", 400)
    return value


Handler = Callable[[Studio, Request], Any]


def _route(studio: Studio, handler: Handler) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        try:
            result = await handler(studio, request)
        except Conflict as conflict:
            return _json({"error": conflict.message, "current": conflict.current}, 409)
        except Refused as refused:
            return _json({"error": refused.message}, refused.status)
        except BoardgenError as error:
            return _json({"error": str(error)}, 400)
        return result if isinstance(result, Response) else _json(result)

    return endpoint


# -- the routes ------------------------------------------------------------------------------


async def page(studio: Studio, request: Request) -> Response:
    html = resources.files(__package__).joinpath("static", "index.html").read_text(encoding="utf-8")
    html = html.replace("{{token}}", studio.token).replace("{{languages}}", ",".join(languages()))
    response = HTMLResponse(html, headers=_HEADERS)
    port = request.url.port or 80
    response.set_cookie(cookie_name(port), studio.token, httponly=True, samesite="strict", path="/")
    return response


async def static(studio: Studio, request: Request) -> Response:
    name = request.path_params["name"]
    if name not in _STATIC:
        raise Refused("no such file", 404)
    data = resources.files(__package__).joinpath("static", name).read_bytes()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return Response(data, media_type=kind, headers=_HEADERS)


async def games(studio: Studio, request: Request) -> dict[str, Any]:
    mine = [{"name": name, "version": studio.folder.version(name)} for name in studio.folder.names()]
    return {"folder": str(studio.folder.root), "mine": mine, "builtin": builtin_ids()}


async def versions(studio: Studio, request: Request) -> dict[str, Any]:
    return {"mine": {name: studio.folder.version(name) for name in studio.folder.names()}}


async def read_file(studio: Studio, request: Request) -> dict[str, Any]:
    name, text, version, editable = studio.source(request.path_params["where"], request.path_params["name"])
    return {"name": name, "text": text, "version": version, "editable": editable}


async def save_file(studio: Studio, request: Request) -> dict[str, Any]:
    name = check_name(request.path_params["name"])
    data = await _body(request)
    expected = data.get("version")
    if expected is not None and not isinstance(expected, str):
        raise Refused("'version' must be text or null", 400)
    version = await run_in_threadpool(studio.folder.save, name, _text(data, "text"), expected)
    return {"name": name, "version": version}


async def copy(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    game_id = _text(data, "id")
    text = builtin_text(game_id)
    name = f"{game_id}.yaml"
    version = await run_in_threadpool(studio.folder.save, name, text, None)
    return {"name": name, "version": version}


async def preview_text(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    name = check_name(_text(data, "name"))
    lang = _text(data, "lang")
    result: dict[str, Any] = await run_in_threadpool(
        studio.previews.run, "the preview", preview, (_text(data, "text"), name, lang), PREVIEW_SECONDS
    )
    return result


async def download(studio: Studio, request: Request) -> Response:
    name, text, _, _ = studio.source(request.path_params["where"], request.path_params["name"])
    file = request.path_params["file"]
    made: dict[str, Any] = await run_in_threadpool(
        studio.downloads.run, f"making {file}", render_download, (text, name, file), DOWNLOAD_SECONDS
    )
    if not made["ok"]:
        status = 404 if made.get("missing") else 400
        return _json({"error": made["error"].get("text") or made["error"]["message"]}, status)
    kind = mimetypes.guess_type(file)[0] or "application/octet-stream"
    headers = {**_HEADERS, "Content-Disposition": f'attachment; filename="{file}"'}
    return Response(made["data"], media_type=kind, headers=headers)


async def start_facts(studio: Studio, request: Request) -> dict[str, Any]:
    data = await _body(request)
    name = check_name(_text(data, "name"))
    games_asked = _integer(data, "games", 2000, 2, FACTS_GAMES)
    seed = _integer(data, "seed", 0, 0, 2**63 - 1)
    key = studio.facts.start(_text(data, "text"), name, games_asked, seed, FACTS_SECONDS)
    return {"key": key}


async def facts_status(studio: Studio, request: Request) -> dict[str, Any]:
    return studio.facts.status(request.path_params["key"])


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
            route("/api/games", games),
            route("/api/versions", versions),
            route("/api/file/{where}/{name}", read_file),
            route("/api/file/mine/{name}", save_file, ("PUT",)),
            route("/api/copy", copy, ("POST",)),
            route("/api/preview", preview_text, ("POST",)),
            route("/api/facts", start_facts, ("POST",)),
            route("/api/facts/{key}", facts_status),
            route("/download/{where}/{name}/{file}", download),
        ],
        exception_handlers={404: _http_error, 405: _http_error},
    )
    return Guard(app, token, port), studio
