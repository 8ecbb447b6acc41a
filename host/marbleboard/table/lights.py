"""The light language of the table (docs/lights.md): what the board shows for
each moment of a turn, as a light state for the Pico.

Colour says whose; the effect says what: a pulsing lamp is whose turn it is, a
steady marble can move, a chase runs the way a marble will go and ends blinking
where it lands, a fast blink is a marble to be knocked off (in its colour) or a
mistake (in red), and a white blink asks for a marble in that hole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.wampoo import State
from ..games.wampoo.actions import MOVE, OUT, SWAP
from ..games.wampoo.state import START
from ..link.lights import Effect, LightState
from .boardmap import WampooBoard

RGB = tuple[int, int, int]
MISTAKE: RGB = (255, 0, 0)
PUT_HERE: RGB = (255, 255, 255)


@dataclass
class Scene:
    """Everything the lights show at one moment."""

    state: State
    movable: bool = True  # show the marbles that can move (a person's turn)
    lifted: set[int] = field(default_factory=set)  # source sensors lifted right now
    shown: list[int] = field(default_factory=list)  # actions to show from-to (a bot's move)
    rank: int | None = None  # the card chosen on the phone
    extra: list[int] = field(default_factory=list)  # sensors holding a wrong marble
    missing: list[int] = field(default_factory=list)  # sensors that need one


def seat_colour(board: WampooBoard, seat: int) -> RGB:
    text = board.board.seats[seat].colour
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def path(state: State, action: int) -> list[int]:
    """Engine positions a marble passes, source first, for showing the way."""
    kind, r, m, target = action & 7, action >> 3 & 15, action >> 7 & 15, action >> 11
    if kind == SWAP:
        return [state.pos[m], state.pos[target]]
    if kind == OUT:
        return [target]
    p, track = state.pos[m], state.track
    if r == 4:
        return [(p - i) % track for i in range(5)]
    if p >= track:
        return list(range(p, target + 1))
    if target < track:
        return [(p + i) % track for i in range((target - p) % track + 1)]
    to_entry = (state.entry(m >> 2) - p) % track
    home0 = track + 4 * (m >> 2)
    return [(p + i) % track for i in range(to_entry + 1)] + list(range(home0, target + 1))


def compose(board: WampooBoard, scene: Scene) -> LightState:
    state = scene.state
    lights = LightState(board.board.led_count)
    lamps = {lamp.id: lamp.led for lamp in board.board.lamps}
    names = [s.name for s in board.board.seats]
    for seat in state.opts.seats:
        lamp = lamps.get(f"turn.{names[seat]}")
        if lamp is None:
            continue
        if state.winners:
            if seat in state.winners:
                lights.set(lamp, seat_colour(board, seat), Effect.BLINK)
        elif seat == state.current:
            lights.set(lamp, seat_colour(board, seat), Effect.PULSE)
        elif state.forfeited >> seat & 1:
            lights.set(lamp, seat_colour(board, seat), Effect.DIM)
    if state.winners:
        for seat in state.winners:
            for hole in board.home[seat]:
                lights.set(hole.led, seat_colour(board, seat), Effect.PULSE)
        return lights
    if scene.extra or scene.missing:
        # One mistake at a time: the first wrong marble, else the first gap.
        if scene.extra:
            lights.set(board.board.by_sensor[scene.extra[0]].led, MISTAKE, Effect.FAST)
        else:
            lights.set(board.board.by_sensor[scene.missing[0]].led, PUT_HERE, Effect.BLINK)
        return lights
    if state.current < 0:
        return lights
    colour = seat_colour(board, state.controls(state.current))
    actions = scene.shown or [a for a in state.legal_actions()
                              if a & 7 != 3 and (scene.rank is None or a >> 3 & 15 == scene.rank)]
    shown = scene.shown or [a for a in actions if _source(board, state, a) in scene.lifted]
    if shown:
        for action in shown:
            _show_action(board, state, action, lights)
    elif scene.movable:
        for action in actions:
            source = _source(board, state, action)
            if source is not None:
                lights.set(board.board.by_sensor[source].led, colour, Effect.SOLID)
    return lights


def _source(board: WampooBoard, state: State, action: int) -> int | None:
    """The sensor a player lifts first for an action (a START hole for getting out)."""
    kind, m = action & 7, action >> 7 & 15
    if kind == OUT:
        return board.start_sensors[m >> 2][0]
    if kind in (MOVE, SWAP):
        return board.hole(state.pos[m]).sensor
    return None


def _show_action(board: WampooBoard, state: State, action: int, lights: LightState) -> None:
    seat = (action >> 7 & 15) >> 2
    colour = seat_colour(board, seat)
    holes = [board.hole(p) for p in path(state, action) if p != START]
    if action & 7 == OUT:
        holes = [board.start[seat][0], *holes]
    leds = [h.led for h in holes]
    if len(leds) > 1:
        lights.chase(leds, colour)
    lights.set(leds[-1], colour, Effect.BLINK)
    for victim in state.knocked_by(action):
        vseat = victim >> 2
        vcolour = seat_colour(board, vseat)
        lights.set(board.hole(state.pos[victim]).led, vcolour, Effect.FAST)
        for hole in board.start[vseat]:
            lights.set(hole.led, vcolour, Effect.DIM)
