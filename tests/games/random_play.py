"""Seeded random games of any game, step by step, for the property tests."""

import random


def random_steps(new_game, options, seed):
    """Every (before, action, after) of a seeded random game started by
    ``new_game(options)``; a chance outcome as (before, None, after)."""
    rng = random.Random(seed)
    state = new_game(options)
    while not state.is_over():
        before = state.clone()
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
            yield before, None, state
        else:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            yield before, action, state
