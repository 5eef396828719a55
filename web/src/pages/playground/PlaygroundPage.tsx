import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { SelectField, TextAreaField } from '@/ui/fields';
import { Page } from '@/ui/Page';
import { Empty, Forbidden, QueryView } from '@/ui/states';
import '@/pages/playground/playground.css';
import type { Agent } from '@/pages/agents/agent-form';
import { isFinished } from '@/pages/playground/answer-stream';
import { AnswerView } from '@/pages/playground/AnswerView';
import { useConversation, type Turn } from '@/pages/playground/useConversation';

/** The largest page the API lists at once: the agents offered. */
const ALL = 200;

function chosenAgent(agents: Agent[], wanted: string | null): Agent | undefined {
  return agents.find((agent) => agent.id === wanted) ?? agents.find((agent) => agent.status === 'active') ?? agents[0];
}

/** Said once per answer to screen readers; the streaming text itself is not read out word by word. */
function Progress({ turns }: { turns: Turn[] }) {
  const last = turns.at(-1)?.answer;
  const message = !last
    ? ''
    : !isFinished(last)
      ? 'Answering…'
      : last.phase === 'done'
        ? 'Answer complete.'
        : last.phase === 'stopped'
          ? 'Answer stopped.'
          : 'The answer failed.';
  return (
    <p role="status" className="visually-hidden">
      {message}
    </p>
  );
}

function Conversation({ agents, canFeedback }: { agents: Agent[]; canFeedback: boolean }) {
  const [params, setParams] = useSearchParams();
  const agent = chosenAgent(agents, params.get('agent'));
  const { turns, sessionId, busy, ask, stop, reset } = useConversation();
  const [question, setQuestion] = useState('');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!agent || !text || busy) {
      return;
    }
    setQuestion('');
    void ask(agent.id, text);
  };
  // Enter asks, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const chooseAgent = (id: string) => {
    reset();
    setParams({ agent: id });
  };

  return (
    <>
      {turns.length > 0 ? (
        <div className="conversation">
          {turns.map((turn) => (
            <AnswerView key={turn.id} turnId={turn.id} question={turn.question} answer={turn.answer} canFeedback={canFeedback} />
          ))}
        </div>
      ) : null}
      <Progress turns={turns} />
      <form className="form ask-form" onSubmit={submit}>
        <SelectField
          label="Agent"
          hint={sessionId ? 'Changing the agent starts a new conversation.' : undefined}
          options={agents.map((item) => ({ value: item.id, label: item.status === 'active' ? item.name : `${item.name} (disabled)` }))}
          value={agent?.id ?? ''}
          onChange={(event) => chooseAgent(event.target.value)}
        />
        <TextAreaField
          label={turns.length > 0 ? 'Follow-up question' : 'Question'}
          hint="Enter asks; Shift+Enter starts a new line."
          required
          maxLength={8000}
          rows={3}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="form-actions">
          <button type="submit" className="btn primary" disabled={busy || !question.trim()}>
            Ask
          </button>
          {busy ? (
            <button type="button" className="btn" onClick={stop}>
              Stop
            </button>
          ) : null}
          {turns.length > 0 && !busy ? (
            <button type="button" className="btn ghost" onClick={reset}>
              New conversation
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}

function Playground() {
  const { user } = useSignedIn();
  const agents = $api.useQuery('get', '/api/v1/agents', { params: { query: { limit: ALL } } });
  return (
    <Page title="Playground" description="Ask an agent a question and see the answer with the sources it cites.">
      <QueryView query={agents} label="Loading agents…">
        {(data) =>
          data.agents.length === 0 ? (
            <Empty title="No agent to ask yet">
              <p>
                <Link to="/agents">Create an agent</Link> and attach data sources to it first.
              </p>
            </Empty>
          ) : (
            <Conversation agents={data.agents} canFeedback={can(user.role, 'feedback')} />
          )
        }
      </QueryView>
    </Page>
  );
}

export function PlaygroundPage() {
  const { user } = useSignedIn();
  if (!can(user.role, 'ask')) {
    return (
      <Page title="Playground">
        <Forbidden what="the playground" />
      </Page>
    );
  }
  return <Playground />;
}
