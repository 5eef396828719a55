import fc from 'fast-check';
import { KNOWN_MODELS } from '#src/modules/generation/model-catalog.js';
import { strangerId } from '#test/utils/fuzz/ids.js';
import type { Schema } from '#test/utils/fuzz/openapi.js';
import { valueOf, type ValueLocation, type ValueSources } from '#test/utils/fuzz/values.js';
import { TEST_PASSWORD } from '#test/utils/web-sessions.js';

/** What the hints need to know of the running world: addresses that answer, and the caller's own rows. */
export interface HintTargets {
  /** The operation's path template: the same field name can mean different things on different routes. */
  path: string;
  /** HTTPS addresses of a webhook receiver the service trusts. */
  webhookUrls: readonly string[];
  /** Pages of a loopback site the crawler may read (one that exists, one that is missing). */
  siteUrls: readonly string[];
  /** The caller's organization and the e-mail addresses of its people. */
  orgId: string;
  emails: readonly string[];
  /** Invitation tokens that work (once each). */
  invitationTokens: readonly string[];
}

const QUESTIONS = ['How do I reset my password?', 'What is the refund policy?', 'Where are the offices?', 'password', 'reset', '?', 'the'];

/** Any text, and in a body now and then one far longer than any field needs. */
const anyText = (location: ValueLocation): fc.Arbitrary<string> =>
  location === 'body'
    ? fc.oneof(
        { weight: 12, arbitrary: fc.string({ maxLength: 30 }) },
        { weight: 1, arbitrary: fc.constantFrom(1_000, 10_000, 200_000).map((length) => 'q'.repeat(length)) },
      )
    : fc.oneof({ weight: 12, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 1, arbitrary: fc.constant('q'.repeat(2_000)) });

const httpsUrls = fc.oneof(
  fc.webUrl({ validSchemes: ['https'] }),
  fc.constantFrom('https://acme.atlassian.net', 'https://contoso.sharepoint.com/sites/eng', 'https://127.0.0.1:9/v1'),
);

const cidrs = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([address, bits]) => `${address}/${bits}`),
  fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })).map(([address, bits]) => `${address}/${bits}`),
  fc.constantFrom('127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.0/8', '0.0.0.0/0', '::/0', '10.0.0.0/33', '1.2.3.4/-1', '300.1.1.1', 'fe80::1%eth0'),
  fc.string({ maxLength: 20 }),
);

const dates = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
);

/**
 * Values for fields whose meaning the schema cannot say, so valid requests reach the code behind the
 * validation: addresses that answer, e-mails of real people, model names, networks, dates of the data's
 * span, the caller's own organization. Each is mixed with values that merely have the right type.
 */
export function hintFor(targets: HintTargets, field: string, schema: Schema, location: ValueLocation): fc.Arbitrary<unknown> | undefined {
  const text = schema.maxLength === undefined ? anyText(location) : fc.string({ maxLength: Math.min(schema.maxLength, 30) });
  switch (field) {
    case 'email':
      return fc.oneof(fc.constantFrom(...targets.emails), fc.emailAddress(), text);
    case 'url':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(targets.path.includes('webhooks') ? targets.webhookUrls : targets.siteUrls)) },
        { weight: 1, arbitrary: fc.constantFrom('http://localhost/hook', 'https://10.0.0.1/hook', 'ftp://example.test/', 'https://', 'https://[::1]:0/') },
        { weight: 1, arbitrary: text },
      );
    case 'redirect_uris':
      return fc.array(
        fc.oneof(
          fc.constantFrom('http://127.0.0.1:53682/callback', 'https://app.example.test/cb', 'http://example.test/cb', 'https://app.example.test/cb#x'),
          httpsUrls,
        ),
        {
          maxLength: 3,
        },
      );
    case 'ip_allowlist':
      return fc.array(cidrs, { maxLength: 4 });
    case 'model':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN_MODELS, 'custom:fuzz-model', 'custom:', 'gpt-99') }, { weight: 1, arbitrary: text });
    case 'base_url':
    case 'site_url':
      return fc.oneof(httpsUrls, text);
    case 'site_urls':
      return fc.array(fc.oneof(httpsUrls, text), { maxLength: 3 });
    case 'password':
      // A changed password stays the one every other request signs in with: the change itself is what is tried.
      return targets.path === '/api/auth/password'
        ? fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ maxLength: 11 }))
        : fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ minLength: 12, maxLength: 40 }), fc.string({ maxLength: 11 }));
    case 'current_password':
      // Mostly right: five wrong ones in 15 minutes close the admin's address to it, as to a sign-in.
      return fc.oneof({ weight: 6, arbitrary: fc.constant(TEST_PASSWORD) }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) });
    case 'token':
      return fc.oneof(
        ...(targets.invitationTokens.length > 0 ? [fc.constantFrom(...targets.invitationTokens)] : []),
        fc.base64String({ minLength: 40, maxLength: 48 }).map((random) => `svcinv_${random}`),
        text,
      );
    case 'start_date':
    case 'end_date':
      return dates;
    case 'org_id':
      return fc.oneof({ weight: 4, arbitrary: fc.constant(targets.orgId) }, { weight: 1, arbitrary: strangerId('org') });
    case 'query':
    case 'prompt':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...QUESTIONS) }, { weight: 2, arbitrary: text });
    case 'connection_id':
      return fc.oneof(strangerId('sso'), text);
    default:
      return undefined;
  }
}

/** The config schema of each data source type that takes one (`file` takes none). */
const CONFIG_OF_TYPE: Record<string, string> = {
  website: 'WebsiteConfigDto',
  confluence: 'ConfluenceConfigDto',
  slack: 'SlackConfigDto',
  google_drive: 'GoogleDriveConfigDto',
  sharepoint: 'SharePointConfigDto',
};

/**
 * A new data source's config is the one of its type, which the schema's oneOf cannot say: mostly a type
 * with its own config (or none where the type has defaults), and now and then any pairing the schema allows.
 */
export function shapeHintFor(sources: ValueSources, schema: Schema): fc.Arbitrary<unknown> | undefined {
  const { document } = sources;
  if (schema !== document.schema('CreateDataSourceDto')) {
    return undefined;
  }
  const { type: _type, config: _config, ...others } = schema.properties ?? {};
  const common = valueOf({ ...sources, shapeHint: undefined }, { ...schema, properties: others, required: ['name'] }) as fc.Arbitrary<Record<string, unknown>>;
  const paired = fc
    .tuple(common, fc.constantFrom('file', ...Object.keys(CONFIG_OF_TYPE)), fc.boolean())
    .chain(([body, type, withConfig]): fc.Arbitrary<Record<string, unknown>> =>
      type === 'file'
        ? fc.constant({ ...body, type })
        : valueOf(sources, document.schema(CONFIG_OF_TYPE[type])).map((config) => ({
            ...body,
            type,
            ...(withConfig || type === 'website' || type === 'confluence' ? { config } : {}),
          })),
    );
  return fc.oneof({ weight: 3, arbitrary: paired }, { weight: 1, arbitrary: valueOf({ ...sources, shapeHint: undefined }, schema) });
}
