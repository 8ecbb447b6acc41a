"""Every rule sentence of the Wampum text (rules/wampum-fr.txt, in French), one
test or more each, quoting the sentence it checks; the text's numbered examples
are tests of their own. Readings of the text are in docs/rules/wampum.md.

Goods: W weapons (Armes), A alcohol (Alcool), T tobacco (Tabac), G grain
(Céréales), F furs (Peaux). Seats are numbered from 1 in the notation.
"""

import random

import pytest
from wampum_helpers import moves, play, position

from marbleboard.games.base import OVER, Chance, RuleError
from marbleboard.games.wampum import Options, new_game
from marbleboard.games.wampum.game import WAMPUM
from marbleboard.games.wampum.goods import PER_KIND, K, parse_cards, village_names
from marbleboard.games.wampum.notation import parse_outcome, position_text
from marbleboard.games.wampum.state import ADDING, BIDDING, DISCARDING, MOVING

ORDERED = "W" * 18 + "A" * 18 + "T" * 18 + "G" * 18 + "F" * 18


def dealt(players, text=ORDERED, first=0):
    state = new_game(Options(players=players, first_player=first))
    state.apply_chance(parse_outcome(text))
    return state


# --- setting up -------------------------------------------------------------------------


def test_2_to_5_players():
    # "Un jeu pour 2 à 5 joueurs"
    for n in (2, 3, 4, 5):
        assert Options(players=n).seats == tuple(range(n))
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5 players"):
            Options(players=n)


@pytest.mark.parametrize("players, villages", [
    (2, ("2", "3", "4")), (3, ("2", "3", "4")), (4, ("2", "3a", "3b", "4")),
    (5, ("2", "3a", "3b", "3c", "4"))])
def test_the_villages_used_by_player_count(players, villages):
    # "Pour deux et trois joueurs : Cartes « 2 », « 3 », et « 4 » ... Pour quatre
    # joueurs : Cartes « 2 », « 3 », « 3 », et « 4 » ... Pour cinq joueurs : Toutes
    # les cartes Village sont utilisées."
    assert village_names(players) == villages
    state = dealt(players)
    assert [sum(state.offered(v)) for v in range(state.villages)] == [
        int(name[0]) for name in villages]


def test_90_goods_cards_in_5_kinds_shuffled_once():
    # "90 cartes « Marchandise » réparties en 5 couleurs (18 cartes par couleur)"
    state = new_game(Options(players=3))
    assert state.is_chance()
    assert state.chance_due() == Chance("shuffle", 90, permutation=True, secret=True)
    assert K * PER_KIND == 90


def test_two_players_set_one_card_of_each_kind_aside():
    # "A deux joueurs, une carte de chaque couleur de Marchandises est retirée du jeu"
    state = dealt(2)
    assert state.removed == [1, 1, 1, 1, 1]
    assert position_text(state, seen_by=0).split()[6] == "WATGF"  # known to all


def test_four_players_set_two_cards_aside_unseen():
    # "A quatre joueurs, deux cartes Marchandise sont retirées du jeu au hasard, puis
    # remises dans la boîte sans être regardées."
    state = dealt(4)
    assert sum(state.removed) == 2 and state.removed == [2, 0, 0, 0, 0]
    for seat in range(4):
        assert position_text(state, seen_by=seat).split()[6] == "?2"
    assert position_text(state, hide_all=True).split()[6] == "?2"


def test_goods_face_up_on_each_village_then_five_cards_each_from_the_first_player():
    # "Placer sur chaque Village un nombre de cartes Marchandise égal à sa valeur,
    # faces visibles" and "En commençant par le Premier Joueur, chacun prend les 5
    # premières cartes de cette Pioche pour constituer sa « Main »."
    order = "WWATTGGGF" + "AAAAA" + "TTTTT" + "GGGGG" + "W" * 16 + "A" * 12 + "T" * 11 + \
        "G" * 10 + "F" * 17
    state = dealt(3, order, first=1)
    assert [state.offered(v) for v in range(3)] == [
        parse_cards("WW"), parse_cards("ATT"), parse_cards("GGGF")]
    # the first player (seat 2) takes the first five, then seat 3, then seat 1
    assert state.hand(1) == parse_cards("AAAAA")
    assert state.hand(2) == parse_cards("TTTTT")
    assert state.hand(0) == parse_cards("GGGGG")
    assert state.current == 1 and state.phase == BIDDING


@pytest.mark.parametrize("players, deck", [(2, 66), (3, 66), (4, 56), (5, 50)])
def test_the_rest_is_the_deck(players, deck):
    # "Les cartes Marchandise restantes sont bien mélangées, puis rassemblées afin de
    # former la « Pioche »."
    assert dealt(players).deck_left() == deck


# --- bids -------------------------------------------------------------------------------


def start4(first=1, hands=("WWFFF", "AAAFF", "TTTTG", "GGGGT"), goods=("WW", "AAA", "TTT", "FFFF")):
    return position(list(goods), list(hands), turn=f"bid:{first}", first=first)


def test_a_bid_is_for_one_village_and_as_many_cards_as_wished():
    # "Chaque joueur ne peut Miser que pour un seul Village donné. Lorsqu'il Mise, un
    # joueur prend autant de cartes Marchandise qu'il le désire de sa Main"
    state = start4()
    assert moves(state) == ["@2", "@3a", "@3b", "@4"]
    play(state, "@3b")
    assert state.phase == ADDING and moves(state) == ["+F", "+W"]  # one village only
    play(state, "+W")
    assert moves(state) == ["+F", "+W", "bid"]
    play(state, "+W +F +F +F")
    assert moves(state) == ["bid"]  # the whole hand
    play(state, "bid")
    assert state.size[0] == 5 and state.held[0] == 0 and state.current == 1


def test_a_bid_goes_face_down_its_count_seen():
    # "les pose faces cachées ... (Les cartes Misées sont posées de façon à ce que leur
    # nombre soit clairement visible)"
    state = play(start4(), "@3b +W +F bid")
    assert position_text(state).split()[3] == "3b:WF/-/-/-"
    for seat in (1, 2, 3):
        assert position_text(state, seen_by=seat).split()[3] == "3b:?2/-/-/-"
    assert position_text(state, seen_by=0).split()[3] == "3b:WF/-/-/-"


def test_a_bid_at_a_village_with_a_bid_must_have_more_cards():
    # "Si le Village ciblé par un joueur comporte déjà une autre Mise, ce joueur doit
    # poser une Mise comprenant plus de cartes que la Mise déjà présente."
    state = play(start4(hands=("WWFFF", "AAF", "TTTTG", "GGGGT")), "@3b +W +F +F bid")
    assert moves(state) == ["@2", "@3a", "@4"]  # three cards cannot outbid three
    state = play(start4(), "@3b +W +F +F bid", "@3b +A +A +A")
    assert moves(state) == ["+F"]  # three cards do not chase three: a fourth must go in
    with pytest.raises(RuleError):
        play(state, "bid")
    play(state, "+F")
    assert moves(state) == ["+F", "bid"]


def test_the_bid_a_phone_composes_on_one_screen_needs_what_the_rule_asks():
    # The same sentence, as the phone's one-screen bid is told it: the village with
    # a bid of three needs four cards; an empty one, one card.
    state = play(start4(), "@3b +W +F +F bid")
    composed = WAMPUM.composed(state, state.current)
    least = {c["name"]: (c["there"], c["least"]) for c in composed["choices"]}
    assert least["3b"] == (3, 4) and least["2"] == (0, 1)
    assert composed["fixed"] is None and composed["done"] == "bid"
    assert composed["steps"]["weapons"] == "+W"
    play(state, "@3b +A")
    composed = WAMPUM.composed(state, state.current)
    assert composed["choices"] == [] and composed["begun"] == 1
    assert composed["fixed"]["least"] == 4
    assert WAMPUM.composed(state, (state.current + 1) % 4) is None  # not its turn


def test_a_trader_chased_off_moves_its_bid_unchanged_to_an_empty_or_lower_village():
    # "Le propriétaire de la première Mise ne peut pas la modifier, et doit la poser sur
    # un autre Village qui ne comporte aucune Mise, ou une Mise inférieure à la sienne."
    state = play(start4(), "@2 +W bid", "@3a +A +A +A bid", "@2 +T +T bid")
    # seat 1 (one card) is chased off village 2: 3a holds three, 3b and 4 none
    assert state.current == 0 and state.phase == MOVING
    assert moves(state) == [">3b", ">4"]
    play(state, ">4")
    assert state.at[0] == 3 and state.bid(0) == parse_cards("W")  # not modified
    assert state.current == 3 and state.phase == BIDDING  # then the next bidder


def test_example_1_the_chased_trader_does_the_same_until_all_stand_apart():
    # "Le nouveau joueur chassé de son Village effectue alors la même opération. La
    # Phase de Mises se termine lorsque chaque joueur a misé une fois, et que chaque
    # Négociant se retrouve devant un Village différent (Voir Exemple n°1)"
    # (the example's figure is missing: here a chain of two chasings)
    state = start4()
    play(state, "@2 +W bid", "@3a +A +A bid", "@2 +T +T +T bid")
    play(state, ">3b")  # seat 1, chased by three cards, goes to the empty 3b
    play(state, "@3a +G +G +G bid")  # seat 4 chases seat 2 (two cards) off 3a
    assert state.current == 1 and moves(state) == [">3b", ">4"]  # 3b holds one, 4 none
    play(state, ">3b")  # seat 2 chases seat 1 in turn
    assert state.current == 0 and moves(state) == [">4"]  # the only village left
    play(state, ">4")
    # every seat has bid once, each at its own village: the bids are over, and the
    # round goes on by itself (no hand is over the limit of 3 + 3) to its trades
    assert state.round == 2 and state.phase == BIDDING
    assert sorted((seat, village) for seat, village, _b, _t in state.trades) == [
        (0, 3), (1, 2), (2, 0), (3, 1)]
    assert state.first == 2  # three cards each for seats 3 and 4: seat 3 is nearer seat 1


# --- the new first player ------------------------------------------------------------------


def example_2():
    """Four players A, B, C, D (seats 1 to 4), C holding the Canoe: A bids 2 cards,
    B 4, C 3 and D 4, each at a village of its own."""
    state = position(["WW", "AAA", "TTT", "GGGG"],
                     ["FFFFF", "TTTTWWWWWW", "WWWAT", "AAAAF"],
                     turn="bid:3", first=3, deck="GGFFAAWW")
    play(state, "@3b +W +W +W bid")  # C: 3
    play(state, "@2 +A +A +A +A bid")  # D: 4
    play(state, "@3a +F +F bid")  # A: 2
    play(state, "@4 +T +T +T +T bid")  # B: 4
    return state


def test_example_2_the_highest_bid_nearest_the_canoe_takes_it():
    # "Dans une partie à 4 joueurs (A, B, C, D), C est le 1er Joueur actuel. A Mise 2
    # cartes, B mise 4 cartes, C mise 3 cartes et D mise 4 cartes. B et D sont
    # ex-æquo et ont effectué la plus haute Mise. D devient nouveau 1er Joueur et prend
    # la carte « Canoë »."
    state = example_2()
    assert state.size == [2, 4, 3, 4]
    assert state.first == 3  # D


def test_the_canoes_holder_keeps_it_when_tied_for_the_highest_bid():
    # "Si plusieurs joueurs ont effectué la plus haute Mise, le nouveau 1er Joueur est
    # celui des ex-æquo qui est placé le plus près du 1er Joueur actuel"
    state = position(["WW", "AAA", "TTT", "GGGG"], ["FFFFF", "TTTTW", "WWWAT", "AAAAF"],
                     turn="bid:3", first=3)
    play(state, "@3b +W +W bid", "@2 +A bid", "@3a +F +F bid", "@4 +T bid")
    assert state.first == 2  # C (two cards) ties with A (two) and is nearest itself


def test_example_3_the_hand_limit_is_the_highest_bid_and_three():
    # "Lors de la situation de l'exemple 2, D a effectué le Mise la plus haute avec 4
    # cartes ; la nouvelle limite sera donc de 7 cartes (4 +3)."
    state = example_2()
    assert state.hand_limit() == 7
    # income from D: D GG, A FF, B AA, C WW; B holds 6 + 2 = 8, one too many
    assert state.hand(3) == parse_cards("FGG") and state.hand(0) == parse_cards("FFFFF")
    assert state.phase == DISCARDING and state.current == 1 and state.held[1] == 8
    assert moves(state) == ["-A", "-W"]


def test_the_player_chooses_the_cards_thrown_away_face_down():
    # "Toute carte en plus doit être défaussée. Chaque joueur choisit les cartes qu'il
    # défausse."
    state = example_2()
    play(state, "-W")
    assert state.discards[5:10] == parse_cards("W") and state.held[1] == 7
    assert position_text(state, seen_by=1).split()[5] == "?0/W/?0/?0"
    assert position_text(state, seen_by=0).split()[5] == "-/?1/?0/?0"


def test_at_least_four_cards_are_kept():
    # "au minimum, chaque joueur gardera donc 4 cartes en Main"
    state = position(["WW", "AAA", "TTT"], ["FFFFFFF", "GGGGGGG"], turn="bid:1", deck="WWAA")
    play(state, "@2 +F bid", "@3 +G bid")
    assert state.hand_limit() == 4
    assert state.current == 0 and state.held[0] == 8 and state.phase == DISCARDING
    play(state, "-F -F -F -F")
    assert state.current == 1
    play(state, "-G -G -G -G")
    # F at village 2 (WW) and G at village 3 (AAA) trade nothing: four cards stay
    assert state.round == 2 and state.held == [4, 4]


def test_the_limit_is_checked_only_then():
    # "Uniquement lors de cette Phase, chaque joueur va vérifier la taille de sa Main."
    state = play(example_2(), "-W")
    # the trades that follow may bring more: nobody throws them away before the next limit
    assert state.round == 2 and state.phase == BIDDING


# --- income ------------------------------------------------------------------------------


def test_income_two_cards_each_from_the_new_first_player():
    # "Chaque joueur en commençant par le 1er Joueur, et dans l'ordre du tour pioche 2
    # cartes qu'il ajoute à sa Main."
    state = example_2()
    assert state.hand(3) == parse_cards("FGG")  # D first: GG
    assert state.hand(0) == parse_cards("FFFFF")  # then A: FF
    assert state.hand(2) == parse_cards("ATWW")  # C last: WW


def test_two_players_put_two_cards_on_the_village_nobody_bid_for():
    # "Règle spéciale pour 2 joueurs : ... les 2 premières cartes de la Pioche sont
    # alors posées faces visibles sur le Village où aucune Mise n'a été faite ce
    # tour-ci."
    state = position(["WW", "AAA", "TTTT"], ["FFFFF", "GGGGG"], turn="bid:1", deck="WWAAGT")
    play(state, "@2 +F bid", "@3 +G bid")
    assert state.offered(2) == parse_cards("GTTTTT")
    assert state.hand(0) == parse_cards("FFFFWW") and state.hand(1) == parse_cards("AAGGGG")


def test_the_last_card_drawn_makes_the_next_round_the_last_with_no_income():
    # "Si au cours de cette Phase, la dernière carte de la Pioche est prise, un dernier
    # tour a lieu après celui-ci." and "un dernier tour (sans « Phase de Revenus »)"
    state = position(["WW", "AAA", "TTTT"], ["FFFFF", "GGGGG"], turn="bid:1", deck="WWAAGT")
    # the deck holds these six and every card the position does not place: empty it
    state.deck = state.deck[:6]
    state.removed = [1 + 18 - c for c in _placed(state)]
    play(state, "@2 +F +F +F bid", "@3 +G +G +G bid")  # a limit of 6: nobody throws away
    assert state.deck_left() == 0 and state.round == 2 and state.last_round
    assert position_text(state).split()[10] == "2!"
    hands = list(state.held)
    play(state, "@2 +F bid", "@3 +G bid")  # no income: hands only lose their bids
    assert state.is_over()
    assert hands[0] - 1 >= 0 and hands[1] - 1 >= 0


def _placed(state):
    placed = [0] * K
    for pile in (state.hands, state.bids, state.chests, state.discards, state.goods):
        for i, c in enumerate(pile):
            placed[i % K] += c
    for k in state.deck:
        placed[k] += 1
    return [c + 1 for c in placed]


# --- trade -------------------------------------------------------------------------------


def round_of_trades():
    """Three players: seat 1 bids WT at village 3 (TTG), seat 2 WWWAA at village 2
    (GG), seat 3 F at village 4 (FFFF)."""
    state = position(["GG", "TTG", "FFFF"], ["WTFFF", "WWWAAG", "GGGFF"], turn="bid:1",
                     deck="WWAAGG")
    play(state, "@3 +W +T bid", "@2 +W +W +W +A +A bid", "@4 +F bid")
    return state


def test_the_bids_are_revealed_before_the_trade():
    # "Toutes les cartes Misées sont alors retournées faces visibles par leurs joueurs."
    state = round_of_trades()
    assert [(s, b, t) for s, _v, b, t in state.trades] == [
        (1, tuple(parse_cards("WWWAA")), False), (0, tuple(parse_cards("WT")), True),
        (2, tuple(parse_cards("F")), True)]


def test_example_4_a_shared_kind_swaps_the_bid_for_the_villages_goods():
    # "Si au moins l'une des cartes composant la Mise d'un Joueur est de la même
    # catégorie qu'une des cartes proposée au Négoce, le joueur prend en Main toutes
    # les cartes déjà posées sur le Village, et les échange avec toutes les cartes
    # composant sa Mise (Voir exemple n°4)"
    state = round_of_trades()
    assert state.offered(1) == parse_cards("WT")  # the bid is now the goods offered
    assert state.hand(0) == parse_cards("TTGGGFFF")  # FFF kept, GG income, TTG taken
    assert state.offered(2) == parse_cards("F")
    assert state.hand(2) == parse_cards("AAGGGFFFFF")


def test_example_5_no_shared_kind_one_card_a_kind_to_the_village_the_rest_wampums():
    # "Il va d'abord prendre une carte par couleur dans sa Mise et les ajouter aux
    # cartes proposées au Négoce. Il retourne ensuite faces cachées toutes les autres
    # cartes composant sa Mise, et les pose sous sa carte « Coffre ». Chaque carte sous
    # un Coffre représente un « Wampum » (Voir exemple n°5)"
    state = round_of_trades()
    assert state.offered(0) == parse_cards("WAGG")
    assert state.chest(1) == parse_cards("WWA") and state.wampums(1) == 3
    text = position_text(state, seen_by=0).split()[4]
    assert text == "-/?3/?0"  # face down: the count shows, not the cards


# --- the end ------------------------------------------------------------------------------


def last_round(chests=("-", "WWA")):
    state = position(["WA", "TTT", "GGGG"], ["WWWAT", "GGFF"], chests=list(chests),
                     turn="bid:1", round_="12!")
    state.deck = ()
    state.removed = [1 + 18 - c for c in _placed(state)]
    return state


def test_example_6_one_card_of_each_kind_in_hand_goes_into_the_chest():
    # "A la fin du tout dernier tour, chaque joueur prend une carte par couleur qu'il a
    # encore en Main et la place sous son Coffre (Voir exemple n° 6)."
    state = play(last_round(), "@3 +W +W bid", "@2 +F bid")
    assert state.current == OVER
    # seat 1: one W from its bid, then W A T from its hand; seat 2: G F from its hand
    assert state.wampums(0) == 1 + 3 and state.hand(0) == [0] * K
    assert state.wampums(1) == 3 + 2 and state.hand(1) == parse_cards("G")
    assert state.winners == (1,)
    assert state.returns() == [-1.0, 1.0]


def test_most_wampums_wins_and_equal_ones_share():
    # "Le joueur ayant le plus de cartes « Wampum » sous son Coffre gagne. En cas
    # d'égalité, chaque ex-æquo gagne."
    state = play(last_round(chests=("W", "WWW")), "@3 +W +W bid", "@2 +F bid")
    assert state.wampums(0) == state.wampums(1) == 5
    assert state.winners == (0, 1) and state.returns() == [1.0, 1.0]


def test_seeded_random_games_end_with_winners():
    for seed in range(40):
        players = 2 + seed % 4
        rng = random.Random(seed)
        state = new_game(Options(players=players))
        while not state.is_over():
            if state.is_chance():
                state.apply_chance(state.chance_due().draw(rng))
            else:
                state.play(rng.choice(state.legal_actions()))
        assert state.winners and state.last_round and state.deck_left() == 0
        best = max(state.wampums(s) for s in range(players))
        assert all(state.wampums(s) == best for s in state.winners)
