"""Circuit boards: each module's design built, checked and plotted by KiCad, and
the tables an assembly service wants.

KiCad's ``pcbnew`` module belongs to the system's Python (Debian's ``kicad``
package), not the project's virtual environment, so ``kicad_board.py`` runs
there, in its own process.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import bodies
from .controllerboard import controller_board
from .holemodule import hole_module
from .layouts import TILED
from .pcbdesign import Design, bom_csv, design_data, placement_csv
from .registermodule import register_module
from .ringmodule import ring_module
from .tilecontroller import tile_controller
from .tilepcb import tile_design

# Every board a maker orders, by the folder of hardware/pcb/ it is written to.
DESIGNS = {"hole-module": hole_module, "register-module": register_module,
           "controller": controller_board, "ring-module": ring_module}
for _layout in TILED:
    for _design in ("start", "arm"):
        DESIGNS[f"{_layout}-{_design}-tile"] = functools.partial(tile_design, _layout, _design)
for _layout in TILED:
    DESIGNS[f"{_layout}-tile-controller"] = functools.partial(tile_controller, _layout)

KICAD_PYTHON_ENV = "MARBLEBOARD_KICAD_PYTHON"
SCRIPT = Path(__file__).with_name("kicad_board.py")
INSTALL = "apt-get install --no-install-recommends kicad"


class PcbError(RuntimeError):
    pass


@dataclass(frozen=True)
class Checked:
    violations: int
    unconnected: int
    files: list[str]
    report: str

    @property
    def ok(self) -> bool:
        return self.violations == 0 and self.unconnected == 0


@functools.cache  # one look per process: every board built after asks the same
def kicad_python() -> str:
    """The Python whose ``import pcbnew`` works, or a PcbError saying how to get it."""
    python = os.environ.get(KICAD_PYTHON_ENV, "/usr/bin/python3")
    try:
        subprocess.run([python, "-c", "import pcbnew"], check=True, capture_output=True,
                       timeout=60)
    except (OSError, subprocess.CalledProcessError) as e:
        raise PcbError(f"KiCad's pcbnew module is needed (tried {python}): on Debian, "
                       f"{INSTALL}; or set {KICAD_PYTHON_ENV} to a Python that has it") from e
    return python


def build(design: Design, out_dir: Path) -> Checked:
    """Write the board, its design rule check, gerbers, drill, BOM and placement
    files into out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "design.json"
        path.write_text(json.dumps(design_data(design) | bodies.drawn(design)))
        run = subprocess.run([kicad_python(), str(SCRIPT), str(path), str(out_dir)],
                             capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise PcbError(f"KiCad could not build {design.name}: {run.stderr[-2000:]}")
    result = json.loads(run.stdout.strip().splitlines()[-1])
    (out_dir / f"{design.name}-bom.csv").write_text(bom_csv(design))
    (out_dir / f"{design.name}-cpl.csv").write_text(placement_csv(design))
    report = (out_dir / f"{design.name}-drc.txt").read_text()
    return Checked(result["violations"], result["unconnected"],
                   result["files"] + [f"{design.name}-bom.csv", f"{design.name}-cpl.csv"],
                   report)
