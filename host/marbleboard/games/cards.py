"""A 54-card deck: 52 cards and two jokers, as small integers.

Card ``c`` (0..53): for c < 52 the rank is ``c // 4 + 1`` (1 = Ace ... 13 = King)
and the suit is ``"SHDC"[c % 4]``; 52 and 53 are the jokers (rank 14). Each card
is written with two characters: ``AS``, ``7H``, ``TD``, ``KC``, ``X1``, ``X2``.

>>> card_name(0), card_name(39), card_name(53)
('AS', 'TC', 'X2')
>>> parse_cards("AS7HX1")
[0, 25, 52]
"""

from __future__ import annotations

RANKS = "A23456789TJQKX"  # index + 1 is the rank; X, the joker, is rank 14
SUITS = "SHDC"
DECK_SIZE = 54
JOKER = 14
RANK = tuple([c // 4 + 1 for c in range(52)] + [JOKER, JOKER])  # card -> rank
SPADES = frozenset(range(0, 52, 4))


def card_name(card: int) -> str:
    if card >= 52:
        return f"X{card - 51}"
    return RANKS[card // 4] + SUITS[card % 4]


def rank_name(rank: int) -> str:
    return RANKS[rank - 1]


def parse_card(text: str) -> int:
    if len(text) != 2:
        raise ValueError(f"a card is two characters, like AS or X1: {text!r}")
    r, s = text[0].upper(), text[1].upper()
    if r == "X" and s in "12":
        return 51 + int(s)
    if r not in RANKS[:-1] or s not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return RANKS.index(r) * 4 + SUITS.index(s)


def parse_cards(text: str) -> list[int]:
    text = text.strip()
    if len(text) % 2:
        raise ValueError(f"cards are two characters each: {text!r}")
    return [parse_card(text[i:i + 2]) for i in range(0, len(text), 2)]


def cards_text(cards: list[int]) -> str:
    return "".join(card_name(c) for c in cards)
