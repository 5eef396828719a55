import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApiApp } from '#src/api-app.js';
import { organizationKeyContext } from '#src/common/auth/auth-context.js';
import { loadConfig } from '#src/config/app-config.js';
import { createLogger } from '#src/common/logging/logger.js';
import { AgentsService } from '#src/modules/agents/agents.service.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';

/**
 * The api under benchmark, in its own process so the load generator does not share its event loop.
 * Seeds one organization with BENCH_AGENTS agents (default 10) and reports its address, key and an
 * agent id over IPC. Rate limits apply as configured (RATE_LIMITS_ENABLED, on by default): the
 * organization is on the enterprise plan with limits no benchmark reaches, so the limiter does its
 * whole work on every request and never refuses one.
 */
const AGENTS = Number(process.env.BENCH_AGENTS ?? 10);

const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, PORT: '0' });
const app = await createApiApp(config, createLogger(config));
await app.listen(0, '127.0.0.1');

const created = await app.get(OrganizationsService).create({ name: `Bench ${Date.now()}`, plan: 'enterprise', adminEmail: `bench-${Date.now()}@example.test` });
const HIGH = 1_000_000_000;
const bucket = { requests_per_minute: HIGH, burst: HIGH };
await app.get(OrganizationsService).changePlan(created.organization.id, {
  limits: {
    requests_per_minute: HIGH,
    requests_per_day: HIGH,
    tokens_per_day: HIGH,
    concurrent_requests: 100_000,
    key_buckets: { read: bucket, write: bucket, execute: bucket, admin: bucket },
  },
});
const auth = organizationKeyContext(created.organization.id, created.apiKey.id);
let agentId = '';
for (let i = 0; i < AGENTS; i++) {
  const agent = await app.get(AgentsService).create(auth, { name: `Agent ${i}`, data_source_ids: [] });
  agentId = agent.id;
}

process.send?.({ port: (app.getHttpServer().address() as AddressInfo).port, key: created.key, agentId, database: config.database.kind, agents: AGENTS });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
