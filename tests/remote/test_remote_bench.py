"""The bench's rows for two homes measure what they say: moves of the host's, timed
to the other home's service and to its lights."""

import re

from marbleboard.bench.remote import ARRIVED, LIT, remote_figures


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
