class IllegalDecision(Exception):
    """A decision a game refuses. The state is untouched.

    ``code`` is one of ``malformed``, ``not_your_turn``, ``illegal``, ``game_over``; ``message`` is a
    sentence a player understands, in English. ``template`` and ``params`` let the site translate it:
    ``template`` is a msgid marked with gettext_noop in the game's package (or a (singular, plural) pair
    counted by ``params["count"]``). ``rule`` names the rule that refuses the decision (for example
    ``"R7.1"``), or is None. ``index`` is set by ``replay(validate=True)``: the failing entry, 0-based.

    A game whose parameters need its own words (a card id named as a card) subclasses this one and
    overrides ``format``; ``except engine.IllegalDecision`` catches every game's refusals.
    """

    def __init__(self, template, code="illegal", rule=None, **params):
        super().__init__(template)
        self.template = template
        self.params = params
        self.code = code
        self.rule = rule
        self.message = self.format(template, params)
        self.index = None

    @staticmethod
    def format(template, params):
        """The English sentence: ``template`` filled with ``params`` (a plural pair by its count)."""
        if isinstance(template, tuple):
            template = template[0] if params.get("count") == 1 else template[1]
        return template.format(**params)

    def __str__(self):
        return self.message

    def __reduce__(self):
        # Keyword parameters do not survive Exception's default pickling (a Celery result, a process pool).
        return (_rebuild, (type(self), self.template, self.code, self.rule, self.params, self.message, self.index))


def _rebuild(cls, template, code, rule, params, message, index):
    exc = cls.__new__(cls)
    Exception.__init__(exc, template)
    exc.template, exc.code, exc.rule, exc.params, exc.message, exc.index = template, code, rule, params, message, index
    return exc
