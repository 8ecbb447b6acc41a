"""`marbleboard firmware build` and `flash`, and the generated config."""

from pathlib import Path

import pytest

from marbleboard.board import build_layout
from marbleboard.cli import main
from marbleboard.link import ports
from marbleboard.pico.build import build_id_of
from marbleboard.pico.config import NO_LED, config_source, firmware_config
from marbleboard.pico.flash import FlashError, flash


def test_config_numbers_come_from_the_board_file():
    board = build_layout("wampoo")
    cfg = firmware_config(board)
    # 128 register inputs: the tiles' 16 registers, 104 of them with a hole's sensor.
    assert (cfg["SENSORS"], cfg["LEDS"], cfg["SCK"], cfg["MISO"], cfg["LOAD"], cfg["LED"]) == (
        128, 109, 2, 4, 5, 6)
    assert cfg["LED_BUDGET_MA"] == 3186
    hole = board.hole("track.33")
    assert cfg["ECHO"][hole.sensor] == hole.led
    namespace: dict = {}
    exec(config_source(cfg), namespace)
    assert namespace["ECHO"] == cfg["ECHO"]
    # Every input a hole's sensor drives lights that hole; a tile's spare ones, none.
    assert {s for s, led in enumerate(cfg["ECHO"]) if led != NO_LED} == board.used_sensors


def test_build_command_compiles_for_each_chip(tmp_path, capsys):
    out = tmp_path / "b"
    assert main(["firmware", "build", "--chip", "rp2350", "--out", str(out)]) == 0
    assert "for wampoo on rp2350" in capsys.readouterr().out
    assert (out / "marblefw" / "scanner.mpy").exists() and (out / "main.py").exists()
    assert (out / "marblefw" / "scanner.mpy").read_bytes()[:1] == b"M"  # .mpy magic


def test_flash_dry_run_prints_what_it_would_do(tmp_path, capsys):
    out = tmp_path / "b"
    main(["firmware", "build", "--out", str(out)])
    capsys.readouterr()
    assert main(["firmware", "flash", "--build", str(out), "--port", "/dev/ttyACM7",
                 "--dry-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and all(line.startswith("would run: mpremote connect /dev/ttyACM7")
                                   for line in lines)
    assert f"cp -r {out / 'marblefw'} :" in lines[1]
    assert lines[-1].endswith("reset")


def test_flash_finds_the_one_pico(tmp_path, monkeypatch):
    main(["firmware", "build", "--out", str(tmp_path)])
    monkeypatch.setattr(ports, "find_picos", lambda: ["/dev/ttyACM3"])
    commands = flash(tmp_path, None, dry_run=True)
    assert commands[0][4] == "/dev/ttyACM3"


@pytest.mark.parametrize("found, message", [
    ([], "no Pico found on USB"),
    (["/dev/ttyACM0", "/dev/ttyACM1"], "several Picos found (/dev/ttyACM0, /dev/ttyACM1)"),
])
def test_flash_says_clearly_when_there_is_no_pico_or_several(tmp_path, monkeypatch, found,
                                                              message):
    main(["firmware", "build", "--out", str(tmp_path)])
    monkeypatch.setattr(ports, "find_picos", lambda: found)
    with pytest.raises(SystemExit, match=message.replace("(", r"\(").replace(")", r"\)")):
        main(["firmware", "flash", "--build", str(tmp_path), "--dry-run"])


def test_flash_without_a_build_says_to_build_first(tmp_path):
    with pytest.raises(FlashError, match="run `make firmware` first"):
        flash(Path(tmp_path), "/dev/ttyACM0", dry_run=True)


def test_the_spi_bus_is_built_with_every_pin_named():
    # An SPI pin left out is the port's default pin (GP19 for SPI0 TX on a Pico),
    # which the bus would take over even though nothing is wired to it.
    import ast

    source = Path(__file__).parents[2] / "firmware" / "marblefw" / "pico.py"
    calls = [n for n in ast.walk(ast.parse(source.read_text())) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Attribute) and n.func.attr == "SPI"]
    assert len(calls) == 1
    assert {"sck", "mosi", "miso"} <= {k.arg for k in calls[0].keywords}
    cfg = firmware_config(build_layout("wampoo"))
    assert cfg["MOSI"] == 3  # SPI0 TX beside SCK GP2: the sensors' setup data


def test_the_spi_tx_pin_is_one_no_other_signal_uses():
    from dataclasses import replace

    from marbleboard.board import board_to_data, parse_board

    board = build_layout("wampoo")
    data = board_to_data(replace(board, pico=replace(board.pico, load=3, cs=9)))
    assert firmware_config(parse_board(data))["MOSI"] == 7
    data = board_to_data(replace(board, pico=replace(board.pico, load=3)))
    assert firmware_config(parse_board(data))["MOSI"] == 19  # GP7 is the sensors' CS
    data = board_to_data(replace(board, pico=replace(board.pico, sck=22, load=3, led=7, cs=9)))
    assert firmware_config(parse_board(data))["MOSI"] == 19  # GP23 is the Pico's own


def test_the_sensors_chip_select_is_checked_like_every_pin():
    from marbleboard.board import BoardError, board_to_data, parse_board

    data = board_to_data(build_layout("wampoo"))
    data["pico"]["cs"] = 5
    with pytest.raises(BoardError, match="'cs' and 'load' both use GP5"):
        parse_board(data)
    data["pico"]["cs"] = 24
    with pytest.raises(BoardError, match="'cs' GP24 is not a free GPIO"):
        parse_board(data)


def drive_with(tmp_path, board_id):
    drive = tmp_path / "drive"
    drive.mkdir(parents=True)
    (drive / "INFO_UF2.TXT").write_text(f"UF2 Bootloader v3.0\nModel: Raspberry Pi\n"
                                        f"Board-ID: {board_id}\n")
    return drive


def test_flash_onto_a_bootsel_drive_copies_the_one_file_firmware(tmp_path, capsys):
    out = tmp_path / "wampoo-rp2040"
    main(["firmware", "build", "--out", str(out)])
    uf2 = tmp_path / "marbleboard-wampoo-rp2040.uf2"
    drive = drive_with(tmp_path, "RPI-RP2")
    capsys.readouterr()
    if not uf2.exists():  # no MicroPython at hand: the build says so, and so does flash
        with pytest.raises(FlashError, match="no one-file firmware at"):
            flash(out, None, dry_run=True, drive=drive)
        return
    assert main(["firmware", "flash", "--build", str(out), "--drive", str(drive),
                 "--dry-run"]) == 0
    assert capsys.readouterr().out.splitlines() == [f"would run: cp {uf2} {drive}"]


def test_flash_refuses_a_bootsel_drive_of_another_chip_or_board(tmp_path):
    out = tmp_path / "wampoo-rp2040"
    main(["firmware", "build", "--out", str(out)])
    with pytest.raises(FlashError, match="is a rp2350, and the build wampoo-rp2040 is not "
                                         "for it: `make flash CHIP=rp2350`"):
        flash(out, None, dry_run=True, drive=drive_with(tmp_path / "a", "RP2350"))
    with pytest.raises(FlashError, match="UF2 drive for 'NRF52-BOOT'"):
        flash(out, None, dry_run=True, drive=drive_with(tmp_path / "b", "NRF52-BOOT"))


def test_every_build_names_itself_for_the_pico_to_report(tmp_path):
    first, again, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for out, board in ((first, "wampoo"), (again, "wampoo"), (other, "stomple")):
        main(["firmware", "build", "--board", board, "--out", str(out)])
    assert build_id_of(first) == build_id_of(again)  # the same files, the same id
    assert build_id_of(first) != build_id_of(other)
    assert len(build_id_of(first)) == 12
