import { useState, type FormEvent, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { useAgentNames } from '@/pages/interactions/AgentSelect';
import { FeedbackBadge } from '@/pages/interactions/FeedbackBadge';
import { AnswerText } from '@/ui/answer/AnswerText';
import { TextAreaField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { formatMs, formatNumber } from '@/ui/format';
import { useNotice } from '@/ui/notice';
import { Page, Section } from '@/ui/Page';
import { QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import '@/pages/interactions/interactions.css';
import { webLink } from '@/ui/links';

type Interaction = components['schemas']['InteractionResponseDto'];
type Source = components['schemas']['InteractionSourceDto'];
type FeedbackBody = components['schemas']['FeedbackDto'];

/** What stands in the place of an answer there is none of: one still being written, or one that failed and why. */
function missingAnswer(interaction: Interaction): string {
  if (interaction.status === 'pending') {
    return 'The answer is still being written.';
  }
  return interaction.status === 'failed' && interaction.error ? `No answer was given: ${interaction.error}` : 'No answer was given.';
}

function Answer({ text, sources, missing }: { text: string; sources: Source[]; missing: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Moves to the source in place of the browser's own jump, which would add a history entry without the page's state.
  const jump = (event: MouseEvent, number: number) => {
    event.preventDefault();
    document.getElementById(`source-${number}`)?.focus();
    void navigate({ hash: `source-${number}` }, { replace: true, state: location.state as unknown });
  };
  if (!text.trim()) {
    return <p className="muted">{missing}</p>;
  }
  return (
    <AnswerText
      text={text}
      sourceCount={sources.length}
      sourceHref={(number) => `#source-${number}`}
      sourceTitle={(number) => sources[number - 1].document_title || 'untitled'}
      onCite={(number, event) => jump(event, number)}
    />
  );
}

function Sources({ sources }: { sources: Source[] }) {
  if (sources.length === 0) {
    return <p className="muted">No sources were retrieved for this question.</p>;
  }
  return (
    <ol className="sources">
      {sources.map((source, index) => (
        <li key={`${source.chunk_id}-${index}`} id={`source-${index + 1}`} tabIndex={-1}>
          <h3>{source.document_title || 'Untitled document'}</h3>
          {source.document_url ? (
            <p className="source-url small">
              {webLink(source.document_url) ? (
                <a href={webLink(source.document_url)} target="_blank" rel="noreferrer noopener">
                  {source.document_url}
                </a>
              ) : (
                <code>{source.document_url}</code>
              )}
            </p>
          ) : null}
          <p className="small muted">Similarity {formatNumber(source.similarity_score, { maximumFractionDigits: 3 })}</p>
          <blockquote>{source.chunk_text}</blockquote>
        </li>
      ))}
    </ol>
  );
}

function FeedbackForm({ interaction }: { interaction: Interaction }) {
  const [feedback, setFeedback] = useState(interaction.feedback);
  const [comment, setComment] = useState(interaction.comment ?? '');
  const mutation = $api.useMutation('post', '/api/v1/interactions/{id}/feedback');
  const queries = useQueryClient();
  const notify = useNotice();
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!feedback) {
      return;
    }
    const body: FeedbackBody = { feedback, comment: comment.trim() || null };
    mutation.mutate(
      { params: { path: { id: interaction.id } }, body },
      {
        onSuccess: (updated) => {
          queries.setQueryData(['get', '/api/v1/interactions/{id}', { params: { path: { id: interaction.id } } }], updated);
          void queries.invalidateQueries({ queryKey: ['get', '/api/v1/interactions'] });
          notify('Feedback saved.');
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit}>
      <fieldset className="field">
        <legend>Was this answer helpful?</legend>
        <div className="feedback-choice">
          {(['positive', 'negative'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="feedback" value={value} checked={feedback === value} onChange={() => setFeedback(value)} />
              {value === 'positive' ? 'Positive' : 'Negative'}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Comment"
        hint="Optional: what was right or wrong."
        value={comment}
        error={errors.comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <FormError error={mutation.error} />
      <FormActions submitLabel="Save feedback" busyLabel="Saving…" busy={mutation.isPending} disabled={!feedback} />
    </form>
  );
}

function InteractionDetail({ interaction }: { interaction: Interaction }) {
  const { user } = useSignedIn();
  const names = useAgentNames();
  return (
    <>
      <Section title="Question">
        <p className="question-text">{interaction.query}</p>
      </Section>
      <Section title="Answer">
        <Answer text={interaction.response} sources={interaction.sources} missing={missingAnswer(interaction)} />
      </Section>
      <Section title={`Sources (${formatNumber(interaction.sources.length)})`}>
        <Sources sources={interaction.sources} />
      </Section>
      <Section title="Feedback">
        <dl className="properties">
          <dt>Feedback</dt>
          <dd>
            <FeedbackBadge feedback={interaction.feedback} />
          </dd>
          <dt>Comment</dt>
          <dd>{interaction.comment || '–'}</dd>
        </dl>
        {can(user.role, 'feedback') ? <FeedbackForm key={`${interaction.feedback}-${interaction.comment}`} interaction={interaction} /> : null}
      </Section>
      <Section title="Details">
        <dl className="properties">
          <dt>Agent</dt>
          <dd>
            <Link to={`/agents/${interaction.agent_id}`}>{names.get(interaction.agent_id) ?? interaction.agent_id}</Link>
          </dd>
          <dt>Asked</dt>
          <dd>
            <Time value={interaction.created_at} />
          </dd>
          <dt>Latency</dt>
          <dd>{formatMs(interaction.latency_ms)}</dd>
          <dt>Model</dt>
          <dd>{interaction.model}</dd>
          <dt>Retrieval strategy</dt>
          <dd>{interaction.rag_strategy}</dd>
          <dt>Tokens</dt>
          <dd>
            {formatNumber(interaction.tokens_input)} in, {formatNumber(interaction.tokens_output)} out
          </dd>
          <dt>Cost</dt>
          <dd>{formatNumber(interaction.cost_usd, { style: 'currency', currency: 'USD', maximumFractionDigits: 6 })}</dd>
          <dt>Session</dt>
          <dd>{interaction.session_id ? <code>{interaction.session_id}</code> : '–'}</dd>
          <dt>Interaction id</dt>
          <dd>
            <code>{interaction.id}</code>
          </dd>
        </dl>
      </Section>
    </>
  );
}

export function InteractionPage() {
  const { id = '' } = useParams();
  const query = $api.useQuery('get', '/api/v1/interactions/{id}', { params: { path: { id } } });
  const back = (useLocation().state as { back?: unknown } | null)?.back;
  return (
    <Page
      title="Interaction"
      actions={
        <Link to={`/interactions${typeof back === 'string' && back.startsWith('?') ? back : ''}`} className="btn">
          All interactions
        </Link>
      }
    >
      <QueryView query={query} label="Loading the interaction…">
        {(interaction) => <InteractionDetail interaction={interaction} />}
      </QueryView>
    </Page>
  );
}
