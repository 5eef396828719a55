import { useCallback, useEffect, useRef, useState } from 'react';
import { csrfHeaders } from '@/api/client';
import { ASKING, streamAnswer, type Answer } from '@/pages/playground/answer-stream';

export interface Turn {
  id: number;
  question: string;
  answer: Answer;
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
      setTurns((current) => [...current, { id, question, answer: ASKING }]);
      setBusy(true);
      const answer = await streamAnswer(
        { agent_id: agentId, query: question, ...(sessionId ? { session_id: sessionId } : {}) },
        {
          signal: abort.signal,
          headers: csrfHeaders(),
          onAnswer: (next) => setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, answer: next } : turn))),
        },
      );
      if (answer.metadata?.session_id && !abort.signal.aborted) {
        setSessionId(answer.metadata.session_id);
      }
      if (controller.current === abort) {
        controller.current = undefined;
      }
      setBusy(false);
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
