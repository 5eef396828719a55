import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/api/errors';
import { AnswerText } from '@/ui/answer/AnswerText';
import { formatMs, formatNumber } from '@/ui/format';
import { webLink } from '@/ui/links';
import type { Answer, Source } from '@/pages/playground/answer-stream';
import { Feedback } from '@/pages/playground/Feedback';

function sourceAnchor(turnId: number, n: number): string {
  return `answer-${turnId}-source-${n}`;
}

/** Follows a citation by moving focus to the source, so keyboard and screen reader users land on it too. */
function focusSource(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  const target = document.getElementById(anchor);
  if (target) {
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'nearest' });
  }
}

function AnswerBody({ turnId, answer }: { turnId: number; answer: Answer }) {
  const streaming = answer.phase === 'answering' || answer.phase === 'asking';
  return (
    <AnswerText
      text={answer.text}
      sourceCount={answer.sources.length}
      sourceHref={(n) => `#${sourceAnchor(turnId, n)}`}
      sourceTitle={(n) => answer.sources[n - 1]?.document_title || 'Untitled'}
      onCite={(n, event) => focusSource(event, sourceAnchor(turnId, n))}
      trailing={streaming ? <span className="cursor" aria-hidden="true" /> : null}
    />
  );
}

function SourceItem({ turnId, n, source }: { turnId: number; n: number; source: Source }) {
  const href = webLink(source.document_url);
  const title = source.document_title || source.document_url || 'Untitled';
  return (
    <li id={sourceAnchor(turnId, n)} tabIndex={-1} className="source">
      <span className="source-number" aria-hidden="true">
        {n}
      </span>
      <div className="source-body">
        <span className="visually-hidden">Source {n}: </span>
        {href ? (
          <a href={href} target="_blank" rel="noreferrer">
            {title}
          </a>
        ) : (
          <span className="source-title">{title}</span>
        )}
        {!href && source.document_url && source.document_url !== title ? <span className="small muted"> · {source.document_url}</span> : null}
        <span className="small muted"> · relevance {formatNumber(source.similarity_score, { style: 'percent', maximumFractionDigits: 0 })}</span>
        <details>
          <summary className="small">Passage</summary>
          <p className="small passage">{source.chunk_text}</p>
        </details>
      </div>
    </li>
  );
}

/** What an empty list of sources means: still searching, the search never finished, or nothing matched. */
function noSourcesNote({ phase, searched }: Pick<Answer, 'phase' | 'searched'>): string {
  if (searched) {
    return 'No source matched this question.';
  }
  return phase === 'asking' ? 'Searching…' : 'None: the answer ended before the search did.';
}

export function SourcesList({ turnId, answer }: { turnId: number; answer: Answer }) {
  const { sources } = answer;
  return (
    <div className="sources">
      <h3>Sources</h3>
      {sources.length === 0 ? (
        <p className="small muted">{noSourcesNote(answer)}</p>
      ) : (
        <ol>
          {sources.map((source, index) => (
            <SourceItem key={source.chunk_id} turnId={turnId} n={index + 1} source={source} />
          ))}
        </ol>
      )}
    </div>
  );
}

function AnswerMeta({ answer }: { answer: Answer }) {
  const meta = answer.metadata;
  if (!meta) {
    return null;
  }
  return (
    <p className="small muted answer-meta">
      {formatMs(meta.latency_ms)} · <code>{meta.model}</code> · {formatNumber(meta.tokens_input)} tokens in, {formatNumber(meta.tokens_output)} out ·{' '}
      <Link to={`/interactions/${meta.interaction_id}`}>Interaction record</Link>
    </p>
  );
}

const PHASE_NOTES: Partial<Record<Answer['phase'], string>> = { asking: 'Searching the sources…', stopped: 'Stopped: the answer is incomplete.' };

/** One question and its answer: the text with its citations, the sources beside it (below on narrow screens). */
export function AnswerView({ turnId, question, answer, canFeedback }: { turnId: number; question: string; answer: Answer; canFeedback: boolean }) {
  const note = PHASE_NOTES[answer.phase];
  return (
    <article className="turn card" aria-labelledby={`question-${turnId}`}>
      <h2 id={`question-${turnId}`} className="question">
        {question}
      </h2>
      <div className="answer">
        {answer.text || answer.phase !== 'failed' ? <AnswerBody turnId={turnId} answer={answer} /> : null}
        {note ? <p className="small muted">{note}</p> : null}
        {answer.phase === 'failed' ? (
          <p className="error-note" role="alert">
            {errorMessage(answer.error)}
          </p>
        ) : null}
        <AnswerMeta answer={answer} />
        {canFeedback && answer.metadata ? <Feedback interactionId={answer.metadata.interaction_id} /> : null}
      </div>
      <SourcesList turnId={turnId} answer={answer} />
    </article>
  );
}
