"""STL files as a slicer reads them: triangles, and whether they close a solid.

A slicer needs a closed surface: every edge of every triangle shared by exactly
one other triangle, which runs along it the other way (the triangles all facing
out). ``check`` reads a binary STL back and says what is wrong, if anything.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from build123d import Part, export_stl

# How closely the triangles follow the solid's curved faces: a 16 mm sphere comes
# out within 0.01 mm, finer than any printer.
TOLERANCE_MM = 0.01
ANGULAR_TOLERANCE_RAD = 0.1


class StlError(ValueError):
    pass


def write(solid: Part, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not export_stl(solid, str(path), tolerance=TOLERANCE_MM,
                      angular_tolerance=ANGULAR_TOLERANCE_RAD):
        raise StlError(f"{path}: the solid could not be written as triangles")


def triangles(path: Path) -> np.ndarray:
    """The triangles of a binary STL, shape (n, 3, 3)."""
    data = path.read_bytes()
    if len(data) < 84:
        raise StlError(f"{path}: too short for a binary STL ({len(data)} bytes)")
    n = int(np.frombuffer(data, dtype="<u4", count=1, offset=80)[0])
    if len(data) != 84 + 50 * n:
        raise StlError(f"{path}: says {n} triangles but holds {len(data) - 84} bytes of them")
    record = np.dtype([("normal", "<f4", 3), ("v", "<f4", (3, 3)), ("attr", "<u2")])
    return np.frombuffer(data, dtype=record, count=n, offset=84)["v"].astype(float)


def problems(path: Path) -> list[str]:
    """What keeps the file from closing one solid: open or shared edges, triangles
    facing in. Empty when it is watertight. A triangle of no area (two corners
    the same point in the file's single precision, where the solid's faces meet
    at a sliver) encloses nothing and is left out, as slicers do."""
    tri = triangles(path)
    if len(tri) == 0:
        return ["no triangles"]
    # Vertices that print to the same place are one vertex.
    _, index = np.unique(np.round(tri.reshape(-1, 3), 5), axis=0, return_inverse=True)
    faces = index.reshape(-1, 3)
    out = []
    flat = (faces[:, 0] == faces[:, 1]) | (faces[:, 1] == faces[:, 2]) | \
        (faces[:, 0] == faces[:, 2])
    faces = faces[~flat]
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    _, counts = np.unique(directed, axis=0, return_counts=True)
    if (counts > 1).any():
        out.append(f"{int((counts > 1).sum())} edges run the same way in two triangles "
                   f"(a triangle facing in)")
    undirected = np.sort(directed, axis=1)
    _, counts = np.unique(undirected, axis=0, return_counts=True)
    if (counts != 2).any():
        out.append(f"{int((counts == 1).sum())} open edges, {int((counts > 2).sum())} "
                   f"edges shared by more than two triangles")
    return out


def volume_mm3(path: Path) -> float:
    """The volume the triangles enclose (positive when they face out)."""
    tri = triangles(path)
    return float(np.einsum("ij,ij->i", tri[:, 0], np.cross(tri[:, 1], tri[:, 2])).sum() / 6)
