import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Page, Section } from '@/ui/Page';
import { ErrorState, Loading } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatNumber } from '@/ui/format';
import { useNotice } from '@/ui/notice';
import '@/pages/knowledge-base/knowledge-base.css';
import { ArticleContent } from '@/pages/knowledge-base/ArticleContent';
import { ArticleForm } from '@/pages/knowledge-base/ArticleForm';
import { ArticleStatusBadge } from '@/pages/knowledge-base/ArticleStatusBadge';
import { VersionHistory } from '@/pages/knowledge-base/VersionHistory';
import { articleBody, articleFormFrom, type Article, type ArticleFormValues } from '@/pages/knowledge-base/article';

const backToList = <Link to="/knowledge-base">All articles</Link>;

/** After a change: the list, the article's own query and its versions (a path with an id is a key of its own). */
function useArticleChanged() {
  const queries = useQueryClient();
  return () => Promise.all(['/api/v1/kb', '/api/v1/kb/{id}', '/api/v1/kb/{id}/versions'].map((path) => queries.invalidateQueries({ queryKey: ['get', path] })));
}

function ArticleDetails({ article }: { article: Article }) {
  return (
    <dl className="properties">
      <dt>Status</dt>
      <dd>
        <ArticleStatusBadge status={article.status} />{' '}
        <span className="muted small">{article.status === 'published' ? 'Agents answer from it.' : 'Agents do not answer from it.'}</span>
      </dd>
      <dt>Tags</dt>
      <dd>{article.tags.length > 0 ? article.tags.join(', ') : <span className="muted">None</span>}</dd>
      <dt>Version</dt>
      <dd>{formatNumber(article.version)}</dd>
      <dt>Id</dt>
      <dd>
        <code>{article.id}</code>
      </dd>
      <dt>Created</dt>
      <dd>
        <Time value={article.created_at} />
      </dd>
      <dt>Updated</dt>
      <dd>
        <Time value={article.updated_at} />
      </dd>
    </dl>
  );
}

function EditArticle({ article, onDone }: { article: Article; onDone: () => void }) {
  const update = $api.useMutation('put', '/api/v1/kb/{id}');
  const changed = useArticleChanged();
  const notify = useNotice();
  const save = (values: ArticleFormValues) =>
    update.mutate(
      { params: { path: { id: article.id } }, body: articleBody(values) },
      {
        onSuccess: (saved) => {
          void changed();
          notify(`Article saved as version ${formatNumber(saved.version)}.`);
          onDone();
        },
      },
    );
  return (
    <ArticleForm
      initial={articleFormFrom(article)}
      submitLabel="Save as a new version"
      busy={update.isPending}
      error={update.error}
      onSubmit={save}
      onCancel={onDone}
      editing={article}
    />
  );
}

function DeleteArticle({ article }: { article: Article }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = $api.useMutation('delete', '/api/v1/kb/{id}');
  return (
    <>
      <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ConfirmMutationDialog
        mutation={remove}
        variables={confirming ? { params: { path: { id: article.id } } } : undefined}
        forgets={[
          ['get', '/api/v1/kb/{id}', { params: { path: { id: article.id } } }],
          ['get', '/api/v1/kb/{id}/versions', { params: { path: { id: article.id } } }],
        ]}
        invalidates={[['get', '/api/v1/kb']]}
        notice={`Article “${article.title}” deleted.`}
        onClose={() => setConfirming(false)}
        onDone={() => void navigate('/knowledge-base')}
        title={`Delete article “${article.title}”?`}
        confirmLabel="Delete article"
      >
        <p>
          {article.version > 1
            ? `The article and all ${formatNumber(article.version)} of its versions are removed for good.`
            : 'The article is removed for good.'}
          {article.status === 'published' ? ' Agents stop answering from it.' : ''}
        </p>
      </ConfirmMutationDialog>
    </>
  );
}

export function ArticlePage() {
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const writer = can(user.role, 'trainKb');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const article = $api.useQuery('get', '/api/v1/kb/{id}', { params: { path: { id } } });

  if (article.error || article.isPending) {
    return (
      <Page title="Article" description={backToList}>
        {article.error ? <ErrorState error={article.error} retry={() => void article.refetch()} /> : <Loading label="Loading the article…" />}
      </Page>
    );
  }
  const data = article.data;
  const stopEditing = () => {
    setEditing(false);
    // The form that held focus is gone: give it back to the control that opened it.
    window.setTimeout(() => editButton.current?.focus(), 0);
  };
  const actions = writer ? (
    <>
      <button ref={editButton} type="button" className="btn" onClick={() => setEditing(true)} disabled={editing}>
        Edit
      </button>
      <DeleteArticle article={data} />
    </>
  ) : null;

  return (
    <Page title={data.title} description={backToList} actions={actions}>
      <Section title="Details">
        <ArticleDetails article={data} />
      </Section>
      {editing ? (
        <Section title="Edit article">
          <EditArticle key={data.version} article={data} onDone={stopEditing} />
        </Section>
      ) : (
        <Section title="Content">
          <ArticleContent content={data.content} topHeading={3} />
        </Section>
      )}
      <Section title="Version history">
        <VersionHistory article={data} />
      </Section>
    </Page>
  );
}
