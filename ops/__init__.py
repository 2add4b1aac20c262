"""What an operator watches and restores with: health and readiness (/healthz, /readyz), Prometheus metrics
(/metrics), JSON logs carrying a request id into the Celery tasks a request enqueues, and the restore drill
(``manage.py restore_drill``). docs/operations.md says how to use them."""
