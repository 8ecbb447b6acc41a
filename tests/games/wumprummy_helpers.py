"""Positions for Wump Rummy tests, written in the one-line notation
(docs/notation.md): cards are value then suit, ``3H`` ``TD`` ``QS``; seats are
numbered from 1, each to the left of the one before."""

from random_play import random_steps as steps

from marbleboard.games.wumprummy import Options, new_game
from marbleboard.games.wumprummy.notation import (
    action_text,
    cards_from,
    parse_action,
    parse_position,
)
from marbleboard.games.wumprummy.state import ALL, bits_of, cards_of


def position(hands, centre="-", claimed=None, deck=None, turn=1, dealer=None, game="1.1",
             wins=None, turns=0, **options):
    """A state: each seat's hand (``"3H5D,3SJH,4HQD"``), the centre, the claimed
    piles, the seat to play and the dealer (by default the seat to the right of
    the one to play: each hand holds as many cards). The deck is every card not
    shown, face down (``deck`` None); or ``deck`` cards, top first; or, when it is
    a number, that many of the cards not shown, the highest. Cards shown nowhere
    else are then dealt round the claimed piles, one at a time from seat 1."""
    players = len(hands.split(","))
    claimed = claimed or ",".join(["-"] * players)
    shown = 0
    for item in (*hands.split(","), centre, *claimed.split(",")):
        shown |= bits_of(cards_from(item))
    if isinstance(deck, str):
        shown |= bits_of(cards_from(deck))
    rest = cards_of(ALL & ~shown)
    if deck is None:
        deck = f"?{len(rest)}" if rest else "-"
    else:
        if isinstance(deck, int):
            rest, kept = rest[:len(rest) - deck], rest[len(rest) - deck:]
            deck = cards_text(kept)
        piles = [list(cards_from(p)) for p in claimed.split(",")]
        for i, card in enumerate(rest):
            piles[i % players].append(card)
        claimed = ",".join(cards_text(p) for p in piles)
    dealer = dealer if dealer is not None else (turn - 2) % players + 1
    wins = wins or ",".join(["0"] * players)
    text = f"{players} {turn} {dealer} {game} {hands} {centre} {claimed} {deck} {wins} - {turns}"
    return parse_position(text, Options(players=players, **options))


def cards_text(cards):
    from marbleboard.games.cards import card_name

    return "".join(card_name(c) for c in sorted(cards)) or "-"


def moves(state):
    return sorted(action_text(state, a) for a in state.legal_actions())


def play(state, *texts):
    for text in texts:
        state.play(parse_action(state, text))
    return state


def random_steps(options, seed):
    """Every (before, action, after) of a seeded random match; chance as (before,
    None, after)."""
    return steps(new_game, options, seed)
