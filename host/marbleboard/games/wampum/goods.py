"""Wampum's goods and villages: the five kinds of goods, the village cards, and
the letters the notation writes them with.

Goods of one kind are alike, so a hand, a bid, a village's goods or a chest is a
count of each kind: five numbers. The notation writes them as letters in the
order of :data:`KINDS`, one a card.

>>> cards_text([2, 0, 1, 0, 0])
'WWT'
>>> parse_cards("TWW")
[2, 0, 1, 0, 0]
>>> village_names(4)
('2', '3a', '3b', '4')
"""

from __future__ import annotations

from collections.abc import Sequence

KINDS = ("weapons", "alcohol", "tobacco", "grain", "furs")  # Armes, Alcool, Tabac, Céréales, Peaux
LETTERS = "WATGF"
K = len(KINDS)
PER_KIND = 18
DECK = K * PER_KIND  # 90 goods cards

# The village cards (their values), and those used for each player count.
VALUES = {"2": 2, "3a": 3, "3b": 3, "3c": 3, "4": 4}
_USED = {2: ("2", "3", "4"), 3: ("2", "3", "4"), 4: ("2", "3a", "3b", "4"),
         5: ("2", "3a", "3b", "3c", "4")}


def village_names(players: int) -> tuple[str, ...]:
    """The villages on the table, in the order the notation lists them. With a
    single village of value 3 it is simply "3"."""
    return _USED[players]


def village_value(name: str) -> int:
    return VALUES.get(name, 3)


def cards_text(counts: Sequence[int]) -> str:
    """Counts of each kind as letters (``-`` for none)."""
    return "".join(LETTERS[k] * counts[k] for k in range(K)) or "-"


def parse_cards(text: str) -> list[int]:
    """Letters (any order; ``-`` for none) as counts of each kind."""
    counts = [0] * K
    if text == "-":
        return counts
    for ch in text:
        if ch not in LETTERS:
            raise ValueError(f"not a kind of goods: {ch!r} (goods: {LETTERS})")
        counts[LETTERS.index(ch)] += 1
    return counts


def card_names(counts: Sequence[int]) -> list[str]:
    """Counts as the goods' names, one a card, for the screens."""
    return [KINDS[k] for k in range(K) for _ in range(counts[k])]
