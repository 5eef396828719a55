import { useCallback, useEffect, useRef, useState } from 'react';
import { ulid } from 'ulid';
import { sessionFetch } from '@/api/client';
import { ASKING, streamAnswer, type Answer } from '@/pages/playground/answer-stream';

export interface Turn {
  id: number;
  question: string;
  answer: Answer;
}

/**
 * A conversation with one agent: each question streams its answer in, all under one session id, so the agent
 * sees the conversation. The id is chosen here with the first question (the API starts a session under an id
 * it has not seen): an answer stopped before its end never tells the id, yet its question belongs to the
 * conversation. `stop` aborts the answer being streamed (the service then stops generating it).
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
      const session = sessionId ?? `ses_${ulid()}`;
      setSessionId(session);
      const abort = new AbortController();
      controller.current = abort;
      setTurns((current) => [...current, { id, question, answer: ASKING }]);
      setBusy(true);
      await streamAnswer(
        { agent_id: agentId, query: question, session_id: session },
        {
          signal: abort.signal,
          headers: {},
          fetcher: sessionFetch,
          onAnswer: (next) => setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, answer: next } : turn))),
        },
      );
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
