"""The studio's HTTP side, through Starlette's TestClient: what it serves, what it saves,
and what it refuses (traversal, symbolic links out, another Host or Origin, no token,
huge bodies, descriptors that explode). The page itself is driven in Chromium in
tests/studio/test_studio_browser.py."""

from __future__ import annotations

import io
import json
import os
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient

from boardgen.descriptor.builtin import builtin_dir
from boardgen.studio.app import create_app
from boardgen.studio.folder import version_of
from boardgen.studio.guard import MAX_BODY
from boardgen.studio.workers import TimeLimit, Worker

PORT = 8765
TOKEN = "secret-token-for-tests"
BASE = f"http://127.0.0.1:{PORT}"
HOSTILE = Path(__file__).parents[1] / "data" / "hostile"


def mini_text(game_id: str = "mini") -> str:
    text = (builtin_dir() / "american-checkers.yaml").read_text(encoding="utf-8")
    return text.replace("id: american-checkers", f"id: {game_id}", 1)


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
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert f"boardgen_studio_{PORT}" in page.headers["set-cookie"]
    assert "samesite=strict" in page.headers["set-cookie"].lower()
    # The cookie now carries the token for the script, the API and the downloads.
    assert anonymous.get("/static/studio.js").status_code == 200
    assert anonymous.get("/api/games").status_code == 200
    assert anonymous.get("/?token=wrong").status_code == 200  # the cookie still holds
    assert plain(client).get("/?token=wrong").status_code == 403


def test_the_games_are_the_folders_descriptors_and_the_shipped_ones(client: TestClient) -> None:
    games = client.get("/api/games").json()
    names = [game["name"] for game in games["mine"]]
    assert names == ["alias.yaml", "mini.yaml"]  # not escape.yaml (out of the folder), not notes.txt
    assert "american-checkers" in games["builtin"] and "catchup" in games["builtin"]
    shipped = client.get("/api/file/builtin/catchup").json()
    assert shipped["editable"] is False and "id: catchup" in shipped["text"]
    mine = client.get("/api/file/mine/mini.yaml").json()
    assert mine["editable"] is True
    assert mine["version"] == version_of(mine["text"].encode())


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
    ],
)
def test_another_host_or_origin_is_refused(client: TestClient, headers: dict[str, str], status: int) -> None:
    for method, path, body in (
        ("GET", "/api/file/mine/mini.yaml", None),
        ("PUT", "/api/file/mine/mini.yaml", {"text": "x", "version": None}),
        ("POST", "/api/copy", {"id": "catchup"}),
    ):
        response = client.request(method, path, json=body, headers=headers)
        assert response.status_code == status, (method, path)
        assert "error" in response.json()


def test_a_change_needs_the_token_header_not_only_the_cookie(client: TestClient, studio_dir: Path) -> None:
    before = (studio_dir / "mini.yaml").read_bytes()
    browser = plain(client)
    browser.get(f"/?token={TOKEN}")  # the cookie is set, as for a cross-site form post
    response = browser.put("/api/file/mine/mini.yaml", json={"text": "hacked", "version": version_of(before)})
    assert response.status_code == 403
    cross_site = client.put(
        "/api/file/mine/mini.yaml",
        json={"text": "hacked", "version": version_of(before)},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert cross_site.status_code == 403
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
    bad = client.post("/api/preview", json={"text": 3, "name": "mini.yaml", "lang": "en"})
    assert bad.status_code == 400 and "'text' must be text" in bad.json()["error"]
    name = client.post("/api/preview", json={"text": "x", "name": "../x.yaml", "lang": "en"})
    assert name.status_code == 404
    games = client.post("/api/facts", json={"text": "x", "name": "mini.yaml", "games": 10**9})
    assert games.status_code == 400


def test_descriptors_that_explode_get_their_located_line(client: TestClient) -> None:
    """Every hostile descriptor of tests/data/hostile, previewed: the line the command
    line gives, as a located error for the editor (or a preview when it is fine)."""
    expected = {}
    for row in (HOSTILE / "EXPECTED.tsv").read_text(encoding="utf-8").splitlines():
        name, status, line = row.split("\t")
        expected[name] = (int(status), line)
    for name, (status, line) in sorted(expected.items()):
        text = (HOSTILE / name).read_bytes().decode("utf-8", errors="surrogatepass")
        answer = client.post(
            "/api/preview",
            content=json.dumps({"text": text, "name": name, "lang": "en"}).encode("utf-8", "surrogatepass"),
            headers={"Content-Type": "application/json"},
        )
        assert answer.status_code in (200, 400), name
        if answer.status_code == 400:  # the text could not even travel as JSON (a lone surrogate)
            continue
        result = answer.json()
        if status == 0:
            assert result["ok"], name
            continue
        assert not result["ok"], name
        assert result["error"]["text"] == line, name
        assert result["error"]["line"] == int(line.split(":")[1]), name


def test_a_python_tag_is_refused_not_run(client: TestClient, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = mini_text() + f'\nhack: !!python/object/apply:os.system ["touch {marker}"]\n'
    result = client.post("/api/preview", json={"text": text, "name": "mini.yaml", "lang": "en"}).json()
    assert not result["ok"]
    assert "tag" in result["error"]["message"]
    assert not marker.exists()


def test_work_over_its_time_limit_is_stopped_and_the_worker_replaced() -> None:
    worker = Worker("test")
    try:
        began = time.monotonic()
        with pytest.raises(TimeLimit, match=r"took longer than 0\.5 s"):
            worker.run("sleeping", time.sleep, (30,), 0.5)
        assert time.monotonic() - began < 20
        assert worker.run("adding", sum, ([1, 2, 3],), 20) == 6
    finally:
        worker.close()


# -- saving, conflicts, copies -------------------------------------------------------------------


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
    # Another program changes the file: the page sees a new version.
    (studio_dir / "mini.yaml").write_text(opened["text"], encoding="utf-8")
    assert client.get("/api/versions").json()["mine"]["mini.yaml"] == opened["version"]
    assert not [p for p in os.listdir(studio_dir) if p.endswith(".part")]


def test_a_shipped_game_is_copied_once(client: TestClient, studio_dir: Path) -> None:
    copied = client.post("/api/copy", json={"id": "catchup"})
    assert copied.status_code == 200 and copied.json()["name"] == "catchup.yaml"
    assert (studio_dir / "catchup.yaml").read_text() == (builtin_dir() / "catchup.yaml").read_text()
    again = client.post("/api/copy", json={"id": "catchup"})
    assert again.status_code == 409 and "already exists" in again.json()["error"]
    assert client.post("/api/copy", json={"id": "../secret"}).status_code == 404
    assert client.put("/api/file/builtin/catchup", json={"text": "x", "version": None}).status_code == 405
    (studio_dir / "catchup.yaml").unlink()


# -- previews, downloads, facts ------------------------------------------------------------------


def test_a_preview_shows_every_picture_in_the_language_asked(client: TestClient) -> None:
    result = client.post("/api/preview", json={"text": mini_text(), "name": "mini.yaml", "lang": "fr"}).json()
    assert result["ok"] and result["lang"] == "fr" and result["title"].startswith("Dames anglaises")
    assert result["board"].startswith("data:image/svg+xml;base64,")
    assert result["pieces"] and all(page.startswith("data:image/png;base64,") for page in result["pieces"])
    assert len(result["rules"]) >= 2
    assert "rules-fr.pdf" in result["files"]
    unknown = client.post(
        "/api/preview", json={"text": mini_text(), "name": "mini.yaml", "lang": "xx"}
    ).json()
    assert unknown["lang"] == "en"


def test_a_mistake_is_located_at_its_line(client: TestClient) -> None:
    text = mini_text().replace("  width: 8\n", "  width: eight\n", 1)
    line = text.splitlines().index("  width: eight") + 1
    result = client.post("/api/preview", json={"text": text, "name": "mini.yaml", "lang": "en"}).json()
    assert not result["ok"]
    assert result["error"]["line"] == line
    assert result["error"]["key"] == "board.width"
    assert result["error"]["text"].startswith(f"mini.yaml:{line}:")


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


def test_maker_files_are_offered_and_made(client: TestClient) -> None:
    files = client.post("/api/preview", json={"text": mini_text(), "name": "mini.yaml", "lang": "en"}).json()
    assert {"board-laser.svg", "pieces-laser.svg", "board.stl", "pieces.stl"} <= set(files["files"])
    laser = client.get("/download/mine/mini.yaml/board-laser.svg")
    assert laser.status_code == 200 and b"<svg" in laser.content
    stl = client.get("/download/builtin/catchup/pieces.stl")
    assert stl.status_code == 200 and len(stl.content) > 84


def test_game_facts_run_in_a_worker_and_report_progress(client: TestClient) -> None:
    started = client.post(
        "/api/facts", json={"text": mini_text(), "name": "mini.yaml", "games": 24, "seed": 3}
    )
    key = started.json()["key"]
    deadline = time.monotonic() + 120
    while True:
        run = client.get(f"/api/facts/{key}").json()
        if run["state"] != "running" or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert run["state"] == "done", run
    figures = run["result"]
    assert figures["games_played"] == 24 and figures["seed"] == 3
    assert sum(p["games"] for p in figures["policies"].values()) == 24
    assert client.get("/api/facts/nonsense").status_code == 404


def _studio_workers(folder: Path) -> set[int]:
    """Processes of the fork server started for this studio (named in its command line)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if b"boardgen.studio.work" in command and f"STUDIO_TEST={folder}".encode() in environ:
            found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux /proc")
def test_the_workers_end_with_the_studio_even_when_it_is_killed(tmp_path: Path) -> None:
    """A facts run still playing when the studio is killed (SIGKILL: no clean-up at all)
    ends within seconds, rather than playing on to its time limit."""
    import signal
    import subprocess
    import sys
    import urllib.request

    (tmp_path / "mini.yaml").write_text(mini_text(), encoding="utf-8")
    studio = subprocess.Popen(
        [sys.executable, "-m", "boardgen.studio", str(tmp_path), "--port", "0"],
        stdout=subprocess.PIPE,
        env={**os.environ, "STUDIO_TEST": str(tmp_path)},
        text=True,
    )
    try:
        assert studio.stdout is not None
        url = studio.stdout.readline().strip()
        base, token = url.split("/?token=")
        body = json.dumps({"text": mini_text(), "name": "mini.yaml", "games": 10_000}).encode()
        request = urllib.request.Request(
            f"{base}/api/facts",
            data=body,
            headers={"X-Studio-Token": token, "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.status == 200
        deadline = time.monotonic() + 60
        while len(_studio_workers(tmp_path)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)  # the fork server, the preview worker and the facts run
        assert len(_studio_workers(tmp_path)) >= 3
    finally:
        studio.send_signal(signal.SIGKILL)
        studio.wait()
    deadline = time.monotonic() + 20
    while _studio_workers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _studio_workers(tmp_path)
