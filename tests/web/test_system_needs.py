"""`make test` checks what it needs from the system before anything else, and stops
at once with the line that installs what is missing; the README and CI name the
same packages."""

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAKE = shutil.which("make")
PACKAGES = {"python3-venv", "nodejs", "npm", "chromium", "systemd", "mosquitto"}  # Debian's


def machine_with(tmp_path, tools):
    """A PATH holding only these tools (the real ones, linked)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    real = {"python3": os.path.realpath(sys.executable)}
    for tool in tools:
        target = real.get(tool) or shutil.which(tool)
        assert target, f"this machine has no {tool}"
        (bin_dir / tool).symlink_to(target)
    return str(bin_dir)


def make_test_needs(path, **env):
    started = time.monotonic()
    result = subprocess.run([MAKE, "-s", "-C", str(ROOT), "test-needs"],
                            env={"PATH": path, **env}, capture_output=True, text=True,
                            timeout=30)
    return result, time.monotonic() - started


@pytest.mark.parametrize("missing, line", [
    (("chromium",), "apt-get install chromium"),
    (("node", "npm", "chromium"), "apt-get install nodejs npm chromium"),
    (("systemd-analyze",), "apt-get install systemd"),
])
def test_a_missing_system_package_stops_make_test_at_once(tmp_path, missing, line):
    tools = [t for t in ("python3", "node", "npm", "chromium", "systemd-analyze", "id")
             if t not in missing]
    result, took = make_test_needs(machine_with(tmp_path, tools))
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert said.count("apt-get install") == 1
    install = next(s for s in said.splitlines() if "apt-get install" in s).strip()
    assert install.endswith(line), said
    assert took < 10


def test_a_machine_without_mosquitto_asks_for_it(tmp_path):
    tools = ["python3", "node", "npm", "chromium", "systemd-analyze", "id"]
    result, _ = make_test_needs(machine_with(tmp_path, tools),
                                MARBLEBOARD_MOSQUITTO=str(tmp_path / "no-mosquitto"))
    assert result.returncode != 0
    installs = [line.strip() for line in result.stdout.splitlines() if "apt-get" in line]
    assert installs == ["apt-get install mosquitto"], result.stdout


def test_a_python_without_kicad_asks_for_kicad_without_its_recommends(tmp_path):
    # The project's own Python has no pcbnew: it stands for a machine without KiCad.
    tools = ["python3", "node", "npm", "chromium", "systemd-analyze", "id"]
    result, _ = make_test_needs(machine_with(tmp_path, tools),
                                MARBLEBOARD_KICAD_PYTHON=sys.executable)
    assert result.returncode != 0
    installs = [line.strip() for line in result.stdout.splitlines() if "apt-get" in line]
    assert installs == ["apt-get install --no-install-recommends kicad"], result.stdout


def test_with_everything_there_the_check_says_nothing(tmp_path):
    result, _ = make_test_needs(machine_with(tmp_path, ["python3", "node", "npm", "chromium",
                                                         "systemd-analyze"]))
    assert result.returncode == 0 and result.stdout == ""


def test_make_test_checks_before_it_installs_or_runs_anything():
    commands = subprocess.run([MAKE, "-n", "-C", str(ROOT), "test"], capture_output=True,
                              text=True, timeout=30).stdout.splitlines()
    commands = [c for c in commands if not c.startswith("make")]
    assert "system-needs" in commands[0]
    assert commands[-1].split()[0].endswith("/pytest")


def test_the_readme_and_ci_name_every_package_the_check_asks_for():
    script = (ROOT / "tests" / "system-needs").read_text()
    asked = set(re.findall(r"need (\S+)", script)) - {"python3"}
    assert asked == PACKAGES
    readme = (ROOT / "README.md").read_text()
    named = set(re.search(r"apt-get install ([a-z0-9 -]+)", readme).group(1).split())
    assert asked <= named
    ci = (ROOT / ".ci" / "run").read_text()
    installed = {p for line in re.findall(r"apt-get install -y -qq (.+)", ci) for p in line.split()}
    assert asked <= installed
    assert "apt-get install --no-install-recommends kicad" in readme
    assert "apt-get install -y -qq --no-install-recommends kicad" in ci
