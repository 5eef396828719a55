import type { OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';

interface ProviderDefaults {
  prefix: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | undefined;
  apiUrl: string;
}

/** Each provider's public cloud; every URL can be pointed elsewhere (a sovereign cloud, a test double). */
const PROVIDERS: Record<OAuthConnectorType, ProviderDefaults> = {
  confluence: {
    prefix: 'CONFLUENCE',
    authorizeUrl: 'https://auth.atlassian.com/authorize',
    tokenUrl: 'https://auth.atlassian.com/oauth/token',
    revokeUrl: undefined,
    apiUrl: 'https://api.atlassian.com',
  },
  slack: {
    prefix: 'SLACK',
    authorizeUrl: 'https://slack.com/oauth/v2/authorize',
    tokenUrl: 'https://slack.com/api/oauth.v2.access',
    revokeUrl: 'https://slack.com/api/auth.revoke',
    apiUrl: 'https://slack.com/api',
  },
  google_drive: {
    prefix: 'GOOGLE_DRIVE',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiUrl: 'https://www.googleapis.com',
  },
  sharepoint: {
    prefix: 'SHAREPOINT',
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revokeUrl: undefined,
    apiUrl: 'https://graph.microsoft.com/v1.0',
  },
};

const SETTINGS = ['CLIENT_ID', 'CLIENT_SECRET', 'AUTHORIZE_URL', 'TOKEN_URL', 'REVOKE_URL', 'API_URL'] as const;

/** CONFLUENCE_CLIENT_ID, …, SHAREPOINT_API_URL: the variables the connectors read. */
export const CONNECTOR_ENV_KEYS: readonly string[] = Object.values(PROVIDERS).flatMap(({ prefix }) => SETTINGS.map((setting) => `${prefix}_${setting}`));

export type ConnectorsConfig = Readonly<Record<OAuthConnectorType, ProviderEndpoints>>;

/** Reads and checks every provider's settings; the messages name the variable at fault. */
export function connectorsConfig(env: Readonly<Record<string, string | undefined>>): { config: ConnectorsConfig; errors: string[] } {
  const errors: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const url = (name: string, fallback: string | undefined): string | undefined => {
    const value = read(name) ?? fallback;
    if (value === undefined) {
      return undefined;
    }
    let parsed: URL | undefined;
    try {
      parsed = new URL(value);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password || parsed.hash) {
      errors.push(`${name} must be an http(s) URL without credentials or fragment`);
    }
    return value.replace(/\/+$/, '');
  };
  const entries = Object.entries(PROVIDERS).map(([type, defaults]) => {
    const { prefix } = defaults;
    const clientId = read(`${prefix}_CLIENT_ID`);
    const clientSecret = read(`${prefix}_CLIENT_SECRET`);
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      errors.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    }
    const endpoints: ProviderEndpoints = {
      clientId,
      clientSecret,
      authorizeUrl: url(`${prefix}_AUTHORIZE_URL`, defaults.authorizeUrl) ?? defaults.authorizeUrl,
      tokenUrl: url(`${prefix}_TOKEN_URL`, defaults.tokenUrl) ?? defaults.tokenUrl,
      revokeUrl: url(`${prefix}_REVOKE_URL`, defaults.revokeUrl),
      apiUrl: url(`${prefix}_API_URL`, defaults.apiUrl) ?? defaults.apiUrl,
    };
    return [type, Object.freeze(endpoints)] as const;
  });
  return { config: Object.freeze(Object.fromEntries(entries) as Record<OAuthConnectorType, ProviderEndpoints>), errors };
}

/** The variable names of one provider, for messages (“set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET”). */
export const connectorEnvPrefix = (type: OAuthConnectorType): string => PROVIDERS[type].prefix;
