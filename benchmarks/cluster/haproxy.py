"""HAProxy in front of the app servers: round robin per request, health checks every second, and a request
whose server died before answering is sent to the other one. A decision sent twice is harmless: it carries
the seq it was made at, and the second arrival is refused as stale (409)."""


def config(listen_port, servers, stats_socket):
    backends = "\n".join(f"    server {name} 127.0.0.1:{port} check inter 1s fall 2 rise 2" for name, port in servers)
    return f"""global
    maxconn 512
    stats socket {stats_socket} mode 600 level admin

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response 502 503

frontend site
    bind 127.0.0.1:{listen_port}
    default_backend apps

backend apps
    balance roundrobin
    # The app server's readiness for requests (ops/health.py): its database and Redis. The beat, the
    # workers and the outbox are the whole site's, not one server's: watched, never a reason to drop one.
    option httpchk GET /readyz?only=database,redis
    http-check expect status 200
    http-response set-header X-Served-By %s
{backends}
"""
