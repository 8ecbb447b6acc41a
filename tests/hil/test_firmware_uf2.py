"""The one-file firmware: stock MicroPython and the firmware's filesystem in one
UF2, as `make firmware` writes it and a maker drags it onto a Pico in BOOTSEL
mode. Booted on the emulated RP2040 as the boot ROM would have written it."""

import hashlib
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import next_change
from littlefs import LittleFS

from marbleboard.link import BoardLink
from marbleboard.pico.build import BuildError
from marbleboard.pico.image import FLASH, PINNED, XIP_BASE, micropython_uf2
from marbleboard.sim.emulated import EmulatedPico, micropython_dir

pytestmark = pytest.mark.emulated

MARBLEBOARD = str(Path(sys.executable).with_name("marbleboard"))
# The UF2 specification: two start magics, the end magic, the family-id flag.
MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
FAMILY_PRESENT = 0x00002000


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    if micropython_dir() is None:
        pytest.skip("no MicroPython UF2 in ../shared/micropython or $MARBLEBOARD_MICROPYTHON")
    out = tmp_path_factory.mktemp("firmware")
    run = subprocess.run([MARBLEBOARD, "firmware", "build", "--board", "wampoo", "--chip",
                          "rp2040", "--out", str(out / "wampoo-rp2040")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    uf2 = out / "marbleboard-wampoo-rp2040.uf2"
    assert f"wrote {uf2}" in run.stdout, run.stdout
    return out / "wampoo-rp2040", uf2


def blocks(data):
    for at in range(0, len(data), 512):
        block = data[at:at + 512]
        start0, start1, flags, address, size, number, total, family = struct.unpack(
            "<8I", block[:32])
        assert (start0, start1, struct.unpack("<I", block[508:])[0]) == MAGIC
        yield flags, address, block[32:32 + size], number, total, family


def test_the_uf2_is_micropython_then_the_whole_filesystem_numbered_as_one(built):
    _, uf2 = built
    data = uf2.read_bytes()
    stock = (micropython_dir() / PINNED["rp2040"].file).read_bytes()
    parsed = list(blocks(data))
    assert [b[3] for b in parsed] == list(range(len(parsed)))
    assert {b[4] for b in parsed} == {len(parsed)}
    assert {b[5] for b in parsed} == {FLASH["rp2040"].family}
    assert all(b[0] & FAMILY_PRESENT for b in parsed)
    # Every page of MicroPython's filesystem region is in it, so no old file survives.
    flash = FLASH["rp2040"]
    start = XIP_BASE + flash.fs_offset
    fs_pages = sorted(b[1] for b in parsed if b[1] >= start)
    assert fs_pages == list(range(start, start + flash.fs_blocks * flash.block_size, 256))
    # MicroPython's own blocks, unchanged.
    ours = [b[2] for b in parsed if b[1] < start]
    theirs = [b[2] for b in blocks(stock)]
    assert ours == theirs


def test_the_filesystem_in_the_uf2_holds_exactly_the_build(built):
    build_dir, uf2 = built
    flash = FLASH["rp2040"]
    start = XIP_BASE + flash.fs_offset
    image = bytearray(flash.fs_blocks * flash.block_size)
    for _, address, payload, *_ in blocks(uf2.read_bytes()):
        if address >= start:
            image[address - start:address - start + len(payload)] = payload
    fs = LittleFS(block_size=flash.block_size, block_count=flash.fs_blocks, mount=False)
    fs.context.buffer = image
    fs.mount()
    found = {f"{top}/{name}".lstrip("/") for top, _dirs, names in fs.walk("/") for name in names}
    built_files = {p.relative_to(build_dir).as_posix() for p in build_dir.rglob("*")
                   if p.is_file()}
    assert found == built_files
    for name in found:
        with fs.open(name, "rb") as f:
            assert f.read() == (build_dir / name).read_bytes(), name


async def test_the_uf2_alone_boots_the_firmware_and_plays(built, board):
    _, uf2 = built
    with EmulatedPico(board, uf2=uf2) as pico:
        link = BoardLink(pico.port, board_id="wampoo", hello_timeout=5.0)
        hello = await link.connect()
        try:
            assert hello.board == "wampoo" and pico.boots == 1
            events = link.subscribe()
            pico.physical.place("track.3")
            change = await next_change(events, timeout=10.0)
            assert change.sensor == board.hole("track.3").sensor and change.occupied
        finally:
            await link.close()


def test_a_micropython_that_is_not_the_pinned_one_is_refused(tmp_path):
    wrong = tmp_path / "micropython.uf2"
    wrong.write_bytes(b"\x00" * 512)
    with pytest.raises(BuildError, match=r"not the MicroPython v1\.28\.0") as e:
        micropython_uf2("rp2040", wrong)
    assert hashlib.sha256(wrong.read_bytes()).hexdigest() in str(e.value)
    run = subprocess.run([MARBLEBOARD, "firmware", "build", "--board", "wampoo", "--out",
                          str(tmp_path / "b"), "--micropython", str(wrong)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "not the MicroPython v1.28.0" in run.stderr
    assert not (tmp_path / "marbleboard-wampoo-rp2040.uf2").exists()


INFO_UF2 = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"


def bootsel_drive(tmp_path):
    """A folder standing in for the RPI-RP2 drive a Pico shows in BOOTSEL mode."""
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text(INFO_UF2)
    return drive


def boot_rom(pico, landed, size, wait_s=60.0):
    """What the boot ROM does: once the whole UF2 has landed, reboot into it."""
    def run():
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if landed.exists() and landed.stat().st_size == size:
                pico.start()
                return
            time.sleep(0.05)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_make_flash_copies_the_uf2_onto_a_bootsel_drive_and_checks_the_pico_runs_it(
        built, board, tmp_path):
    build_dir, uf2 = built
    drive = bootsel_drive(tmp_path)
    pico = EmulatedPico(board, uf2=drive / uf2.name)
    try:
        boot_rom(pico, drive / uf2.name, uf2.stat().st_size)
        started = time.monotonic()
        run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                              "--drive", str(drive), "--port", pico.port],
                             capture_output=True, text=True, timeout=180)
        assert run.returncode == 0, run.stdout + run.stderr
        assert f"ran: cp {uf2} {drive}" in run.stdout
        assert f"the Pico runs the build in {build_dir}" in run.stdout
        assert (drive / uf2.name).read_bytes() == uf2.read_bytes()
        print(f"BOOTSEL path, copy to HELLO: {time.monotonic() - started:.1f} s wall")
    finally:
        pico.close()


def test_a_pico_that_boots_another_build_fails_the_flash_with_the_reason(built, board,
                                                                         tmp_path):
    build_dir, uf2 = built
    drive = bootsel_drive(tmp_path)
    config = (build_dir / "config.py").read_text()
    other = "\n".join(line if not line.startswith("BUILD = ") else "BUILD = '000000000000'"
                      for line in config.splitlines()) + "\n"
    pico = EmulatedPico(board, files={"config.py": other.encode()})
    try:
        boot_rom(pico, drive / uf2.name, uf2.stat().st_size)
        run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                              "--drive", str(drive), "--port", pico.port],
                             capture_output=True, text=True, timeout=180)
        assert run.returncode == 1
        assert "runs firmware 0.1.0+000000000000 for wampoo, not the build just flashed" \
            in run.stderr, run.stderr
    finally:
        pico.close()
