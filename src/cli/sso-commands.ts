import type { INestApplicationContext } from '@nestjs/common';
import type { Command } from 'commander';
import { ROLES, type Role } from '#src/common/auth/permissions.js';
import { configuredOrigin, type AppConfig } from '#src/config/app-config.js';
import { jsonLine } from '#src/cli/json-line.js';

type WithApp = <T>(work: (app: INestApplicationContext) => Promise<T>) => Promise<T>;

/** The services these commands use, loaded when one runs. */
async function services() {
  const [{ SsoConnectionsService }, { DomainsService }, { SsoSettingsService }, { APP_CONFIG }] = await Promise.all([
    import('#src/modules/sso/connections/sso-connections.service.js'),
    import('#src/modules/sso/domains/domains.service.js'),
    import('#src/modules/sso/sso-settings.service.js'),
    import('#src/config/app-config.js'),
  ]);
  return { SsoConnectionsService, DomainsService, SsoSettingsService, APP_CONFIG };
}

type Services = Awaited<ReturnType<typeof services>>;

/**
 * The operator's single sign-on commands: connections, domains and the organization's switches. Each
 * prints one JSON line; a failure reaches the program's handler, which prints its message.
 */
export function registerSsoCommands(program: Command, withApp: WithApp, fail: (message: string) => never): void {
  const run = async (work: (app: INestApplicationContext, loaded: Services) => Promise<unknown>): Promise<void> => {
    const loaded = await services();
    process.stdout.write(jsonLine(await withApp((app) => work(app, loaded))));
  };

  program
    .command('sso:add')
    .description('Add a single sign-on connection to an enterprise organization: SAML from IdP metadata, or OpenID Connect from an issuer')
    .requiredOption('--org <id>', 'organization id (org_…)')
    .requiredOption('--type <type>', 'saml or oidc')
    .requiredOption('--name <name>', 'a name admins recognise, e.g. Okta')
    .option('--metadata <file-or-url>', 'SAML: the IdP metadata, a file or an https:// address')
    .option('--signing-key <file>', 'SAML: PEM private key to sign AuthnRequests with (optional)')
    .option('--signing-cert <file>', 'SAML: PEM certificate of that key, published in the SP metadata')
    .option('--issuer <url>', 'OIDC: the issuer, e.g. https://accounts.google.com')
    .option('--client-id <id>', 'OIDC: the client id registered at the provider')
    .option('--client-secret <secret>', 'OIDC: its client secret; better in SSO_CLIENT_SECRET, since a command line is visible to other users')
    .option('--allow-private', 'accept an identity provider on a private network (on-premises)')
    .action((options: Record<string, string | boolean | undefined>) =>
      run(async (app, { SsoConnectionsService }) => {
        const connections = app.get(SsoConnectionsService);
        const common = { name: String(options.name), allowPrivate: options.allowPrivate === true };
        if (options.type === 'saml') {
          if (!options.metadata) {
            fail('a SAML connection needs --metadata');
          }
          return connections.addSaml(String(options.org), {
            ...common,
            metadata: String(options.metadata),
            signingKeyPath: options.signingKey as string | undefined,
            signingCertificatePath: options.signingCert as string | undefined,
          });
        }
        if (options.type === 'oidc') {
          if (!options.issuer || !options.clientId) {
            fail('an OpenID connection needs --issuer and --client-id, and its client secret in SSO_CLIENT_SECRET (or --client-secret)');
          }
          const clientSecret = (options.clientSecret as string | undefined) ?? process.env.SSO_CLIENT_SECRET;
          if (!clientSecret) {
            fail('set SSO_CLIENT_SECRET to the client secret (or pass --client-secret, which other users of the machine can see)');
          }
          return connections.addOidc(String(options.org), { ...common, issuer: String(options.issuer), clientId: String(options.clientId), clientSecret });
        }
        return fail('--type must be saml or oidc');
      }),
    );

  program
    .command('sso:list')
    .description('List an organization\u2019s connections and domains, with the addresses to give each identity provider')
    .requiredOption('--org <id>', 'organization id')
    .action((options: { org: string }) =>
      run(async (app, { SsoConnectionsService, DomainsService, APP_CONFIG }) => {
        const origin = configuredOrigin(app.get<AppConfig>(APP_CONFIG).http);
        const connections = (await app.get(SsoConnectionsService).listOf(options.org)).map((connection) => ({
          ...connection,
          ...(connection.type === 'saml'
            ? {
                sp_entity_id: `${origin}/api/auth/saml/${connection.id}/metadata`,
                acs_url: `${origin}/api/auth/saml/${connection.id}/acs`,
                metadata_url: `${origin}/api/auth/saml/${connection.id}/metadata`,
                sign_on_url: `${origin}/api/auth/saml/${connection.id}/login`,
              }
            : { redirect_uri: `${origin}/api/auth/oidc/${connection.id}/callback`, initiate_login_uri: `${origin}/api/auth/oidc/${connection.id}/login` }),
        }));
        return { connections, domains: await app.get(DomainsService).list(options.org) };
      }),
    );

  program
    .command('sso:remove')
    .description('Remove a connection; people it signed in keep their accounts and sessions. Not the last one while SSO is enforced')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--id <id>', 'connection id (sso_…)')
    .action((options: { org: string; id: string }) =>
      run(async (app, { SsoSettingsService }) => {
        await app.get(SsoSettingsService).removeConnection(options.org, options.id);
        return { removed: options.id };
      }),
    );

  program
    .command('sso:refresh')
    .description(
      'Read a SAML connection\u2019s IdP metadata again (a certificate rotation): from its address (on a private network if it was added with --allow-private), or from --metadata',
    )
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--id <id>', 'connection id (sso_…)')
    .option('--metadata <file-or-url>', 'the new metadata')
    .action((options: { org: string; id: string; metadata?: string }) =>
      run((app, { SsoConnectionsService }) => app.get(SsoConnectionsService).refreshSaml(options.org, options.id, options.metadata)),
    );

  program
    .command('sso:enforce')
    .description('on: the organization\u2019s people sign in by SSO only (no password login or reset); API keys keep working. off: passwords again')
    .requiredOption('--org <id>', 'organization id')
    .argument('<state>', 'on or off')
    .action((state: string, options: { org: string }) => {
      if (state !== 'on' && state !== 'off') {
        fail('give on or off');
      }
      return run((app, { SsoSettingsService }) => app.get(SsoSettingsService).change(options.org, { enforced: state === 'on' }));
    });

  program
    .command('sso:settings')
    .description('The role of people SSO signs in for the first time, and whether it may create again a user an admin deleted')
    .requiredOption('--org <id>', 'organization id')
    .option('--default-role <role>', ROLES.join(', '))
    .option('--recreate-deleted <on|off>', 'off (default): a person an admin deleted is refused until an admin adds them again')
    .action((options: { org: string; defaultRole?: string; recreateDeleted?: string }) => {
      if (options.defaultRole !== undefined && !ROLES.includes(options.defaultRole as Role)) {
        fail(`--default-role must be one of ${ROLES.join(', ')}`);
      }
      if (options.recreateDeleted !== undefined && !['on', 'off'].includes(options.recreateDeleted)) {
        fail('--recreate-deleted must be on or off');
      }
      return run((app, { SsoSettingsService }) =>
        app.get(SsoSettingsService).change(options.org, {
          ...(options.defaultRole ? { defaultRole: options.defaultRole as Role } : {}),
          ...(options.recreateDeleted ? { recreateDeleted: options.recreateDeleted === 'on' } : {}),
        }),
      );
    });

  program
    .command('org:domain')
    .description('Claim an e-mail domain for single sign-on, verify it by its DNS TXT record (or trust it with --verified), or remove it')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--domain <domain>', 'e.g. acme.com')
    .option('--add', 'claim the domain: prints the TXT record to publish')
    .option('--verify', 'look the TXT record up and mark the domain verified')
    .option('--verified', 'with --add: trust the domain without DNS (the operator checked it another way)')
    .option('--remove', 'give the domain up')
    .action((options: { org: string; domain: string; add?: boolean; verify?: boolean; verified?: boolean; remove?: boolean }) => {
      const chosen = [options.add, options.verify, options.remove].filter(Boolean).length;
      if (chosen !== 1) {
        fail('give exactly one of --add, --verify, --remove');
      }
      return run(async (app, { DomainsService, SsoSettingsService }) => {
        const domains = app.get(DomainsService);
        if (options.remove) {
          await app.get(SsoSettingsService).removeDomain(options.org, options.domain);
          return { removed: options.domain };
        }
        return options.add ? domains.add(options.org, options.domain, options.verified === true) : domains.verify(options.org, options.domain);
      });
    });
}
