import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfluenceFake, type ConfluenceFake } from '#test/fakes/confluence/fake-confluence.js';
import type { FakeProvider } from '#test/fakes/fake-provider.js';
import { ENGINEERING_FOLDER, startGoogleDriveFake, type GoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { completeConsent } from '#test/utils/connector-consent.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, waitForStatus, type StatusBody } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const GOOGLE_DOC = 'application/vnd.google-apps.document';
const WEEK_MS = 7 * 86_400_000;
const OPS_FOLDER = 'fld_ops';

const settled = (status: StatusBody): boolean => ['Connected', 'failed', 'Connection failed'].includes(status.status);

interface RunCounts {
  documents_indexed: number;
  documents_unchanged: number;
}

/**
 * An incremental sync reads what changed since its checkpoint; a document can also come into a source
 * without changing (moved in, restored, made visible, a folder added to the config), and must be read then.
 */
describe('an incremental connector sync', () => {
  let t: TestApp;
  let org: TestOrg;
  let stub: OpenAIStub;
  let drive: GoogleDriveFake;
  let confluence: ConfluenceFake;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    drive = await startGoogleDriveFake();
    confluence = await startConfluenceFake();
    t = await createTestApp({
      databaseUrl: database.url,
      env: ingestionEnv(stub, { ...drive.environment, ...confluence.environment, SYNC_RETRY_TIME_SCALE: '0.1' }),
    });
    org = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await drive?.close();
    await confluence?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const api = () => request(t.http);
  const db = () => t.app.get(DataSource);
  const settledStatus = async (id: string) => (await waitForStatus(t.http, org.adminKey, id, settled, 60_000)).at(-1)!;
  const syncNow = async (id: string) => {
    await api()
      .post(`/api/v1/data-sources/${id}/sync`)
      .set(...bearer(org.adminKey))
      .expect(202);
    return settledStatus(id);
  };
  const connect = async (fake: FakeProvider, name: string, config: Record<string, unknown>): Promise<string> => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: fake.type, name, config })
      .expect(201);
    expect((await completeConsent(t.http, org.adminKey, created.body.authorize_url as string, fake)).status).toBe(303);
    expect(await settledStatus(created.body.id as string)).toMatchObject({ status: 'Connected', error: null });
    return created.body.id as string;
  };
  const titles = async (id: string): Promise<string[]> => {
    const response = await api()
      .get(`/api/v1/data-sources/${id}/documents?limit=100`)
      .set(...bearer(org.adminKey))
      .expect(200);
    const documents = response.body.documents as Array<{ title: string; status: string }>;
    expect(documents.every((document) => document.status === 'indexed')).toBe(true);
    return documents.map((document) => document.title).sort();
  };
  const indexedText = async (id: string): Promise<string> => {
    const rows = await db().query<Array<{ text: string }>>(`SELECT text FROM chunk WHERE data_source_id = $1`, [id]);
    return rows.map((row) => row.text).join('\n');
  };
  const lastRun = async (id: string): Promise<RunCounts> => {
    const [run] = await db().query<RunCounts[]>(
      `SELECT documents_indexed, documents_unchanged FROM sync_run WHERE data_source_id = $1 AND status = 'succeeded' ORDER BY created_at DESC LIMIT 1`,
      [id],
    );
    return run;
  };
  const lastWeek = () => new Date(Date.now() - WEEK_MS);
  const putDoc = (id: string, name: string, text: string, parent: string) =>
    drive.putFile({ id, name, mimeType: GOOGLE_DOC, content: text, parents: [parent], modifiedTime: lastWeek() });

  describe('of Google Drive', () => {
    let sourceId: string;

    beforeAll(async () => {
      putDoc('eng_handbook', 'Eng handbook', 'Engineering rotates the quartz keys.', ENGINEERING_FOLDER);
      drive.putFolder(OPS_FOLDER, 'Operations', 'root');
      putDoc('ops_handbook', 'Ops handbook', 'Operations runs the basalt failover.', OPS_FOLDER);
      putDoc('loose_memo', 'Loose memo', 'The granite backup runs nightly.', 'root');
      sourceId = await connect(drive, 'Engineering drive', { folder_ids: [ENGINEERING_FOLDER] });
      expect(await titles(sourceId)).toEqual(['Eng handbook']);
    });

    it('should read every file of a folder added to the config, the whole source read again after the change', async () => {
      await api()
        .put(`/api/v1/data-sources/${sourceId}`)
        .set(...bearer(org.adminKey))
        .send({ config: { folder_ids: [ENGINEERING_FOLDER, OPS_FOLDER] } })
        .expect(200);
      expect(await settledStatus(sourceId)).toMatchObject({ status: 'Connected', progress_pct: 100, error: null });
      expect(await titles(sourceId)).toEqual(['Eng handbook', 'Ops handbook']);
      expect(await indexedText(sourceId)).toContain('basalt failover');
      // A full pass: the file read before the change was read again, and found unchanged.
      expect(await lastRun(sourceId)).toEqual({ documents_indexed: 1, documents_unchanged: 1 });
    });

    it('should read a file moved into a synced folder, which a move leaves with its modification time', async () => {
      drive.move('loose_memo', [ENGINEERING_FOLDER]);
      expect(await syncNow(sourceId)).toMatchObject({ status: 'Connected', error: null });
      expect(await titles(sourceId)).toEqual(['Eng handbook', 'Loose memo', 'Ops handbook']);
      expect(await indexedText(sourceId)).toContain('granite backup');
      expect(await lastRun(sourceId)).toEqual({ documents_indexed: 1, documents_unchanged: 0 });
    });

    it('should read again a file moved out of the synced folders and back in', async () => {
      drive.move('loose_memo', ['root']);
      await syncNow(sourceId);
      expect(await titles(sourceId)).toEqual(['Eng handbook', 'Ops handbook']);

      drive.move('loose_memo', [OPS_FOLDER]);
      expect(await syncNow(sourceId)).toMatchObject({ status: 'Connected', error: null });
      expect(await titles(sourceId)).toEqual(['Eng handbook', 'Loose memo', 'Ops handbook']);
    });

    it('should read again a file restored from the trash', async () => {
      drive.remove('eng_handbook');
      await syncNow(sourceId);
      expect(await titles(sourceId)).toEqual(['Loose memo', 'Ops handbook']);
      expect(await indexedText(sourceId)).not.toContain('quartz keys');

      drive.restore('eng_handbook');
      expect(await syncNow(sourceId)).toMatchObject({ status: 'Connected', error: null });
      expect(await titles(sourceId)).toEqual(['Eng handbook', 'Loose memo', 'Ops handbook']);
      expect(await indexedText(sourceId)).toContain('quartz keys');
    });

    it('should read the whole source after a config change made while a sync was running', async () => {
      for (let index = 1; index <= 4; index++) {
        drive.putFile({ id: `eng_note_${index}`, name: `Eng note ${index}`, mimeType: GOOGLE_DOC, content: `Engineering note ${index} on the slate rollout.` });
      }
      drive.slowDown(200);
      try {
        await api()
          .post(`/api/v1/data-sources/${sourceId}/sync`)
          .set(...bearer(org.adminKey))
          .expect(202);
        await until(
          async () => {
            const [run] = await db().query<Array<{ documents_seen: number }>>(
              `SELECT documents_seen FROM sync_run WHERE data_source_id = $1 AND status = 'running'`,
              [sourceId],
            );
            return run && run.documents_seen > 0 ? true : undefined;
          },
          30_000,
          'the sync to read its first document',
        );
        await api()
          .put(`/api/v1/data-sources/${sourceId}`)
          .set(...bearer(org.adminKey))
          .send({ config: { folder_ids: [OPS_FOLDER, ENGINEERING_FOLDER] } })
          .expect(200);
      } finally {
        drive.slowDown(0);
      }
      await until(
        async () => {
          const [{ count }] = await db().query<Array<{ count: string }>>(
            `SELECT count(*) AS count FROM sync_run WHERE data_source_id = $1 AND status IN ('queued', 'running')`,
            [sourceId],
          );
          return Number(count) === 0 ? true : undefined;
        },
        60_000,
        'both syncs to finish',
      );
      expect(await settledStatus(sourceId)).toMatchObject({ status: 'Connected', error: null });
      // The sync that ran with the earlier config did not bring its checkpoint back: the next one read everything.
      expect(await lastRun(sourceId)).toEqual({ documents_indexed: 0, documents_unchanged: 7 });
    });
  });

  describe('of Google Drive retried part-way', () => {
    it('should report the whole sync in datasource.processed: every document once, every token embedded, from its start to its end', async () => {
      const folder = 'fld_drill';
      drive.putFolder(folder, 'Drill', 'root');
      for (let index = 1; index <= 8; index++) {
        drive.putFile({
          id: `drill_${index}`,
          name: `Drill ${index}`,
          mimeType: GOOGLE_DOC,
          content: `Drill step ${index} moves the cobalt volume.`,
          parents: [folder],
        });
      }
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'google_drive', name: 'Drill', config: { folder_ids: [folder] } })
        .expect(201);
      const sourceId = created.body.id as string;
      const documentCount = async (): Promise<number> =>
        Number((await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM document WHERE data_source_id = $1`, [sourceId]))[0].count);
      drive.slowDown(150);
      try {
        expect((await completeConsent(t.http, org.adminKey, created.body.authorize_url as string, drive)).status).toBe(303);
        await until(async () => ((await documentCount()) >= 3 ? true : undefined), 60_000, 'the first documents of the sync');
        // An outage that outlasts the provider call's retries: the attempt fails, the next resumes from its checkpoint.
        drive.fail(5);
        expect(await settledStatus(sourceId)).toMatchObject({ status: 'Connected', error: null });
      } finally {
        drive.slowDown(0);
      }
      expect(await titles(sourceId)).toHaveLength(8);
      const [run] = await db().query<Array<{ id: string; attempts: number; started_at: Date; finished_at: Date }>>(
        `SELECT id, attempts, started_at, finished_at FROM sync_run WHERE data_source_id = $1 AND status = 'succeeded'`,
        [sourceId],
      );
      expect(run.attempts).toBe(2);
      const [{ tokens }] = await db().query<Array<{ tokens: string }>>(`SELECT sum(token_count) AS tokens FROM document WHERE data_source_id = $1`, [sourceId]);
      const [event] = await db().query<Array<{ stats: { documentsProcessed: number; tokensProcessed: number; duration: number } }>>(
        `SELECT data->'dataSource'->'stats' AS stats FROM event WHERE type = 'datasource.processed' AND data->'dataSource'->>'id' = $1`,
        [sourceId],
      );
      expect(event.stats).toMatchObject({ documentsProcessed: 8, tokensProcessed: Number(tokens) });
      const runMs = new Date(run.finished_at).getTime() - new Date(run.started_at).getTime();
      expect(Math.abs(event.stats.duration - runMs)).toBeLessThan(1_000);
    });
  });

  describe('of Confluence', () => {
    it('should read a page, and its attachment, that became visible without a new version', async () => {
      confluence.put({ id: '71001', title: 'Public runbook', text: 'The cobalt switch restarts the edge.' });
      confluence.put({ id: '71002', title: 'Restricted runbook', text: 'The nickel switch restarts the core.' });
      const attachment = confluence.attach('71002', { name: 'core.md', mediaType: 'text/markdown', content: '# Core\n\nThe core drains in ten minutes.\n' });
      confluence.backdate('71001', WEEK_MS);
      confluence.backdate('71002', WEEK_MS);
      confluence.restrict('71002', true);
      const sourceId = await connect(confluence, 'Wiki', confluence.sourceConfig);
      expect(await titles(sourceId)).toEqual(['Public runbook']);

      confluence.restrict('71002', false);
      expect(await syncNow(sourceId)).toMatchObject({ status: 'Connected', error: null });
      expect(await titles(sourceId)).toEqual(['Public runbook', 'Restricted runbook', 'core.md']);
      const text = await indexedText(sourceId);
      expect(text).toContain('nickel switch');
      expect(text).toContain('drains in ten minutes');
      expect(attachment).toMatch(/^att/);

      // An attachment added to a page nobody edited: the page's search never shows it, the listing does.
      confluence.attach('71001', { name: 'edge.md', mediaType: 'text/markdown', content: '# Edge\n\nThe edge warms up in a minute.\n' });
      expect(await syncNow(sourceId)).toMatchObject({ status: 'Connected', error: null });
      expect(await titles(sourceId)).toEqual(['Public runbook', 'Restricted runbook', 'core.md', 'edge.md']);
    });
  });
});
