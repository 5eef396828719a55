import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { RawResponse } from '#test/utils/fuzz/http-exchange.js';
import type { ApiOperation } from '#test/utils/fuzz/openapi.js';
import { describeRequest, requestsOf, type FuzzRequest } from '#test/utils/fuzz/requests.js';
import { problemsOf } from '#test/utils/fuzz/response-check.js';
import { FuzzWorld } from '#test/utils/fuzz/world.js';
import { createTestDatabase, SERVER_URL } from '#test/utils/test-database.js';

/**
 * Requests per operation. On PostgreSQL, 2,000, then more up to 3,000 while the operation has taken less
 * than 4 s: the quick operations get 3,000, the slow ones (uploads, articles, invitations: 10 to 20 ms a
 * request on a loaded machine) their first 2,000. A CI run on 2 cores is CPU-bound, and one machine here
 * ran it in 15 to 24 minutes from hour to hour: raising the floor from 1,000 to 2,000 added 54,000
 * requests and 150 s to a fast hour's run (15.4 to 17.9 minutes); a slow hour, whose fuzz files took
 * 427 s with the floor at 1,000, would need some 700. So the full share holds for the operations a file
 * starts in its first 6 minutes (all of them on a usual hour, whose fuzz files take some 360 s), and a
 * later one gets 1,000 and no more: with 8 minutes, a slow hour's fuzz files took 570 s and its run 25.6
 * minutes. On the
 * embedded store, 50 (its every query runs in the test's own process, at twice the cost; there the fuzz
 * looks for what differs between the stores). Every run draws a new seed, so runs add up. Two files
 * (test/e2e/fuzz.part-1 and part-2) run side by side and share the operations out as they go: each fuzzes
 * the next one not yet claimed, so neither waits on the other's slow ones. One file run alone fuzzes them
 * all. FUZZ_RUNS sends exactly that many to every operation, however long it takes
 * (`FUZZ_RUNS=10000 npx vitest run test/e2e/fuzz.part`). A failure prints its seed and path: FUZZ_SEED and
 * FUZZ_PATH replay it, and FUZZ_ONLY keeps the operations whose label contains it
 * (`FUZZ_ONLY="POST /api/v1/agents" npx vitest run test/e2e/fuzz.part-1`; the rows an operation sees
 * depend on the ones fuzzed before it in the same file).
 * FUZZ_LOG names a file that gets a line per request (operation, status, intent, and why a valid one was
 * refused): where the generators stop short of an operation, or the document is looser than the service.
 */
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PATH = process.env.FUZZ_PATH;
const ONLY = process.env.FUZZ_ONLY;
const LOG = process.env.FUZZ_LOG;
const VOLUME: FuzzVolume =
  process.env.FUZZ_RUNS !== undefined
    ? exactly(Number(process.env.FUZZ_RUNS))
    : SERVER_URL
      ? { runs: 3_000, atLeast: 2_000, withinMs: 4_000, fileBudgetMs: 360_000, afterBudget: 1_000 }
      : exactly(50);
/** The slowest operations (uploads, queries) take some 35 ms a request on a loaded machine, and shrinking repeats some. */
const OPERATION_TIMEOUT_MS = Math.max(120_000, VOLUME.atLeast * 150 + VOLUME.withinMs);
/**
 * Below this many requests an operation's rarest valid request is left to chance (3 in 100 for
 * `PUT /api/v1/data-sources/{id}`), so "some valid request succeeded" is checked on longer runs only: the
 * generators, which it checks, are the same on both stores.
 */
const REACHABILITY_MIN_RUNS = 500;

/**
 * No operation is skipped; those whose effect would end the run are neutralised by FuzzWorld. Logout is
 * sent with a session opened for that request alone. DELETE, PUT, key rotation, invitations and
 * disconnection act on rows made for the operation, never the admin key, user or session in use (revoking,
 * rotating, demoting or deleting them would turn every later request into a 401 or 403). An IP allowlist
 * set with `confirm=true` could shut the caller out: organization changes run in an organization of their
 * own, whose allowlist is cleared after each request. Webhooks live in another, so that the events of the
 * rest never fan out to the hundreds of webhooks the fuzz creates.
 */

/**
 * Operations no valid request can complete here, and why; every other one must succeed at least once, so
 * the generators are known to reach past validation into the operation itself.
 */
const UNREACHABLE: Record<string, string> = {
  'POST /api/auth/login': 'five failed sign-ins of an e-mail close it for 15 minutes, and the fuzz fails many',
  'PUT /api/auth/password': 'it counts as a sign-in: the failed ones of the login fuzz close the address to it for 15 minutes',
  'POST /api/auth/password-reset/confirm': 'its token is only e-mailed, and no mail server is configured',
  'GET /api/auth/sso': 'no organization has a verified domain and an SSO connection',
  'GET /api/auth/oidc/{connection_id}/login': 'no SSO connection is configured',
  'GET /api/auth/oidc/{connection_id}/callback': 'no SSO connection is configured',
  'GET /api/auth/saml/{connection_id}/login': 'no SSO connection is configured',
  'POST /api/auth/saml/{connection_id}/acs': 'no SSO connection is configured',
  'GET /api/auth/saml/{connection_id}/metadata': 'no SSO connection is configured',
  'GET /api/v1/connectors/oauth/callback': 'its state is made by a consent started in a browser',
  'DELETE /api/v1/oauth-grants/{id}': 'a grant is made by a person consenting in a browser',
  'GET /api/v1/oauth-grants/{id}': 'a grant is made by a person consenting in a browser',
  'GET /oauth/interaction/{uid}/details': 'an interaction exists only within an authorization started in a browser',
  'POST /oauth/interaction/{uid}/login': 'an interaction exists only within an authorization started in a browser',
  'POST /oauth/interaction/{uid}/confirm': 'an interaction exists only within an authorization started in a browser',
  'POST /oauth/interaction/{uid}/abort': 'an interaction exists only within an authorization started in a browser',
};

/** Operations are known once the service serves its document, so the world starts as the file loads; a hang fails it. */
async function startWorld(databaseUrl: string | undefined): Promise<FuzzWorld> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('The fuzz world did not start within 180 s')), 180_000);
  });
  try {
    return await Promise.race([FuzzWorld.start(databaseUrl), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The service runs in this process: a request that reached Object.prototype would show here. */
const PROTOTYPE_MEMBERS = Object.getOwnPropertyNames(Object.prototype).join();

/**
 * How many requests an operation gets: `atLeast`, then more in batches while the operation has taken less
 * than `withinMs`, up to `runs`; once its file has fuzzed for `fileBudgetMs`, `afterBudget` and no more.
 * Each batch is a property run of its own seed: a failure prints the seed and path that replay it.
 */
interface FuzzVolume {
  runs: number;
  atLeast: number;
  withinMs: number;
  fileBudgetMs?: number;
  afterBudget?: number;
}

const FUZZ_BATCH = 250;

function exactly(runs: number): FuzzVolume {
  return { runs, atLeast: runs, withinMs: 0 };
}

/** The volume of an operation that starts when its file has fuzzed for `fileElapsedMs`. */
function shareOf(volume: FuzzVolume, fileElapsedMs: number): FuzzVolume {
  const { fileBudgetMs, afterBudget } = volume;
  return fileBudgetMs !== undefined && afterBudget !== undefined && fileElapsedMs >= fileBudgetMs ? exactly(afterBudget) : volume;
}

/** The size of the next property run of an operation, or 0 when it has had its share. */
function nextBatch(volume: FuzzVolume, sent: number, elapsedMs: number): number {
  if (sent === 0) {
    return volume.atLeast;
  }
  if (SEED !== undefined || sent >= volume.runs || elapsedMs >= volume.withinMs) {
    return 0;
  }
  return Math.min(FUZZ_BATCH, volume.runs - sent);
}

function excerpt(response: RawResponse): string {
  const text = response.body.toString('utf8');
  return text.length > 800 ? `${text.slice(0, 800)}…` : text;
}

function problemsWith(document: FuzzWorld['document'], operation: ApiOperation, request: FuzzRequest, response: RawResponse): string[] {
  const problems = problemsOf(document, operation, response);
  if (request.mustRefuse && (response.status < 400 || response.status >= 500)) {
    problems.push(`answered ${response.status} to a request the contract refuses (${request.intent})`);
  }
  if (Object.getOwnPropertyNames(Object.prototype).join() !== PROTOTYPE_MEMBERS) {
    problems.push(`Object.prototype was changed: ${Object.getOwnPropertyNames(Object.prototype).join()}`);
  }
  return problems;
}

/** Claims an operation for this file; false when another fuzz file of the run has it already. */
function claim(operation: ApiOperation): boolean {
  const marker = join(inject('fuzzClaims'), createHash('sha256').update(operation.label).digest('hex'));
  try {
    closeSync(openSync(marker, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw error;
  }
}

/** One line for the run's log: requests sent, how many operations got their full share and the most, and which got the fewest. */
function volumeReport(sent: Map<string, number>): string {
  const counts = [...sent].sort((a, b) => a[1] - b[1]);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  const fewest = counts.slice(0, 3).map(([label, count]) => `${label} ${count}`);
  const full = counts.filter(([, count]) => count >= VOLUME.runs).length;
  const floor = counts.filter(([, count]) => count >= VOLUME.atLeast).length;
  const shares =
    VOLUME.atLeast < VOLUME.runs ? `${floor} of them sent ${VOLUME.atLeast} or more, ${full} sent ${VOLUME.runs}` : `${full} of them sent ${VOLUME.runs}`;
  return `fuzz: ${total} requests to ${counts.length} operations, ${shares}${fewest.length > 0 ? `; fewest: ${fewest.join(', ')}` : ''}`;
}

/** Fuzzes every operation of the document that no other fuzz file of the run has claimed, in a world of its own. */
export async function fuzzOperations(): Promise<void> {
  const database = await createTestDatabase();
  const world = await startWorld(database.url);
  const operations = world.document.operations().filter((operation) => !ONLY || operation.label.includes(ONLY));

  const sent = new Map<string, number>();
  let fileStartedAt: number | undefined;
  afterAll(async () => {
    console.log(volumeReport(sent));
    await world.close();
    await database.drop();
  });

  describe('every operation of the OpenAPI document, fuzzed from its schemas', () => {
    it('should have operations to fuzz', () => {
      expect(operations.length).toBeGreaterThan(ONLY ? 0 : 80);
    });

    for (const operation of operations) {
      it(
        `should answer ${operation.label} within its contract`,
        async ({ skip }) => {
          if (!claim(operation)) {
            skip('fuzzed by the other fuzz file');
          }
          await world.prepare(operation);
          let succeeded = false;
          let count = 0;
          const property = fc.asyncProperty(requestsOf(world.sourcesFor(operation)), async (request) => {
            count += 1;
            const response = await world.send(operation, request);
            await world.restore(operation);
            if (LOG) {
              appendFileSync(
                LOG,
                `${operation.label}\t${response.status}\t${request.intent}\t${request.intent.startsWith('valid') && response.status === 400 ? excerpt(response) : ''}\n`,
              );
            }
            succeeded ||= !request.mustRefuse && response.status < 400;
            const problems = problemsWith(world.document, operation, request, response);
            if (problems.length > 0) {
              throw new Error(`${problems.join('\n')}\n  answer: ${response.status} ${excerpt(response)}\n  request: ${describeRequest(request)}`);
            }
          });
          const startedAt = performance.now();
          fileStartedAt ??= startedAt;
          const volume = shareOf(VOLUME, startedAt - fileStartedAt);
          for (let runs = nextBatch(volume, 0, 0); runs > 0; runs = nextBatch(volume, count, performance.now() - startedAt)) {
            await fc.assert(property, { numRuns: runs, seed: SEED, path: PATH });
          }
          sent.set(operation.label, count);
          if (count >= REACHABILITY_MIN_RUNS && SEED === undefined && !(operation.label in UNREACHABLE)) {
            expect(succeeded, `no valid request to ${operation.label} succeeded in ${count} requests`).toBe(true);
          }
        },
        OPERATION_TIMEOUT_MS,
      );
    }
  });
}
