"""The guided first game's settings (games.learn, docs/learn.md). Read by base.py."""

LEARN_APPS = ["games.learn"]

# The lesson's deal. It is public on purpose, as a tutorial's deal is: every learner meets the same friendly
# cards (all six professions in the first hand; with the coach's advice a completed chapter and a VP card by
# the fourth turn, and the game won in about ten turns). A lesson is never rated nor counted in statistics,
# so knowing the deal gains nobody anything. Chosen with the greedy bot in the learner's seat over 400 seeds
# (docs/learn.md, "The deal").
LEARN_SEED = "guildhall-lesson-245"
# The gentle opponent: the random bot, which lets the learner reach the end and win.
LEARN_BOT = "random"
