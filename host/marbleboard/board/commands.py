"""``marbleboard board ...``: inspect, check, draw and cost a board."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any

from . import bom, build_layout, get_board, power, svg, text, wiring
from .fileformat import BoardError, dump_board
from .layouts import LAYOUTS
from .model import Board


def _value(text_value: str) -> Any:
    if text_value.lower() in ("true", "false"):
        return text_value.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text_value)
        except ValueError:
            pass
    return text_value


def _params(pairs: list[str]) -> dict[str, Any]:
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--set wants NAME=VALUE, got {pair!r}")
        params[key.strip()] = _value(value.strip())
    return params


def _board(args: argparse.Namespace) -> Board:
    try:
        return get_board(args.board, **_params(args.set))
    except (BoardError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e


def _build(board: Board, assembly: str | None) -> str | None:
    """The build asked for, checked: a clear error for tiles not yet drawn."""
    try:
        bom.chosen_assembly(board, assembly)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    return assembly


def summary(board: Board) -> str:
    roles: dict[str, int] = {}
    for h in board.holes:
        roles[h.role] = roles.get(h.role, 0) + 1
    counts = ", ".join(f"{n} {role}" for role, n in roles.items())
    return (f"{board.name} ({board.id}): {len(board.holes)} holes ({counts}), "
            f"{len(board.lamps)} lamps\n"
            f"board {board.width_mm:g} x {board.height_mm:g} mm, holes {board.hole_diameter_mm:g}"
            f" mm, sensor chain {board.sensor_count} ({board.sensor_registers} x 74HC165), "
            f"LED chain {board.led_count}\n")


def cmd_list(args: argparse.Namespace) -> int:
    for name, (_build, defaults) in sorted(LAYOUTS.items()):
        params = ", ".join(f"{k}={v}" for k, v in defaults.items())
        print(f"{name:10} {params}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    board = _board(args)
    print(summary(board))
    print(text.render(board))
    print(f"legend: {', '.join(f'{s} {r}' for r, s in text.SYMBOLS.items())}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    failed = 0
    for spec in args.files:
        try:
            board = get_board(spec)
        except BoardError as e:
            print(e, file=sys.stderr)
            failed += 1
        else:
            print(f"{spec}: ok, {len(board.holes)} holes")
    return 1 if failed else 0


def _write(out: str | None, content: str) -> None:
    if out in (None, "-"):
        sys.stdout.write(content)
    else:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(content, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)


def cmd_render(args: argparse.Namespace) -> int:
    board = _board(args)
    if args.underside and not args.template:
        raise SystemExit("--underside draws the drilling template from beneath: "
                         "give --template too")
    if args.assembly and not args.template:
        raise SystemExit("--assembly chooses which build's drilling template: give "
                         "--template too")
    picture = (svg.drill_template(board, underside=args.underside,
                                  assembly=_build(board, args.assembly))
               if args.template else svg.game_view(board))
    _write(args.output, picture)
    return 0


def cmd_dxf(args: argparse.Namespace) -> int:
    from . import dxf
    board = _board(args)
    _write(args.output, dxf.dxf_text(board, _build(board, args.assembly)))
    return 0


def cmd_tiles(args: argparse.Namespace) -> int:
    from . import tiles
    board = _board(args)
    plan = tiles.plan(board)
    lines = [f"{board.name}: {len(plan.tiles)} tiles of {len(plan.designs)} designs, "
             f"{plan.cables} cables to the controller"]
    for t in plan.tiles:
        lamps = f" and {len(t.lamps)} lamp{'s' if len(t.lamps) > 1 else ''}" if t.lamps else ""
        lines.append(f"  {t.name:14} {t.design:8} {len(t.holes):3} holes{lamps}, "
                     f"{t.size_mm[0]:g} x {t.size_mm[1]:g} mm")
    if plan.controller_holes or plan.controller_lamps:
        held = plan.controller_holes + plan.controller_lamps
        lines.append(f"  on the controller: {', '.join(held)}")
    _write(args.output, "\n".join(lines) + "\n")
    return 0


def cmd_fit(args: argparse.Namespace) -> int:
    """Each part on the sensor board's top face against the wood: exit 1 if any
    meets wood, which would hold the board off the top."""
    from . import fit
    board = _board(args)
    result = fit.check(board)
    lines = [f"{board.name}: the circuit board under each hole against the "
             f"{board.build.top_mm if board.build else 0:g} mm top",
             f"{'part':6} {'tall':>6} {'stands in':24} {'deeper by':>10} {'room round':>11}"]
    for p in result.parts:
        lines.append(f"{p.ref:6} {p.height_mm:6.2f} {p.where:24} {p.depth_spare_mm:10.2f} "
                     f"{p.side_spare_mm:11.2f}")
    lines.append("it lies flat against the wood" if result.ok else
                 f"it cannot lie flat: {', '.join(p.ref for p in result.collisions)} meet "
                 f"the wood, holding it {result.drop_mm:g} mm low")
    _write(args.output, "\n".join(lines) + "\n")
    return 0 if result.ok else 1


def cmd_bom(args: argparse.Namespace) -> int:
    board = _board(args)
    _write(args.output, bom.format_bom(board, markdown=args.markdown,
                                       assembly=_build(board, args.assembly)))
    return 0


def cmd_power(args: argparse.Namespace) -> int:
    _write(args.output, power.format_budget(_board(args), markdown=args.markdown))
    return 0


def cmd_wiring(args: argparse.Namespace) -> int:
    _write(args.output, wiring.format_wiring(_board(args), markdown=args.markdown))
    return 0


def cmd_sensing(args: argparse.Namespace) -> int:
    sensing = _hardware("sensing", "computing the sensing")
    try:
        report = sensing.analyse(_board(args))
    except sensing.SensingError as e:
        raise SystemExit(f"error: {e}") from e
    _write(args.output, sensing.format_report(report, markdown=args.markdown))
    return 0 if report.ok else 1


def _known(names: list[str], known: list[str], what: str) -> list[str]:
    """The names asked for (every known one when none is), or a plain error."""
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"error: no {what} called {', '.join(unknown)} "
                         f"(there are: {', '.join(known)})")
    return names or known


def cmd_pcb(args: argparse.Namespace) -> int:
    from . import pcb

    names = _known(args.designs, list(pcb.DESIGNS), "circuit board")
    ok = True
    for name in names:
        out = Path(args.output) / name
        try:
            checked = pcb.build(pcb.DESIGNS[name](), out)
        except pcb.PcbError as e:
            raise SystemExit(f"error: {e}") from e
        print(f"{name}: wrote {len(checked.files)} files to {out}: KiCad's design rule "
              f"check found {checked.violations} violations and {checked.unconnected} "
              f"unconnected pads")
        ok = ok and checked.ok
    return 0 if ok else 1


def cmd_schematic(args: argparse.Namespace) -> int:
    from . import pcb

    draw = _hardware("schematic", "drawing a schematic")
    names = _known(args.names, [*pcb.DESIGNS, *LAYOUTS], "circuit board or board layout")
    for name in names:
        if name in pcb.DESIGNS:
            svg, _ = draw.schematic(pcb.DESIGNS[name]())
        else:
            svg, _ = draw.board_schematic(build_layout(name))
        _write(str(Path(args.output) / f"{name}.svg"), svg)
    return 0


def cmd_parts3d(args: argparse.Namespace) -> int:
    parts3d = _hardware("parts3d", "the printed parts")
    drawn = parts3d.designs([build_layout(name) for name in LAYOUTS])
    names = _known(args.names, [d.design.name for d in drawn], "printed part")
    ok = True
    for d in drawn:
        if d.design.name not in names:
            continue
        files = parts3d.write(d, Path(args.output))
        print(f"{d.design.name}: wrote {', '.join(str(f.path) for f in files)}")
        for line in d.design.notes():
            print(f"  {line}")
        for problem in d.problems:
            print(f"  warning: {problem}", file=sys.stderr)
        if not d.ok:
            print(f"  error: {d.design.name} does not meet the sensing's figures",
                  file=sys.stderr)
        ok = ok and d.ok
    return 0 if ok else 1


def _hardware(module: str, what: str) -> Any:
    """A module that needs the 'hardware' extra, or a plain error saying so."""
    try:
        return importlib.import_module(f".{module}", __package__)
    except ImportError as e:
        raise SystemExit(f"error: {what} needs the 'hardware' extra "
                         f"(pip install 'marbleboard[hardware]'): {e}") from e


def cmd_netlist(args: argparse.Namespace) -> int:
    _write(args.output, _hardware("netlist", "the netlist").netlist(_board(args)))
    return 0


def cmd_section(args: argparse.Namespace) -> int:
    _write(args.output, _hardware("section", "drawing the field").section_svg(_board(args)))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    _write(args.output, dump_board(_board(args)))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("board", help="inspect, check, draw and cost a board")
    bsub = p.add_subparsers(dest="board_command", required=True)

    def with_board(name: str, help_text: str) -> argparse.ArgumentParser:
        q = bsub.add_parser(name, help=help_text)
        q.add_argument("board", help="a layout name (see 'board list') or a board file")
        q.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                       help="a layout parameter, e.g. holes_per_side=20")
        q.add_argument("-o", "--output", help="write to this file instead of the screen")
        return q

    bsub.add_parser("list", help="the layouts and their parameters").set_defaults(
        func=cmd_list)
    with_board("show", "a summary and a text picture").set_defaults(func=cmd_show)
    q = with_board("render", "an SVG: the game view, or the 1:1 drilling template")
    q.add_argument("--template", action="store_true", help="the 1:1 drilling template")
    q.add_argument("--underside", action="store_true",
                   help="the template seen from beneath, for the recesses and pilot holes")
    q.set_defaults(func=cmd_render)
    templates = [q]
    q = with_board("dxf", "the drilling template as DXF, for a CNC router or laser cutter: "
                          "a layer per depth")
    q.set_defaults(func=cmd_dxf)
    templates.append(q)
    for q in templates:
        q.add_argument("--assembly", choices=bom.ASSEMBLIES, default=None,
                       help="the template for this build, as for 'board bom' (by default "
                            "the tiles where they are drawn): tiles take pilot holes for "
                            "their screws, modules the board file's recesses")
    with_board("tiles", "how the board's holes divide into fab-assembled tiles, and the "
                        "cables they need").set_defaults(func=cmd_tiles)
    with_board("fit", "whether each part on the sensor board's top face has room in the "
                      "wood (exit 1 if one has not)").set_defaults(func=cmd_fit)
    for name, func, help_text in (("bom", cmd_bom, "the bill of materials, each line's price "
                                                   "with its source, the total and the hand "
                                                   "solder joints"),
                                  ("power", cmd_power, "the power budget"),
                                  ("wiring", cmd_wiring,
                                   "which 74HC165 pin each sensor goes to")):
        q = with_board(name, help_text)
        q.add_argument("--markdown", action="store_true", help="a Markdown table")
        if name == "bom":
            q.add_argument("--assembly", choices=bom.ASSEMBLIES, default=None,
                           help="the tiles and their controller assembled by the fab "
                                "(the default where they are drawn), the modules assembled "
                                "by the fab (the default elsewhere), or every part by hand")
        q.set_defaults(func=func)
    q = with_board("sensing", "what every hall switch feels from the pieces' magnets, "
                              "against its datasheet limits (exit 1 if a margin fails)")
    q.add_argument("--markdown", action="store_true", help="Markdown tables")
    q.set_defaults(func=cmd_sensing)
    with_board("export", "the board file (JSON)").set_defaults(func=cmd_export)
    with_board("netlist", "the whole circuit as a KiCad netlist: Pico, buffers, registers, "
                          "sensors, LEDs, power").set_defaults(func=cmd_netlist)
    with_board("section", "an SVG side section through a hole and the next, with the "
                          "field a marble gives the sensors").set_defaults(func=cmd_section)
    q = bsub.add_parser("pcb", help="the circuit boards a maker orders: KiCad board, design "
                                    "rule check, gerbers, drill, BOM and placement files "
                                    "(needs KiCad; exit 1 if a check fails)")
    q.add_argument("designs", nargs="*", metavar="DESIGN",
                   help="hole-module, register-module, ... (default: all)")
    q.add_argument("-o", "--output", default="hardware/pcb",
                   help="the folder to write each design's folder into (default: %(default)s)")
    q.set_defaults(func=cmd_pcb)
    q = bsub.add_parser("schematic", help="schematics (SVG): a circuit board's, drawn from its "
                                          "design, or a whole board's, from its netlist")
    q.add_argument("names", nargs="*", metavar="NAME",
                   help="a circuit board (hole-module, register-module, ...) or a board "
                        f"layout ({', '.join(LAYOUTS)}); default: every one")
    q.add_argument("-o", "--output", default="hardware/schematic",
                   help="the folder to write NAME.svg into (default: %(default)s)")
    q.set_defaults(func=cmd_schematic)
    q = bsub.add_parser("parts3d", help="the printed parts (STL) and their section drawings: "
                                        "the marble mould, the Stomper, the lamp carriers "
                                        "(exit 1 if one misses the sensing's figures)")
    q.add_argument("names", nargs="*", metavar="NAME",
                   help="marble-jig-8x3, stomper, lamp-carrier-6mm, ... (default: all)")
    q.add_argument("-o", "--output", default="hardware/mechanical",
                   help="the folder to write them into (default: %(default)s)")
    q.set_defaults(func=cmd_parts3d)
    q = bsub.add_parser("check", help="check board files and list every problem")
    q.add_argument("files", nargs="+")
    q.set_defaults(func=cmd_check)
