import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command } from 'commander';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from '#src/app.module.js';
import { loadConfig, type AppConfig } from '#src/config/app-config.js';
import { orgCreatedLine, parseOrgCreateOptions } from '#src/cli/org-create.js';
import { orgPlanLine, parseOrgPlanOptions } from '#src/cli/org-plan.js';
import { clientTypesOf, openApiDocument } from '#src/cli/openapi-document.js';
import { registerSsoCommands } from '#src/cli/sso-commands.js';
import { AppError } from '#src/common/errors/app.error.js';
import { runMigrations } from '#src/common/database/data-source.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { OrganizationSettingsService } from '#src/modules/organizations/settings/organization-settings.service.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';
import { EmbeddingIndexService } from '#src/modules/retrieval/embeddings/embedding-index.service.js';

/** Administration commands. Results go to stdout as JSON; logs go to stderr. */
async function withApp<T>(config: AppConfig, work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const logger = createLogger({ log: { level: config.log.level === 'info' ? 'warn' : config.log.level } }, pino.destination({ fd: 2, sync: true }));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { role: 'cli' }), { logger: new NestPinoLogger(logger) });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) {
      break;
    }
  }
  return text.split('\n')[0];
}

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
}

const program = new Command()
  .name('npm run cli --')
  .description('Agent Query and Knowledge Service administration')
  .showHelpAfterError()
  .configureOutput({ writeOut: (text) => process.stderr.write(text), writeErr: (text) => process.stderr.write(text) });

program
  .command('org:create')
  .description('Create an organization with its first admin user and an admin API key; prints one JSON line')
  .requiredOption('--name <name>', 'organization name')
  .requiredOption('--admin-email <email>', 'email of the first admin user')
  .option('--admin-name <name>', 'name of the first admin user')
  .option('--plan <plan>', 'free, pro or enterprise', 'free')
  .action(async (raw: Record<string, unknown>) => {
    let options;
    try {
      options = parseOrgCreateOptions(raw);
    } catch (error) {
      fail((error as Error).message);
    }
    const created = await withApp(loadConfig(), (app) => app.get(OrganizationsService).create(options));
    process.stdout.write(`${orgCreatedLine(created)}\n`);
  });

program
  .command('user:password')
  .description('Set a user\u2019s password, read from the first line of stdin (never from the command line); prints the user as JSON')
  .requiredOption('--org <id>', 'organization id')
  .requiredOption('--email <email>', 'the user\u2019s email')
  .action(async (options: { org: string; email: string }) => {
    const password = (await firstLineOfStdin()).replace(/\r$/, '');
    const account = await withApp(loadConfig(), (app) => app.get(SignInService).setPassword(options.org, options.email, password)).catch((error: unknown) =>
      fail(error instanceof AppError ? error.message : String(error)),
    );
    process.stdout.write(
      `${JSON.stringify({ user: { id: account.userId, email: account.email, name: account.name, role: account.role }, organization_id: account.orgId })}\n`,
    );
  });

program
  .command('org:plan')
  .description(
    'Change an organization\u2019s plan and/or its limit overrides (settings.limits, used on the enterprise plan); applies to the next request on every instance; prints one JSON line',
  )
  .requiredOption('--id <id>', 'organization id (org_…)')
  .option('--plan <plan>', 'free, pro or enterprise')
  .option('--limits <json>', 'settings.limits as JSON, e.g. \'{"requests_per_day": 500000}\'; null removes the overrides')
  .action(async (raw: Record<string, unknown>) => {
    let options;
    try {
      options = parseOrgPlanOptions(raw);
    } catch (error) {
      fail((error as Error).message);
    }
    const { id, change } = options;
    try {
      const organization = await withApp(loadConfig(), (app) => app.get(OrganizationsService).changePlan(id, change));
      process.stdout.write(`${orgPlanLine(organization)}\n`);
    } catch (error) {
      fail(error instanceof AppError && error.details ? `${error.message}: ${JSON.stringify(error.details)}` : (error as Error).message);
    }
  });

program
  .command('org:allowlist')
  .description('Remove an organization’s IP allowlist, whatever its plan (the way back in for admins shut out); prints one JSON line')
  .requiredOption('--id <id>', 'organization id (org_…)')
  .option('--clear', 'remove every entry: any address may call the API and sign in again')
  .action(async (options: { id: string; clear?: boolean }) => {
    if (!options.clear) {
      fail('give --clear: allowlists are edited with PUT /api/v1/organization; the command line only removes one');
    }
    try {
      const view = await withApp(loadConfig(), (app) => app.get(OrganizationSettingsService).clearAllowlist(options.id, SYSTEM_ACTOR, NO_CLIENT));
      process.stdout.write(`${JSON.stringify({ organization: { id: view.organization.id, name: view.organization.name, ip_allowlist: view.ipAllowlist } })}\n`);
    } catch (error) {
      fail((error as Error).message);
    }
  });

registerSsoCommands(program, (work) => withApp(loadConfig(), work), fail);

program
  .command('migrate')
  .description('Apply pending database migrations; prints the names applied as JSON')
  .action(async () => {
    const config = { ...loadConfig(), migrationsRun: false };
    const applied = await withApp(config, (app) => runMigrations(app.get(DataSource), config.database));
    process.stdout.write(`${JSON.stringify({ applied })}\n`);
  });

program
  .command('reembed')
  .description('Re-embed chunks made by another embedding model, changing the vector dimensions if the configured model needs it; prints JSON')
  .option('--all', 're-embed every chunk, not only those of another model')
  .option('--batch <n>', 'chunks per batch', (value) => Number.parseInt(value, 10))
  .action(async (options: { all?: boolean; batch?: number }) => {
    if (options.batch !== undefined && !(Number.isInteger(options.batch) && options.batch > 0 && options.batch <= 2_048)) {
      fail('--batch must be an integer from 1 to 2048');
    }
    const result = await withApp(loadConfig(), (app) =>
      app
        .get(EmbeddingIndexService)
        .reembed({ all: options.all, batchSize: options.batch, onProgress: (done) => process.stderr.write(`re-embedded ${done} chunks\n`) }),
    );
    process.stdout.write(`${JSON.stringify(result)}\n`);
  });

program
  .command('provider-keys:reencrypt')
  .description(
    'Re-encrypt every stored provider key under the first key of SECRET_ENCRYPTION_KEYS, so older keys can be removed from it; prints JSON, exits 1 if a key could not be decrypted',
  )
  .action(async () => {
    const result = await withApp(loadConfig(), (app) => app.get(ProviderKeysService).reencryptAll());
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (result.failed.length > 0) {
      process.exitCode = 1;
    }
  });

program
  .command('openapi')
  .description('Print the API\u2019s OpenAPI document (the one served at /openapi.json) as JSON, built on a throw-away embedded database')
  .option('--typescript', 'print the web application\u2019s client types generated from it instead (a development tool)')
  .action(async (options: { typescript?: boolean }) => {
    const document = await openApiDocument();
    process.stdout.write(options.typescript ? await clientTypesOf(document) : `${JSON.stringify(document, null, 2)}\n`);
  });

program.parseAsync(process.argv).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
