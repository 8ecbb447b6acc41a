"""The games: pure rules, with no I/O, no clock and chance only from outside."""
