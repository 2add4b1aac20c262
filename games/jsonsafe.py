"""JSON from clients, bounded: a body nested deeper than any request of ours needs is refused as
malformed before anything walks it (Python's parser and every recursive walk after it would otherwise
run out of stack on a few kilobytes of brackets)."""

import json

# A decision is an object of scalars and short lists; the deepest request body is 3 levels deep.
MAX_DEPTH = 20


class TooDeep(ValueError):
    pass


def check_depth(value, max_depth=MAX_DEPTH):
    """Raise TooDeep when ``value`` nests lists/objects more than ``max_depth`` levels (iteratively)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
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
    """``json.loads`` that raises ValueError (TooDeep) instead of RecursionError, and on any nesting
    deeper than ``max_depth``."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise TooDeep("nested too deeply to parse") from None
    return check_depth(value, max_depth)
