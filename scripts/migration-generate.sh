#!/usr/bin/env bash
# npm run migration:generate -- <PascalCaseName>
# Diffs the entities against a database migrated to the latest migration (DATABASE_URL) and writes
# src/common/database/migrations/<timestamp>-<Name>.ts. Append the new class to migrations/index.ts.
set -euo pipefail
name="${1:?usage: npm run migration:generate -- <PascalCaseName>}"
: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL database migrated to the latest migration}"
npx typeorm migration:generate -d dist/ormconfig.js "src/common/database/migrations/${name}"
file=$(ls -t src/common/database/migrations/*-"${name}".ts | head -n 1)
sed -i 's/^import { MigrationInterface, QueryRunner } from "typeorm";/import type { MigrationInterface, QueryRunner } from '"'"'typeorm'"'"';/' "$file"
npx prettier --write "$file" >/dev/null
echo "Generated $file: add its class to src/common/database/migrations/index.ts"
