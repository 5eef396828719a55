import { useId, useState, type FormEvent } from 'react';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { ErrorNote } from '@/ui/states';
import { useNotice } from '@/ui/notice';

type Rating = 'positive' | 'negative';
type FeedbackBody = components['schemas']['FeedbackDto'];

function feedbackBody(feedback: Rating, comment?: string): FeedbackBody {
  return comment ? { feedback, comment } : { feedback };
}

/** Thumbs up or down on an answer (it can be changed), then an optional comment saying why. */
export function Feedback({ interactionId }: { interactionId: string }) {
  const notify = useNotice();
  const commentId = useId();
  const [given, setGiven] = useState<Rating | null>(null);
  const [comment, setComment] = useState('');
  const send = $api.useMutation('post', '/api/v1/interactions/{id}/feedback');

  const rate = (feedback: Rating, withComment?: string) =>
    send.mutate(
      { params: { path: { id: interactionId } }, body: feedbackBody(feedback, withComment) },
      {
        onSuccess: (interaction) => {
          setGiven(interaction.feedback);
          notify(withComment ? 'Comment sent. Thank you.' : 'Feedback saved. Thank you.');
          if (withComment) {
            setComment('');
          }
        },
      },
    );
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    if (given && comment.trim()) {
      rate(given, comment.trim());
    }
  };

  return (
    <div className="feedback">
      <div className="feedback-buttons" role="group" aria-label="Feedback on this answer">
        <button type="button" className="btn small" aria-pressed={given === 'positive'} disabled={send.isPending} onClick={() => rate('positive')}>
          Helpful
        </button>
        <button type="button" className="btn small" aria-pressed={given === 'negative'} disabled={send.isPending} onClick={() => rate('negative')}>
          Not helpful
        </button>
      </div>
      {given ? (
        <form className="feedback-comment" onSubmit={sendComment}>
          <label htmlFor={commentId} className="small">
            {given === 'negative' ? 'What was wrong? (optional)' : 'Anything to add? (optional)'}
          </label>
          <div className="row">
            <input id={commentId} value={comment} maxLength={2000} onChange={(event) => setComment(event.target.value)} />
            <button type="submit" className="btn small" disabled={send.isPending || !comment.trim()}>
              Send comment
            </button>
          </div>
        </form>
      ) : null}
      <ErrorNote error={send.error} />
    </div>
  );
}
