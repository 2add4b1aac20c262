#!/usr/bin/env bash
# Checks the deployment recipe on this machine: the systemd units with `systemd-analyze verify` (with
# /srv/guildhall/current, the running release, and /srv/guildhall pointed at this checkout, whose .venv has
# the commands) and the nginx site with `nginx -t`
# (inside a minimal nginx.conf, with a throw-away certificate for the TLS server). Run by `make check-deploy-files`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for unit in "$here"/systemd/*; do
  sed -e "s#/srv/guildhall/current#$root#g" -e "s#/srv/guildhall#$root#g" "$unit" > "$work/$(basename "$unit")"
done
(cd "$work" && systemd-analyze verify --man=no ./*.service ./*.target)
echo "systemd units: verified"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=guildhall.example \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null
sed -e "s#/etc/letsencrypt/live/guildhall.example#$work#g" -e "s#/srv/guildhall/current#$root#g" -e "s#/srv/guildhall#$root#g" \
  "$here/nginx/guildhall.conf" > "$work/site.conf"
cat > "$work/nginx.conf" <<CONF
pid $work/nginx.pid;
error_log $work/error.log;
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    include $work/site.conf;
}
CONF
nginx -t -q -c "$work/nginx.conf" -p "$work"
echo "nginx site: nginx -t ok"
