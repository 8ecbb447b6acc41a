"""Typed commands that move marbles and pull cables on a simulated board.

    place track.3 start.red.1     lift track.3      slide track.3 track.4 track.5
    bounce home.red.1             unplug / replug   reset / hang
    garbage                       show              help
"""

from __future__ import annotations

import os

from ..board import text
from .local import LocalPico

HELP = __doc__.split("\n", 2)[2] if __doc__ else ""


class SimConsole:
    def __init__(self, sim: LocalPico):
        self.sim = sim

    def picture(self) -> str:
        board = self.sim.board
        physical = self.sim.physical
        marbles = {h: "o" for h in physical.occupied_holes()}
        leds = physical.leds()
        lit = {h.id: "#ffffff" for h in board.holes if any(leds[h.led])}
        return text.render(board, marbles=marbles, lights=lit).replace("O", "@")

    def run(self, line: str) -> str:
        """Carry out one command; return what to print."""
        words = line.split()
        if not words:
            return ""
        cmd, args = words[0].lower(), words[1:]
        sim, physical = self.sim, self.sim.physical
        try:
            for hole in args if cmd in ("place", "lift", "bounce") else ():
                if hole not in sim.board:
                    return f"no hole {hole!r} on this board"
            if cmd == "place":
                for hole in args:
                    physical.place(hole)
            elif cmd == "lift":
                for hole in args:
                    physical.lift(hole)
            elif cmd == "bounce":
                for hole in args:
                    physical.bounce(hole, True)
            elif cmd == "slide":
                if len(args) < 2 or any(h not in sim.board for h in args):
                    return "slide wants two or more holes of this board"
                physical.slide(list(args))
            elif cmd == "unplug":
                sim.unplug()
            elif cmd == "replug":
                sim.replug()
            elif cmd == "reset":
                sim.reset()
            elif cmd == "hang":
                sim.hang()
            elif cmd == "garbage":
                sim.inject_to_host(os.urandom(40) + b"\n")
                sim.inject_to_pico(os.urandom(40) + b"\n")
            elif cmd == "show":
                return self.picture()
            elif cmd in ("help", "?"):
                return HELP
            else:
                return f"unknown command {cmd!r}; try 'help'"
        except OSError as e:
            return f"failed: {e}"
        return "ok"
