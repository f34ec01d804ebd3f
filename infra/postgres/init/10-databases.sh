#!/bin/sh
# Runs once, when the PostgreSQL volume is empty (the postgres image's docker-entrypoint-initdb.d):
# one login role and one database per service, so that no service can read another's data.
set -eu
case "$POSTGRES_PASSWORD $PAYMENTS_DB_PASSWORD $CMS_DB_PASSWORD" in
  *change-me*)
    echo 'infra/.env still holds a change-me password: set real ones, then remove the postgres-data volume' >&2
    exit 1
    ;;
esac
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v payments_password="$PAYMENTS_DB_PASSWORD" -v cms_password="$CMS_DB_PASSWORD" <<'SQL'
CREATE ROLE payments LOGIN PASSWORD :'payments_password';
CREATE DATABASE payments OWNER payments ENCODING 'UTF8' TEMPLATE template0;
CREATE ROLE cms LOGIN PASSWORD :'cms_password';
CREATE DATABASE cms OWNER cms ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE payments FROM PUBLIC;
REVOKE ALL ON DATABASE cms FROM PUBLIC;
SQL
