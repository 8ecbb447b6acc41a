"""Pictures of the light language (docs/lights.md), drawn by the board renderer
from the very light states the table sends, for each marble game from the
example moments its rules give (``MarbleRules.examples``)."""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..board.svg import game_view
from ..games.base import Game
from ..link.lights import Effect, LightState
from .boardmap import BoardMap
from .lights import Painter, Scene


def picture(game: Game, board: Board, scene: Scene) -> str:
    assert game.marbles is not None
    painter = Painter(game, BoardMap(board, game.marbles))
    return picture_of(painter, scene, painter.compose(scene))


def picture_of(painter: Painter, scene: Scene, lights: LightState) -> str:
    state, board, rules = scene.state, painter.board, painter.rules
    names = painter.game.seat_names
    marbles = {h: names[seat] for h, seat in rules.marbles(state).items()}
    marbles.update({h: rules.palette[word] for h, word in rules.colours(state).items()})
    for pool, count in rules.target(state).pools:
        owner = next(s for s in painter.game.seats(state.opts) if rules.pool(state, s) == pool)
        for hole in pool[:count]:
            marbles[hole] = names[owner]
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


def scenes(game: Game, board: Board) -> dict[str, str]:
    """Each moment of a turn, by name."""
    assert game.marbles is not None
    ex = game.marbles.examples
    state = game.parse_position(ex["position"])

    def sensor(hole_id: str) -> int:
        return board.hole(hole_id).sensor

    def draw(**kw: Any) -> str:
        return picture(game, board, Scene(kw.pop("state", state), **kw))

    out = {"turn": draw()}
    out["lifted"] = draw(lifted={sensor(ex["lifted"])})
    bot_move = game.parse_action(state, ex["bot_move"])
    out["bot-move"] = draw(shown=[bot_move], movable=False)
    out["mistake"] = draw(extra=[sensor(ex["mistake"])])
    out["put-here"] = draw(missing=[sensor(ex["put_here"])])
    if "forfeit" in ex:
        out["forfeit"] = draw(state=game.parse_position(ex["forfeit"]))
    out["winner"] = draw(state=game.parse_position(ex["won"]))
    return out


def write_all(folder: str) -> list[str]:
    from pathlib import Path

    from ..board import build_layout
    from ..games.registry import GAMES

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    for game in GAMES.values():
        if game.marbles is None or not game.marbles.examples:
            continue  # a game without example moments has no pictures
        # The first game's pictures keep their plain names: the light language is one.
        prefix = "lights" if not written else f"lights-{game.name}"
        for name, svg in scenes(game, build_layout(game.marbles.layout)).items():
            path = out / f"{prefix}-{name}.svg"
            path.write_text(svg)
            written.append(str(path))
    return written


if __name__ == "__main__":
    import sys

    for path in write_all(sys.argv[1] if len(sys.argv) > 1 else "docs/images"):
        print(f"wrote {path}")
