"""The table: where a game meets a board. Moves are read from the marbles, checked
against the rules, saved, and shown back in light."""
