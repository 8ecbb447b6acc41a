"""The slow-CPU benchmark counts what it says: a whole game, every move made by
the hand read back as that move, and the quota it runs under really set."""

from pathlib import Path

from marbleboard.bench import slow_cpu


async def test_one_whole_game_is_counted_move_by_move():
    r = await slow_cpu.play_one("wampoo", "wampoo")
    assert r["over"] and r["moves"] > 10
    assert r["phantom"] == 0 and r["missed"] == 0  # what the table read is what was made


def test_the_quota_is_written_where_the_kernel_reads_it():
    with slow_cpu.cpu_quota(0.25) as (how, procs):
        if procs is None:  # no cgroup here: the bench says so and uses busy processes
            assert how == ""
            return
        group = procs.parent
        if (group / "cpu.max").exists():
            assert (group / "cpu.max").read_text().split() == ["5000", "20000"]
        else:
            assert int((group / "cpu.cfs_quota_us").read_text()) == 5000
            assert int((group / "cpu.cfs_period_us").read_text()) == 20000
    assert not group.exists()  # removed after use


def test_without_a_cgroup_the_game_runs_beside_busy_processes(monkeypatch):
    def refused(self, *args, **kwargs):
        raise PermissionError("no cgroup here")

    monkeypatch.setattr(Path, "mkdir", refused)
    with slow_cpu.cpu_quota(0.5) as (how, procs):
        assert (how, procs) == ("", None)
