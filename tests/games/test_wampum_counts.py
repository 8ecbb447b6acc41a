"""Legal moves counted by hand in fixed positions, written in the notation
(docs/notation.md): the bid's steps, outbidding, a trader chased off, the hand
limit."""

from wampum_helpers import moves, play, position

from marbleboard.games.wampum.notation import parse_position, position_text

GOODS4 = ["WW", "AAA", "TTT", "GGGG"]


def test_a_first_bid_may_go_to_any_of_the_four_villages():
    state = position(GOODS4, ["WWATF", "AAAFF", "TTTTG", "GGGGT"])
    assert moves(state) == ["@2", "@3a", "@3b", "@4"]  # 4


def test_the_cards_of_a_bid_are_the_kinds_in_hand_then_bid():
    state = play(position(GOODS4, ["WWATF", "AAAFF", "TTTTG", "GGGGT"]), "@2")
    assert moves(state) == ["+A", "+F", "+T", "+W"]  # 4 kinds; no empty bid
    play(state, "+W")
    assert len(state.legal_actions()) == 5  # the same 4 kinds, and bid
    play(state, "+W")
    assert moves(state) == ["+A", "+F", "+T", "bid"]  # no W left: 3 kinds and bid


def test_a_village_whose_bid_the_hand_cannot_beat_is_not_offered():
    # seat 3 has three cards; village 2 holds a bid of 3, village 3a one of 1
    state = position(GOODS4, ["WWATF", "AAAFF", "TTG", "GGGGT"],
                     bids=["2:WWA", "3a:A", "-", "-"], turn="bid:3")
    assert moves(state) == ["@3a", "@3b", "@4"]  # 3
    play(state, "@3a +T")
    assert moves(state) == ["+G", "+T"]  # one card does not beat one
    play(state, "+T")
    assert moves(state) == ["+G", "bid"]


def test_a_trader_chased_off_counts_the_villages_with_no_bid_or_a_smaller_one():
    text = ("4 WW/AAA/TTT/GGGG WWATF/AAA/TTTG/TGGGG 2:WW/3a:AAFF/3b:A/*:WT -/-/-/- -/-/-/- "
            "WA " + _rest("WW AAA TTT GGGG WWATF AAA TTTG GGGGT WW AAFF A WT WA")
            + " move:4 1 1 - 12")
    state = parse_position(text)
    # two cards: 2 holds two (no), 3a four (no), 3b one (yes), 4 none (yes)
    assert moves(state) == [">3b", ">4"]
    assert position_text(state) == text


def test_the_hand_limit_throws_away_one_kind_at_a_time():
    state = position(["WW", "AAA", "TTT"], ["FFFFFFT", "GGGGGGG"], turn="bid:1",
                     deck="WAAA")
    play(state, "@2 +F bid", "@3 +G bid")
    assert state.hand_limit() == 4
    # seat 1 holds FFFFFT and the income WA: four kinds, four cards too many
    assert moves(state) == ["-A", "-F", "-T", "-W"]
    play(state, "-W -A -T")
    assert moves(state) == ["-F"]  # one kind left: the table plays it


def test_an_empty_hand_puts_its_trader_down_with_no_cards():
    state = position(["WA", "TTT", "GGGG"], ["-", "GGFF"], bids=["-", "3:GG"], turn="bid:1",
                     round_="12!")
    assert moves(state) == ["@2", "@4"]  # only where no bid stands
    play(state, "@4")
    assert moves(state) == ["bid"]


def _rest(piles):
    from marbleboard.games.wampum.goods import LETTERS, parse_cards

    used = [0] * 5
    for pile in piles.split():
        for k, c in enumerate(parse_cards(pile)):
            used[k] += c
    return "".join(LETTERS[k] * (18 - used[k]) for k in range(5))
