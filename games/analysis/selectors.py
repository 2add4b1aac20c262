"""The read side of analyses: what the API answers and what the replay page's panel shows.

An analysis is of a finished game only: ``payload`` is built for a game the caller checked is finished
(services.finished_game), and ``replay_panel`` shows nothing but "available once the game is over" while
it is in progress. What a record holds was judged from the deciding seat's view (analyse.py); a finished
game's replay shows every card, and a record names only cards of that seat's legal decisions.
"""

from django.urls import reverse
from django.utils.translation import gettext_lazy

from games.models import Game
from games.presentation import for_game

from . import chart as win_chart
from .analyse import MARKS
from .models import Analysis
from .services import in_process

MARK_NAMES = {
    "good": gettext_lazy("good"),
    "inaccuracy": gettext_lazy("inaccuracy"),
    "mistake": gettext_lazy("mistake"),
    "blunder": gettext_lazy("blunder"),
}
STATUS_NAMES = {
    "none": gettext_lazy("Not analysed yet."),
    "queued": gettext_lazy("Waiting for a worker…"),
    "running": gettext_lazy("The bot is analysing the game…"),
    "done": gettext_lazy("Analysed."),
    "failed": gettext_lazy("The analysis failed; you can ask for it again."),
}
# Without a worker nothing waits for one: the page's own polls start the work.
STATUS_IN_PROCESS = {"queued": gettext_lazy("The bot is about to analyse the game…")}
POLL_MS_IN_PROCESS, POLL_MS_WORKER = 200, 1500
# The API's fields of one decision (the stored record's, plus the words).
FIELDS = ("seq", "seat", "turn", "by", "kind", "decision", "options", "before", "after", "loss", "mark", "best",
          "taken_back", "playouts")


def analysis_of(game):
    """The stored analysis of ``game`` under its rules version, or None."""
    return Analysis.objects.filter(game=game, rules_version=game.engine_version).first()


def _decision(record, names, words):
    """One stored record as the API gives it; ``words``: the game's presentation's ``decision_words``."""
    item = {key: record.get(key) for key in FIELDS}
    item["taken_back"] = bool(record.get("taken_back"))
    item["player"] = names[record["seat"]] if 0 <= record["seat"] < len(names) else "?"
    prompt = record.get("prompt")
    item["played_text"] = words(record["decision"], prompt, names)
    item["best_text"] = words(record["best"], prompt, names) if record.get("best") else None
    return item


def payload(game, analysis):
    """``{status, progress, rules_version, decisions}``: the decisions judged so far, in log order."""
    if analysis is None:
        return {"status": "none", "progress": 0.0, "rules_version": game.engine_version, "total": game.seq,
                "decisions": []}
    names = game.names_by_seat()
    return {
        "status": analysis.status,
        "progress": analysis.progress,
        "rules_version": analysis.rules_version,
        "total": analysis.total,
        "decisions": [_decision(record, names, for_game(game).decision_words) for record in analysis.decisions],
    }


def _summary(records, names):
    """Per player: how many of their own decisions were judged (not those the server's bot or clock made
    for their seat), how many of each mark, the mean loss."""
    rows = []
    for seat, name in enumerate(names):
        judged = [r for r in records if r["seat"] == seat and r.get("mark") and not r.get("by")]
        counts = {kind: sum(r["mark"] == kind for r in judged) for _t, kind in MARKS}
        mean_loss = sum(r["loss"] for r in judged) / len(judged) if judged else 0.0
        rows.append({"seat": seat, "name": name, "judged": len(judged), "counts": counts,
                     "mean_loss": round(100 * mean_loss, 1)})
    return rows


def _at_step(record, names, words):
    if record is None:
        return None
    item = _decision(record, names, words)
    item["mark_name"] = MARK_NAMES.get(record.get("mark"), "")
    for key in ("before", "after", "loss"):
        item[f"{key}_pct"] = round(100 * record[key]) if record.get(key) is not None else None
    return item


def replay_panel(game, step, user):
    """The context of ``analysis/replay_panel.html`` for the replay of ``game`` at ``step``."""
    finished = game.status == Game.Status.FINISHED
    panel = {
        "game_id": game.pk,
        "finished": finished,
        "signed_in": bool(user is not None and getattr(user, "is_authenticated", False)),
        "step": step,
    }
    if not finished:
        return panel
    analysis = analysis_of(game)
    status = analysis.status if analysis is not None else "none"
    panel.update(
        status=status,
        status_text=(STATUS_IN_PROCESS if in_process() else STATUS_NAMES).get(status, STATUS_NAMES[status]),
        progress=analysis.progress if analysis is not None else 0.0,
        progress_pct=round(100 * analysis.progress) if analysis is not None else 0,
        api_url=reverse("api-game-analysis", args=[game.pk]),
        request_url=reverse("game-analysis-request", args=[game.pk]),
        working=status in ("queued", "running"),
        running_text=STATUS_NAMES["running"],
        can_request=status in ("none", "failed"),
        # Without a worker each poll computes a slice itself (services.advance): the next one may follow
        # at once. With a worker a poll only reads, so it waits a little between reads.
        poll_ms=POLL_MS_IN_PROCESS if in_process() else POLL_MS_WORKER,
    )
    if analysis is None or status != "done":
        return panel
    names = game.names_by_seat()
    records = analysis.decisions
    by_seq = {r["seq"]: r for r in records}
    panel.update(
        chart=win_chart.chart(records, names, analysis.total, step, MARK_NAMES),
        summary=_summary(records, names),
        at_step=_at_step(by_seq.get(step), names, for_game(game).decision_words),
        marked=[
            {"seq": r["seq"], "player": names[r["seat"]], "mark": r["mark"], "mark_name": MARK_NAMES[r["mark"]],
             "loss_pct": round(100 * r["loss"]), "current": r["seq"] == step}
            for r in records
            if r.get("mark") not in (None, "good")
        ],
        mark_names=MARK_NAMES,
        thresholds=[{"mark": MARK_NAMES[kind], "pct": round(100 * t)} for t, kind in MARKS],
    )
    return panel
