"""The table in a terminal: the board with its marbles and lights, the local
players' hands, and the log."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .. import words
from ..board.text import SYMBOLS, grid_step
from .service import Table

_RICH = {"red", "blue", "yellow", "green", "white"}  # seat colours the terminal names


def seat_letters(names: tuple[str, ...]) -> dict[str, str]:
    """One character a seat's marbles show as: its name's initial, or its number
    where two seats share an initial (seats named player1 .. player6)."""
    initials = [name[0].upper() for name in names]
    if len(set(initials)) == len(initials):
        return dict(zip(names, initials, strict=True))
    return {name: str(i + 1) for i, name in enumerate(names)}


def board_text(table: Table, occupied: set[int], lit: set[int]) -> Text:
    """The board in characters: a marble shows as its seat's letter (or its own
    colour's initial) in the seat's colour, a lit empty hole as '*'."""
    board = table.board
    step = grid_step(board)
    x0 = min(h.x for h in board.holes)
    y0 = min(h.y for h in board.holes)
    state = table.state
    rules = table.painter.rules
    names = table.names
    colour_of = {table.map.sensor(hole_id): names[seat]
                 for hole_id, seat in rules.marbles(state).items()}
    for s in table.game.seats(state.opts):
        for hole_id in rules.pool(state, s):
            colour_of.setdefault(table.map.sensor(hole_id), names[s])
    # Marbles that are nobody's (a dealt layout) show their own colour.
    colour_of.update({table.map.sensor(hole_id): word
                      for hole_id, word in rules.colours(state).items()})
    pieces = {table.map.sensor(hole_id) for hole_id in rules.target(state).pieces}
    letters = seat_letters(names)
    board_colours = {s.name: s.colour for s in board.seats}
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for h in board.holes:
        key = (round((h.x - x0) / step), round((h.y - y0) / step))
        if h.sensor in occupied:
            name = colour_of.get(h.sensor, "white")  # white: a marble in the wrong place
            colour = (rules.palette.get(name) or board_colours.get(name)
                      or (name if name in _RICH else "white"))
            style = "bold" + (" reverse" if h.sensor in pieces else "")
            cells[key] = (letters.get(name, name[0].upper()), f"{style} {colour}")
        elif h.sensor in lit:
            cells[key] = ("*", "bright_white")
        else:
            cells[key] = (SYMBOLS.get(h.role, "?"), "grey42")
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    out = Text()
    for row in range(height):
        for col in range(width):
            ch, style = cells.get((col, row), (" ", ""))
            out.append(ch + " ", style=style)
        out.append("\n")
    return out


def render(table: Table, local: list[int], occupied: set[int], lit: set[int]) -> Group:
    state = table.state
    parts: list[Text] = [board_text(table, occupied, lit)]
    game, names = table.game, table.names
    for seat in local:
        hand = game.private(state, seat).get("hand")
        if hand is not None:
            parts.append(Text(f"{names[seat]:7} hand: {' '.join(hand) or '(no cards)'}",
                              style=names[seat]))
    for key, value in game.public(state).items():
        if key != "seats":
            parts.append(Text(f"{key}: {value}"))
    if state.is_over():
        parts.append(Text(words.say(["over", [table.result_words()]]), style="bold"))
        if table.record.scores:
            parts.append(Text(words.say(["log.scores", [table.standings_words()]])))
    elif state.current >= 0:
        who = names[state.current]
        line = f"{who} to play"
        if state.current in local:
            moves = [game.action_text(state, a) for a in state.legal_actions()]
            line += ": " + ", ".join(moves)
        parts.append(Text(line, style=who))
    if table.status.question is not None:
        q = table.status.question
        parts.append(Text("which move? " + "  ".join(f"[{i + 1}] {t}"
                                                     for i, t in enumerate(q.texts)),
                          style="bold yellow"))
    if table.status.mistakes:
        parts.append(Text("the board does not match the game yet: lift the marble under "
                          "the red light, fill the hole under the white one", style="bold red"))
    return Group(*parts)
