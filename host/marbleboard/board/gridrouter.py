"""A small grid router for the tiles: every track runs along a grid of lines
0.65 mm apart, horizontally on the top copper and vertically underneath by
preference, with a via wherever it changes side.

On such a grid two tracks of different nets never come closer than the rules
allow: neighbouring lines are 0.65 mm apart, 0.4 mm of copper between 0.25 mm
tracks, and a via (0.6 mm) on one line keeps 0.225 mm from a track on the next.
Only two vias side by side would touch, so a via bars other nets' vias from the
four grid points round it. What the router did not draw (the parts' pads and
the short tracks each part's own drawing takes to its first via) bars the grid
points too close to it; each connection then goes from one of its ends to the
other by the cheapest path (A*), a turn onto the wrong direction costing more
than a straight run and a via more again. Connections are routed one after the
other, shortest first, so a bus joins its pins in a chain.

Everything is in millimetres, y pointing down, as in ``pcbdesign``.

>>> r = Router((-5.0, -5.0, 5.0, 5.0))
>>> r.connect("A", (-3.9, 0.0), (3.9, 0.0))
>>> [(t.layer, t.points) for t in r.tracks()]
[('F.Cu', ((-3.9, 0.0), (3.9, 0.0)))]
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .pcbdesign import CLEARANCE_MM, EDGE_CLEARANCE_MM, TRACK_MM, VIA_MM, Point, Track, Via

PITCH_MM = 0.65
LAYERS = ("F.Cu", "B.Cu")  # top runs along x by preference, the underside along y
FREE, BARRED = -1, -2
# How near a grid point other copper may come, so that a track from it to the next
# point (or a via on it) keeps the clearance: a track passing a corner half way
# between two points is sqrt(0.47^2 - 0.325^2) = 0.34 mm from it, 0.21 mm of gap.
TRACK_ROOM_MM = 0.47
VIA_ROOM_MM = VIA_MM[0] / 2 + CLEARANCE_MM + 0.01
WRONG_WAY = 3  # a step across the layer's direction costs as much as this many along it
VIA_COST = 6


class RoutingError(RuntimeError):
    pass


def snap(v: float) -> float:
    """The grid line nearest a coordinate."""
    return round(round(v / PITCH_MM) * PITCH_MM, 4)


class Router:
    """The grid over a rectangle (left, top, right, bottom), and what is on it."""

    def __init__(self, rect: tuple[float, float, float, float]) -> None:
        x0, y0, x1, y1 = rect
        edge = EDGE_CLEARANCE_MM + TRACK_MM / 2 + 0.01
        self.i0, self.i1 = math.ceil((x0 + edge) / PITCH_MM), math.floor((x1 - edge) / PITCH_MM)
        self.j0, self.j1 = math.ceil((y0 + edge) / PITCH_MM), math.floor((y1 - edge) / PITCH_MM)
        self.nx, self.ny = self.i1 - self.i0 + 1, self.j1 - self.j0 + 1
        self.nets: dict[str, int] = {}
        # Who may use each grid point: a track on each layer, a via through all.
        self.owner = [np.full((self.nx, self.ny), FREE, dtype=np.int32) for _ in LAYERS]
        self.via_owner = np.full((self.nx, self.ny), FREE, dtype=np.int32)
        via_edge = EDGE_CLEARANCE_MM + VIA_MM[0] / 2 + 0.01
        xs, ys = self._coords()
        near_edge = ((xs[:, None] < x0 + via_edge) | (xs[:, None] > x1 - via_edge)
                     | (ys[None, :] < y0 + via_edge) | (ys[None, :] > y1 - via_edge))
        self.via_owner[near_edge] = BARRED
        self.paths: list[tuple[str, list[tuple[int, int, int]]]] = []
        # Each net's pieces joined so far: the grid points (layer, i, j) of each.
        self.pieces: dict[int, list[set[tuple[int, int, int]]]] = {}
        self._lists: tuple[list[list[list[int]]], list[list[int]]] | None = None

    def _coords(self) -> tuple[np.ndarray, np.ndarray]:
        return (np.arange(self.i0, self.i1 + 1) * PITCH_MM,
                np.arange(self.j0, self.j1 + 1) * PITCH_MM)

    def net(self, name: str) -> int:
        return self.nets.setdefault(name, len(self.nets))

    def node(self, p: Point) -> tuple[int, int]:
        i, j = round(p[0] / PITCH_MM) - self.i0, round(p[1] / PITCH_MM) - self.j0
        if not (0 <= i < self.nx and 0 <= j < self.ny):
            raise RoutingError(f"{p} is off the grid")
        return i, j

    def xy(self, i: int, j: int) -> Point:
        return round((i + self.i0) * PITCH_MM, 4), round((j + self.j0) * PITCH_MM, 4)

    def block(self, net: str, layers: Iterable[str], shape: BaseGeometry) -> None:
        """Copper the router did not draw, of a net ("" for none), on some layers:
        the grid points near it are that net's, or nobody's if another's already."""
        n = self.net(net) if net else BARRED
        self._lists = None
        xs, ys = self._coords()
        for room, grids in ((TRACK_ROOM_MM, [self.owner[LAYERS.index(ly)] for ly in layers
                                             if ly in LAYERS]),
                            (VIA_ROOM_MM, [self.via_owner])):
            x0, y0, x1, y1 = shape.bounds
            ia = np.searchsorted(xs, x0 - room)
            ib = np.searchsorted(xs, x1 + room, side="right")
            ja = np.searchsorted(ys, y0 - room)
            jb = np.searchsorted(ys, y1 + room, side="right")
            if ia >= ib or ja >= jb:
                continue
            gx, gy = np.meshgrid(xs[ia:ib], ys[ja:jb], indexing="ij")
            near = shapely.distance(shape, shapely.points(gx, gy)) < room
            for grid in grids:
                window = grid[ia:ib, ja:jb]
                mine = near & ((window == FREE) | (window == n))
                window[near & ~mine] = BARRED
                window[mine] = n

    def connect(self, net: str, a: Point, b: Point, layers_a: tuple[str, ...] = LAYERS,
                layers_b: tuple[str, ...] = LAYERS) -> None:
        """Route a connection between two grid points (the first via or track end
        of each side's own drawing), starting and ending on the given layers."""
        n = self.net(net)
        pieces = self.pieces.setdefault(n, [])
        ends = []
        for p, layers in ((a, layers_a), (b, layers_b)):
            states = {(LAYERS.index(ly), *self.node(p)) for ly in layers}
            piece = next((q for q in pieces if q & states), None)
            if piece is None:
                piece = states
                pieces.append(piece)
            ends.append(piece)
        start, goal = ends
        if start is goal:
            return  # joined already, through the net's other pins
        path = self._search(n, sorted(start), goal, self.node(b))
        if path is None:
            raise RoutingError(f"no room to route {net} from {a} to {b}")
        self._claim(n, path)
        self.paths.append((net, path))
        joined = start | goal | set(path)
        for (layer, i, j), nxt in itertools.pairwise(path):
            if nxt[0] != layer:
                joined |= {(0, i, j), (1, i, j)}
        pieces[:] = [q for q in pieces if q is not start and q is not goal] + [joined]

    def layers_at(self, p: Point) -> set[str]:
        """The layers the routed tracks reach a grid point on."""
        i, j = self.node(p)
        return {LAYERS[s[0]] for _, path in self.paths for s in path if s[1:] == (i, j)}

    def _usable(self, n: int, layer: int, i: int, j: int) -> bool:
        return 0 <= i < self.nx and 0 <= j < self.ny and self.owner[layer][i, j] in (FREE, n)

    def _via_ok(self, n: int, i: int, j: int) -> bool:
        return (self.via_owner[i, j] in (FREE, n) and self.owner[0][i, j] in (FREE, n)
                and self.owner[1][i, j] in (FREE, n))

    def _search(self, n: int, start: list[tuple[int, int, int]],
                goal: set[tuple[int, int, int]], target: tuple[int, int]
                ) -> list[tuple[int, int, int]] | None:
        if self._lists is None:  # the grid as plain lists: quicker to read one by one
            self._lists = ([o.tolist() for o in self.owner], self.via_owner.tolist())
        owner, via = self._lists
        ok = (FREE, n)
        tx, ty = target
        best: dict[tuple[int, int, int], int] = {}
        came: dict[tuple[int, int, int], tuple[int, int, int] | None] = {}
        heap: list[tuple[int, int, tuple[int, int, int]]] = []
        for s in start:
            if owner[s[0]][s[1]][s[2]] in ok:
                best[s], came[s] = 0, None
                heapq.heappush(heap, (abs(s[1] - tx) + abs(s[2] - ty), 0, s))
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
        while heap:
            _, cost, state = heapq.heappop(heap)
            if cost > best.get(state, cost):
                continue
            if state in goal:
                path = [state]
                while (prev := came[path[-1]]) is not None:
                    path.append(prev)
                return path[::-1]
            layer, i, j = state
            grid = owner[layer]
            for di, dj in steps:
                a, b = i + di, j + dj
                if not (0 <= a < self.nx and 0 <= b < self.ny) or grid[a][b] not in ok:
                    continue
                along = (dj == 0) if layer == 0 else (di == 0)
                nxt = (layer, a, b)
                c = cost + (1 if along else WRONG_WAY)
                if c < best.get(nxt, c + 1):
                    best[nxt], came[nxt] = c, state
                    heapq.heappush(heap, (c + abs(a - tx) + abs(b - ty), c, nxt))
            other = (1 - layer, i, j)
            if (via[i][j] in ok and owner[1 - layer][i][j] in ok
                    and cost + VIA_COST < best.get(other, cost + VIA_COST + 1)):
                best[other], came[other] = cost + VIA_COST, state
                heapq.heappush(heap, (cost + VIA_COST + abs(i - tx) + abs(j - ty),
                                      cost + VIA_COST, other))
        return None

    def _claim(self, n: int, path: list[tuple[int, int, int]]) -> None:
        lists = self._lists

        def take(layer: int, i: int, j: int) -> None:
            self.owner[layer][i, j] = n
            if lists is not None:
                lists[0][layer][i][j] = n

        for (layer, i, j), nxt in zip(path, [*path[1:], None], strict=True):
            take(layer, i, j)
            if nxt is not None and nxt[0] != layer:  # a via: the point on both layers
                take(nxt[0], i, j)
                for a, b in ((i, j), (i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                    if 0 <= a < self.nx and 0 <= b < self.ny:
                        v = int(self.via_owner[a, b])
                        self.via_owner[a, b] = v = n if v in (FREE, n) else BARRED
                        if lists is not None:
                            lists[1][a][b] = v

    def tracks(self) -> list[Track]:
        out = []
        for net, path in self.paths:
            run = [path[0]]
            for state in path[1:]:
                if state[0] != run[-1][0]:  # through a via
                    out += self._runs(net, run)
                    run = [state]
                    continue
                run.append(state)
            out += self._runs(net, run)
        return out

    def _runs(self, net: str, run: list[tuple[int, int, int]]) -> list[Track]:
        """A run on one layer as tracks: its corners only."""
        if len(run) < 2:
            return []
        points = [self.xy(run[0][1], run[0][2])]
        for k in range(1, len(run)):
            prev, here = run[k - 1], run[k]
            nxt = run[k + 1] if k + 1 < len(run) else None
            if nxt is None or (here[1] - prev[1], here[2] - prev[2]) != (nxt[1] - here[1],
                                                                         nxt[2] - here[2]):
                points.append(self.xy(here[1], here[2]))
        return [Track(net, LAYERS[run[0][0]], tuple(points))]

    def vias(self) -> list[Via]:
        out = []
        for net, path in self.paths:
            for a, b in itertools.pairwise(path):
                if a[0] != b[0]:
                    out.append(Via(net, *self.xy(a[1], a[2])))
        return out
