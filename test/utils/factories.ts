import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import type { KeyEnvironment, KeyFormat } from '#src/modules/keys/api-key.entity.js';
import type { Plan } from '#src/modules/organizations/organization.entity.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';

export interface TestOrg {
  orgId: string;
  adminUserId: string;
  /** An organization key with the `admin` scope. */
  adminKey: string;
  adminEmail: string;
  /** The admin's invitation token: accepting it sets a password. */
  adminInvitation: string;
}

export async function createOrg(app: INestApplication, overrides: { name?: string; plan?: Plan } = {}): Promise<TestOrg> {
  const created = await app.get(OrganizationsService).create({
    name: overrides.name ?? `Org ${randomBytes(3).toString('hex')}`,
    plan: overrides.plan ?? 'pro',
    adminEmail: `admin-${randomBytes(4).toString('hex')}@example.test`,
  });
  return {
    orgId: created.organization.id,
    adminUserId: created.admin.id,
    adminKey: created.key,
    adminEmail: created.admin.email,
    adminInvitation: created.invitation.token,
  };
}

export interface KeyOverrides {
  scopes?: string[];
  format?: KeyFormat;
  environment?: KeyEnvironment;
  expiresAt?: Date;
  userId?: string | null;
}

/** Issues a key directly (no API call), so tests can make keys the API would refuse, such as expired ones. */
export async function createKey(app: INestApplication, orgId: string, overrides: KeyOverrides = {}): Promise<{ id: string; key: string }> {
  const { entity, key } = await app.get(TransactionRunner).run((tx) =>
    app.get(ApiKeysService).issue(
      orgId,
      {
        name: 'test key',
        scopes: overrides.scopes ?? ['admin'],
        format: overrides.format ?? 'versioned',
        environment: overrides.environment,
        expiresAt: overrides.expiresAt,
        userId: overrides.userId ?? null,
      },
      tx,
    ),
  );
  return { id: entity.id, key };
}

export const bearer = (key: string): [string, string] => ['Authorization', `Bearer ${key}`];
