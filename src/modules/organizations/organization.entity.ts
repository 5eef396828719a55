import { Column, Entity } from 'typeorm';
import { CreatedAtColumn, IdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Settings an organization's admins or the operator may change; later features add their own keys. */
export interface OrganizationSettings {
  /** Rate-limit overrides (enterprise plan), set by the operator: see plan-limits.ts. */
  limits?: Record<string, unknown>;
  /** Allowed client addresses, CIDR ranges (enterprise plan): see ip-allowlist.ts. */
  ip_allowlist?: string[];
  [key: string]: unknown;
}

@Entity('organization')
export class OrganizationEntity {
  @IdColumn()
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  plan: Plan;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: OrganizationSettings;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
