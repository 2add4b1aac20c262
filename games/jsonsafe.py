"""JSON from clients, bounded: a body nested deeper than any request of ours needs is refused as
malformed before anything walks it (Python's parser and every recursive walk after it would otherwise
run out of stack on a few kilobytes of brackets), and so is text that is not Unicode (a lone surrogate
such as "\\ud800" parses, but can be neither stored, compared in a query, nor written back)."""

import json

# A decision is an object of scalars and short lists; the deepest request body is 3 levels deep.
MAX_DEPTH = 20


class Malformed(ValueError):
    pass


class TooDeep(Malformed):
    pass


class NotUnicode(Malformed):
    pass


def _check_text(text):
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise NotUnicode("a string with a lone surrogate") from None


def check(value, max_depth=MAX_DEPTH):
    """Raise TooDeep when ``value`` nests lists/objects more than ``max_depth`` levels, NotUnicode when a
    key or a string in it is not Unicode text; walks iteratively."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if isinstance(item, dict):
            for key in item:
                if isinstance(key, str):
                    _check_text(key)
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > max_depth:
            raise TooDeep(f"nested more than {max_depth} levels")
        stack.extend((child, depth + 1) for child in children)
    return value


def loads(text, max_depth=MAX_DEPTH, **kwargs):
    """``json.loads`` that raises ValueError (Malformed) instead of RecursionError, on any nesting deeper
    than ``max_depth`` and on text that is not Unicode."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise TooDeep("nested too deeply to parse") from None
    return check(value, max_depth)
