class IllegalDecision(Exception):
    """A decision the engine refuses. The state is untouched.

    ``code`` is one of ``malformed``, ``not_your_turn``, ``illegal``, ``game_over``; ``message`` is a
    sentence a player understands, in English. ``template`` and ``params`` let the site translate it:
    ``template`` is a msgid marked with gettext_noop (engine/text.py), and a ``card`` or ``profession``
    parameter is a card id or a profession name, for the site to name in the reader's language
    (``engine.text.translate_error``).
    """

    def __init__(self, template, code="illegal", **params):
        from .text import format_error

        super().__init__(template)
        self.template = template
        self.params = params
        self.message = format_error(template, params)
        self.code = code
        self.index = None  # set by replay(validate=True): the failing entry

    def __str__(self):
        return self.message
