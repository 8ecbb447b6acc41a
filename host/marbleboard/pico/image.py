"""The firmware as one file a maker drags onto a Pico: stock MicroPython and a
flash filesystem holding exactly the firmware's files, in one UF2.

A Pico in BOOTSEL mode shows a drive; a UF2 copied onto it is written to flash
block by block, each block at its own address. MicroPython's own UF2 fills the
start of flash; its filesystem (littlefs2) is the flash region the port keeps
for it. Appending a littlefs image the size of that whole region means the
Pico boots MicroPython with the firmware's files and nothing an earlier
firmware left behind.

MicroPython is pinned: one release per chip, checked by its SHA-256 before it
goes into a UF2, found in a file the maker names, a folder named by
$MARBLEBOARD_MICROPYTHON, or ``../shared/micropython`` beside the project.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from .build import BuildError

ROOT = Path(__file__).resolve().parents[3]
ENV_DIR = "MARBLEBOARD_MICROPYTHON"  # a folder holding MicroPython's UF2 (and the boot ROM)
XIP_BASE = 0x10000000  # where the RP2040 maps flash, and so the UF2 addresses
UF2_PAYLOAD = 256  # bytes a block carries: one flash page, as the boot ROM wants


@dataclass(frozen=True)
class Flash:
    """MicroPython's layout of a chip's flash: where its filesystem starts and how
    many 4 KiB blocks it has (the port's MICROPY_HW_FLASH_STORAGE_BYTES), and the
    UF2 family the boot ROM accepts."""
    fs_offset: int
    fs_blocks: int
    family: int
    block_size: int = 4096


@dataclass(frozen=True)
class MicroPython:
    version: str
    file: str
    sha256: str


# RPI_PICO: 2 MiB of flash, the last 1408 KiB for the filesystem (0xA0000 on);
# UF2 family RP2040 (the UF2 specification's family list).
FLASH = {"rp2040": Flash(fs_offset=0xA0000, fs_blocks=352, family=0xE48BFF56)}
# The build the firmware is tested with: v1.28.0 for RPI_PICO, as described in
# ../shared/micropython/README.md.
PINNED = {"rp2040": MicroPython("1.28.0", "micropython-v1.28.0-rpi_pico.uf2",
                                "e8b60ebb52112c7a1dac9944837949751e143b94cbf1dd48d8bcc4049b6f4d31")}


class MicroPythonMissing(BuildError):
    pass


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def micropython_uf2(chip: str, given: Path | None = None) -> Path:
    """The pinned MicroPython UF2 for a chip: the file (or folder) given, else the
    folder in $MARBLEBOARD_MICROPYTHON, else ../shared/micropython. A file whose
    SHA-256 is not the pinned one is refused."""
    if chip not in PINNED:
        raise MicroPythonMissing(
            f"{chip}: its MicroPython release and flash layout are not pinned yet "
            f"(docs/flashing.md)")
    pinned = PINNED[chip]
    if given is not None:
        path = given / pinned.file if given.is_dir() else given
        if not path.is_file():
            raise MicroPythonMissing(f"{path} does not exist")
        places = [path]
    else:
        places = [Path(os.environ[ENV_DIR]) / pinned.file] if os.environ.get(ENV_DIR) else []
        places.append(ROOT.parent / "shared" / "micropython" / pinned.file)
        places = [p for p in places if p.is_file()]
        if not places:
            raise MicroPythonMissing(
                f"MicroPython v{pinned.version} for {chip} ({pinned.file}) is not here: "
                f"pass --micropython FILE, or set {ENV_DIR} to the folder holding it")
    path = places[0]
    found = _sha256(path)
    if found != pinned.sha256:
        raise BuildError(
            f"{path} is not the MicroPython v{pinned.version} the firmware is pinned to "
            f"(its SHA-256 is {found}, not {pinned.sha256}): use that file, or the one "
            f"named in docs/flashing.md")
    return path


def filesystem_image(files: dict[str, bytes], chip: str = "rp2040") -> bytes:
    """A littlefs2 image of MicroPython's whole flash filesystem holding these
    files, by their paths on the Pico."""
    from littlefs import LittleFS

    flash = FLASH[chip]
    fs = LittleFS(block_size=flash.block_size, block_count=flash.fs_blocks)
    for name, data in files.items():
        if "/" in name:
            with contextlib.suppress(FileExistsError):
                fs.makedirs(name.rsplit("/", 1)[0], exist_ok=True)
        with fs.open(name, "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def firmware_uf2(files: dict[str, bytes], chip: str, micropython: Path, out: Path) -> Path:
    """Write out: MicroPython's UF2 followed by blocks carrying the filesystem
    image, every block numbered in one sequence as the boot ROM counts them."""
    from uf2utils.file import UF2File  # type: ignore[import-untyped]

    flash = FLASH[chip]
    uf2 = UF2File(str(micropython), board_family=flash.family)
    families = {block.header.board_family for block in uf2}
    if families != {flash.family}:
        raise BuildError(f"{micropython} is not a UF2 for {chip} (families {families})")
    uf2.append_payload(filesystem_image(files, chip), XIP_BASE + flash.fs_offset,
                       UF2_PAYLOAD)
    out.parent.mkdir(parents=True, exist_ok=True)
    uf2.to_file(str(out))
    return out
