"""Computer players and analysis: who plays the empty seats, and how good a card is.

- ``players``: random, tips and expert players, each deciding from its ``SeatView`` alone;
- ``inference``: what a seat can infer of the unseen cards; ``playout``: the fast playout kernel;
- ``coach``: each legal card's chance to win the hand; ``statistics``: intervals;
- ``hand_counts``: counts over many hands of random play;
- ``task_judge``: every answer to a lesson's task, judged (the course's exercises).

It imports the game and the words.
"""
