class IllegalDecision(Exception):
    """A decision the engine refuses. The state is untouched.

    ``code`` is one of ``malformed``, ``not_your_turn``, ``illegal``, ``game_over``; ``message`` is a
    sentence a player understands.
    """

    def __init__(self, message, code="illegal"):
        super().__init__(message)
        self.message = message
        self.code = code
        self.index = None  # set by replay(validate=True): the failing entry

    def __str__(self):
        return self.message
