"""``marbleboard moves GAME POSITION`` and ``marbleboard verify RECORD``, for
every game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .record import GameRecord, result_text, verify
from .registry import GAMES, get_game


def rule_options(pairs: list[str]) -> dict[str, Any]:
    """``--rule NAME=VALUE`` options: ``partners=true``, ``holes_per_side=10``,
    ``first_player=roll`` (a value that is not JSON is taken as text)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"a rule is NAME=VALUE, not {pair!r}")
        try:
            out[name] = json.loads(value)
        except ValueError:
            out[name] = value
    return out


def add_rule_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, as in the rule page (repeat for more)")


def cmd_moves(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    try:
        state = game.parse_position(args.position)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    if state.is_over():
        print("nobody to play: the game is over")
        return 0
    if state.is_chance():
        print(f"nobody to play: chance is due ({state.chance_due().kind})")
        return 0
    actions = state.legal_actions()
    print(f"{game.seat_names[state.current]} to play, {len(actions)} legal move"
          f"{'' if len(actions) == 1 else 's'}:")
    for action in actions:
        print("  " + game.action_text(state, action))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.loads(Path(args.record).read_text())
    except (OSError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e
    problems = verify(record)
    for p in problems:
        print(f"{args.record}: {p}", file=sys.stderr)
    if not problems:
        print(f"{args.record}: fair and by the rules: a game of {record.game.title}, "
              f"{len(record.chances)} chance outcomes match their commitments, "
              f"{len(record.moves)} entries replay, {result_text(record)}")
    return 1 if problems else 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    m = sub.add_parser("moves", help="the legal moves of a position in a game's notation")
    m.add_argument("game", choices=sorted(GAMES))
    m.add_argument("position", help="a position in the game's one-line notation, quoted")
    m.set_defaults(func=cmd_moves)
    v = sub.add_parser("verify", help="check a finished game's record: fair chance, legal moves")
    v.add_argument("record")
    v.set_defaults(func=cmd_verify)
