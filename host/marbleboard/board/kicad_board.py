"""Build a circuit board in KiCad from a design file, check it with KiCad's design
rule check, and plot what a fab needs.

Run by the Python that KiCad's ``pcbnew`` module belongs to (Debian's
``/usr/bin/python3`` with the ``kicad`` package), not the project's: it imports
nothing from marbleboard. ``marbleboard board pcb`` writes the design file
(``pcbdesign.py``) and runs this.

    python3 kicad_board.py DESIGN.json OUT_DIR

Writes OUT_DIR/NAME.kicad_pcb, NAME-drc.txt, gerbers and the drill file, and prints
one JSON line: {"violations": n, "unconnected": n, "files": [...]}.
"""

import itertools
import json
import os
import re
import sys
from typing import Any

import pcbnew  # type: ignore[import-not-found]  # Debian's kicad package, not PyPI

ORIGIN = (100.0, 100.0)  # where the design's (0, 0) sits on KiCad's page
LAYERS = {"F.Cu": pcbnew.F_Cu, "B.Cu": pcbnew.B_Cu, "In1.Cu": pcbnew.In1_Cu,
          "In2.Cu": pcbnew.In2_Cu}
PLOTTED = [("F_Cu", pcbnew.F_Cu), ("B_Cu", pcbnew.B_Cu), ("F_Mask", pcbnew.F_Mask),
           ("B_Mask", pcbnew.B_Mask), ("F_Paste", pcbnew.F_Paste),
           ("F_SilkS", pcbnew.F_SilkS), ("Edge_Cuts", pcbnew.Edge_Cuts)]
INNER = [("In1_Cu", pcbnew.In1_Cu), ("In2_Cu", pcbnew.In2_Cu)]


def mm(x: float, y: float) -> Any:
    return pcbnew.wxPointMM(ORIGIN[0] + x, ORIGIN[1] + y)


def build(design: dict[str, Any], path: str) -> Any:
    board = pcbnew.NewBoard(path)  # it writes the project file beside it
    board.SetCopperLayerCount(design["layers"])
    rules = design["rules"]
    ds = board.GetDesignSettings()
    ds.m_CopperEdgeClearance = pcbnew.FromMM(rules["edge_clearance"])
    ds.m_MinClearance = pcbnew.FromMM(rules["clearance"])
    ds.m_TrackMinWidth = pcbnew.FromMM(rules["track"])
    ds.m_ViasMinSize = pcbnew.FromMM(rules["via_diameter"])
    ds.m_MinThroughDrill = pcbnew.FromMM(rules["via_drill"])
    # The default net class's own clearance (0.2 mm in a new board) is what the
    # check holds every copper item to; the minimums above bound what it allows.

    names = sorted({n for p in design["parts"] for n in p["nets"].values()}
                   | {t["net"] for t in design["tracks"]} | {v["net"] for v in design["vias"]})
    nets = {}
    for name in names:
        net = pcbnew.NETINFO_ITEM(board, name)
        board.Add(net)
        nets[name] = net

    placed = {(p["ref"], p["number"]): p["xy"] for p in design["placed_pads"]}
    for part in design["parts"]:
        fp = pcbnew.FOOTPRINT(board)
        fp.SetReference(part["ref"])
        fp.SetValue(part["value"])
        fp.SetFPID(pcbnew.LIB_ID("marbleboard", part["footprint"]))
        fp.SetPosition(mm(part["x"], part["y"]))
        fp.Reference().SetVisible(False)
        fp.Value().SetVisible(False)
        fp.SetAttributes(pcbnew.FP_SMD if part["solder"] else pcbnew.FP_THROUGH_HOLE)
        bottom = part["side"] == "bottom"
        if bottom:
            fp.SetLayer(pcbnew.B_Cu)
        for spec in part["pads"]:
            pad = pcbnew.PAD(fp)
            pad.SetNumber(spec["number"])
            pad.SetSize(pcbnew.wxSizeMM(spec["w"], spec["h"]))
            pad.SetShape(pcbnew.PAD_SHAPE_CIRCLE if spec["shape"] == "circle"
                         else pcbnew.PAD_SHAPE_RECT)
            if spec["drill"]:
                pad.SetAttribute(pcbnew.PAD_ATTRIB_PTH)
                pad.SetDrillSize(pcbnew.wxSizeMM(spec["drill"], spec["drill"]))
                pad.SetLayerSet(pad.PTHMask())
            else:
                pad.SetAttribute(pcbnew.PAD_ATTRIB_SMD)
                layers = pad.SMDMask()
                if bottom:  # the same pad, underneath
                    layers = pcbnew.LSET(pcbnew.B_Cu)
                    layers.AddLayer(pcbnew.B_Paste)
                    layers.AddLayer(pcbnew.B_Mask)
                pad.SetLayerSet(layers)
            x, y = placed[(part["ref"], spec["number"])]
            fp.Add(pad)
            pad.SetPosition(mm(x, y))
            pad.SetOrientationDegrees(part["rotation"])
            pad.SetPos0(pad.GetPosition() - fp.GetPosition())
            net = part["nets"].get(spec["number"])
            if net:
                pad.SetNet(nets[net])
        board.Add(fp)

    width = pcbnew.FromMM(rules["track"])
    for track in design["tracks"]:
        points = track["points"]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            if (x0, y0) == (x1, y1):
                continue
            t = pcbnew.PCB_TRACK(board)
            t.SetStart(mm(x0, y0))
            t.SetEnd(mm(x1, y1))
            t.SetWidth(width)
            t.SetLayer(LAYERS[track["layer"]])
            t.SetNet(nets[track["net"]])
            board.Add(t)
    for via in design["vias"]:
        v = pcbnew.PCB_VIA(board)
        v.SetPosition(mm(via["x"], via["y"]))
        v.SetWidth(pcbnew.FromMM(rules["via_diameter"]))
        v.SetDrill(pcbnew.FromMM(rules["via_drill"]))
        v.SetNet(nets[via["net"]])
        board.Add(v)

    for hole in design["mounting"]:
        _mounting_hole(board, hole)

    # Each part's body on the fab layer and its courtyard, in its footprint, so the
    # check finds two courtyards that overlap (and a part without one).
    footprints = {fp.GetReference(): fp for fp in board.GetFootprints()}
    for layers, key in (((pcbnew.F_Fab, pcbnew.B_Fab), "bodies"),
                        ((pcbnew.F_CrtYd, pcbnew.B_CrtYd), "courtyards")):
        for item in design[key]:
            fp = footprints[item["ref"]]
            layer = layers[1] if item["side"] == "bottom" else layers[0]
            _closed(fp, layer, item["outline"], 0.1 if key == "bodies" else 0.05)

    outline = design["outline"]
    if design["radius_mm"]:
        _edge(board, pcbnew.SHAPE_T_CIRCLE, (0, 0), (design["radius_mm"], 0))
    else:
        for start, end in itertools.pairwise([*outline, outline[0]]):
            _edge(board, pcbnew.SHAPE_T_SEGMENT, start, end)
    if design["cutout_mm"]:
        _edge(board, pcbnew.SHAPE_T_CIRCLE, (0, 0), (design["cutout_mm"], 0))

    for net, layer in design["zones"]:
        zone = pcbnew.ZONE(board)
        zone.SetLayer(LAYERS[layer])
        zone.SetNet(nets[net])
        poly = zone.Outline()
        poly.NewOutline()
        for x, y in outline:
            p = mm(x, y)
            poly.Append(p.x, p.y)
        zone.SetLocalClearance(pcbnew.FromMM(rules["clearance"] + 0.1))
        zone.SetMinThickness(pcbnew.FromMM(0.2))
        zone.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        board.Add(zone)

    for label in design["labels"]:
        text = pcbnew.PCB_TEXT(board)
        text.SetText(label["text"])
        text.SetPosition(mm(label["x"], label["y"]))
        text.SetLayer(pcbnew.F_SilkS)
        size = pcbnew.FromMM(label["size"])
        text.SetTextSize(pcbnew.wxSize(size, size))
        text.SetTextThickness(pcbnew.FromMM(label["size"] * 0.15))
        board.Add(text)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    return board


def _mounting_hole(board: Any, hole: dict[str, Any]) -> None:
    """A plain drilled hole, not plated, in a footprint of its own (its courtyard
    comes with the parts' ones); no part to place or list."""
    fp = pcbnew.FOOTPRINT(board)
    fp.SetReference(hole["ref"])
    fp.SetValue("M3")
    fp.SetFPID(pcbnew.LIB_ID("marbleboard", "MountingHole_3.2mm_M3"))
    fp.SetPosition(mm(hole["x"], hole["y"]))
    fp.Reference().SetVisible(False)
    fp.Value().SetVisible(False)
    fp.SetAttributes(pcbnew.FP_EXCLUDE_FROM_POS_FILES | pcbnew.FP_EXCLUDE_FROM_BOM)
    pad = pcbnew.PAD(fp)
    pad.SetNumber("")
    pad.SetAttribute(pcbnew.PAD_ATTRIB_NPTH)
    pad.SetShape(pcbnew.PAD_SHAPE_CIRCLE)
    size = pcbnew.wxSizeMM(hole["drill"], hole["drill"])
    pad.SetSize(size)
    pad.SetDrillSize(size)
    pad.SetLayerSet(pad.UnplatedHoleMask())
    fp.Add(pad)
    pad.SetPosition(mm(hole["x"], hole["y"]))
    pad.SetPos0(pad.GetPosition() - fp.GetPosition())
    board.Add(fp)


def _closed(fp: Any, layer: Any, corners: list[list[float]], width: float) -> None:
    for start, end in itertools.pairwise([*corners, corners[0]]):
        # KiCad 6 keeps a footprint's drawing relative to the footprint's origin.
        line = pcbnew.FP_SHAPE(fp, pcbnew.SHAPE_T_SEGMENT)
        line.SetLayer(layer)
        line.SetWidth(pcbnew.FromMM(width))
        line.SetStart0(mm(*start) - fp.GetPosition())
        line.SetEnd0(mm(*end) - fp.GetPosition())
        line.SetDrawCoord()
        fp.Add(line)


def _edge(board: Any, shape: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A line of the board's outline: a segment, or a circle by its centre and a
    point on it."""
    edge = pcbnew.PCB_SHAPE(board)
    edge.SetShape(shape)
    edge.SetStart(mm(*start))
    edge.SetEnd(mm(*end))
    edge.SetLayer(pcbnew.Edge_Cuts)
    edge.SetWidth(pcbnew.FromMM(0.1))
    board.Add(edge)


def drc(board: Any, path: str) -> tuple[int, int, str]:
    pcbnew.WriteDRCReport(board, path, pcbnew.EDA_UNITS_MILLIMETRES, True)
    _steady(path)
    with open(path) as f:
        text = f.read()

    def count(what: str) -> int:
        m = re.search(r"\*\* Found (\d+) " + what, text)
        return int(m.group(1)) if m else -1

    return count("DRC violations"), count("unconnected pads"), text


def plot(board: Any, out_dir: str) -> list[str]:
    pctl = pcbnew.PLOT_CONTROLLER(board)
    opts = pctl.GetPlotOptions()
    opts.SetOutputDirectory(out_dir)
    opts.SetPlotFrameRef(False)
    opts.SetUseGerberProtelExtensions(False)
    opts.SetUseGerberX2format(True)
    opts.SetIncludeGerberNetlistInfo(False)
    opts.SetCreateGerberJobFile(False)
    opts.SetSubtractMaskFromSilk(True)
    files = []
    layers = list(PLOTTED)
    if board.GetCopperLayerCount() == 4:
        layers += INNER
    if any(fp.GetLayer() == pcbnew.B_Cu for fp in board.GetFootprints()):
        layers.append(("B_Paste", pcbnew.B_Paste))
    for suffix, layer in layers:
        pctl.SetLayer(layer)
        pctl.OpenPlotfile(suffix, pcbnew.PLOT_FORMAT_GERBER, suffix)
        pctl.PlotLayer()
        files.append(pctl.GetPlotFileName())
    pctl.ClosePlot()
    writer = pcbnew.EXCELLON_WRITER(board)
    writer.SetOptions(False, False, board.GetDesignSettings().GetAuxOrigin(), False)
    writer.SetFormat(True)
    writer.CreateDrillandMapFilesSet(out_dir, True, False)
    files += [os.path.join(out_dir, f) for f in os.listdir(out_dir) if f.endswith(".drl")]
    for f in files:
        _steady(f)
    return sorted(os.path.basename(f) for f in files)


def _steady(path: str) -> None:
    # The date KiCad stamps in each file would change it at every build.
    with open(path) as f:
        lines = f.readlines()
    keep = [line for line in lines if "CreationDate" not in line
            and not (line.startswith(("G04 Created by KiCad", "; DRILL file", ";DRILL file"))
                     and " date " in line)
            and not line.startswith("** Created on")]
    keep = [re.sub(r"^\*\* Drc report for .*/", "** Drc report for ", line) for line in keep]
    with open(path, "w") as f:
        f.writelines(keep)


def main() -> None:
    # The same ids at every build: the files change only with the design.
    pcbnew.KIID.SeedGenerator(1)
    design_path, out_dir = sys.argv[1], os.path.abspath(sys.argv[2])
    with open(design_path) as f:
        design = json.load(f)
    os.makedirs(out_dir, exist_ok=True)
    name = design["name"]
    pcb_path = os.path.join(out_dir, name + ".kicad_pcb")
    board = build(design, pcb_path)
    pcbnew.SaveBoard(pcb_path, board)
    local = os.path.join(out_dir, name + ".kicad_prl")  # one person's view settings
    if os.path.exists(local):
        os.remove(local)
    board = pcbnew.LoadBoard(pcb_path)  # check what was saved, as KiCad opens it
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    violations, unconnected, _ = drc(board, os.path.join(out_dir, name + "-drc.txt"))
    files = plot(board, out_dir)
    print(json.dumps({"violations": violations, "unconnected": unconnected,
                      "files": [name + ".kicad_pcb", *files]}))


if __name__ == "__main__":
    main()
