"""The replay's log, arranged for its template: every game's entries, in the engine's words."""

from django.utils.html import escape
from django.utils.safestring import mark_safe


def log_items(entries, step):
    """The log's ``<li>`` items, the current step's marked (aria-current, class "current"), later ones
    dimmed. Built here rather than in a template loop: a long game has 700+ entries on every page."""
    items = []
    for entry in entries:
        seq = entry["seq"]
        if seq == step:
            attrs = 'class="current" aria-current="step" id="current-entry"'
        elif seq > step:
            attrs = 'class="future"'
        else:
            attrs = 'class="past"'
        items.append(
            f'<li value="{seq}" data-seq="{seq}" {attrs}><a href="?step={seq}">{escape(entry["text"])}</a></li>'
        )
    return mark_safe("\n".join(items))  # every text is escaped above
