"""The bench's rows for two homes measure what they say: moves of the host's, timed
to the other home's service and to its lights."""

import re

from marbleboard.bench.remote import ARRIVED, LIT, SEALED, remote_figures, sealing_figures


def test_the_bench_times_moves_from_the_host_to_the_other_home():
    arrived, lit = remote_figures(moves=8)
    assert (arrived.what, lit.what) == (ARRIVED, LIT)
    figures = []
    for row in (arrived, lit):
        found = re.fullmatch(r"([\d.]+) / ([\d.]+) ms", row.value)
        assert found, row
        assert row.against.startswith("8 moves")
        figures.append((float(found.group(1)), float(found.group(2))))
    for p50, p99 in figures:
        assert 0 < p50 <= p99


def test_the_bench_sets_what_privacy_costs_a_message_beside_the_hmac_alone():
    row = sealing_figures(rounds=20, repeats=2)
    found = re.fullmatch(r"(\d+) / (\d+) µs", row.value)
    assert row.what == SEALED and found, row
    assert int(found.group(1)) > 0 and int(found.group(2)) > 0
    assert re.match(r"[\d.]+x per message \(\d+ bytes\)", row.against), row
