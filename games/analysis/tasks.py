"""The analysis's Celery task: one slice of decisions per run, re-enqueued until the game is judged
(work.run_slice), so that an analysis shares the workers with the games' own tasks."""

from celery import shared_task

from . import work


@shared_task(name="games.analysis.tasks.analyse_game", ignore_result=True)
def analyse_game(analysis_id):
    try:
        more = work.run_slice(analysis_id)
    except Exception as exc:  # noqa: BLE001 - stored as the analysis's failure; a new request retries
        work.fail(analysis_id, exc)
        return
    if more:
        analyse_game.delay(analysis_id)
