#!/bin/sh
# Migrate before the web process starts; workers and beat skip it (MIGRATE=false).
set -e
if [ "${MIGRATE:-true}" = "true" ]; then
  python manage.py migrate --noinput
fi
exec "$@"
