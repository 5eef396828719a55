import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { request, type Agent, type Dispatcher } from 'undici';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { createGuardedDispatcher, findBlockedAddressError } from '#src/common/net/ssrf-guard.js';
import { signBody } from '#src/modules/webhooks/webhook-signature.js';

export interface SendOutcome {
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** At most this much of a receiver's answer is read (and then discarded). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs a signed body to a receiver: HTTPS only, certificate verified (plus the CAs of WEBHOOK_CA_CERTS),
 * the address checked at connect time (no private, loopback, link-local or metadata targets unless
 * ALLOW_PRIVATE_TARGETS), redirects not followed, the whole exchange bounded by WEBHOOK_TIMEOUT_MS.
 * Success is any 2xx status received in that time, whatever becomes of the body after it.
 *
 * Connections are kept alive between deliveries: a TLS handshake per delivery halved the deliveries a
 * worker makes each second. A receiver may close an idle connection just as a delivery reuses it, which
 * fails the request before it reached the receiver: a request whose connection closes before any answer
 * is sent once more, at once, on a connection of its own (delivery is at least once, so in the rarer case
 * of a receiver that read the request and then dropped the connection, it sees the event twice).
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly pooled: Agent;
  private readonly fresh: Agent;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const options = {
      allowPrivateTargets: config.allowPrivateTargets,
      connectTimeoutMs: config.webhooks.timeoutMs,
      extraCaCertificates: config.webhooks.extraCaCertificates,
    };
    this.pooled = createGuardedDispatcher(options);
    this.fresh = createGuardedDispatcher(options);
  }

  async send(url: string, body: string, secret: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    if (!url.startsWith('https://')) {
      return { success: false, statusCode: null, durationMs: 0, error: 'The webhook URL must use https' };
    }
    const signal = AbortSignal.timeout(this.config.webhooks.timeoutMs);
    const post = (dispatcher: Agent, reset: boolean): Promise<Dispatcher.ResponseData> =>
      request(url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'AgentQueryService-Webhooks/1.0',
          'x-service-signature': signBody(body, secret),
          ...headers,
        },
        dispatcher,
        reset,
        signal,
        headersTimeout: this.config.webhooks.timeoutMs,
        bodyTimeout: this.config.webhooks.timeoutMs,
      });
    try {
      const response = await post(this.pooled, false).catch((error: unknown) => {
        if (!closedBeforeAnswer(error) || signal.aborted) {
          throw error;
        }
        return post(this.fresh, true);
      });
      // The status answers the delivery: a body still arriving when the time is up does not undo a 2xx sent in time.
      await drain(response.body).catch(() => response.body.destroy());
      const success = response.statusCode >= 200 && response.statusCode < 300;
      const redirect = response.statusCode >= 300 && response.statusCode < 400;
      return {
        success,
        statusCode: response.statusCode,
        durationMs: elapsed(),
        error: success ? null : redirect ? `Redirects are not followed (HTTP ${response.statusCode})` : `HTTP ${response.statusCode}`,
      };
    } catch (error) {
      return { success: false, statusCode: null, durationMs: elapsed(), error: describe(error) };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pooled.destroy().catch(() => undefined), this.fresh.destroy().catch(() => undefined)]);
  }
}

/** The connection closed or was reset before the receiver answered (request() rejects before any answer only). */
function closedBeforeAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE';
}

async function drain(body: AsyncIterable<Uint8Array> & { destroy?: () => void }): Promise<void> {
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (read > MAX_RESPONSE_BYTES) {
      body.destroy?.();
      return;
    }
  }
}

function describe(error: unknown): string {
  const blocked = findBlockedAddressError(error);
  if (blocked) {
    return `Refused: ${blocked.message}`;
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError' || /timeout/i.test(error.name)) {
      return 'The receiver did not answer in time';
    }
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
