"""Every rule sentence of the Wump Rummy text (rules/wump-rummy.txt), one test or
more each, quoting the sentence it checks; readings of the text are in
docs/rules/wump-rummy.md. The worked example is test_wumprummy_example.py.

Cards are value then suit (wumprummy_helpers): ``3H`` the 3 of hearts, ``TD`` the
10 of diamonds. Seats are numbered from 1, each to the left of the one before.
"""

import random

import pytest
from wumprummy_helpers import moves, play, position

from marbleboard.games.base import CHANCE, OVER, Chance, RuleError
from marbleboard.games.wumprummy import Options, new_game
from marbleboard.games.wumprummy.game import WUMPRUMMY
from marbleboard.games.wumprummy.notation import (
    cards_from,
    parse_outcome,
    position_text,
    set_text,
)
from marbleboard.games.wumprummy.state import ALL, bits_of

ORDERED = "".join(f"{v}{s}" for v in "A23456789TJQK" for s in "SHDC")  # AS AH AD AC 2S ...


def dealt(players, deck=ORDERED, **options):
    """A match whose first game is dealt from ``deck`` (top card first)."""
    state = new_game(Options(players=players, **options))
    state.apply_chance(parse_outcome(deck))
    return state


def play_deal(state, rng=None):
    """Play the rest of the deal in progress with random legal moves."""
    rng = rng or random.Random(0)
    deal, game = state.deal, state.game
    while state.deal == deal and state.game == game and not state.is_over():
        state.play(rng.choice(state.legal_actions()))
    return state


# --- setting up ------------------------------------------------------------------------


def test_a_standard_52_card_deck_shuffled():
    """The text: "Played with a standard 52 card deck, shuffle and deal"."""
    state = new_game(Options(players=2))
    assert state.is_chance()
    assert state.chance_due() == Chance("shuffle", 52, permutation=True, secret=True)
    with pytest.raises(RuleError):
        parse_outcome(ORDERED + "X1")  # no jokers
    with pytest.raises(RuleError):
        state.apply_chance(range(54))


def test_four_starters_face_up_in_the_centre():
    """The text: "deal 4 cards face up into the center of the play area. These are the
    "Starter" cards"
    """
    state = dealt(3)
    assert set_text(state.centre) == "ASAHADAC"  # the top four cards
    assert "ASAHADAC" in position_text(state, seen_by=1)  # face up: every view shows them


def test_starters_only_at_the_start_of_each_game():
    """The text: "and are only dealt at the start of each game."."""
    state = dealt(2)
    centre_before = state.centre
    held = state.hands[0] | state.hands[1]
    deck_before = len(state.deck)
    play_deal(state)
    # The second deal gives the players their cards, and the centre nothing new:
    # what it holds was there, or was played from the hands.
    assert state.deal == 2 and len(state.deck) == deck_before - 8
    assert state.centre & ~(centre_before | held) == 0
    assert all(h.bit_count() == 4 for h in state.hands)


def test_each_player_is_dealt_4_cards_from_the_dealers_left():
    """The text: "Each player is then dealt 4 cards." Dealt one at a time, from the dealer's
    left round to the dealer (docs/rules/wump-rummy.md).
    """
    state = dealt(3)  # seat 1 deals: seat 2 gets 2S, seat 3 2H, seat 1 2D, ...
    assert [set_text(h) for h in state.hands] == ["2D3H4S4C", "2S2C3D4H", "2H3S3C4D"]
    assert len(state.deck) == 52 - 4 - 12


def test_hands_are_face_up_so_only_the_deck_is_hidden():
    """The text: "when everyone has their cards, they all put them face up in front of them."
    "Because the cards are all face up"
    """
    state = dealt(4)
    full = position_text(state).split()
    for seat in (None, 0, 1, 2, 3):
        view = WUMPRUMMY.view(state, seat).position.split()
        assert view[:7] + view[8:] == full[:7] + full[8:]  # hands, centre, piles shown
        assert view[7] == "?32" and full[7] != view[7]  # the deck's order is not
    # The phone shows the hand, and so does every screen.
    assert WUMPRUMMY.private(state, 2)["hand"] == ["2H", "3H", "4H", "5H"]
    assert WUMPRUMMY.public(state)["seats"]["player3"]["hand"] == ["2H", "3H", "4H", "5H"]


def test_the_player_to_the_left_of_the_dealer_starts():
    """The text: "The player to the left of the dealer starts."."""
    for dealer, first in ((0, 1), (1, 2), (2, 0)):
        state = dealt(3, first_dealer=dealer)
        assert state.dealer == dealer and state.current == first


def test_the_oldest_starts_as_dealer_chosen_at_the_table():
    """The text: "Generally, the oldest person starts as dealer."."""
    assert Options(players=4).first_dealer == 0
    assert dealt(4, first_dealer=3).current == 0
    with pytest.raises(ValueError, match="first_dealer"):
        Options(players=3, first_dealer=3)


def test_2_3_or_4_players():
    """The text: "it can be played with 2, 3, or 4 players"."""
    for n in (2, 3, 4):
        assert Options(players=n).seats == tuple(range(n))
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            Options(players=n)


# --- a turn ----------------------------------------------------------------------------


def test_a_card_matches_by_suit_or_by_value():
    """The text: "If one of their cards matches a center card either by suit or by value"."""
    state = position("3H,KC", centre="3SKH5DAC")
    # 3H: 3S by value, KH by suit; not 5D nor AC.
    assert moves(state) == ["3Hx3S", "3HxKH"]
    state = position("QD,KC", centre="3SKH5DAC")
    assert moves(state) == ["QDx5D"]  # by suit only


def test_the_player_takes_both_cards_into_the_claimed_pile():
    """The text: "then the player takes both cards and places them face down in their own
    "Claimed" pile."
    """
    state = position("3H5D,KCKS", centre="3S9C", deck=8)
    pile = state.claimed[0]
    play(state, "3Hx3S")
    assert state.claimed[0] == pile | bits_of(cards_from("3H3S"))
    assert set_text(state.hands[0]) == "5D" and set_text(state.centre) == "9C"
    assert state.current == 1


def test_a_player_who_cannot_take_places_a_card():
    """The text: "If the player cannot take a card from the center then that player must place
    a card in the center instead."
    """
    state = position("3H5D,KCKS", centre="9C", deck=8)
    assert moves(state) == ["3H", "5D"]  # either card, into the centre
    play(state, "5D")
    assert set_text(state.centre) == "5D9C" and set_text(state.hands[0]) == "3H"
    with pytest.raises(RuleError):
        play(position("3H,KC", centre="-"), "3HxKC")  # nothing in the centre to take


def test_a_player_who_can_take_must_take():
    """The text: "If the player cannot take a card from the center then that player must place
    a card in the center instead." Placing is for a player who cannot take
    (docs/rules/wump-rummy.md), so a player who can has only claims.
    """
    state = position("3H5D,KCKS", centre="3S", deck=8)
    assert moves(state) == ["3Hx3S"]
    with pytest.raises(RuleError, match="not a legal move"):
        play(state, "5D")


def test_only_one_card_from_the_centre_each_turn():
    """The text: "Each player may only take one card from the center each turn."."""
    state = position("3H5D,KCKS", centre="3S3D3CJH", deck=8)
    assert moves(state) == ["3Hx3C", "3Hx3D", "3Hx3S", "3HxJH", "5Dx3D"]
    play(state, "3Hx3D")
    assert set_text(state.centre) == "3S3CJH"  # the other matches stay
    assert state.current == 1


def test_any_matching_hand_card_may_take():
    """The text: "Each player in turn may use one of their face up cards to remove a card from
    the center." Which of the player's cards is used is the player's choice.
    """
    state = position("3H3C,KCKS", centre="3S", deck=8)
    assert moves(state) == ["3Cx3S", "3Hx3S"]
    play(state, "3Cx3S")
    assert set_text(state.hands[0]) == "3H"


def test_play_passes_to_the_left_until_the_four_cards_are_used():
    """The text: "Play passes to the left, until each player has used up their four cards."."""
    state = dealt(3, first_dealer=2)
    order = []
    while state.deal == 1:
        order.append(state.current)
        state.play(state.legal_actions()[0])
    assert order == [0, 1, 2] * 4  # "all twelve plays"


def test_new_deals_start_with_the_same_person():
    """The text: "Four new cards are dealt then dealt out to each player by the dealer. Again,
    the cards are turned up and play proceeds as before, starting with the same
    person as before."
    """
    state = dealt(4, first_dealer=1)
    first = state.current
    play_deal(state)
    centre = state.centre
    assert state.deal == 2 and state.current == first == 2
    assert [h.bit_count() for h in state.hands] == [4, 4, 4, 4]
    assert state.centre == centre  # dealing puts nothing in the centre, takes nothing


def test_the_centre_carries_over_between_deals():
    """The text: "play proceeds as before": the centre is not cleared between deals."""
    state = position("3H,4H", centre="9C", deck="5S6S7S8S", dealer=2, turn=1)
    play(state, "3H")  # 3H cannot take 9C: into the centre
    play(state, "4Hx3H")
    assert state.deal == 2 and set_text(state.centre) == "9C"
    assert [set_text(h) for h in state.hands] == ["5S7S", "6S8S"]


@pytest.mark.parametrize("players, deals", [(2, 6), (3, 4), (4, 3)])
def test_deals_until_all_the_cards_are_dealt(players, deals):
    """The text: "Play continues this way until all the cards are dealt." The first game deals
    the 48 cards after the starters, four to each player each deal.
    """
    state = dealt(players)
    rng = random.Random(players)
    most = 0
    while state.game == 1:
        most = max(most, state.deal)
        state.play(rng.choice(state.legal_actions()))
    assert most == deals


def test_the_final_deal_is_even_with_the_extras_in_the_centre():
    """The text: "On the final round, there may not be enough cards to give each player 4. If
    this is the case, deal so each player gets the same number of cards, and put
    the extras face up in the center."
    """
    state = position("3H,4H,5H", centre="9C", deck="2S2H2D2C3S3D3C4S4D4C5S", dealer=3)
    play(state, "3H", "4Hx3H", "5H")
    # 11 cards for 3 players: 3 each (from seat 1, the dealer's left), 2 extras.
    assert [set_text(h) for h in state.hands] == ["2S2C3C", "2H3S4S", "2D3D4D"]
    assert set_text(state.centre) == "4C5S5H9C" and state.deck == ()
    assert state.deal == 2 and state.current == 0


def test_a_final_deal_too_small_to_go_round_ends_the_game():
    """The text: "deal so each player gets the same number of cards, and put the extras face
    up in the center": with fewer cards than players, none each, all to the centre;
    nobody has a card to play, and the game is over (docs/rules/wump-rummy.md).
    """
    state = position("3H,4S,9D", centre="9C", deck="QH2C", dealer=3)
    before = state.counts()
    play(state, "3H", "4S")  # nothing to take
    assert moves(state) == ["9Dx9C"] and state.last_play()
    play(state, "9Dx9C")
    # The game's last play took a card: the whole centre too, the two extras with it
    # (3H 4S, 9D 9C, QH 2C).
    assert state.rounds[-1] == (before[0], before[1], before[2] + 6)
    assert state.centre == 0 and state.is_chance()


# --- the end of a game -------------------------------------------------------------------


def test_the_last_player_who_takes_gets_the_whole_centre():
    """The text: "If the last player to play can take a card from the center, that person get's
    all the cards in the center."
    """
    state = position("5D,QD", centre="5H7C9SKD", deck="-", dealer=2)
    before = state.counts()
    play(state, "5Dx5H")
    assert moves(state) == ["QDxKD"] and state.last_play()
    play(state, "QDxKD")
    assert state.rounds[-1] == (before[0] + 2, before[1] + 4)  # QD KD, and 7C 9S
    assert state.centre == 0


def test_otherwise_the_centre_waits_for_the_next_game():
    """The text: "Otherwise the center cards are set aside until next game."."""
    state = position("5D,QD", centre="5H7C9S", deck="-", dealer=2)
    before = state.counts()
    play(state, "5Dx5H")
    assert state.last_play()
    play(state, "QD")  # cannot take 7C or 9S: into the centre
    assert state.rounds[-1] == (before[0] + 2, before[1])
    assert state.is_chance() and set_text(state.centre) == "7C9SQD"
    # The next game's deck is the other 49 cards; the set-aside cards stay in the
    # centre with the four starters.
    state.apply_chance(parse_outcome(ORDERED))
    assert set_text(state.centre) == "ASAHADAC7C9SQD"
    held = sum(h.bit_count() for h in state.hands)
    assert held == 8 and len(state.deck) == 52 - 3 - 4 - 8
    assert state.centre | sum(state.hands) | bits_of(state.deck) == ALL


def test_the_most_claimed_cards_win_the_game():
    """The text: "Each player then counts the total number of cards they have collected in
    their pile. The person with the most cards wins that game."
    """
    state = position("5D,QD,2C", centre="5H", claimed="ASAHADAC,-,-", deck="-", dealer=3)
    play(state, "5Dx5H", "QD", "2C")
    counts = state.rounds[-1]
    assert counts[0] > max(counts[1:]) and state.wins == [1, 0, 0]


def test_a_tie_for_most_cards_is_won_by_nobody():
    """The text: "The person with the most cards wins that game." With two people on most
    cards, no one person has the most (docs/rules/wump-rummy.md).
    """
    state = position("5D,QD", centre="5H7D", claimed="ASAH,KSKH", deck="-", dealer=2)
    play(state, "5Dx5H", "QDx7D")
    assert state.rounds == [(26, 26)] and state.wins == [0, 0]
    assert state.is_chance() and state.dealer == 0  # the deal still passes left


def test_the_dealer_passes_to_the_left():
    """The text: "For the next game, the dealer becomes the person to the left of the previous
    dealer."
    """
    state = dealt(3, first_dealer=1)
    dealers = [state.dealer]
    rng = random.Random(4)
    while len(dealers) < 5 and not state.is_over():
        if state.is_chance():
            dealers.append(state.dealer)
            state.apply_chance(state.chance_due().draw(rng))
        else:
            state.play(rng.choice(state.legal_actions()))
    assert dealers[:4] == [1, 2, 0, 1]


def test_the_dealer_plays_last_in_every_deal():
    """The text: "It is important that who starts first always rotates from game to game
    because the last player has the natural advantage to win."
    """
    state = dealt(4, first_dealer=2)
    last = None
    while state.game == 1:
        if state.hands[state.current].bit_count() == 1 and not any(
                state.hands[s] for s in range(4) if s != state.current):
            last = state.current
        state.play(state.legal_actions()[0])
    assert last == 2


def test_the_first_to_win_5_games_wins_the_match():
    """The text: "The first person to win 5 games wins the match."."""
    state = position("5D,QD", centre="5H", claimed="ASAHADAC,-", deck="-", dealer=2,
                     game="9.6", wins="4,4")
    play(state, "5Dx5H", "QD")
    assert state.current == OVER and state.winners == (0,) and state.wins == [5, 4]
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []


def test_a_shorter_match_by_option():
    """The text: "The first person to win 5 games wins the match." Option games_to_win plays
    to fewer (or more).
    """
    assert Options().games_to_win == 5
    state = position("5D,QD", centre="5H", claimed="ASAHADAC,-", deck="-", dealer=2,
                     games_to_win=1)
    play(state, "5Dx5H", "QD")
    assert state.winners == (0,)
    with pytest.raises(ValueError, match="games_to_win"):
        Options(games_to_win=0)


def test_a_game_not_won_is_followed_by_a_shuffle():
    """The text: "For the next game, ..." the cards are shuffled again: a new chance node."""
    state = position("5D,QD", centre="5H", deck="-", dealer=2)
    play(state, "5Dx5H", "QD")
    assert state.current == CHANCE and state.game == 2 and state.deal == 0
    assert state.claimed == [0, 0] and state.hands == [0, 0]
