"""Wampum's notation: moves, the shuffle and positions, each round trip, and the
views that hide what a seat may not see."""

import pytest
from wampum_helpers import play, position

from marbleboard.games.base import RuleError
from marbleboard.games.record import chance_index
from marbleboard.games.wampum import Options, new_game
from marbleboard.games.wampum.game import WAMPUM
from marbleboard.games.wampum.notation import (
    action_text,
    outcome_text,
    parse_action,
    parse_outcome,
    parse_position,
    position_text,
)

ORDERED = "W" * 18 + "A" * 18 + "T" * 18 + "G" * 18 + "F" * 18


def test_each_kind_of_move_as_text_and_back():
    state = position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"])
    texts = []
    for text in ("@3a", "+W", "bid", "@3a", "+A", "+A", "bid", ">4"):
        action = parse_action(state, text)
        assert action_text(state, action) == text
        texts.append(text)
        state.play(action)
    assert state.current == 2
    with pytest.raises(RuleError, match="not a legal move"):
        parse_action(state, ">2")
    with pytest.raises(RuleError, match="empty"):
        parse_action(state, " ")


def test_no_move_reads_as_a_chance_entry_of_the_record():
    # a record's "shuffle 0" names a chance outcome: no move may look like one
    for text in ("@2", "@3a", "+W", "bid", ">4", "-F"):
        assert chance_index(text) is None


def test_the_shuffle_reads_back_as_the_same_deck():
    state = new_game(Options(players=3))
    outcome = parse_outcome(ORDERED[::-1])
    assert outcome_text(outcome) == ORDERED[::-1]
    assert WAMPUM.parse_outcome(state.chance_due(), WAMPUM.outcome_text(
        state.chance_due(), outcome)) == outcome
    with pytest.raises(RuleError, match="not a shuffle"):
        parse_outcome("WAT")


def test_a_position_and_its_views():
    state = play(position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"],
                          chests=["AT", "-", "-", "W"]), "@3a +W +T")
    text = position_text(state)
    assert text.split()[:6] == ["4", "WW/AAA/TTT/GGGG", "WAF/AAAFF/TTTTG/TGGGG",
                                "3a:WT/-/-/-", "AT/-/-/W", "-/-/-/-"]
    assert text.split()[8:] == ["add:1", "1", "1", "-", "3"]
    assert parse_position(text) == state
    seen = position_text(state, seen_by=1).split()
    assert seen[2:6] == ["?3/AAAFF/?5/?5", "3a:?2/-/-/-", "?2/-/?0/?1", "?0/-/?0/?0"]
    assert seen[6:8] == ["?2", f"?{state.deck_left()}"]
    table = position_text(state, hide_all=True).split()
    assert table[2] == "?3/?5/?5/?5" and table[3] == "3a:?2/-/-/-"
    assert WAMPUM.view(state, None).position == " ".join(table)


@pytest.mark.parametrize("text, error", [
    ("4 WW/AAA/TTT/GGGG", "13 fields"),
    ("4 WW/AAA/TTT -/-/-/- -/-/-/- -/-/-/- -/-/-/- WA - bid:1 1 1 - 0", "villages"),
    ("3 W/A/T -/-/- 9:W/-/- -/-/- -/-/- - - bid:2 1 1 - 0", "no village"),
    ("3 W/A/T -/-/- 2:W/2:A/- -/-/- -/-/- - - bid:3 1 1 - 0", "two bids"),
    ("3 W/A/T -/-/- -/-/- -/-/- -/-/- - - over 1 1 - 0", "winners"),
])
def test_positions_the_rules_cannot_reach_are_refused(text, error):
    with pytest.raises(ValueError, match=error):
        parse_position(text)


def test_the_notation_pages_view_is_real():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "notation.md").read_text()
    state = play(position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"],
                          chests=["AT", "-", "-", "W"]), "@3a +W +T")
    shown = position_text(state).split()
    assert " ".join(shown[:7]) + " WWWWW...FFFF " + " ".join(shown[8:]) in page
    assert WAMPUM.view(state, 1).position in page
