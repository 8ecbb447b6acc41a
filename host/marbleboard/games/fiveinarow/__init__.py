"""Five in a Row: two players take turns putting a marble of their colour into
any empty hole of the 7x7 grid; the first with five in a straight line wins, and
a full grid with no row is a draw (docs/rules/fiveinarow.md).

>>> from marbleboard.games.fiveinarow.game import FIVE_IN_A_ROW as game
>>> state = game.new_state(game.options({"players": 2}))
>>> len(state.legal_actions())
49
>>> for move in ("d4", "a1", "d5", "a2", "d3", "a3", "d6", "a4", "d7"):
...     state.apply(game.parse_action(state, move))
>>> state.winners, game.position_text(state)
((0,), '...R.../...R.../...R.../B..R.../B..R.../B....../B...... over 9')
"""
