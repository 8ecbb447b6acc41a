"""The firmware as one file a maker drags onto a Pico: stock MicroPython and a
flash filesystem holding exactly the firmware's files, in one UF2.

A Pico in BOOTSEL mode shows a drive; a UF2 copied onto it is written to flash
block by block, each block at its own address. MicroPython's own UF2 fills the
start of flash; its filesystem (littlefs2) is the flash region the port keeps
for it. Appending a littlefs image the size of that whole region means the
Pico boots MicroPython with the firmware's files and nothing an earlier
firmware left behind.

MicroPython is pinned: one release per chip, checked by its SHA-256 before it
goes into a UF2. It is found in a file the maker names, a folder named by
$MARBLEBOARD_MICROPYTHON, the download cache, or ``../shared/micropython`` beside
the project; failing those it is downloaded once into the cache from
micropython.org (or the site in $MARBLEBOARD_MICROPYTHON_SITE, a mirror).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from .build import BuildError

ROOT = Path(__file__).resolve().parents[3]
ENV_DIR = "MARBLEBOARD_MICROPYTHON"  # a folder holding MicroPython's UF2 (and the boot ROM)
ENV_SITE = "MARBLEBOARD_MICROPYTHON_SITE"  # where to download it from instead of the official site
OFFICIAL_SITE = "https://micropython.org"
DOWNLOAD_LIMIT = 8 * 1024 * 1024  # no MicroPython for a Pico is near this; more is not one
DOWNLOAD_TIMEOUT_S = 60.0
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
    """A pinned MicroPython release for one chip: its name in a folder of builds,
    its path on the download site, and the builds of it the firmware accepts, by
    SHA-256 (with where each comes from)."""
    version: str
    file: str
    download: str
    builds: dict[str, str] = field(default_factory=dict)

    @property
    def cached_name(self) -> str:
        return self.download.rsplit("/", 1)[-1]


# RPI_PICO: 2 MiB of flash, the last 1408 KiB for the filesystem (0xA0000 on);
# UF2 family RP2040 (the UF2 specification's family list).
FLASH = {"rp2040": Flash(fs_offset=0xA0000, fs_blocks=352, family=0xE48BFF56)}
# v1.28.0 for RPI_PICO. The build accepted is the one the firmware is tested with
# (../shared/micropython/README.md: built from the v1.28.0 tag). micropython.org's
# own file of that release is a different build (its build date differs), and its
# SHA-256 goes here once it has been checked against the release; until then a
# download of it is refused and says so.
PINNED = {"rp2040": MicroPython(
    "1.28.0", "micropython-v1.28.0-rpi_pico.uf2",
    "/resources/firmware/RPI_PICO-20260406-v1.28.0.uf2",
    {"e8b60ebb52112c7a1dac9944837949751e143b94cbf1dd48d8bcc4049b6f4d31":
     "built from MicroPython's v1.28.0 tag for RPI_PICO"})}


class MicroPythonMissing(BuildError):
    pass


class MicroPythonRefused(MicroPythonMissing):
    """A file that is not a build of the pinned release."""


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_dir() -> Path:
    """Where downloaded MicroPython builds are kept (XDG's cache folder)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "marbleboard" / "micropython"


def _pinned(chip: str) -> MicroPython:
    if chip not in PINNED:
        raise MicroPythonMissing(
            f"{chip}: its MicroPython release and flash layout are not pinned yet "
            f"(docs/flashing.md)")
    return PINNED[chip]


def _refusal(path: Path | str, found: str, pinned: MicroPython) -> str:
    accepted = ", ".join(pinned.builds)
    return (f"{path} is not the MicroPython v{pinned.version} the firmware is pinned to "
            f"(its SHA-256 is {found}, not {accepted}): use that file, or the one named "
            f"in docs/flashing.md")


def download_micropython(chip: str, site: str | None = None,
                         cache: Path | None = None) -> Path:
    """Download the pinned MicroPython for a chip into the cache, once: the file
    is kept only if its SHA-256 is a pinned build's."""
    pinned = _pinned(chip)
    site = (site or os.environ.get(ENV_SITE) or OFFICIAL_SITE).rstrip("/")
    cache = cache or cache_dir()
    target = cache / pinned.cached_name
    if target.is_file() and _sha256(target) in pinned.builds:
        return target
    url = site + pinned.download
    cache.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    # Written beside the cache and moved in whole: an interrupted download leaves
    # nothing a later build could take for MicroPython.
    with tempfile.NamedTemporaryFile(dir=cache, prefix=".download-", delete=False) as tmp:
        part = Path(tmp.name)
        try:
            try:
                with urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_S) as response:
                    size = 0
                    while chunk := response.read(64 * 1024):
                        size += len(chunk)
                        if size > DOWNLOAD_LIMIT:
                            raise MicroPythonRefused(
                                f"{url} is larger than {DOWNLOAD_LIMIT // 2**20} MiB: not "
                                f"a MicroPython for a Pico; nothing was kept")
                        digest.update(chunk)
                        tmp.write(chunk)
            except (urllib.error.URLError, OSError) as e:
                reason = getattr(e, "reason", None) or e
                raise MicroPythonMissing(
                    f"could not download MicroPython v{pinned.version} for {chip} from {url} "
                    f"({reason}): pass --micropython FILE, or set {ENV_DIR} to the folder "
                    f"holding it") from e
            found = digest.hexdigest()
            if found not in pinned.builds:
                raise MicroPythonRefused(_refusal(url, found, pinned) + "; nothing was kept")
            tmp.flush()
            os.fsync(tmp.fileno())
        except BaseException:
            part.unlink(missing_ok=True)
            raise
    os.replace(part, target)
    return target


def micropython_uf2(chip: str, given: Path | None = None, download: bool = True) -> Path:
    """The pinned MicroPython UF2 for a chip: the file (or folder) given, else the
    folder in $MARBLEBOARD_MICROPYTHON, the download cache or ../shared/micropython,
    else downloaded into the cache. A file whose SHA-256 is not a pinned build's is
    refused."""
    pinned = _pinned(chip)
    names = (pinned.file, pinned.cached_name)
    if given is not None:
        places = [given / n for n in names] if given.is_dir() else [given]
        places = [p for p in places if p.is_file()]
        if not places:
            raise MicroPythonMissing(f"{given} does not exist" if not given.is_dir() else
                                     f"{given} holds neither {' nor '.join(names)}")
    else:
        folders = [Path(os.environ[ENV_DIR])] if os.environ.get(ENV_DIR) else []
        folders += [cache_dir(), ROOT.parent / "shared" / "micropython"]
        places = [f / n for f in folders for n in names if (f / n).is_file()]
        if not places:
            if not download:
                raise MicroPythonMissing(
                    f"MicroPython v{pinned.version} for {chip} ({pinned.file}) is not here: "
                    f"pass --micropython FILE, or set {ENV_DIR} to the folder holding it")
            return download_micropython(chip)
    path = places[0]
    found = _sha256(path)
    if found not in pinned.builds:
        raise MicroPythonRefused(_refusal(path, found, pinned))
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
