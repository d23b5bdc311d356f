#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 (installing Debian's package when it is missing, as root) and
# makes the role the server tests use: cashdesk/cashdesk, allowed to create the throw-away
# databases each test file makes and to end the connections left in them when it drops them
# (pg_signal_backend: an autovacuum worker in the database otherwise fails the forced drop).
# Idempotent. Then:
#   TEST_DATABASE_URL=postgres://cashdesk:cashdesk@127.0.0.1:5432/postgres npm run test:postgres
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "pg_ctlcluster not found: installing PostgreSQL" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null </dev/null
fi
pg_ctlcluster 15 main start 2>/dev/null || pg_ctlcluster 15 main status >/dev/null
su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='cashdesk'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"CREATE ROLE cashdesk LOGIN PASSWORD 'cashdesk' CREATEDB\""
su postgres -c "psql -qc \"GRANT pg_signal_backend TO cashdesk\""
