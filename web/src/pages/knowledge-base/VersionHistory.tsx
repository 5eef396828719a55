import { useState } from 'react';
import { $api } from '@/api/client';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { Badge } from '@/ui/Badge';
import { Dialog } from '@/ui/Dialog';
import { PagedList } from '@/ui/Pager';
import { TableWrap } from '@/ui/TableWrap';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatNumber } from '@/ui/format';
import { usePaging } from '@/ui/usePaging';
import { ArticleContent } from '@/pages/knowledge-base/ArticleContent';
import { ArticleStatusBadge } from '@/pages/knowledge-base/ArticleStatusBadge';
import type { Article, ArticleVersion } from '@/pages/knowledge-base/article';

const PAGE_SIZE = 10;

function VersionDialog({ version, current, onClose }: { version: ArticleVersion | undefined; current: number; onClose: () => void }) {
  return (
    <Dialog title={version ? `Version ${formatNumber(version.version)}: ${version.title}` : 'Version'} open={!!version} onClose={onClose}>
      {version ? (
        <>
          <dl className="properties">
            <dt>Status</dt>
            <dd>
              <ArticleStatusBadge status={version.status} />
              {version.version === current ? <span className="muted small"> (the current version)</span> : null}
            </dd>
            <dt>Tags</dt>
            <dd>{version.tags.length > 0 ? version.tags.join(', ') : <span className="muted">None</span>}</dd>
            <dt>Saved</dt>
            <dd>
              <Time value={version.created_at} />
            </dd>
          </dl>
          <h3 className="version-content-heading">Content</h3>
          <ArticleContent content={version.content} topHeading={4} />
        </>
      ) : null}
    </Dialog>
  );
}

function VersionsTable({ versions, current, onView }: { versions: ArticleVersion[]; current: number; onView: (version: ArticleVersion) => void }) {
  return (
    <TableWrap label="Versions">
      <table className="table">
        <caption className="visually-hidden">Versions of the article, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Saved</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version}>
              <td className="kb-nowrap">
                {formatNumber(version.version)} {version.version === current ? <Badge tone="info">Current</Badge> : null}
              </td>
              <td className="article-title-cell">{version.title}</td>
              <td>
                <ArticleStatusBadge status={version.status} />
              </td>
              <td className="kb-nowrap">
                <Time value={version.created_at} />
              </td>
              <td>
                <button type="button" className="btn small" onClick={() => onView(version)}>
                  View<span className="visually-hidden"> version {formatNumber(version.version)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Every saved version, newest first, each one readable as it was; the page in the address. */
export function VersionHistory({ article }: { article: Article }) {
  const paging = usePaging(PAGE_SIZE);
  const [viewing, setViewing] = useState<ArticleVersion>();
  const versions = $api.useQuery('get', '/api/v1/kb/{id}/versions', {
    params: { path: { id: article.id }, query: { limit: PAGE_SIZE, offset: paging.offset } },
  });
  return (
    <>
      <QueryView query={versions} label="Loading versions…">
        {(data) => (
          <PagedList paging={paging} total={data.total} shown={data.versions.length} empty={<Empty title="No versions yet" />}>
            <VersionsTable versions={data.versions} current={article.version} onView={setViewing} />
          </PagedList>
        )}
      </QueryView>
      <VersionDialog version={viewing} current={article.version} onClose={() => setViewing(undefined)} />
    </>
  );
}
