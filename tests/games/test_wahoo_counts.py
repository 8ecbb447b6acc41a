"""Move counts from fixed positions, counted by hand (as chess engines check perft).

Four-colour board, 14 holes an arm: Starting Positions 0/14/28/42, entries
52/10/24/38, arrows 45/3/17/31 (red/blue/yellow/green); Tee-Pees R1..R4 etc.;
C the centre.
"""

import pytest
from wahoo_helpers import moves

from marbleboard.games.wahoo import Options
from marbleboard.games.wahoo.notation import parse_position

PARTNERS = Options(players=4, partners=True)
WAITING = "BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS"
COUNTS = [
    # Nothing out, a 6: only coming out.
    (f"4 RS,RS,RS,RS/{WAITING} R 6 - 0", 1),
    # Nothing out, a 5: the one pass.
    (f"4 RS,RS,RS,RS/{WAITING} R 5 - 0", 1),
    # Red on 0 and 5, a 6: 0-6 would pass 5, and nothing comes out onto red's own
    # marble on 0; only 5-11.
    (f"4 0,5,RS,RS/{WAITING} R 6 - 0", 1),
    # Red on blue's arrow 3 and one beyond it, 4, a 4: 3-7 would pass 4; 3 arrow to
    # arrow 17, 31, 45 then 46; 4-8; 4 to the centre. 3 moves.
    (f"4 3,4,RS,RS/{WAITING} R 4 - 0", 3),
    # Red on 3, C, R1, waiting one; blue on 14 and 46; a 1: 3-4, 3>17, C>45, R1-R2,
    # out. 5 moves.
    ("4 3,C,R1,RS/14,46,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 1 - 0", 5),
    # The same with a 6: 3-9, 3>48 (three arrows, then 46 past blue, 47, 48), out;
    # the centre needs a 1 and R1 has only 3 holes to go. 3 moves.
    ("4 3,C,R1,RS/14,46,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0", 3),
    # Partners: red's only move lands on yellow, its partner: it must be played.
    ("4 5,RS,RS,RS/BS,BS,BS,BS/8,YS,YS,YS/GS,GS,GS,GS R 3 - 0", 1, PARTNERS),
    # Red finished and plays for yellow with a 1: 30-31 or out onto 28. 2 moves.
    ("4 R1,R2,R3,R4/BS,BS,BS,BS/30,YS,YS,YS/GS,GS,GS,GS R 1 - 0", 2, PARTNERS),
    # Six colours (84 holes, arrows 73/3/17/31/45/59), red on 3 with a 6: 3-9,
    # five arrows to its own 73 and one on to 74, or out. 3 moves.
    ("6 3,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS/PS,PS,PS,PS/OS,OS,OS,OS R 6 - 0", 3),
]


@pytest.mark.parametrize("case", COUNTS, ids=range(len(COUNTS)))
def test_move_counts(case):
    text, count, *options = case
    assert len(moves(parse_position(text, *options))) == count


def test_the_counted_moves_themselves():
    state = parse_position("4 3,C,R1,RS/14,46,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 1 - 0")
    assert moves(state) == ["1 3-4", "1 3>17", "1 C>45", "1 R1-R2", "1 out"]
    state = parse_position("4 3,C,R1,RS/14,46,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0")
    assert moves(state) == ["6 3-9", "6 3>48", "6 out"]
    six = parse_position(
        "6 3,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS/PS,PS,PS,PS/OS,OS,OS,OS R 6 - 0")
    assert moves(six) == ["6 3-9", "6 3>74", "6 out"]
