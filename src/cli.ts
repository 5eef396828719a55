import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { Command } from 'commander';
import { jsonLine } from '#src/cli/json-line.js';
import { registerSsoCommands } from '#src/cli/sso-commands.js';
import type { AppConfig } from '#src/config/app-config.js';

/**
 * Administration commands. Results go to stdout as JSON; logs go to stderr. A command loads the
 * application and the services it uses only when it runs, so `--help` and a mistyped option answer at
 * once rather than after the whole service has been imported.
 */
async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>, configure?: (config: AppConfig) => AppConfig): Promise<T> {
  const { withApplication } = await import('#src/cli/application.js');
  return withApplication(work, configure);
}

/** What a failed command prints: a bad option's message, or the service's error with its details. */
async function messageOf(error: unknown): Promise<string> {
  const { AppError } = await import('#src/common/errors/app.error.js');
  return error instanceof AppError && error.details
    ? `${error.message}: ${JSON.stringify(error.details)}`
    : error instanceof Error
      ? error.message
      : String(error);
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
    const { orgCreatedLine, parseOrgCreateOptions } = await import('#src/cli/org-create.js');
    const options = parseOrgCreateOptions(raw);
    const { OrganizationsService } = await import('#src/modules/organizations/organizations.service.js');
    const created = await withApp((app) => app.get(OrganizationsService).create(options));
    process.stdout.write(`${orgCreatedLine(created)}\n`);
  });

program
  .command('user:password')
  .description('Set a user\u2019s password, read from the first line of stdin (never from the command line); prints the user as JSON')
  .requiredOption('--org <id>', 'organization id')
  .requiredOption('--email <email>', 'the user\u2019s email')
  .action(async (options: { org: string; email: string }) => {
    const password = (await firstLineOfStdin()).replace(/\r$/, '');
    if (password === '') {
      fail('no password on stdin: pipe it in, as in printf \'%s\\n\' "$PASSWORD" | npm run cli -- user:password --org <id> --email <email>');
    }
    const { SignInService } = await import('#src/modules/auth/sign-in/sign-in.service.js');
    const account = await withApp((app) => app.get(SignInService).setPassword(options.org, options.email, password));
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
  .option(
    '--limits <json>',
    'settings.limits as JSON, e.g. \'{"requests_per_day": 500000}\'; they raise the enterprise numbers, never lower them; null removes the overrides',
  )
  .action(async (raw: Record<string, unknown>) => {
    const { orgPlanLine, parseOrgPlanOptions } = await import('#src/cli/org-plan.js');
    const { id, change } = parseOrgPlanOptions(raw);
    const { OrganizationsService } = await import('#src/modules/organizations/organizations.service.js');
    const organization = await withApp((app) => app.get(OrganizationsService).changePlan(id, change));
    process.stdout.write(`${orgPlanLine(organization)}\n`);
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
    const [{ OrganizationSettingsService }, { NO_CLIENT, SYSTEM_ACTOR }] = await Promise.all([
      import('#src/modules/organizations/settings/organization-settings.service.js'),
      import('#src/modules/audit/audit-actions.js'),
    ]);
    const view = await withApp((app) => app.get(OrganizationSettingsService).clearAllowlist(options.id, SYSTEM_ACTOR, NO_CLIENT));
    process.stdout.write(`${JSON.stringify({ organization: { id: view.organization.id, name: view.organization.name, ip_allowlist: view.ipAllowlist } })}\n`);
  });

program
  .command('key:create')
  .description(
    'Issue an organization key (belonging to no person, limited by its scopes alone), as org:create does for the first one: the way back to an organization key once all were revoked; prints one JSON line with the key, shown once',
  )
  .requiredOption('--org <id>', 'organization id (org_…)')
  .requiredOption('--name <name>', 'what the key is for')
  .option('--scopes <list>', 'comma-separated scopes', 'admin')
  .option('--environment <environment>', 'live or test', 'live')
  .action(async (raw: Record<string, unknown>) => {
    const { keyCreatedLine, parseKeyCreateOptions } = await import('#src/cli/key-create.js');
    const { orgId, input } = parseKeyCreateOptions(raw);
    const { OrganizationsService } = await import('#src/modules/organizations/organizations.service.js');
    const issued = await withApp((app) => app.get(OrganizationsService).createOrganizationKey(orgId, input));
    process.stdout.write(`${keyCreatedLine(orgId, issued)}\n`);
  });

registerSsoCommands(program, withApp, fail);

program
  .command('migrate')
  .description('Apply pending database migrations; prints the names applied as JSON')
  .action(async () => {
    const [{ DataSource }, { runMigrations }, { APP_CONFIG }] = await Promise.all([
      import('typeorm'),
      import('#src/common/database/data-source.js'),
      import('#src/config/app-config.js'),
    ]);
    const applied = await withApp(
      (app) => runMigrations(app.get(DataSource), app.get<AppConfig>(APP_CONFIG).database),
      (config) => ({ ...config, migrationsRun: false }),
    );
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
    const { EmbeddingIndexService } = await import('#src/modules/retrieval/embeddings/embedding-index.service.js');
    const result = await withApp((app) =>
      app
        .get(EmbeddingIndexService)
        .reembed({ all: options.all, batchSize: options.batch, onProgress: (done) => process.stderr.write(`re-embedded ${done} chunks\n`) }),
    );
    process.stdout.write(jsonLine(result));
  });

program
  .command('provider-keys:reencrypt')
  .description(
    'Re-encrypt every stored provider key under the first key of SECRET_ENCRYPTION_KEYS (secrets:reencrypt does every stored secret); prints JSON, exits 1 if a key could not be decrypted',
  )
  .action(async () => {
    const { ProviderKeysService } = await import('#src/modules/provider-keys/provider-keys.service.js');
    const result = await withApp((app) => app.get(ProviderKeysService).reencryptAll());
    process.stdout.write(jsonLine(result));
    if (result.failed.length > 0) {
      process.exitCode = 1;
    }
  });

program
  .command('secrets:reencrypt')
  .description(
    'Re-encrypt every stored secret (provider keys, webhook signing secrets, single sign-on secrets, connector tokens) under the first key of SECRET_ENCRYPTION_KEYS, so older keys can be removed from it; prints JSON, exits 1 if a secret could not be decrypted',
  )
  .action(async () => {
    const { anyFailed, reencryptSecrets } = await import('#src/cli/secrets-reencrypt.js');
    const result = await withApp(reencryptSecrets);
    process.stdout.write(jsonLine(result));
    if (anyFailed(result)) {
      process.exitCode = 1;
    }
  });

program
  .command('openapi')
  .description('Print the API\u2019s OpenAPI document (the one served at /openapi.json) as JSON, built on a throw-away embedded database')
  .option('--typescript', 'print the web application\u2019s client types generated from it instead (a development tool)')
  .action(async (options: { typescript?: boolean }) => {
    const { clientTypesOf, openApiDocument } = await import('#src/cli/openapi-document.js');
    const document = await openApiDocument();
    process.stdout.write(options.typescript ? await clientTypesOf(document) : `${JSON.stringify(document, null, 2)}\n`);
  });

program.parseAsync(process.argv).catch(async (error: unknown) => fail(await messageOf(error)));
