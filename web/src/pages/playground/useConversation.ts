import { useCallback, useEffect, useRef, useState } from 'react';
import { csrfHeaders } from '@/api/client';
import { applyEvent, ASKING, endOfStream, failed, readEventStream, stopped, type Answer } from '@/pages/playground/answer-stream';

export interface Turn {
  id: number;
  question: string;
  answer: Answer;
}

async function errorBody(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  return body ?? new Error(`The question could not be asked (HTTP ${response.status}).`);
}

/**
 * A conversation with one agent: each question streams its answer in; the session id the API returns with the
 * first answer goes with every follow-up, so the agent sees the conversation. `stop` aborts the answer being
 * streamed (the service then stops generating it).
 */
export function useConversation() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [sessionId, setSessionId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const nextId = useRef(1);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    async (agentId: string, question: string) => {
      const id = nextId.current++;
      const abort = new AbortController();
      controller.current = abort;
      let answer = ASKING;
      const show = (next: Answer) => {
        answer = next;
        setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, answer: next } : turn)));
      };
      setTurns((current) => [...current, { id, question, answer }]);
      setBusy(true);
      try {
        const response = await fetch('/api/v1/query', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...csrfHeaders() },
          body: JSON.stringify({ agent_id: agentId, query: question, stream: true, ...(sessionId ? { session_id: sessionId } : {}) }),
          credentials: 'same-origin',
          signal: abort.signal,
        });
        // Errors found before the answer starts (a disabled agent, a rate limit) come as ordinary JSON.
        if (!response.ok || !response.body || !response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
          show(failed(answer, await errorBody(response)));
          return;
        }
        await readEventStream(response.body, (event) => show(applyEvent(answer, event)));
        show(endOfStream(answer));
        if (answer.metadata?.session_id) {
          setSessionId(answer.metadata.session_id);
        }
      } catch (error) {
        show(abort.signal.aborted ? stopped(answer) : failed(answer, error));
      } finally {
        if (controller.current === abort) {
          controller.current = undefined;
        }
        setBusy(false);
      }
    },
    [sessionId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setTurns([]);
    setSessionId(undefined);
  }, []);

  return { turns, sessionId, busy, ask, stop, reset };
}
