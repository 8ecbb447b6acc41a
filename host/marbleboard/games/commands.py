"""``marbleboard wampoo moves`` and ``verify``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .wampoo.notation import action_text, parse_position
from .wampoo.options import SEAT_NAMES
from .wampoo.record import GameRecord, verify


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        state = parse_position(args.position)
        if args.hand is not None:
            from .cards import parse_cards

            if state.current < 0:
                raise ValueError("the position has nobody to play")
            state.hands[state.current] = parse_cards(args.hand)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    if state.current < 0:
        print("nobody to play: " + ("the game is over" if state.is_over() else
                                    "a shuffle is due"))
        return 0
    actions = state.legal_actions()
    print(f"{SEAT_NAMES[state.current]} to play, {len(actions)} legal move"
          f"{'' if len(actions) == 1 else 's'}:")
    for action in actions:
        print("  " + action_text(state, action))
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
        print(f"{args.record}: fair and by the rules: {len(record.shuffles)} shuffles match "
              f"their commitments, {len(record.moves)} entries replay, winners "
              f"{', '.join(record.winners)}")
    return 1 if problems else 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    w = sub.add_parser("wampoo", help="Wampoo positions and game records")
    wsub = w.add_subparsers(dest="wampoo_command", required=True)
    m = wsub.add_parser("moves", help="the legal moves of a position (docs/notation.md)")
    m.add_argument("position", help="a position in the one-line notation, quoted")
    m.add_argument("--hand", help="the hand of the seat to play, e.g. AS7HJDX1")
    m.set_defaults(func=cmd_moves)
    v = wsub.add_parser("verify", help="check a finished game's record: fair decks, legal moves")
    v.add_argument("record")
    v.set_defaults(func=cmd_verify)
