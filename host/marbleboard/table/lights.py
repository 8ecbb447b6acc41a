"""The light language of the table (docs/lights.md): what the board shows for
each moment of a turn, as a light state for the Pico, for every marble game.

Colour says whose; the effect says what: a pulsing lamp is whose turn it is, a
steady marble can move, a chase runs the way a marble will go and ends blinking
where it lands, a fast blink is a marble to be knocked off (in its colour) or a
mistake (in red), and a white blink asks for a marble in that hole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.base import Game, GameState
from ..link.lights import Effect, LightState
from .boardmap import BoardMap

RGB = tuple[int, int, int]
MISTAKE: RGB = (255, 0, 0)
PUT_HERE: RGB = (255, 255, 255)


@dataclass
class Scene:
    """Everything the lights show at one moment."""

    state: GameState
    movable: bool = True  # show the marbles that can move (a person's turn)
    lifted: set[int] = field(default_factory=set)  # source sensors lifted right now
    shown: list[int] = field(default_factory=list)  # actions to show from-to (a bot's move)
    group: str | None = None  # what was chosen on the phone (a card)
    extra: list[int] = field(default_factory=list)  # sensors holding a wrong marble
    missing: list[int] = field(default_factory=list)  # sensors that need one
    clearing: bool = False  # everything comes off the board (the extras are all of it)


def turn_lamp(state: GameState, seat: int) -> Effect | None:
    """A seat's lamp: breathing on its turn; at the end blinking if it won, steady
    for everyone after a draw (the game is over and nobody's lamp stands out)."""
    if state.is_over():
        if seat in state.winners:
            return Effect.BLINK
        return None if state.winners else Effect.SOLID
    return Effect.PULSE if seat == state.current else None


class Painter:
    """Turns scenes into light states for one game on one board."""

    def __init__(self, game: Game, board: BoardMap):
        assert game.marbles is not None
        self.game = game
        self.rules = game.marbles
        self.map = board
        self.board = board.board
        colours = {s.name: s.colour for s in self.board.seats}
        self.colours = [_rgb(colours.get(name, "#ffffff")) for name in game.seat_names]
        self.palette = {word: _rgb(hexa) for word, hexa in self.rules.palette.items()}
        self.lamps = {lamp.id: lamp.led for lamp in self.board.lamps}

    def seat_rgb(self, state: GameState, seat: int) -> RGB:
        """A seat's colour in the lights: its Stomper's where the game says, else
        its colour on the board."""
        word = self.rules.seat_colour(state, seat)
        return self.palette[word] if word is not None else self.colours[seat]

    def led(self, hole_id: str) -> int:
        return self.board.hole(hole_id).led

    def compose(self, scene: Scene) -> LightState:
        state = scene.state
        game, rules = self.game, self.rules
        lights = LightState(self.board.led_count)
        out = game.sitting_out(state)
        for seat in game.seats(state.opts):
            lamp = self.lamps.get(f"turn.{game.seat_names[seat]}")
            if lamp is None:
                continue
            lamp_effect = turn_lamp(state, seat)
            if lamp_effect is None and not state.is_over() and seat in out:
                lamp_effect = Effect.DIM
            if lamp_effect is not None:
                lights.set(lamp, self.colours[seat], lamp_effect)
        for lamp_id, (seat, effect) in rules.lamps(state).items():
            led = self.lamps.get(lamp_id)
            if led is not None:
                lights.set(led, self.colours[seat] if seat >= 0 else PUT_HERE,
                           Effect[effect.upper()])
        if state.winners:
            for seat in state.winners:
                for hole_id in rules.goal(state, seat):
                    lights.set(self.led(hole_id), self.seat_rgb(state, seat), Effect.PULSE)
            # A celebration the whole table sees: the winner's colour runs round
            # the track (a board with one).
            track = [h.led for h in self.board.track()]
            if track:
                lights.chase(track, self.seat_rgb(state, state.winners[0]), step_ms=60)
            return lights
        if scene.clearing:
            for sensor in scene.extra:
                lights.set(self.board.by_sensor[sensor].led, PUT_HERE, Effect.FAST)
            return lights
        if scene.extra or scene.missing:
            # One mistake at a time: the first wrong marble and the first gap
            # together (lift this one, put it there), or a whole row of gaps where
            # each marble has a colour of its own, once no marble is in the way.
            colours = self.rules.colours(state)
            if scene.extra:
                lights.set(self.board.by_sensor[scene.extra[0]].led, MISTAKE, Effect.FAST)
            elif colours:
                self._show_row(scene.missing, colours, lights)
            if scene.missing and not colours:
                lights.set(self.board.by_sensor[scene.missing[0]].led, PUT_HERE, Effect.BLINK)
            return lights
        if state.current < 0:
            return lights
        marks = self.rules.marks(state)
        if marks and not scene.shown:
            if scene.movable:
                for hole_id, (word, effect) in marks.items():
                    lights.set(self.led(hole_id), self.palette[word], Effect[effect.upper()])
            return lights
        paths = {a: rules.path(state, a) for a in (scene.shown or state.legal_actions())}
        actions = scene.shown or [
            a for a, p in paths.items()
            if p and (scene.group is None or game.action_group(state, a) == scene.group)]
        shown = scene.shown or [a for a in actions
                                if self.map.sensor(paths[a][0]) in scene.lifted]
        if shown:
            for action in shown:
                self._show_action(state, action, paths[action], lights)
        elif scene.movable:
            for action in actions:
                colour = self.seat_rgb(state, rules.mover(state, action))
                lights.set(self.led(paths[action][0]), colour, Effect.SOLID)
        return lights

    def _show_row(self, missing: list[int], colours: dict[str, str],
                  lights: LightState) -> None:
        """The gaps of the nearest row that has any, each in the colour of the
        marble that goes there: a board is set out row by row."""
        holes = [self.board.by_sensor[s] for s in missing]
        near = max(round(h.y) for h in holes)
        for h in holes:
            if round(h.y) == near:
                word = colours.get(h.id)
                lights.set(h.led, self.palette[word] if word else PUT_HERE, Effect.SOLID)

    def _show_action(self, state: GameState, action: int, path: list[str],
                     lights: LightState) -> None:
        colour = self.seat_rgb(state, self.rules.mover(state, action))
        leds = [self.led(h) for h in path]
        if len(leds) > 1:
            lights.chase(leds, colour)
        lights.set(leds[-1], colour, Effect.BLINK)
        for hole_id, seat in self.rules.knocked(state, action):
            vcolour = self.colours[seat]
            lights.set(self.led(hole_id), vcolour, Effect.FAST)
            for pool_hole in self.rules.pool(state, seat):
                lights.set(self.led(pool_hole), vcolour, Effect.DIM)


def _rgb(text: str) -> RGB:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
