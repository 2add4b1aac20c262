# Every game stored before the site hosted more than one is a game of this one, and a client that does not
# say which game it creates gets it. Here, below every module of the package, so that the presentations
# (which games.models' bots' names ask) read it without importing the models.
DEFAULT_GAME = "guildhall"
