"""Reading a rendered table: the decisions its controls send, as a browser would."""

import json
from html.parser import HTMLParser
from itertools import permutations


class _Controls(HTMLParser):
    def __init__(self):
        super().__init__()
        self.buttons = []  # (decision, attributes, inside noscript)
        self.choices = {}  # the button a list writes into -> [decisions]
        self.orders = []  # "choose the order" controls: (decision without its order, its key, the cards)
        self._noscript = 0
        self._select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "noscript":
            self._noscript += 1
        elif tag == "button" and attrs.get("name") == "decision":
            value = attrs.get("value")
            self.buttons.append((json.loads(value) if value else None, attrs, self._noscript > 0))
            if "data-order-names" in attrs:
                self.orders.append((json.loads(attrs["data-order-base"]), attrs["data-order-key"],
                                    json.loads(attrs["data-order-names"])))
        elif tag == "select" and "data-dominion-choice" in attrs:
            self._select = attrs["data-dominion-choice"]
            self.choices[self._select] = []
        elif tag == "option" and self._select is not None:
            self.choices[self._select].append(json.loads(attrs["value"]))

    def handle_endtag(self, tag):
        if tag == "noscript":
            self._noscript -= 1
        elif tag == "select":
            self._select = None


def controls(page):
    parser = _Controls()
    parser.feed(page)
    return parser


def canonical(decision):
    return json.dumps(decision, sort_keys=True)


def sent_by_buttons(page):
    """Every decision a button of the page sends as it is (a button without a value is one a script fills,
    such as the "choose the order" control's): canonical JSON, in page order."""
    return [canonical(d) for d, _attrs, _noscript in controls(page).buttons if d is not None]


def reachable_with_script(page):
    """What a browser with JavaScript can send: the buttons outside noscript, and every choice of a list
    beside a button (the list writes it into that button)."""
    parsed = controls(page)
    found = {canonical(d) for d, _attrs, noscript in parsed.buttons if d is not None and not noscript}
    for decisions in parsed.choices.values():
        found |= {canonical(d) for d in decisions}
    for base, key, cards in parsed.orders:  # each place of the control may hold any of the cards
        found |= {canonical({**base, key: list(order)}) for order in permutations(cards)}
    return found
