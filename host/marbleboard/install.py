"""``marbleboard install`` and ``uninstall``: the board's service on a Raspberry Pi.

Install writes three things and nothing else: a systemd unit that runs
``marbleboard serve --board auto`` at boot and restarts it when it fails, a udev
rule that names the Pico ``/dev/marbleboard`` whichever ``ttyACM`` it lands on,
and the data directory where the games are kept, its owner's alone. Everything is
written under ``--root`` (``/`` by default), so the tests render into a temporary
folder; only an install into the real root reloads systemd and udev.
"""

from __future__ import annotations

import argparse
import functools
import os
import pwd
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .link.ports import PICO_MICROPYTHON_PID, PICO_VID, STABLE_NAME
from .remote.broker import BrokerAddress
from .remote.hosting import add_remote_options
from .table.store import DAMAGED_EXIT

SERVICE = "marbleboard.service"
UNIT_PATH = Path("etc/systemd/system") / SERVICE
# After 60-serial.rules, which reads the USB ids and interface number into the
# environment that this rule matches on.
RULE_PATH = Path("etc/udev/rules.d/99-marbleboard.rules")
# systemd makes and owns /var/lib/<StateDirectory>; the service's --db points in it.
STATE_NAME = "marbleboard"
DATA_DIR = Path("/var/lib") / STATE_NAME
MARK = "# written by marbleboard install; marbleboard uninstall removes it"


@dataclass
class Plan:
    """What install writes, from the facts of this machine."""

    executable: Path  # the venv's marbleboard, which the service runs
    user: str  # the unprivileged account it runs as
    port: int = 8000
    root: Path = Path("/")
    extra_groups: tuple[str, ...] = ()  # e.g. gpio, for the optional Pico reset
    remote: str | None = None  # the broker for games shared with another home
    remote_ca: Path | None = None  # its certificate authority, if it has its own
    remote_login: Path | None = None  # the broker login this table hosts games with
    insecure_broker: bool = False  # a broker without TLS on another machine, said so

    @property
    def unit_file(self) -> Path:
        return self.root / UNIT_PATH

    @property
    def rule_file(self) -> Path:
        return self.root / RULE_PATH

    @property
    def data_dir(self) -> Path:
        return self.root / DATA_DIR.relative_to("/")

    @property
    def real_root(self) -> bool:
        return self.root.resolve() == Path("/")


def render_unit(plan: Plan) -> str:
    if any(c.isspace() for c in str(plan.executable)) or "%" in str(plan.executable):
        # systemd would split ExecStart there, or read % as one of its specifiers.
        raise ValueError(f"the service cannot run {plan.executable}: move the clone to a "
                         "path without spaces or %")
    groups = " ".join(("dialout", *plan.extra_groups))
    remote = ""
    if plan.remote:
        remote = f" --remote {BrokerAddress(plan.remote, insecure=plan.insecure_broker).url}"
        if plan.insecure_broker:
            remote += " --insecure-broker"
        for option, path in (("--remote-ca", plan.remote_ca),
                             ("--remote-login", plan.remote_login)):
            if path is None:
                continue
            if any(c.isspace() or c == "%" for c in str(path)):
                raise ValueError(f"the service cannot read {path}: use a path without "
                                 "spaces or %")
            remote += f" {option} {path}"
    return f"""{MARK}
[Unit]
Description=marbleboard: the board's games for the phones at the table
Wants=network-online.target
After=network-online.target
# The Pico may be unplugged and replugged; keep trying rather than giving up for good.
StartLimitIntervalSec=0

[Service]
ExecStart={plan.executable} serve --board auto --port {plan.port} --db {DATA_DIR}/games.db{remote}
User={plan.user}
# Its banner (the table screen's link) reaches the journal at once, not when a
# buffer fills.
Environment=PYTHONUNBUFFERED=1
# The serial port belongs to dialout; the udev rule keeps it there.
SupplementaryGroups={groups}
StateDirectory={STATE_NAME}
StateDirectoryMode=0700
# Files it makes (the table's token, the games) are its own alone.
UMask=0077
# The optional reset backend (lgpio) leaves notification files in the working directory.
WorkingDirectory={DATA_DIR}
Restart=on-failure
RestartSec=3
# A damaged games file waits for a person: restarting cannot mend it.
RestartPreventExitStatus={DAMAGED_EXIT}

# Hardening that still leaves it the serial port and its web port above 1024
# (no capabilities needed).
NoNewPrivileges=yes
CapabilityBoundingSet=
PrivateTmp=yes
PrivateMounts=yes
ProtectProc=invisible
ProtectSystem=strict
ProtectHome=read-only
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
# AF_NETLINK: the service reads this machine's addresses for its links and mDNS.
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallErrorNumber=EPERM
# Of the devices, only the Pico's serial port (cdc_acm's ttyACM, which
# /dev/marbleboard points at) and the GPIO chips for the optional reset.
DevicePolicy=closed
DeviceAllow=char-ttyACM rw
DeviceAllow=char-gpiochip rw

[Install]
WantedBy=multi-user.target
"""


def render_rule() -> str:
    # ENV keys, not ATTRS: the ids sit on the USB device and the interface number
    # on its interface, and one rule's ATTRS must all match the same parent.
    # Interface 00 is MicroPython's REPL, the port the board talks on.
    return (f"{MARK}\n"
            f'SUBSYSTEM=="tty", ENV{{ID_VENDOR_ID}}=="{PICO_VID:04x}", '
            f'ENV{{ID_MODEL_ID}}=="{PICO_MICROPYTHON_PID:04x}", '
            f'ENV{{ID_USB_INTERFACE_NUM}}=="00", '
            f'SYMLINK+="{Path(STABLE_NAME).name}", GROUP="dialout", MODE="0660"\n')


def _ids(plan: Plan) -> tuple[int, int] | None:
    """The service user's uid and gid, when the account exists."""
    try:
        entry = pwd.getpwnam(plan.user)
    except KeyError:
        return None
    return entry.pw_uid, entry.pw_gid


def install(plan: Plan, dry_run: bool = False) -> list[str]:
    """Write the unit, the rule and the data directory; return what was done."""
    done: list[str] = []
    # The folders come with systemd, udev and the system itself: install makes none
    # of them, so that uninstall, removing what install wrote, leaves none behind.
    for folder in (plan.unit_file.parent, plan.rule_file.parent, plan.data_dir.parent):
        if not folder.is_dir():
            raise FileNotFoundError(f"{folder} is missing: are systemd and udev installed "
                                    f"under {plan.root}?")
    if plan.real_root and _ids(plan) is None:
        # systemd would only say so at the first start, in the journal.
        raise LookupError(f"there is no account {plan.user!r} on this machine: name one "
                          "with --user")
    for path, text in ((plan.unit_file, render_unit(plan)), (plan.rule_file, render_rule())):
        if path.exists() and MARK not in path.read_text():
            raise FileExistsError(f"{path} exists and was not written by marbleboard install: "
                                  "move it away first")
        done.append(f"write {path}")
        if not dry_run:
            path.write_text(text)
            path.chmod(0o644)
    if not plan.data_dir.exists():
        done.append(f"make {plan.data_dir} (mode 0700, owner {plan.user})")
        if not dry_run:
            plan.data_dir.mkdir(mode=0o700)
            plan.data_dir.chmod(0o700)  # exactly, whatever the umask took away
            # Under another root the accounts are that system's, not this one's:
            # systemd hands the folder to User= at the service's start anyway.
            ids = _ids(plan)
            if ids is not None and plan.real_root:
                os.chown(plan.data_dir, *ids)
    if plan.real_root:
        _commands(done, dry_run, ["systemctl", "daemon-reload"],
                  ["systemctl", "enable", "--now", SERVICE], ["udevadm", "control", "--reload"],
                  ["udevadm", "trigger", "--subsystem-match=tty"])
    return done


def _commands(done: list[str], dry_run: bool, *cmds: list[str], check: bool = True) -> None:
    """Run these in turn (unless only asked what would be done), noting each."""
    for cmd in cmds:
        done.append("run " + " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=check)


def uninstall(plan: Plan, dry_run: bool = False) -> list[str]:
    """Remove what install wrote; the games stay unless their directory is empty."""
    done: list[str] = []
    if plan.real_root and plan.unit_file.exists():
        # A unit already stopped is no failure.
        _commands(done, dry_run, ["systemctl", "disable", "--now", SERVICE], check=False)
    for path in (plan.unit_file, plan.rule_file):
        if path.exists() and MARK in path.read_text():
            done.append(f"remove {path}")
            if not dry_run:
                path.unlink()
        elif path.exists():
            done.append(f"keep {path}: not written by marbleboard install")
    if plan.data_dir.is_dir():
        if any(plan.data_dir.iterdir()):
            done.append(f"keep {plan.data_dir}: it holds the games (remove it by hand)")
        else:
            done.append(f"remove {plan.data_dir}")
            if not dry_run:
                plan.data_dir.rmdir()
    if plan.real_root:
        _commands(done, dry_run, ["systemctl", "daemon-reload"], ["udevadm", "control", "--reload"])
    return done


def default_user() -> str:
    """Who ran sudo: the account that owns the venv and can read it."""
    return os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name


def default_executable() -> Path:
    """The marbleboard beside this Python: the venv's own."""
    found = Path(sys.executable).parent / "marbleboard"
    if found.exists():
        return found.absolute()
    which = shutil.which("marbleboard")
    return Path(which).absolute() if which else found.absolute()


def _group_exists(root: Path, name: str) -> bool:
    group = root / "etc/group"
    return group.exists() and any(line.split(":", 1)[0] == name
                                  for line in group.read_text().splitlines())


def plan_from(args: argparse.Namespace) -> Plan:
    root = Path(args.root)
    # gpio owns /dev/gpiochip* on Raspberry Pi OS: the optional Pico reset needs it.
    extra = ("gpio",) if _group_exists(root, "gpio") else ()
    return Plan(executable=Path(args.executable) if args.executable else default_executable(),
                user=args.user or default_user(), port=args.port, root=root,
                extra_groups=extra, remote=getattr(args, "remote", None),
                remote_ca=_path(args, "remote_ca"), remote_login=_path(args, "remote_login"),
                insecure_broker=bool(getattr(args, "insecure_broker", False)))


def _path(args: argparse.Namespace, name: str) -> Path | None:
    value = getattr(args, name, None)
    return Path(value).absolute() if value else None


def _run(name: str, args: argparse.Namespace) -> int:
    plan = plan_from(args)
    if name == "install" and plan.user == "root":
        print("error: the service runs as an ordinary account: run install with sudo "
              "from that account, or name it with --user")
        return 2
    if plan.real_root and not args.dry_run and os.geteuid() != 0:
        print(f"error: {name} into / needs root: run it with sudo")
        return 2
    action = install if name == "install" else uninstall
    try:
        for line in action(plan, dry_run=args.dry_run):
            print(("would " if args.dry_run else "") + line)
    except (OSError, ValueError, LookupError, subprocess.CalledProcessError) as e:
        print(f"error: {e}")
        return 1
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    for name, text in (
            ("install", "on a Raspberry Pi: serve the board at boot (systemd unit, "
             "udev rule for /dev/marbleboard, data directory); run with sudo"),
            ("uninstall", "remove what install wrote (the saved games stay)")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--root", default="/", help="write under this folder instead of /")
        p.add_argument("--user", help="the account the service runs as (default: who ran sudo)")
        p.add_argument("--executable", help="the marbleboard to run (default: this venv's)")
        p.add_argument("--port", type=int, default=8000, help="the web port to serve on")
        p.add_argument("--dry-run", action="store_true", help="print what it would do")
        if name == "install":
            add_remote_options(p)
        p.set_defaults(func=functools.partial(_run, name))
