"""Pictures of the light language (docs/lights.md), drawn by the board renderer
from the very light states the table sends."""

from __future__ import annotations

from ..board import Board
from ..board.svg import game_view
from ..games.wampoo import SEAT_NAMES, Options
from ..games.wampoo.notation import action_text, parse_position
from ..link.lights import Effect, LightState
from .boardmap import WampooBoard
from .lights import Scene, compose

EXAMPLE = "4 10,30,R2,RS/15,BS,BS,BS/12,YS,YS,YS/60,GS,GS,GS 5S7HKC/2C/2C/2C R G - +0 - - 20"


def picture(board: Board, map_: WampooBoard, scene: Scene) -> str:
    lights = compose(map_, scene)
    return picture_of(board, map_, scene, lights)


def picture_of(board: Board, map_: WampooBoard, scene: Scene, lights: LightState) -> str:
    state = scene.state
    marbles = {map_.hole(p).id: SEAT_NAMES[m >> 2] for m, p in enumerate(state.pos) if p >= 0}
    for seat, count in map_.target(state).start_counts:
        for hole in map_.start[seat][:count]:
            marbles[hole.id] = SEAT_NAMES[seat]
    for sensor in scene.extra:
        marbles[board.by_sensor[sensor].id] = "red"
    for sensor in scene.lifted:
        marbles.pop(board.by_sensor[sensor].id, None)
    colours, effects = {}, {}
    for led, value in enumerate(lights.state):
        if value:
            item = board.by_led[led]
            r, g, b = lights.palette[(value & 15) - 1]
            colours[item.id] = f"#{r:02x}{g:02x}{b:02x}"
            effects[item.id] = Effect(value >> 4).name.lower()
    paths = [[board.by_led[led].id for led in chase[2]] for chase in lights.chases]
    return game_view(board, marbles, colours, px=480, effects=effects, paths=paths)


def scenes(board: Board) -> dict[str, str]:
    """Each moment of a turn, by name."""
    state = parse_position(EXAMPLE, Options(players=4))
    map_ = WampooBoard(board, state)
    out = {"turn": picture(board, map_, Scene(state))}
    lifted = {board.hole("track.10").sensor}
    out["lifted"] = picture(board, map_, Scene(state, lifted=lifted))
    seven = next(a for a in state.legal_actions() if action_text(state, a).startswith("7 30"))
    out["bot-move"] = picture(board, map_, Scene(state, shown=[seven], movable=False))
    out["mistake"] = picture(board, map_, Scene(state, extra=[board.hole("track.44").sensor]))
    out["put-here"] = picture(board, map_, Scene(state,
                                                 missing=[board.hole("start.red.4").sensor]))
    forfeit = state.clone()
    forfeit.forfeited = 0b0010
    out["forfeit"] = picture(board, map_, Scene(forfeit))
    won = parse_position("4 R1,R2,R3,R4/15,BS,BS,BS/Y1,Y2,Y3,Y4/60,GS,GS,GS -/-/-/- over G - "
                         "+0 - RY 400", Options(players=4))
    out["winner"] = picture(board, map_, Scene(won))
    return out


def write_all(folder: str) -> list[str]:
    from pathlib import Path

    from ..board import build_layout

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in scenes(build_layout("wampoo")).items():
        path = out / f"lights-{name}.svg"
        path.write_text(svg)
        written.append(str(path))
    return written


if __name__ == "__main__":
    import sys

    for path in write_all(sys.argv[1] if len(sys.argv) > 1 else "docs/images"):
        print(f"wrote {path}")
