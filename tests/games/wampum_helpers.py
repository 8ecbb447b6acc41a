"""Positions for Wampum tests, written in the one-line notation (docs/notation.md).

Goods are letters: W weapons, A alcohol, T tobacco, G grain, F furs. Villages
are named by value: 2, 3, 4 (for two and three players), 2, 3a, 3b, 4 (four),
2, 3a, 3b, 3c, 4 (five). Seats are numbered from 1 in the notation, from 0 in
the engine.
"""

from random_play import random_steps as steps

from marbleboard.games.wampum import Options, new_game
from marbleboard.games.wampum.goods import LETTERS, PER_KIND, parse_cards
from marbleboard.games.wampum.notation import action_text, parse_action, parse_position


def position(goods, hands, bids=None, chests=None, discards=None, turn="bid:1", first=1,
             round_="1", deck=None, removed=None):
    """A state: ``goods`` the villages' goods and ``hands`` the seats' hands, as
    lists of letters; ``deck`` the top of the deck, the cards not placed anywhere
    else following it in the order W A T G F."""
    players = len(hands)
    bids = bids or ["-"] * players
    chests = chests or ["-"] * players
    discards = discards or ["-"] * players
    removed = removed or {2: "WATGF", 4: "WA"}.get(players, "-")
    used = [0] * 5
    piles = [*goods, *hands, *chests, *discards, removed, deck or "-"]
    piles += [b.partition(":")[2] for b in bids if b != "-"]
    for pile in piles:
        for k, c in enumerate(parse_cards(pile)):
            used[k] += c
    rest = "".join(LETTERS[k] * (PER_KIND - used[k]) for k in range(5))
    full_deck = ((deck or "") + rest) or "-"
    text = (f"{players} {'/'.join(goods)} {'/'.join(hands)} {'/'.join(bids)} "
            f"{'/'.join(chests)} {'/'.join(discards)} {removed} {full_deck} {turn} {first} "
            f"{round_} - 0")
    return parse_position(text, Options(players=players, first_player=first - 1))


def moves(state):
    return sorted(action_text(state, a) for a in state.legal_actions())


def play(state, *texts):
    """Play moves given as text, each checked; a text with spaces is several."""
    for text in texts:
        for word in text.split():
            state.play(parse_action(state, word))
    return state


def random_steps(options, seed):
    """Every (before, action, after) of a seeded random game; chance as (before,
    None, after)."""
    return steps(new_game, options, seed)
