"""Positions for rule tests, written in the one-line notation (docs/notation.md)."""

from marbleboard.games.wampoo import Options
from marbleboard.games.wampoo.notation import action_text, parse_position

EMPTY = {2: "RS,RS,RS,RS/-/YS,YS,YS,YS/-",
         3: "RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/-",
         4: "RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS"}


def position(marbles=None, hand="", players=4, turn="R", others="2C", **options):
    """A state with red to play holding ``hand``; ``marbles`` maps a seat letter to
    its four holes (the rest stay in START), the other seats hold ``others``. With
    ``seating``, those seats play instead of the usual ones."""
    seats = EMPTY[players].split("/")
    if "seating" in options:
        seats = [f"{c}S,{c}S,{c}S,{c}S" if i in options["seating"] else "-"
                 for i, c in enumerate("RBYG")]
    for letter, holes in (marbles or {}).items():
        seats["RBYG".index(letter)] = holes
    hands = []
    for i, s in enumerate(seats):
        if s == "-":
            hands.append("-")
        elif "RBYG"[i] == turn:
            hands.append(hand or "-")
        else:
            hands.append(others)
    dealer = "RBYG"[Options(players=players, **options).seats[-1]]
    text = f"{players} {'/'.join(seats)} {'/'.join(hands)} {turn} {dealer} - +0 - - 0"
    return parse_position(text, Options(players=players, **options))


def moves(state):
    return sorted(action_text(state, a) for a in state.legal_actions())


def play(state, text):
    from marbleboard.games.wampoo.notation import parse_action

    state.play(parse_action(state, text))
    return state


def recorded_game(seed, players):
    """A whole random game, recorded with committed shuffles."""
    import random

    from marbleboard.games.fairness import ChanceSource
    from marbleboard.games.record import GameRecord
    from marbleboard.games.wampoo.game import WAMPOO

    rng = random.Random(seed)
    record = GameRecord(WAMPOO, Options(players=players))
    source = ChanceSource(random.Random(seed))
    state = WAMPOO.new_state(record.options)
    while not state.is_over():
        if state.is_chance():
            record.add_chance(state, source.draw(state.chance_due(), WAMPOO.outcome_text))
        else:
            record.add_move(state, rng.choice(state.legal_actions()))
    return record, state
