"""`marbleboard install` and `uninstall`, rendered into a temporary root."""

import configparser
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from marbleboard import install as inst
from marbleboard.cli import main
from marbleboard.link import ports
from marbleboard.table.store import DAMAGED_EXIT

USER = "marbleboard-test"  # an account name verify accepts without it existing


def need_systemd_analyze() -> None:
    if shutil.which("systemd-analyze") is None:
        why = "systemd-analyze is absent (Debian: apt-get install systemd)"
        if os.environ.get("CI"):  # CI installs it: there the check must run
            pytest.fail(why, pytrace=False)
        pytest.skip(why)


@pytest.fixture
def fake_root(tmp_path: Path) -> Path:
    """The folders a Raspberry Pi OS root has before install, and a runnable marbleboard."""
    for folder in ("etc/systemd/system", "etc/udev/rules.d", "var/lib", "opt/venv/bin"):
        (tmp_path / folder).mkdir(parents=True)
    exe = tmp_path / "opt/venv/bin/marbleboard"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    return tmp_path


def plan(root: Path) -> inst.Plan:
    return inst.Plan(executable=root / "opt/venv/bin/marbleboard", user=USER, root=root)


def snapshot(root: Path) -> dict[str, tuple[int, bytes]]:
    return {str(p.relative_to(root)): (p.stat().st_mode,
                                       p.read_bytes() if p.is_file() else b"")
            for p in sorted(root.rglob("*"))}


def unit_of(root: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((root / inst.UNIT_PATH).read_text())
    return parser


def test_the_unit_runs_serve_auto_as_the_user_and_restarts_it(fake_root):
    inst.install(plan(fake_root))
    unit = unit_of(fake_root)
    service = unit["Service"]
    exe = fake_root / "opt/venv/bin/marbleboard"
    assert service["ExecStart"] == (f"{exe} serve --board auto --port 8000 "
                                    "--db /var/lib/marbleboard/games.db")
    assert service["User"] == USER
    assert "dialout" in service["SupplementaryGroups"].split()
    assert service["Restart"] == "on-failure"
    # ...but not over a damaged games file, which only a person can decide about.
    assert service["RestartPreventExitStatus"] == str(DAMAGED_EXIT)
    assert service["Environment"] == "PYTHONUNBUFFERED=1"  # the link shows in the journal
    assert service["StateDirectory"] == "marbleboard"
    assert service["StateDirectoryMode"] == "0700"
    # No privilege to gain, and the devices left visible for the serial port.
    assert service["NoNewPrivileges"] == "yes" and service["CapabilityBoundingSet"] == ""
    assert "PrivateDevices" not in service
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_a_broker_for_games_with_another_home_is_passed_to_serve(fake_root):
    inst.install(inst.Plan(executable=fake_root / "opt/venv/bin/marbleboard", user=USER,
                           root=fake_root, remote="broker.example.org",
                           remote_login=Path("/etc/marbleboard/broker-login")))
    assert unit_of(fake_root)["Service"]["ExecStart"].endswith(
        "--db /var/lib/marbleboard/games.db --remote mqtts://broker.example.org:8883 "
        "--remote-login /etc/marbleboard/broker-login")
    with pytest.raises(ValueError, match="mqtts://HOST"):
        inst.render_unit(inst.Plan(executable=fake_root / "x", user=USER, remote="http://x"))


def test_a_broker_without_tls_on_another_machine_needs_saying_so(fake_root):
    plain = inst.Plan(executable=fake_root / "x", user=USER, remote="mqtt://192.0.2.7")
    with pytest.raises(ValueError, match="--insecure-broker"):
        inst.render_unit(plain)
    plain = inst.Plan(executable=fake_root / "x", user=USER, remote="mqtt://192.0.2.7",
                      insecure_broker=True)
    assert inst.render_unit(plain).count(
        "--remote mqtt://192.0.2.7:1883 --insecure-broker") == 1


def test_the_data_directory_is_made_owner_only(fake_root):
    inst.install(plan(fake_root))
    data = fake_root / "var/lib/marbleboard"
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert str(inst.DATA_DIR) in unit_of(fake_root)["Service"]["ExecStart"]


def test_the_unit_passes_systemd_analyze_verify(fake_root):
    need_systemd_analyze()
    inst.install(plan(fake_root))
    unit = fake_root / inst.UNIT_PATH
    # verify needs no running systemd when given the unit's path; it exits 0 even
    # on an unknown key, so what it says about the file counts as a failure too.
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                            text=True, env={**os.environ, "SYSTEMD_LOG_LEVEL": "warning"})
    complaints = [line for line in (result.stdout + result.stderr).splitlines()
                  if str(unit) in line or "marbleboard.service" in line]
    assert result.returncode == 0 and complaints == [], result.stdout + result.stderr


def test_the_unit_is_well_hardened_by_systemds_own_measure(fake_root):
    need_systemd_analyze()
    inst.install(plan(fake_root))
    result = subprocess.run(["systemd-analyze", "security", "--offline=true",
                             str(fake_root / inst.UNIT_PATH)], capture_output=True, text=True)
    found = re.search(r"Overall exposure level for marbleboard.service: ([0-9.]+)",
                      result.stdout)
    assert found, result.stdout + result.stderr
    # 0 is locked down, 10 unprotected; the unit lands near 2, where systemd says OK.
    # A service that must reach the network, the serial port and its home stays above 1.
    assert float(found.group(1)) <= 2.5


def test_verify_would_catch_a_broken_unit(fake_root):
    # The check above is only worth something if verify does complain here.
    need_systemd_analyze()
    unit = fake_root / inst.UNIT_PATH
    unit.write_text(inst.render_unit(plan(fake_root)).replace("[Install]",
                                                              "RestartEvery=3\n[Install]"))
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                            text=True)
    assert "RestartEvery" in result.stderr


def test_the_rule_names_the_micropython_pico_and_nothing_else():
    rule = [line for line in inst.render_rule().splitlines() if not line.startswith("#")]
    assert len(rule) == 1
    keys = dict(part.strip().split("==" if "==" in part else "=", 1)
                for part in rule[0].split(", "))
    assert keys['SUBSYSTEM'] == '"tty"'
    assert keys["ENV{ID_VENDOR_ID}"] == f'"{ports.PICO_VID:04x}"' == '"2e8a"'
    # What MicroPython v1.28.0's UF2 for the Pico declares in its USB descriptor.
    assert keys["ENV{ID_MODEL_ID}"] == '"0005"'
    assert keys["ENV{ID_USB_INTERFACE_NUM}"] == '"00"'
    assert keys["SYMLINK+"] == '"marbleboard"'
    assert "/dev/" + keys["SYMLINK+"].strip('"') == ports.STABLE_NAME
    assert keys["GROUP"] == '"dialout"'


def test_the_rule_passes_udevadm_verify(fake_root):
    udevadm = shutil.which("udevadm")
    if udevadm is None:
        pytest.skip("udevadm is absent (Debian: apt-get install udev)")
    if subprocess.run([udevadm, "verify", "--help"], capture_output=True).returncode != 0:
        pytest.skip("this udevadm has no `verify` (it came in systemd 254)")
    inst.install(plan(fake_root))
    result = subprocess.run([udevadm, "verify", str(fake_root / inst.RULE_PATH)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_install_then_uninstall_leaves_the_root_as_it_was(fake_root):
    before = snapshot(fake_root)
    inst.install(plan(fake_root))
    assert snapshot(fake_root) != before
    inst.uninstall(plan(fake_root))
    assert snapshot(fake_root) == before


def test_uninstall_keeps_the_games_and_what_it_did_not_write(fake_root):
    inst.install(plan(fake_root))
    (fake_root / "var/lib/marbleboard/games.db").write_bytes(b"games")
    (fake_root / inst.RULE_PATH).write_text("# someone's own rule\n")
    done = inst.uninstall(plan(fake_root))
    assert not (fake_root / inst.UNIT_PATH).exists()
    assert (fake_root / "var/lib/marbleboard/games.db").read_bytes() == b"games"
    assert (fake_root / inst.RULE_PATH).read_text() == "# someone's own rule\n"
    assert any("holds the games" in line for line in done)


def test_install_refuses_to_overwrite_a_unit_it_did_not_write(fake_root):
    (fake_root / inst.UNIT_PATH).write_text("[Service]\nExecStart=/bin/true\n")
    with pytest.raises(FileExistsError, match="not written by marbleboard install"):
        inst.install(plan(fake_root))
    assert (fake_root / inst.UNIT_PATH).read_text() == "[Service]\nExecStart=/bin/true\n"


def test_install_into_a_root_without_systemd_says_so(tmp_path):
    with pytest.raises(FileNotFoundError, match="are systemd and udev installed"):
        inst.install(plan(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_dry_run_writes_nothing_and_says_what_it_would(fake_root, capsys):
    before = snapshot(fake_root)
    assert main(["install", "--root", str(fake_root), "--user", USER, "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"would write {fake_root / inst.UNIT_PATH}"
    assert any(line.startswith("would make") and "0700" in line for line in out)
    assert not any("systemctl" in line for line in out)  # not the real root: nothing reloaded
    assert snapshot(fake_root) == before


def test_into_the_real_root_it_reloads_systemd_and_udev(fake_root, capsys, monkeypatch):
    # fake_root stands in for / so that nothing on this machine is touched.
    monkeypatch.setattr(inst.Plan, "real_root", property(lambda self: True))
    monkeypatch.setattr(inst, "_ids", lambda plan: (1234, 5678))  # as if the account existed
    before = snapshot(fake_root)
    assert main(["install", "--root", str(fake_root), "--user", USER, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "would run systemctl enable --now marbleboard.service" in out
    assert "would run udevadm control --reload" in out
    assert snapshot(fake_root) == before


def test_the_service_is_never_root(fake_root, capsys):
    assert main(["install", "--root", str(fake_root), "--user", "root"]) == 2
    assert "ordinary account" in capsys.readouterr().out
    assert not (fake_root / inst.UNIT_PATH).exists()


def test_the_gpio_group_joins_only_where_it_exists(fake_root, capsys):
    (fake_root / "etc/group").write_text("dialout:x:20:\ngpio:x:997:\n")
    assert main(["install", "--root", str(fake_root), "--user", USER]) == 0
    assert unit_of(fake_root)["Service"]["SupplementaryGroups"] == "dialout gpio"


def test_auto_prefers_the_stable_name(tmp_path, monkeypatch):
    link = tmp_path / "marbleboard"
    monkeypatch.setattr(ports, "find_picos", lambda: ["/dev/ttyACM0", "/dev/ttyACM1"])
    monkeypatch.setattr(ports, "STABLE_NAME", str(link))
    with pytest.raises(ports.NoPicoFound):  # without the rule's name, two Picos are ambiguous
        ports.choose_port(None)
    link.symlink_to(tmp_path)
    assert ports.choose_port(None) == str(link)
    assert ports.choose_port("/dev/ttyACM1") == "/dev/ttyACM1"  # a named port still wins


def test_into_the_real_root_it_runs_the_reloads_and_hands_over_the_data(fake_root,
                                                                        monkeypatch):
    monkeypatch.setattr(inst.Plan, "real_root", property(lambda self: True))
    ran, chowned = [], []
    monkeypatch.setattr(inst.subprocess, "run", lambda cmd, check: ran.append(cmd))
    monkeypatch.setattr(inst, "_ids", lambda plan: (1234, 5678))
    monkeypatch.setattr(inst.os, "chown", lambda path, uid, gid: chowned.append((path, uid, gid)))
    inst.install(plan(fake_root))
    assert ran == [["systemctl", "daemon-reload"],
                   ["systemctl", "enable", "--now", "marbleboard.service"],
                   ["udevadm", "control", "--reload"],
                   ["udevadm", "trigger", "--subsystem-match=tty"]]
    assert chowned == [(fake_root / "var/lib/marbleboard", 1234, 5678)]
    ran.clear()
    inst.uninstall(plan(fake_root))
    assert ran[0] == ["systemctl", "disable", "--now", "marbleboard.service"]
    assert ["udevadm", "control", "--reload"] in ran


def test_on_the_real_root_the_account_must_exist(fake_root, monkeypatch, capsys):
    monkeypatch.setattr(inst.Plan, "real_root", property(lambda self: True))
    assert main(["install", "--root", str(fake_root), "--user", "no-such-account-here",
                 "--dry-run"]) == 1
    assert "no account 'no-such-account-here'" in capsys.readouterr().out


def test_an_executable_systemd_would_misread_is_refused(fake_root, capsys):
    assert main(["install", "--root", str(fake_root), "--user", USER,
                 "--executable", "/home/pi/my board/.venv/bin/marbleboard"]) == 1
    assert "without spaces" in capsys.readouterr().out
    assert not (fake_root / inst.UNIT_PATH).exists()
