"""The studio's HTTP side, through Starlette's TestClient: what it serves, what it saves,
and what it refuses (traversal, symbolic links out, another Host, Origin or site, no
token, huge or stalled bodies, a client leaving mid-body). The event stream and the
previews are tested on a real server (test_studio_live.py), the page in Chromium
(test_studio_browser.py)."""

from __future__ import annotations

import asyncio
import io
import os
import stat
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient

from boardgen.descriptor.builtin import builtin_dir
from boardgen.studio.app import create_app
from boardgen.studio.folder import version_of
from boardgen.studio.guard import MAX_BODY, Guard
from boardgen.studio.workers import FactsJobs
from tests.support.studio import shipped

PORT = 8765
TOKEN = "secret-token-for-tests"
BASE = f"http://127.0.0.1:{PORT}"


def mini_text(game_id: str = "mini") -> str:
    return shipped("american-checkers", game_id)


@pytest.fixture(scope="module")
def studio_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("studio")
    (folder / "mini.yaml").write_text(mini_text(), encoding="utf-8")
    outside = tmp_path_factory.mktemp("outside")
    (outside / "secret.yaml").write_text("id: secret\n", encoding="utf-8")
    (folder / "escape.yaml").symlink_to(outside / "secret.yaml")
    (folder / "alias.yaml").symlink_to(folder / "mini.yaml")
    (folder / "notes.txt").write_text("not a descriptor", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def client(studio_dir: Path) -> Iterator[TestClient]:
    app, studio = create_app(studio_dir, TOKEN, lambda: PORT)
    with TestClient(app, base_url=BASE) as test_client:
        test_client.headers["X-Studio-Token"] = TOKEN
        yield test_client
    studio.close()


def plain(client: TestClient) -> TestClient:
    """A client of the same app that sends no token."""
    return TestClient(client.app, base_url=BASE)


# -- what it serves --------------------------------------------------------------------------


def test_the_page_needs_the_token_and_sets_its_cookie(client: TestClient) -> None:
    anonymous = plain(client)
    assert anonymous.get("/").status_code == 403
    page = anonymous.get(f"/?token={TOKEN}")
    assert page.status_code == 200
    assert TOKEN in page.text and "boardgen studio" in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self';" in policy and "unsafe" not in policy
    nonce = policy.split("'nonce-")[1].split("'")[0]
    assert f'content="{nonce}"' in page.text  # the editor's style sheets carry it
    assert f"boardgen_studio_{PORT}" in page.headers["set-cookie"]
    assert "samesite=strict" in page.headers["set-cookie"].lower()
    # The cookie now carries the token for the scripts, the API and the downloads.
    for name in ("studio.js", "editor.js", "studio.css", "editor-licences.txt", "descriptor.schema.json"):
        assert anonymous.get(f"/static/{name}").status_code == 200, name
    assert "MIT" in anonymous.get("/static/editor-licences.txt").text
    assert anonymous.get("/api/games").status_code == 200
    assert anonymous.get("/?token=wrong").status_code == 200  # the cookie still holds
    assert plain(client).get("/?token=wrong").status_code == 403


def test_the_games_are_the_folders_descriptors_and_the_shipped_ones(client: TestClient) -> None:
    games = client.get("/api/games").json()
    mine = {game["name"]: game for game in games["mine"]}
    assert sorted(mine) == ["alias.yaml", "mini.yaml"]  # not escape.yaml (out of the folder), not notes.txt
    assert mine["alias.yaml"]["link"] == "mini.yaml" and mine["mini.yaml"]["link"] is None
    assert "american-checkers" in games["builtin"] and "catchup" in games["builtin"]
    shipped_game = client.get("/api/file/builtin/catchup").json()
    assert shipped_game["editable"] is False and "id: catchup" in shipped_game["text"]
    own = client.get("/api/file/mine/mini.yaml").json()
    assert own["editable"] is True and own["line_ends"] == "lf"
    assert own["version"] == version_of(own["text"].encode())
    alias = client.get("/api/file/mine/alias.yaml").json()  # shown read-only: saves through links are refused
    assert alias["editable"] is False and alias["link"] == "mini.yaml"


# -- hostile requests ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/api/file/mine/..%2F..%2Fetc%2Fpasswd",
        "/api/file/mine/%2Fetc%2Fpasswd",
        "/api/file/mine/.mini.yaml",
        "/api/file/mine/mini.yaml%00.txt",
        "/api/file/mine/notes.txt",
        "/api/file/mine/MINI.yaml",
        "/api/file/builtin/..%2Fpyproject",
        "/download/mine/..%2Fmini.yaml/rules-en.pdf",
        "/download/mine/mini.yaml/..%2F..%2Fetc%2Fpasswd",
        "/static/..%2Fapp.py",
        "/static/index.html%2F..%2F..%2Fwork.py",
        "/api/blob/..%2F..%2Fetc%2Fpasswd",
        "/api/blob/0123456789abcdef0123456789abcdef",
    ],
)
def test_no_path_leads_out_of_the_folder(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "error" in response.json()
    assert "root:" not in response.text


def test_a_symbolic_link_out_of_the_folder_is_not_followed(client: TestClient, studio_dir: Path) -> None:
    refused = client.get("/api/file/mine/escape.yaml")
    assert refused.status_code == 403
    assert "symbolic link" in refused.json()["error"]
    assert client.put("/api/file/mine/escape.yaml", json={"text": "x", "version": None}).status_code == 403
    # A link to a file of the folder is read, never written through.
    assert client.get("/api/file/mine/alias.yaml").json()["text"] == (studio_dir / "mini.yaml").read_text()
    version = client.get("/api/file/mine/alias.yaml").json()["version"]
    written = client.put("/api/file/mine/alias.yaml", json={"text": "x: 1\n", "version": version})
    assert written.status_code == 403
    assert (studio_dir / "escape.yaml").resolve().read_text() == "id: secret\n"


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Host": "evil.example:8765"}, 421),  # DNS rebinding: another name resolved to 127.0.0.1
        ({"Host": "127.0.0.1:9999"}, 421),
        ({"Host": "127.0.0.1.evil.example"}, 421),
        ({"Origin": "http://evil.example"}, 403),
        ({"Origin": "http://127.0.0.1:9999"}, 403),
        ({"Origin": "null"}, 403),
        ({"Sec-Fetch-Site": "cross-site"}, 403),
        ({"Sec-Fetch-Site": "same-site"}, 403),  # another port of 127.0.0.1 is the same *site*
    ],
)
def test_another_host_origin_or_site_is_refused(
    client: TestClient, headers: dict[str, str], status: int
) -> None:
    for method, path, body in (
        ("GET", "/api/file/mine/mini.yaml", None),
        ("GET", "/download/mine/mini.yaml/board.svg", None),  # a download loaded as an image elsewhere
        ("PUT", "/api/file/mine/mini.yaml", {"text": "x", "version": None}),
        ("POST", "/api/copy", {"id": "catchup"}),
    ):
        response = client.request(method, path, json=body, headers=headers)
        assert response.status_code == status, (method, path)
        assert "error" in response.json()


def test_the_studios_own_page_and_a_typed_address_pass(client: TestClient) -> None:
    for site in ("same-origin", "none"):
        assert client.get("/api/games", headers={"Sec-Fetch-Site": site}).status_code == 200


def test_a_change_needs_the_token_header_not_only_the_cookie(client: TestClient, studio_dir: Path) -> None:
    before = (studio_dir / "mini.yaml").read_bytes()
    browser = plain(client)
    browser.get(f"/?token={TOKEN}")  # the cookie is set, as for a cross-site form post
    response = browser.put("/api/file/mine/mini.yaml", json={"text": "hacked", "version": version_of(before)})
    assert response.status_code == 403
    assert (studio_dir / "mini.yaml").read_bytes() == before


def test_huge_bodies_are_refused(client: TestClient) -> None:
    huge = b'{"text": "' + b"x" * (MAX_BODY + 10) + b'"}'
    said = client.post("/api/preview", content=huge, headers={"Content-Type": "application/json"})
    assert said.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(MAX_BODY // 65536 + 2):
            yield b"x" * 65536

    streamed = client.post("/api/preview", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert "MiB" in streamed.json()["error"]


def test_bad_bodies_get_one_clean_line(client: TestClient) -> None:
    assert client.post("/api/preview", content=b"not json").status_code == 400
    assert client.post("/api/preview", json=[1, 2]).status_code == 400
    no_client = client.post("/api/preview", json={"text": "x", "name": "mini.yaml", "lang": "en"})
    assert no_client.status_code == 400 and "'client'" in no_client.json()["error"]
    no_stream = client.post("/api/preview", json={"client": "abcdefgh12", "text": "x", "name": "mini.yaml"})
    assert no_stream.status_code == 409 and "event stream" in no_stream.json()["error"]
    games = client.post("/api/facts", json={"text": "x", "name": "mini.yaml", "games": 10**9})
    assert games.status_code == 400
    renamed = client.post("/api/rename", json={"from": "mini.yaml", "to": "../x.yaml", "version": "0"})
    assert renamed.status_code == 404


def _asgi(app: Any, messages: list[dict[str, Any]], body_seconds: float) -> list[dict[str, Any]]:
    """Run one request through the guarded app with the body ``messages`` (then nothing:
    a client that stopped sending); what the app sent back."""
    guard = Guard(app.app, TOKEN, lambda: PORT, body_seconds=body_seconds)
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "method": "PUT",
        "path": "/api/file/mine/mini.yaml",
        "raw_path": b"/api/file/mine/mini.yaml",
        "query_string": b"",
        "headers": [(b"host", f"127.0.0.1:{PORT}".encode()), (b"x-studio-token", TOKEN.encode())],
        "scheme": "http",
        "server": ("127.0.0.1", PORT),
        "client": ("127.0.0.1", 5000),
        "http_version": "1.1",
        "root_path": "",
    }
    queue = list(messages)

    async def receive() -> dict[str, Any]:
        if queue:
            return queue.pop(0)
        await asyncio.sleep(3600)  # the body stops coming
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(asyncio.wait_for(guard(scope, receive, send), 30))
    return sent


def test_a_body_that_stops_coming_is_given_up_and_a_client_that_leaves_is_let_go(client: TestClient) -> None:
    half = [{"type": "http.request", "body": b'{"text": "id: mini', "more_body": True}]
    sent = _asgi(client.app, half, body_seconds=0.3)
    assert sent[0]["status"] == 408 and b"stopped coming" in sent[1]["body"]
    gone = [*half, {"type": "http.disconnect"}]
    sent = _asgi(client.app, gone, body_seconds=5)  # no exception, so no traceback on the terminal
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]


# -- saving, conflicts, files ---------------------------------------------------------------------


def test_saves_are_atomic_and_refused_over_a_newer_file(client: TestClient, studio_dir: Path) -> None:
    opened = client.get("/api/file/mine/mini.yaml").json()
    first = opened["text"].replace("cell_size: 40", "cell_size: 38", 1)
    saved = client.put("/api/file/mine/mini.yaml", json={"text": first, "version": opened["version"]})
    assert saved.status_code == 200
    assert (studio_dir / "mini.yaml").read_text() == first
    assert saved.json()["version"] == version_of(first.encode())
    # A second tab still holding the first version: refused, nothing lost.
    second = opened["text"].replace("cell_size: 40", "cell_size: 36", 1)
    conflict = client.put("/api/file/mine/mini.yaml", json={"text": second, "version": opened["version"]})
    assert conflict.status_code == 409
    assert "changed since you opened it" in conflict.json()["error"]
    assert conflict.json()["current"] == saved.json()["version"]
    assert (studio_dir / "mini.yaml").read_text() == first
    # Kept after comparing: saved over the version now on disk.
    kept = client.put(
        "/api/file/mine/mini.yaml", json={"text": second, "version": conflict.json()["current"]}
    )
    assert kept.status_code == 200 and (studio_dir / "mini.yaml").read_text() == second
    (studio_dir / "mini.yaml").write_text(opened["text"], encoding="utf-8")
    assert not [p for p in os.listdir(studio_dir) if p.endswith(".part")]


def test_a_save_keeps_the_files_mode_and_crlf_line_endings(client: TestClient, studio_dir: Path) -> None:
    path = studio_dir / "crlf.yaml"
    path.write_bytes(mini_text("crlf").replace("\n", "\r\n").encode())
    os.chmod(path, 0o600)
    opened = client.get("/api/file/mine/crlf.yaml").json()
    assert opened["line_ends"] == "crlf"
    text = (
        opened["text"].replace("\r\n", "\n").replace("cell_size: 40", "cell_size: 41")
    )  # as the editor sends it
    assert (
        client.put("/api/file/mine/crlf.yaml", json={"text": text, "version": opened["version"]}).status_code
        == 200
    )
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path.read_bytes() == text.replace("\n", "\r\n").encode()
    path.unlink()


def test_a_file_deleted_on_disk_can_be_saved_again(client: TestClient, studio_dir: Path) -> None:
    path = studio_dir / "gone.yaml"
    path.write_text(mini_text("gone"), "utf-8")
    opened = client.get("/api/file/mine/gone.yaml").json()
    path.unlink()  # another program deletes it while it is open
    refused = client.put(
        "/api/file/mine/gone.yaml", json={"text": opened["text"], "version": opened["version"]}
    )
    assert refused.status_code == 409 and refused.json()["current"] is None
    again = client.put("/api/file/mine/gone.yaml", json={"text": opened["text"], "version": None})
    assert again.status_code == 200 and path.read_text() == opened["text"]
    path.unlink()


def test_new_save_as_rename_delete_and_restore(client: TestClient, studio_dir: Path) -> None:
    made = client.post("/api/new", json={"name": "my-go.yaml", "from": "go-9"})
    assert made.status_code == 200 and "id: my-go\n" in (studio_dir / "my-go.yaml").read_text()
    again = client.post("/api/new", json={"name": "my-go.yaml", "from": "go-9"})
    assert again.status_code == 409 and "already exists" in again.json()["error"]
    copy = client.post(
        "/api/new", json={"name": "copy-go.yaml", "text": "id: my-go\nformat: 1\n", "line_ends": "crlf"}
    )
    assert (
        copy.status_code == 200
        and (studio_dir / "copy-go.yaml").read_bytes() == b"id: copy-go\r\nformat: 1\r\n"
    )
    renamed = client.post(
        "/api/rename", json={"from": "my-go.yaml", "to": "our-go.yaml", "version": made.json()["version"]}
    )
    assert renamed.status_code == 200 and "id: our-go\n" in (studio_dir / "our-go.yaml").read_text()
    assert not (studio_dir / "my-go.yaml").exists()
    deleted = client.post("/api/delete", json={"name": "our-go.yaml", "version": renamed.json()["version"]})
    kept = deleted.json()["kept"]
    assert deleted.status_code == 200 and (studio_dir / ".trash" / kept).exists()
    games = client.get("/api/games").json()
    assert "our-go.yaml" not in [g["name"] for g in games["mine"]]
    assert [t["name"] for t in games["trash"]] == ["our-go.yaml"]
    restored = client.post("/api/restore", json={"kept": kept})
    assert restored.status_code == 200 and (studio_dir / "our-go.yaml").exists()
    for name in ("our-go.yaml", "copy-go.yaml"):
        (studio_dir / name).unlink()


def test_a_shipped_game_is_copied_once(client: TestClient, studio_dir: Path) -> None:
    copied = client.post("/api/copy", json={"id": "catchup"})
    assert copied.status_code == 200 and copied.json()["name"] == "catchup.yaml"
    assert (studio_dir / "catchup.yaml").read_text() == (builtin_dir() / "catchup.yaml").read_text()
    again = client.post("/api/copy", json={"id": "catchup"})
    assert again.status_code == 409 and "already exists" in again.json()["error"]
    assert client.post("/api/copy", json={"id": "../secret"}).status_code == 404
    assert client.put("/api/file/builtin/catchup", json={"text": "x", "version": None}).status_code == 405
    (studio_dir / "catchup.yaml").unlink()


# -- downloads, facts ------------------------------------------------------------------------------


def test_downloads_are_the_files_of_the_saved_game(client: TestClient) -> None:
    pdf = client.get("/download/mine/mini.yaml/rules-de.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert 'filename="rules-de.pdf"' in pdf.headers["content-disposition"]
    svg = client.get("/download/builtin/catchup/board.svg")
    assert svg.status_code == 200 and b"<svg" in svg.content
    assert client.get("/download/mine/mini.yaml/rules-xx.pdf").status_code == 404
    packed = client.get("/download/builtin/catchup/catchup.zip")
    assert packed.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(packed.content)).namelist()
    assert (
        "catchup/catchup.yaml" in names and "catchup/rules-fr.pdf" in names and "catchup/board.svg" in names
    )
    assert client.get("/download/builtin/catchup/catchup.zip").content == packed.content  # deterministic
    laser = client.get("/download/mine/mini.yaml/board-laser.svg")
    assert laser.status_code == 200 and b"<svg" in laser.content
    stl = client.get("/download/builtin/catchup/pieces.stl")
    assert stl.status_code == 200 and len(stl.content) > 84


def _finished(client: TestClient, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        run: dict[str, Any] = client.get(f"/api/facts/{key}").json()
        if run["state"] != "running" or time.monotonic() > deadline:
            return run
        time.sleep(0.1)


def test_game_facts_run_in_a_worker_stop_on_request_and_refuse_a_print_only_game(client: TestClient) -> None:
    started = client.post(
        "/api/facts", json={"text": mini_text(), "name": "mini.yaml", "games": 24, "seed": 3}
    )
    run = _finished(client, started.json()["key"])
    assert run["state"] == "done", run
    figures = run["result"]
    assert figures["games_played"] == 24 and figures["seed"] == 3
    assert sum(p["games"] for p in figures["policies"].values()) == 24
    assert client.get("/api/facts/nonsense").status_code == 404
    long = client.post("/api/facts", json={"text": mini_text(), "name": "mini.yaml", "games": 10_000})
    stopped = client.delete(f"/api/facts/{long.json()['key']}").json()
    assert stopped["state"] == "stopped"
    fox = client.post(
        "/api/facts", json={"text": shipped("fox-and-geese", "mini"), "name": "mini.yaml", "games": 10}
    )
    refused = _finished(client, fox.json()["key"])
    assert refused["state"] == "error" and "no rules engine plays this game" in refused["error"]["message"]


def test_starting_facts_does_not_hold_other_requests(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starting a process takes time: it happens in a thread, and other requests are
    answered meanwhile (the order of the answers shows it, whatever the machine's speed)."""
    real = FactsJobs.start
    entered = threading.Event()

    def slow(self: FactsJobs, *args: Any) -> str:
        entered.set()
        time.sleep(2)
        return real(self, *args)

    monkeypatch.setattr(FactsJobs, "start", slow)
    order: list[str] = []

    def facts() -> None:
        client.post("/api/facts", json={"text": mini_text(), "name": "mini.yaml", "games": 2})
        order.append("facts")

    thread = threading.Thread(target=facts)
    thread.start()
    assert entered.wait(30)
    assert client.get("/api/hello").status_code == 200
    order.append("hello")
    thread.join(60)
    assert order == ["hello", "facts"]
