"""A teacher's own task file for the Class page's tests (tests/test_class_own_tasks.py and
tests/browser/test_class.py): a trick to trump, its title with markup that must stay text."""

TASK = """format: 1
title: Trump the <b>king</b> & "win"
rules: standard
players: [Ana, Bruno, Carla, Dani]
dealer: Dani
deck: [
  K♣, 4♣, 5♥, 3♠, 8♦, Q♠, 2♠, 5♦, 4♠, 10♦, K♦, J♦, J♣, 6♥, 9♥, 7♥,
  A♠, K♠, J♠, 10♠, 9♠, 8♠, 7♠, 6♠, 5♠, A♥, K♥, Q♥, J♥, 10♥, 8♥, 4♥, 3♥, 2♥, A♦, Q♦,
  9♦, 7♦, 6♦, 8♣, 4♦, 3♦, 2♦, A♣, Q♣, 10♣, 9♣, 7♣, 6♣, 5♣, 3♣, 2♣
]
steps:
  - play: Ana K♣
  - play: Bruno 4♣
  - task:
      id: own-trump
      seat: Carla
      goal: win-trick
      accept: [9♥]
      hints: [Dani has no clubs either.]
"""
