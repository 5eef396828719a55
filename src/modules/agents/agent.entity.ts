import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const AGENT_STATUSES = ['active', 'disabled'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

@Entity('agent')
@Index('ix_agent_org_created', ['orgId', 'createdAt'])
export class AgentEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  systemPrompt: string | null;

  @Column({ type: 'varchar', length: 40 })
  ragStrategy: string;

  @Column({ type: 'varchar', length: 120 })
  model: string;

  @Column({ type: 'double precision' })
  temperature: number;

  @Column({ type: 'integer' })
  maxTokens: number;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: AgentStatus;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  dataSourceIds: string[];

  @Column({ type: 'varchar', length: 40, nullable: true })
  providerKeyId: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
