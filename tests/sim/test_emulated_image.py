"""The emulated Pico's flash filesystem holds what `make flash` copies, and nothing else."""

from littlefs import LittleFS

from marbleboard.board import build_layout
from marbleboard.sim.emulated import FS_BLOCK_SIZE, FS_BLOCKS, filesystem_image, firmware_files


def test_the_filesystem_image_holds_the_flashed_files(tmp_path):
    files = firmware_files(build_layout("wampoo"), tmp_path / "build")
    assert {"main.py", "config.py", "marblefw/app.mpy", "marblefw/pico.mpy"} <= set(files)
    assert not any(name.endswith(".py") and "/" in name for name in files)

    image = filesystem_image(files)
    assert len(image) == FS_BLOCK_SIZE * FS_BLOCKS  # MicroPython's 1.4 MB on a Pico
    fs = LittleFS(block_size=FS_BLOCK_SIZE, block_count=FS_BLOCKS, mount=False)
    fs.context.buffer = bytearray(image)
    fs.mount()
    found = {f"{top}/{name}".lstrip("/") for top, _dirs, names in fs.walk("/") for name in names}
    assert found == set(files)
    for name, data in files.items():
        with fs.open(name, "rb") as f:
            assert f.read() == data
