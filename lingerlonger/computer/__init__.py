"""Computer players and analysis: who plays the empty seats, and how good a card is.

- ``players``: random, tips, expert and strong players, each deciding from its ``SeatView`` alone;
  ``tips``: the tips player; ``search``: the searching players (strong, and the bench's
  perfect-information yardstick);
- ``review``: a finished hand's decisions, each card's chances and a verdict;
- ``inference``: what a seat can infer of the unseen cards; ``playout``: the fast playout kernel;
- ``coach``: each legal card's chance to win the hand; ``statistics``: intervals;
- ``hand_counts``: counts over many hands of random play;
- ``task_judge``: every answer to a lesson's task, judged (the course's exercises);
  ``task_search``: its searches, and the one budget of nodes a file's tasks share;
- ``kept_results``: a long computation's result kept on disk while the book is built and tested.

It imports the game and the words.
"""
