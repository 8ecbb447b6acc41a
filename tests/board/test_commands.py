"""`marbleboard board ...` from the command line."""

from pathlib import Path

import pytest

from marbleboard.cli import main

BROKEN = Path(__file__).parent / "fixtures" / "broken"


def test_check_lists_problems_and_fails(capsys):
    path = BROKEN / "duplicate_sensor.json"
    assert main(["board", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: hole 'track.4': sensor 2 is already used by hole 'track.2'" in err


def test_check_passes_a_good_board(capsys, root):
    assert main(["board", "check", str(root / "hardware/boards/wampoo.json")]) == 0
    assert "ok, 104 holes" in capsys.readouterr().out


def test_bom_and_power_print(capsys):
    assert main(["board", "bom", "wampoo"]) == 0
    assert main(["board", "power", "wampoo", "--set", "supply_a=6"]) == 0
    out = capsys.readouterr().out
    assert "74HC165" in out and "5 V 6 A" in out


def test_render_writes_files(tmp_path):
    out = tmp_path / "b.svg"
    assert main(["board", "render", "wampoo", "--template", "-o", str(out)]) == 0
    assert out.read_text().startswith("<svg") and 'width="540mm"' in out.read_text()


def test_show_and_list(capsys):
    assert main(["board", "list"]) == 0
    assert main(["board", "show", "wampoo", "--set", "holes_per_side=16"]) == 0
    out = capsys.readouterr().out
    assert "holes_per_side=18" in out and "96 holes" in out


def test_bad_parameter_is_a_clear_error(capsys):
    with pytest.raises(SystemExit, match="holes_per_side must be an even number"):
        main(["board", "show", "wampoo", "--set", "holes_per_side=13"])


@pytest.mark.parametrize("argv", [
    ["board", "bom", "stomple", "--assembly", "tiles"],
    ["board", "render", "stomple", "--template", "--assembly", "tiles"],
    ["board", "dxf", "stomple", "--assembly", "tiles"],
])
def test_a_build_whose_tiles_are_not_drawn_is_a_clear_error(argv):
    with pytest.raises(SystemExit, match="stomple: its tiles are not all drawn yet"):
        main(argv)


def test_the_template_is_drawn_for_the_build_asked(tmp_path):
    tiles, modules = tmp_path / "tiles.svg", tmp_path / "modules.svg"
    assert main(["board", "render", "wampoo", "--template", "-o", str(tiles)]) == 0
    assert main(["board", "render", "wampoo", "--template", "--assembly", "fab",
                 "-o", str(modules)]) == 0
    assert "pilot hole" in tiles.read_text() and "counterbore" not in tiles.read_text()
    assert "counterbore" in modules.read_text() and "pilot hole" not in modules.read_text()
    with pytest.raises(SystemExit, match="give --template too"):
        main(["board", "render", "wampoo", "--assembly", "fab"])
