"""The one-file firmware: stock MicroPython and the firmware's filesystem in one
UF2, as `make firmware` writes it and a maker drags it onto a Pico in BOOTSEL
mode. Booted on the emulated RP2040 as the boot ROM would have written it."""

import hashlib
import os
import shutil
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import plays
from littlefs import LittleFS

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


@pytest.mark.timeout(600)
async def test_the_uf2_alone_boots_the_firmware_and_plays_a_whole_game(built, board):
    build_dir, uf2 = built
    with EmulatedPico(board, uf2=uf2) as pico:
        played = await plays(pico, board, build_dir, moves=None)
        assert pico.boots == 1
    print(f"one-file UF2: a whole game of {played} moves read back")


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


async def test_make_flash_copies_the_uf2_onto_a_bootsel_drive_and_checks_the_pico_runs_it(
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
        await plays(pico, board, build_dir)
    finally:
        pico.close()


# picotool as it behaves towards a Pico in BOOTSEL mode: `info` finds it, and
# `load -v -x FILE` writes the file to its flash (here: where the boot ROM stand-in
# watches) and starts it. It answers anything else as a failure, as picotool does
# a wrong family.
PICOTOOL = """#!{python}
import shutil, sys
args = sys.argv[1:]
with open({log!r}, "a") as log:
    log.write(" ".join(args) + "\\n")
if args == ["info"]:
    print("RP2040 device at bus 1, address 7:")
    sys.exit(0)
if args[:3] == ["load", "-v", "-x"] and args[3].endswith("-rp2040.uf2"):
    shutil.copyfile(args[3], {flash!r})
    print("Loading into Flash: [==============================]  100%")
    sys.exit(0)
print("ERROR: A UF2 family ID is not for the device connected", file=sys.stderr)
sys.exit(1)
"""


def fake_picotool(tmp_path, flash):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tool = bin_dir / "picotool"
    log = tmp_path / "picotool.log"
    tool.write_text(PICOTOOL.format(python=sys.executable, log=str(log), flash=str(flash)))
    tool.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return tool, log, env


async def test_with_no_drive_mounted_make_flash_loads_the_uf2_with_picotool(built, board,
                                                                           tmp_path):
    build_dir, uf2 = built
    flash = tmp_path / "flash.uf2"
    tool, log, env = fake_picotool(tmp_path, flash)
    pico = EmulatedPico(board, uf2=flash)
    try:
        boot_rom(pico, flash, uf2.stat().st_size)
        started = time.monotonic()
        run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                              "--port", pico.port], capture_output=True, text=True,
                             timeout=180, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        assert f"ran: {tool} load -v -x {uf2}" in run.stdout
        assert f"the Pico runs the build in {build_dir}" in run.stdout
        assert log.read_text().splitlines() == ["info", f"load -v -x {uf2}"]
        print(f"picotool path, load to HELLO: {time.monotonic() - started:.1f} s wall")
        await plays(pico, board, build_dir)
    finally:
        pico.close()


def test_a_load_picotool_refuses_fails_the_flash_with_its_words(built, tmp_path):
    build_dir, uf2 = built
    other = tmp_path / "wampoo-rp2350"  # a build for the other chip
    shutil.copytree(build_dir, other)
    shutil.copyfile(uf2, tmp_path / "marbleboard-wampoo-rp2350.uf2")
    _, _, env = fake_picotool(tmp_path, tmp_path / "flash.uf2")
    run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(other)],
                         capture_output=True, text=True, timeout=60, env=env)
    assert run.returncode == 1
    assert ("picotool could not load marbleboard-wampoo-rp2350.uf2 onto the Pico in BOOTSEL "
            "mode: ERROR: A UF2 family ID is not for the device connected") in run.stderr


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
