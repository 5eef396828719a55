import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Dialog } from '@/ui/Dialog';
import { SelectField } from '@/ui/fields';
import { Page } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { TableWrap } from '@/ui/TableWrap';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatNumber } from '@/ui/format';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { useAddressFilter, usePaging } from '@/ui/usePaging';
import '@/pages/knowledge-base/knowledge-base.css';
import { ArticleForm } from '@/pages/knowledge-base/ArticleForm';
import { ArticleStatusBadge } from '@/pages/knowledge-base/ArticleStatusBadge';
import {
  ARTICLE_STATUSES,
  articleBody,
  listQuery,
  newArticleForm,
  STATUS_LABELS,
  STATUS_OPTIONS,
  type Article,
  type ArticleFormValues,
  type ArticleStatus,
} from '@/pages/knowledge-base/article';

const PAGE_SIZE = 25;
const STATUS_FILTERS = [{ value: '', label: 'Any' }, ...STATUS_OPTIONS];

function ArticlesTable({ articles }: { articles: Article[] }) {
  return (
    <TableWrap label="Article list">
      <table className="table">
        <caption className="visually-hidden">Knowledge base articles, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Tags</th>
            <th scope="col" className="number">
              Version
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => (
            <tr key={article.id}>
              <td className="article-title-cell">
                <Link to={`/knowledge-base/${article.id}`}>{article.title}</Link>
              </td>
              <td>
                <ArticleStatusBadge status={article.status} />
              </td>
              <td>{article.tags.length > 0 ? article.tags.join(', ') : <span className="muted">None</span>}</td>
              <td className="number">{formatNumber(article.version)}</td>
              <td className="kb-nowrap">
                <Time value={article.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function CreateArticleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = $api.useMutation('post', '/api/v1/kb');
  const { run, close } = useDialogMutation(create, {
    invalidates: [['get', '/api/v1/kb']],
    notice: (article) => `Article “${article.title}” created.`,
    onClose,
    onDone: (article) => void navigate(`/knowledge-base/${article.id}`),
  });
  const submit = (values: ArticleFormValues) => run({ body: articleBody(values) });
  return (
    <Dialog title="New article" open={open} onClose={close}>
      <ArticleForm initial={newArticleForm()} submitLabel="Create article" busy={create.isPending} error={create.error} onSubmit={submit} onCancel={close} />
    </Dialog>
  );
}

/** Why the knowledge base is there, for an empty one: what an article does and who can write them. */
function NoArticles({ writer, onCreate }: { writer: boolean; onCreate: () => void }) {
  return (
    <Empty title="No articles yet">
      <p>
        Articles are answers your team writes once: how to reset a password, a refund policy, a known workaround. Published articles are retrieved by every
        agent of the organization alongside its data sources; drafts are kept out of answers until they are ready.
      </p>
      {writer ? (
        <button type="button" className="btn primary" onClick={onCreate}>
          Write the first article
        </button>
      ) : (
        <p className="muted">Someone with the train, configure or admin role can write them.</p>
      )}
    </Empty>
  );
}

function Filters({ status, onChange }: { status: ArticleStatus | undefined; onChange: (status: string) => void }) {
  return (
    <form className="kb-filters" role="search" aria-label="Filter articles" onSubmit={(event) => event.preventDefault()}>
      <SelectField label="Status" options={STATUS_FILTERS} value={status ?? ''} onChange={(event) => onChange(event.target.value)} />
    </form>
  );
}

export function KnowledgeBasePage() {
  const { user } = useSignedIn();
  const writer = can(user.role, 'trainKb');
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useAddressFilter('status', ARTICLE_STATUSES);
  const [creating, setCreating] = useState(false);
  const articles = $api.useQuery('get', '/api/v1/kb', { params: { query: listQuery(status, PAGE_SIZE, paging.offset) } });

  const newArticleButton = writer ? (
    <button type="button" className="btn primary" onClick={() => setCreating(true)}>
      New article
    </button>
  ) : null;

  return (
    <Page
      title="Knowledge base"
      description="Articles your agents answer from: published ones are retrieved by every agent of the organization, drafts never are."
      actions={newArticleButton}
    >
      <Filters status={status} onChange={setStatus} />
      <QueryView query={articles} label="Loading articles…">
        {(data) => (
          <PagedList
            paging={paging}
            total={data.total}
            shown={data.articles.length}
            empty={
              status ? (
                <Empty title={`No ${STATUS_LABELS[status].toLowerCase()} articles`}>
                  <button type="button" className="btn" onClick={() => setStatus('')}>
                    Show all articles
                  </button>
                </Empty>
              ) : (
                <NoArticles writer={writer} onCreate={() => setCreating(true)} />
              )
            }
          >
            <p className="muted small" role="status">
              {formatNumber(data.total)} {data.total === 1 ? 'article' : 'articles'}
              {status ? `, ${STATUS_LABELS[status].toLowerCase()}` : ''}
            </p>
            <ArticlesTable articles={data.articles} />
          </PagedList>
        )}
      </QueryView>
      {writer ? <CreateArticleDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}
