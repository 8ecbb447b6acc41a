"""Positions for Wa-Hoo tests, written in the one-line notation (docs/rules/wa-hoo.md).

On the four-colour board with 14 holes an arm (56 round the Path): the Starting
Positions are red 0, blue 14, yellow 28, green 42; the entries to the Tee-Pees
red 52, blue 10, yellow 24, green 38; the arrows, each just before its colour's
Tee-Pee, red 45, blue 3, yellow 17, green 31; one space beyond them 46, 4, 18, 32.
"""

import random

from marbleboard.games.wahoo import LETTERS, Options, new_game
from marbleboard.games.wahoo.notation import action_text, parse_action, parse_position

EMPTY = {2: "RS,RS,RS,RS/-/YS,YS,YS,YS/-",
         3: "RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/-",
         4: "RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS"}


def position(marbles=None, roll=None, turn="R", players=4, **options):
    """A state with ``turn`` to move with ``roll`` (to roll, when None); ``marbles``
    maps a seat letter to its four holes, the other seats wait in their Tribal
    Grounds."""
    seats = EMPTY[players].split("/")
    for letter, holes in (marbles or {}).items():
        seats[LETTERS.index(letter)] = holes
    who = turn if roll is not None else turn + "?"
    text = f"{players} {'/'.join(seats)} {who} {roll if roll is not None else '-'} - 0"
    return parse_position(text, Options(players=players, **options))


def moves(state):
    return sorted(action_text(state, a) for a in state.legal_actions())


def play(state, text):
    state.play(parse_action(state, text))
    return state


def roll(state, face):
    state.apply_chance((face - 1,))
    return state


def random_game(seed, options=None, steps=100_000, every_step=None):
    """A game of random legal moves and random rolls."""
    rng = random.Random(seed)
    state = new_game(options or Options())
    while not state.is_over() and state.turns < steps:
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
            continue
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        if every_step:
            every_step(before, action, state)
    return state
