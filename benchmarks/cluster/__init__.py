"""A scale-out run on one machine: two app servers behind HAProxy, two Celery workers and one beat on
PostgreSQL + Redis, players spread over both servers, one app server and one worker killed mid-run.

``manage.py cluster`` (``make cluster``) starts it all, plays, checks that nothing was lost or done twice,
and prints the figures. The modules: ``processes`` (starting and killing the parts), ``haproxy`` (the load
balancer's configuration), ``mailsink`` (the SMTP server that counts what arrives), ``players`` (the API
clients), ``settings`` (the Django settings of the cluster's processes).
"""
