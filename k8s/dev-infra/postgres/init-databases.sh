#!/bin/sh
# Runs once, when the PostgreSQL data directory is initialised (docker-entrypoint-initdb.d):
# one login role and one database per Wildframe data service, password "<service>-dev".
set -eu
for service in auth photos analysis billing contact; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE "$service" LOGIN PASSWORD '$service-dev';
CREATE DATABASE "$service" OWNER "$service";
SQL
done
