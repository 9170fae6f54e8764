"""The studio as a server, started for real (``boardgen serve DIR --port 0``): a page's
event stream (server-sent events, not polling), previews in parts named by digest (an
unchanged picture keeps its name and is not sent again), a newer text cancelling an
older one, every hostile descriptor answered with its located line, moves played and
pages drawn to read, connections that send nothing or stop half-way closed, a client
leaving mid-body without a traceback on the terminal, and workers that end with the
studio even when it is killed."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from tests.support.studio import Events, Studio, serving, shipped
from tests.support.tools import DATA

HOSTILE = DATA / "hostile"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Studio]:
    where = tmp_path_factory.mktemp("designs")
    with serving(where) as running:
        yield running


@pytest.fixture(scope="module")
def folder(studio: Studio) -> Path:
    return studio.folder


@pytest.fixture
def events(studio: Studio) -> Iterator[Events]:
    stream = studio.events()
    yield stream
    stream.close()


def test_the_stream_says_hello_with_the_folder_and_its_files(studio: Studio, events: Events) -> None:
    _, hello, _ = events.wait(lambda n, d: n == "hello")
    assert hello["folder"] == str(studio.folder.resolve())
    assert [f["name"] for f in hello["mine"]] == ["mini.yaml"] and hello["trash"] == []
    assert studio.http.get("/api/hello").json()["instance"] == hello["instance"]


def test_a_change_on_disk_comes_as_an_event(studio: Studio, events: Events, folder: Path) -> None:
    events.wait(lambda n, d: n == "hello")
    (folder / "other.yaml").write_text(shipped("go-9", "other"), encoding="utf-8")
    events.wait(lambda n, d: n == "files" and "other.yaml" in [f["name"] for f in d["mine"]])
    (folder / "other.yaml").unlink()
    events.wait(lambda n, d: n == "files" and "other.yaml" not in [f["name"] for f in d["mine"]])


def test_a_preview_comes_in_parts_and_unchanged_pictures_keep_their_name(
    studio: Studio, events: Events
) -> None:
    text = shipped("american-checkers", "mini")
    parts = events.preview(studio.preview(events, text, 1))
    kinds = [(p["kind"], p.get("slot")) for p in parts]
    assert kinds[:4] == [("game", None), ("picture", "board"), ("picture", "start"), ("checks", None)]
    assert kinds[-1] == ("end", None) and ("sheet", "rules") in kinds
    board = parts[1]
    assert "data" not in board and len(board["digest"]) == 32 and board["cells"]["at"]
    picture = studio.http.get(f"/api/blob/{board['digest']}")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/svg+xml"
    assert "immutable" in picture.headers["cache-control"]  # the browser never fetches it twice
    # a change to the rule sheet only: the board keeps its name, its cells are not sent again
    known = {"board": board["cells_digest"]}
    again = events.preview(
        studio.preview(events, text.replace("man_steps:", "man_steps:  ", 1), 2, known=known)
    )
    second = next(p for p in again if p.get("slot") == "board" and p["kind"] == "picture")
    assert second["digest"] == board["digest"] and second["cells"] is None
    pdf = next(p for p in again if p["kind"] == "sheet" and p["slot"] == "rules")
    download = studio.http.get(f"/api/blob/{pdf['digest']}?download=rules-en.pdf")
    assert (
        download.content.startswith(b"%PDF")
        and 'filename="rules-en.pdf"' in download.headers["content-disposition"]
    )


def test_a_newer_text_cancels_the_older_preview(studio: Studio, events: Events) -> None:
    slow = shipped("go-19", "mini")
    text = shipped("american-checkers", "mini")
    studio.preview(events, slow, 10)
    events.wait(lambda n, d: n == "preview" and d["seq"] == 10 and d["kind"] == "picture")
    for seq in (11, 12, 13):  # typing on
        studio.preview(events, text.replace("cell_size: 40", f"cell_size: {30 + seq}"), seq)
    last = events.preview(13)
    assert last[-1]["kind"] == "end"
    time.sleep(1)
    kinds = {(d["seq"], d["kind"]) for n, d, _ in events.seen if n == "preview"}
    assert (10, "end") not in kinds and (11, "end") not in kinds and (12, "end") not in kinds


def test_a_save_is_answered_while_previews_are_drawn(studio: Studio) -> None:
    """Previews wait for a worker, not for the server: four pages' previews of Go 19x19
    at once (two drawn, two queued) and a save meanwhile, answered before they end."""
    streams = [studio.events() for _ in range(4)]
    try:
        go = shipped("go-19", "mini")
        for n, stream in enumerate(streams):
            studio.preview(stream, go.replace("#e3c58e", f"#e3c5{n}{n}"), 1)
        opened = studio.http.get("/api/file/mine/mini.yaml").json()
        saved = studio.http.put(
            "/api/file/mine/mini.yaml", json={"text": opened["text"], "version": opened["version"]}
        )
        saved_at = time.monotonic()
        assert saved.status_code == 200
        ends = [stream.wait(lambda n, d: n == "preview" and d["kind"] == "end")[2] for stream in streams]
        assert saved_at < max(ends)
    finally:
        for stream in streams:
            stream.close()


def test_every_hostile_descriptor_gets_its_located_line(studio: Studio, events: Events) -> None:
    """Each descriptor of tests/data/hostile: the first error is the line the command line
    gives (a fine one gets its checks passed); the next text cancels what is left."""
    expected = [
        row.split("\t") for row in (HOSTILE / "EXPECTED.tsv").read_text(encoding="utf-8").splitlines()
    ]
    for seq, (name, status, line) in enumerate(sorted(expected), start=100):
        text = (HOSTILE / name).read_bytes().decode("utf-8", errors="surrogatepass")
        body = json.dumps({"client": events.client, "seq": seq, "text": text, "name": name, "lang": "en"})
        answer = studio.http.post(
            "/api/preview",
            content=body.encode("utf-8", "surrogatepass"),
            headers={"Content-Type": "application/json"},
        )
        if answer.status_code == 400:  # the text could not even travel as JSON (a lone surrogate)
            continue
        assert answer.status_code == 202, name

        def said(n: str, d: dict[str, Any], seq: int = seq) -> bool:
            return (
                n == "preview"
                and d["seq"] == seq
                and ((d["kind"] == "game" and not d["ok"]) or d["kind"] in ("checks", "end"))
            )

        _, part, _ = events.wait(said, timeout=120)
        if status == "0":
            assert part["kind"] == "checks" and not [
                p for p in part["problems"] if p["severity"] == "error"
            ], name
            continue
        problems = part.get("problems") or [part.get("error")]
        first = next(p for p in problems if p["severity"] == "error" and p["source"] == "boardgen")
        assert first["text"] == line, name
        assert first["line"] == int(line.split(":")[1]), name


def test_a_python_tag_is_refused_not_run(studio: Studio, events: Events, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    text = (
        shipped("american-checkers", "mini") + f'\nhack: !!python/object/apply:os.system ["touch {marker}"]\n'
    )
    parts = events.preview(studio.preview(events, text, 1))
    assert parts[0]["ok"] is False and "tag" in parts[0]["problems"][0]["message"]
    assert not marker.exists()


def test_moves_are_played_and_pages_drawn_to_read(studio: Studio, events: Events) -> None:
    text = shipped("american-checkers", "mini")
    body = {"client": events.client, "text": text, "name": "mini.yaml", "position": None, "move": "11-15"}
    played = studio.http.post("/api/play", json=body).json()
    assert played["played"] == "11-15" and played["turn"] == "white" and len(played["digest"]) == 32
    wrong = studio.http.post("/api/play", json={**body, "move": "11-17"})
    assert wrong.status_code == 400 and "not legal here" in wrong.json()["error"]
    parts = events.preview(studio.preview(events, text, 1))
    rules = next(p for p in parts if p["kind"] == "sheet" and p["slot"] == "rules")
    page = {"client": events.client, "pdf": rules["digest"], "index": 1, "dpi": 150}
    drawn = studio.http.post("/api/page", json=page).json()
    assert drawn["index"] == 1 and drawn["dpi"] == 150
    image = studio.http.get(f"/api/blob/{drawn['digest']}").content
    assert (
        image.startswith(b"\x89PNG") and abs(int.from_bytes(image[16:20], "big") - 210 / 25.4 * 150) < 2
    )  # A4 at 150 dpi
    missing = studio.http.post("/api/page", json={**page, "index": rules["pages"]})
    assert missing.status_code == 400 and "no page" in missing.json()["error"]


def _silent(port: int, data: bytes) -> float | None:
    """Seconds until the studio closes a connection that sent ``data`` and then nothing
    (None: still open after 30 s)."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(data)
        sock.settimeout(30)
        began = time.monotonic()
        try:
            while sock.recv(4096):
                pass
        except TimeoutError:
            return None
        return time.monotonic() - began


def test_connections_that_send_nothing_or_stop_half_way_are_closed(studio: Studio) -> None:
    """An idle connection, a request head never finished, a body that stops: each is
    closed (after 5 s, 5 s, and a 408 at 5 s: HEAD_SECONDS and BODY_SECONDS)."""
    host = f"Host: 127.0.0.1:{studio.port}\r\n".encode()
    head = (
        b"PUT /api/file/mine/mini.yaml HTTP/1.1\r\n" + host + f"X-Studio-Token: {studio.token}\r\n".encode()
    )
    cases = [b"", b"GET / HTTP/1.1\r\n" + host, head + b"Content-Length: 100\r\n\r\n{"]
    found: dict[bytes, float | None] = {}
    threads = [
        threading.Thread(target=lambda c=case: found.update({c: _silent(studio.port, c)})) for case in cases
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(found[case] is not None for case in cases), found


def test_a_client_leaving_mid_body_leaves_no_traceback(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "mini.yaml").write_text(shipped("american-checkers", "mini"), encoding="utf-8")
    alone = Studio(tmp_path)
    try:
        head = (
            f"PUT /api/file/mine/mini.yaml HTTP/1.1\r\nHost: 127.0.0.1:{alone.port}\r\n"
            f"X-Studio-Token: {alone.token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"
        )
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", alone.port)) as sock:
                sock.sendall(head.encode() + b'{"text": "id: mini')
                time.sleep(0.2)  # the request reaches the route, which waits for the rest
        assert alone.http.get("/api/hello").status_code == 200
    finally:
        said = alone.stop()
    assert "Traceback" not in said and "Error" not in said, said


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
    (tmp_path / "mini.yaml").write_text(shipped("american-checkers", "mini"), encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgen.studio", str(tmp_path), "--port", "0"],
        stdout=subprocess.PIPE,
        env={**os.environ, "STUDIO_TEST": str(tmp_path)},
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        base, token = url.split("/?token=")
        import httpx2

        body = {"text": shipped("american-checkers", "mini"), "name": "mini.yaml", "games": 10_000}
        answer = httpx2.post(f"{base}/api/facts", json=body, headers={"X-Studio-Token": token}, timeout=60)
        assert answer.status_code == 200
        deadline = time.monotonic() + 60
        while len(_studio_workers(tmp_path)) < 4 and time.monotonic() < deadline:
            time.sleep(0.2)  # the fork server, two preview workers, a download worker, the facts run
        assert len(_studio_workers(tmp_path)) >= 4
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    deadline = time.monotonic() + 20
    while _studio_workers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _studio_workers(tmp_path)
