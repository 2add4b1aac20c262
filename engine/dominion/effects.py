"""Card effects as resumable steps (design §3): the frames of the effect stack and the questions they ask.

An effect is a tuple of steps, each a short function ``step(st, frame)``. The machine
(engine/dominion/turns.py, ``run``) calls the top frame's next step until one of them asks a question
(``ask``) or the stack is empty. The decision that answers is stored in the asking frame under
``"answer"`` and read by its next step (``answer``). A step that must run again (one more Herald pick,
one more Doctor look) goes ``again``; one that ends its effect early goes ``finish``.
"""

from .zones import draw, take_tokens


def push(st, fx, seat, **local):
    """Start effect ``fx`` (a card's name, or "<card>+" for its overpay effect, or "buy") for ``seat``."""
    st.stack.append({"fx": fx, "seat": seat, "step": 0, **local})


def ask(st, kind, seat, **spec):
    """Wait for ``seat``'s decision; ``spec`` is what the options are made from (JSON values only)."""
    st.prompt = {"kind": kind, "seat": seat, **spec}


def answer(frame):
    """The decision that answered this frame's last question, or None if none was asked."""
    return frame.pop("answer", None)


def again(frame):
    """Run the step that is running now once more, next."""
    frame["step"] -= 1


def goto(frame, step):
    frame["step"] = step


def finish(frame):
    """Skip the effect's remaining steps."""
    frame["step"] = 1 << 30


def distinct(cards):
    """Each name once, in the order first seen (identical cards are one option)."""
    return list(dict.fromkeys(cards))


def choices(cards):
    return [{"type": "choose", "card": c} for c in dict.fromkeys(cards)]


def plus(st, seat, cards=0, actions=0, buys=0, coins=0, tokens=0):
    """The vanilla bonuses (D-TURN-2: they take effect at once), in the order printed."""
    if cards:
        draw(st, seat, cards)
    st.actions += actions
    st.buys += buys
    st.coins += coins
    if tokens:
        take_tokens(st, seat, tokens)
