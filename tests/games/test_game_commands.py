"""`marbleboard simulate`, `moves` and `verify`."""

import json

import pytest

from marbleboard.cli import main

POSITION = ("4 10,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS 5S7H/2C/2C/2C R G - +0 - - 0")


def test_simulate_prints_a_table_and_writes_records(tmp_path, capsys):
    assert main(["simulate", "wampoo", "--players", "2", "--bots", "greedy,random",
                 "--games", "4", "--seed", "5", "--record", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "4 games of Wampoo, 2 players, seed 5" in out
    assert "bot:greedy" in out and "bot:random" in out and "games per second" in out
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    assert main(["verify", str(records[0])]) == 0
    assert "fair and by the rules" in capsys.readouterr().out


def test_simulate_refuses_an_unknown_bot():
    with pytest.raises(SystemExit, match="no bot called 'genius'"):
        main(["simulate", "wampoo", "--bots", "genius"])


def test_moves_lists_the_legal_moves(capsys):
    assert main(["moves", "wampoo", POSITION]) == 0
    assert capsys.readouterr().out.splitlines() == ["red to play, 2 legal moves:",
                                                    "  5 10-15", "  7 10-17"]
    assert main(["moves", "wampoo", POSITION.replace("5S7H", "4S")]) == 0
    assert "  4 10-6" in capsys.readouterr().out


def test_moves_explains_a_bad_position():
    with pytest.raises(SystemExit, match="10 fields"):
        main(["moves", "wampoo", "4 nonsense"])


def test_verify_reports_a_tampered_record(tmp_path, capsys):
    main(["simulate", "wampoo", "--players", "2", "--games", "1", "--record", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["winners"] = ["yellow"] if data["winners"] == ["red"] else ["red"]
    path.write_text(json.dumps(data))
    assert main(["verify", str(path)]) == 1
    assert "the record names winners" in capsys.readouterr().err
