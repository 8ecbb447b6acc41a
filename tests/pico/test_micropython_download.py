"""MicroPython obtained once into a cache: downloaded from a web server on this
machine that serves the pinned build as micropython.org serves its releases,
kept only when its SHA-256 is a pinned build's. Nothing here reaches the
internet."""

import hashlib
import http.server
import threading
from pathlib import Path

import pytest

from marbleboard.pico import image
from marbleboard.pico.image import (
    ENV_DIR,
    PINNED,
    MicroPythonMissing,
    MicroPythonRefused,
    download_micropython,
    micropython_uf2,
)
from marbleboard.sim.emulated import micropython_dir

RP2040 = PINNED["rp2040"]


@pytest.fixture(scope="module")
def stock() -> bytes:
    folder = micropython_dir()
    if folder is None:
        pytest.skip(f"no {RP2040.file} in ../shared/micropython or ${ENV_DIR}")
    return (folder / RP2040.file).read_bytes()


class Site:
    """A web server on 127.0.0.1 serving files by path, counting requests."""

    def __init__(self, files: dict[str, bytes]):
        self.files = files
        self.requests: list[str] = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                site.requests.append(self.path)
                body = site.files.get(self.path)
                if body is None:
                    self.send_error(404, "Not Found")
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def leftovers(cache: Path) -> list[str]:
    return sorted(p.name for p in cache.iterdir()) if cache.exists() else []


def test_the_pinned_build_is_downloaded_once_into_the_cache(stock, tmp_path):
    cache = tmp_path / "cache"
    with Site({RP2040.download: stock}) as site:
        got = download_micropython("rp2040", site=site.url, cache=cache)
        assert got == cache / "RPI_PICO-20260406-v1.28.0.uf2"
        assert got.read_bytes() == stock
        again = download_micropython("rp2040", site=site.url, cache=cache)
    assert again == got
    assert site.requests == [RP2040.download]  # the second time, from the cache
    assert leftovers(cache) == [got.name]


def test_a_download_that_is_not_a_pinned_build_is_refused_and_nothing_is_kept(stock,
                                                                             tmp_path):
    cache = tmp_path / "cache"
    other = stock[:-512] + b"\x00" * 512  # another build: one block differs
    with Site({RP2040.download: other}) as site, pytest.raises(MicroPythonRefused) as refused:
        download_micropython("rp2040", site=site.url, cache=cache)
    message = str(refused.value)
    assert f"{site.url}{RP2040.download} is not the MicroPython v1.28.0" in message
    assert hashlib.sha256(other).hexdigest() in message
    assert "nothing was kept" in message
    assert leftovers(cache) == []


def test_a_file_the_site_does_not_have_says_where_it_looked(tmp_path):
    with Site({}) as site, pytest.raises(MicroPythonMissing, match="could not") as missing:
        download_micropython("rp2040", site=site.url, cache=tmp_path / "cache")
    assert f"{site.url}{RP2040.download} (Not Found)" in str(missing.value)
    assert "--micropython FILE" in str(missing.value)
    assert leftovers(tmp_path / "cache") == []


def test_no_network_says_so_and_how_to_go_on(tmp_path):
    with Site({}) as site:
        url = site.url  # a port nothing listens on once the server is gone
    with pytest.raises(MicroPythonMissing, match="could not download") as missing:
        download_micropython("rp2040", site=url, cache=tmp_path / "cache")
    assert "refused" in str(missing.value).lower()
    assert leftovers(tmp_path / "cache") == []


def test_a_file_far_too_large_for_a_pico_is_refused_while_it_downloads(tmp_path,
                                                                      monkeypatch):
    monkeypatch.setattr(image, "DOWNLOAD_LIMIT", 1024)
    too_large = Site({RP2040.download: b"\xff" * 4096})
    with too_large as site, pytest.raises(MicroPythonRefused, match="larger than"):
        download_micropython("rp2040", site=site.url, cache=tmp_path / "cache")
    assert leftovers(tmp_path / "cache") == []


def test_without_a_file_or_folder_the_build_downloads_it_into_the_cache(
        stock, tmp_path, monkeypatch):
    # A maker's machine: no folder of builds, no ../shared beside the project.
    monkeypatch.delenv(ENV_DIR, raising=False)
    monkeypatch.setattr(image, "ROOT", tmp_path / "project")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    with Site({RP2040.download: stock}) as site:
        monkeypatch.setenv(image.ENV_SITE, site.url)
        got = micropython_uf2("rp2040")
        assert micropython_uf2("rp2040") == got  # found in the cache the second time
    assert got == tmp_path / "xdg" / "marbleboard" / "micropython" / RP2040.cached_name
    assert site.requests == [RP2040.download]
    got.unlink()
    with pytest.raises(MicroPythonMissing, match="is not here"):
        micropython_uf2("rp2040", download=False)


def test_a_folder_given_may_hold_the_official_name(stock, tmp_path):
    folder = tmp_path / "builds"
    folder.mkdir()
    (folder / RP2040.cached_name).write_bytes(stock)
    assert micropython_uf2("rp2040", folder) == folder / RP2040.cached_name
    with pytest.raises(MicroPythonMissing, match="holds neither"):
        micropython_uf2("rp2040", tmp_path)
