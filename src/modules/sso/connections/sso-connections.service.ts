import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { SecretCipher } from '#src/common/crypto/secret-cipher.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { newId } from '#src/common/ids/ids.js';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { fetchDocument } from '#src/modules/sso/connections/outbound.js';
import { parseIdpMetadata, type IdpMetadata } from '#src/modules/sso/connections/saml-metadata.js';
import {
  SsoConnectionEntity,
  type OidcConnectionConfig,
  type SamlConnectionConfig,
  type SsoConnectionConfig,
} from '#src/modules/sso/connections/sso-connection.entity.js';
import { SsoConnectionsRepository } from '#src/modules/sso/connections/sso-connections.repository.js';
import { OidcConfigurations } from '#src/modules/sso/oidc/oidc-configurations.js';
import { requireEnterprise } from '#src/modules/sso/sso-settings.js';

export interface SamlConnectionInput {
  name: string;
  /** The IdP metadata: a path to a file, or an http(s) address to fetch it from. */
  metadata: string;
  /** PEM files of a key and certificate to sign AuthnRequests with; omitted: requests are not signed. */
  signingKeyPath?: string;
  signingCertificatePath?: string;
  allowPrivate?: boolean;
}

export interface OidcConnectionInput {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowPrivate?: boolean;
}

/** A connection as the operator and admins see it: never a secret. */
export interface ConnectionView {
  id: string;
  orgId: string;
  type: string;
  name: string;
  createdAt: Date;
  details: Record<string, unknown>;
}

/**
 * Identity-provider connections, configured by the operator (CLI) for enterprise organizations. Each is
 * checked when added: SAML metadata parsed (from a file or fetched through the SSRF guard), an OIDC
 * issuer discovered with its client. Secrets are sealed with SECRET_ENCRYPTION_KEYS.
 */
@Injectable()
export class SsoConnectionsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: SsoConnectionsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly transactions: TransactionRunner,
    private readonly cipher: SecretCipher,
    private readonly oidc: OidcConfigurations,
    private readonly audit: AuditLog,
  ) {}

  async addSaml(orgId: string, input: SamlConnectionInput): Promise<ConnectionView> {
    await requireEnterprise(this.organizations, orgId);
    const fromUrl = /^https?:\/\//i.test(input.metadata);
    const metadata = await this.loadMetadata(input.metadata, input.allowPrivate === true);
    const signing = await this.signingPair(input);
    const config: SamlConnectionConfig = {
      idp_entity_id: metadata.entityId,
      sso_url: metadata.ssoUrl,
      certificates: metadata.certificates,
      ...(fromUrl ? { metadata_url: input.metadata, allow_private: input.allowPrivate === true } : {}),
      sign_requests: signing !== undefined,
      ...(signing ? { sp_certificate: signing.certificate } : {}),
    };
    return this.insert(orgId, 'saml', input.name, config, signing?.key);
  }

  async addOidc(orgId: string, input: OidcConnectionInput): Promise<ConnectionView> {
    await requireEnterprise(this.organizations, orgId);
    const config: OidcConnectionConfig = { issuer: input.issuer.replace(/\/$/, ''), client_id: input.clientId, allow_private: input.allowPrivate === true };
    try {
      await this.oidc.discover(config, input.clientSecret);
    } catch (error) {
      throw AppError.invalid(`The issuer ${input.issuer} could not be discovered: ${(error as Error).message}`);
    }
    return this.insert(orgId, 'oidc', input.name, config, input.clientSecret);
  }

  /** Replaces the IdP certificates of a SAML connection by those of its metadata now (a rotation). */
  async refreshSaml(orgId: string, id: string, metadataSource?: string): Promise<ConnectionView> {
    const connection = await this.find(orgId, id);
    if (connection.type !== 'saml') {
      throw AppError.invalid('Only a SAML connection reads IdP metadata');
    }
    const config = connection.config as SamlConnectionConfig;
    const source = metadataSource ?? config.metadata_url;
    if (!source) {
      throw AppError.invalid('This connection was added from a file: give the new metadata with --metadata');
    }
    const fresh = await this.loadMetadata(source, config.allow_private === true);
    connection.config = { ...config, idp_entity_id: fresh.entityId, sso_url: fresh.ssoUrl, certificates: fresh.certificates };
    await this.transactions.run(async (tx) => {
      await this.connections.save(orgId, connection, tx);
      await this.audit.record(connectionAudit(orgId, connection.id, { refreshed: true, certificates: fresh.certificates.length }), tx);
    });
    return viewOf(connection);
  }

  async list(orgId: string): Promise<ConnectionView[]> {
    return (await this.connections.list(orgId)).map(viewOf);
  }

  /** The organization's connections, for the operator: an organization that does not exist is an error, not an empty list. */
  async listOf(orgId: string): Promise<ConnectionView[]> {
    if (!(await this.organizations.findById(orgId))) {
      throw AppError.notFound('Organization', orgId);
    }
    return this.list(orgId);
  }

  async remove(orgId: string, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.connections.delete(orgId, id, tx))) {
        throw AppError.notFound('SSO connection', id);
      }
      await this.audit.record(connectionAudit(orgId, id, { removed: true }), tx);
    });
    this.oidc.forget(id);
  }

  async find(orgId: string, id: string): Promise<SsoConnectionEntity> {
    const connection = await this.connections.findById(orgId, id);
    if (!connection) {
      throw AppError.notFound('SSO connection', id);
    }
    return connection;
  }

  /** A connection by its id alone: the id in a sign-in route's path names the organization. */
  async byId(id: string): Promise<SsoConnectionEntity | null> {
    return this.connections.findByIdAcrossOrganizations(id);
  }

  async byOrganization(orgId: string): Promise<SsoConnectionEntity[]> {
    return this.connections.list(orgId);
  }

  secretOf(connection: SsoConnectionEntity): string | undefined {
    return connection.secret ? this.cipher.decrypt(connection.orgId, connection.secret) : undefined;
  }

  private async loadMetadata(source: string, allowPrivate: boolean): Promise<IdpMetadata> {
    const xml = /^https?:\/\//i.test(source)
      ? await fetchDocument(source, this.config.allowPrivateTargets || allowPrivate).catch((error: unknown) => {
          throw AppError.invalid(`The IdP metadata could not be fetched: ${(error as Error).message}`);
        })
      : await readFile(source, 'utf8').catch(() => {
          throw AppError.invalid(`The IdP metadata file ${source} cannot be read`);
        });
    try {
      return parseIdpMetadata(xml);
    } catch (error) {
      throw AppError.invalid((error as Error).message);
    }
  }

  private async signingPair(input: SamlConnectionInput): Promise<{ key: string; certificate: string } | undefined> {
    if (!input.signingKeyPath && !input.signingCertificatePath) {
      return undefined;
    }
    if (!input.signingKeyPath || !input.signingCertificatePath) {
      throw AppError.invalid('Signing AuthnRequests needs both a key and its certificate');
    }
    const [key, certificate] = await Promise.all([readFile(input.signingKeyPath, 'utf8'), readFile(input.signingCertificatePath, 'utf8')]).catch(() => {
      throw AppError.invalid('The signing key or certificate file cannot be read');
    });
    if (!key.includes('PRIVATE KEY') || !certificate.includes('CERTIFICATE')) {
      throw AppError.invalid('The signing key and certificate must be PEM files');
    }
    return { key, certificate };
  }

  private async insert(orgId: string, type: 'saml' | 'oidc', name: string, config: SsoConnectionConfig, secret: string | undefined): Promise<ConnectionView> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 200) {
      throw AppError.invalid('The connection needs a name of 1 to 200 characters');
    }
    const connection = Object.assign(new SsoConnectionEntity(), {
      id: newId('ssoConnection'),
      orgId,
      type,
      name: trimmed,
      config,
      secret: secret === undefined ? null : this.cipher.encrypt(orgId, secret),
    });
    await this.transactions.run(async (tx) => {
      await this.connections.insert(orgId, connection, tx);
      await this.audit.record(connectionAudit(orgId, connection.id, { added: true, type, name: trimmed }), tx);
    });
    return viewOf(connection);
  }
}

function viewOf(connection: SsoConnectionEntity): ConnectionView {
  const config = connection.config as Partial<SamlConnectionConfig & OidcConnectionConfig>;
  const details =
    connection.type === 'saml'
      ? { idp_entity_id: config.idp_entity_id, sso_url: config.sso_url, certificates: config.certificates?.length ?? 0, sign_requests: config.sign_requests }
      : { issuer: config.issuer, client_id: config.client_id };
  return { id: connection.id, orgId: connection.orgId, type: connection.type, name: connection.name, createdAt: connection.createdAt, details };
}

function connectionAudit(orgId: string, id: string, details: Record<string, unknown>) {
  return {
    orgId,
    action: 'organization.updated' as const,
    actor: SYSTEM_ACTOR,
    client: NO_CLIENT,
    target: { type: 'sso_connection', id },
    details: { sso_connection: details },
  };
}
