import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { Badge } from '@/ui/Badge';
import { SelectField } from '@/ui/fields';
import { formatNumber } from '@/ui/format';
import { PagedList } from '@/ui/Pager';
import { TableWrap } from '@/ui/TableWrap';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { webLink } from '@/ui/links';
import { useAddressFilter, usePaging } from '@/ui/usePaging';

type Document = components['schemas']['DocumentResponseDto'];
type DocumentStatus = Document['status'];

const PAGE_SIZE = 25;
/** While a sync runs, documents arrive: the list is asked again this often. */
const REFRESH_MS = 3000;

const FILTERS: ReadonlyArray<{ value: '' | DocumentStatus; label: string }> = [
  { value: '', label: 'All' },
  { value: 'indexed', label: 'Indexed' },
  { value: 'failed', label: 'Failed' },
];
const STATUSES = FILTERS.flatMap((filter) => (filter.value ? [filter.value] : []));

function DocumentTitle({ document }: { document: Document }) {
  const href = webLink(document.url);
  const title = document.title || document.url;
  return (
    <>
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          {title}
        </a>
      ) : (
        title
      )}
      {document.title && document.title !== document.url ? <div className="small muted url">{document.url}</div> : null}
    </>
  );
}

function DocumentsTable({ documents }: { documents: Document[] }) {
  return (
    <TableWrap label="Document list">
      <table className="table">
        <thead>
          <tr>
            <th scope="col" className="document-column">
              Document
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Chunks
            </th>
            <th scope="col" className="number">
              Tokens
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <td>
                <DocumentTitle document={document} />
                {document.error ? <div className="small error-text">{document.error}</div> : null}
              </td>
              <td>{document.status === 'indexed' ? <Badge tone="good">Indexed</Badge> : <Badge tone="bad">Failed</Badge>}</td>
              <td className="number">{formatNumber(document.chunk_count)}</td>
              <td className="number">{formatNumber(document.token_count)}</td>
              <td>
                <Time value={document.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The source's pages or files, each with its own status and the reason it could not be indexed; its filter and page in the address. */
export function DocumentsList({ sourceId, syncing }: { sourceId: string; syncing: boolean }) {
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useAddressFilter('status', STATUSES);
  const documents = $api.useQuery(
    'get',
    '/api/v1/data-sources/{id}/documents',
    { params: { path: { id: sourceId }, query: { limit: PAGE_SIZE, offset: paging.offset, status } } },
    { refetchInterval: syncing ? REFRESH_MS : false },
  );
  return (
    <>
      <div className="filters">
        <SelectField label="Show" options={FILTERS} value={status ?? ''} onChange={(event) => setStatus(event.target.value)} />
      </div>
      <QueryView query={documents} label="Loading documents…">
        {(data) => (
          <PagedList
            paging={paging}
            total={data.total}
            shown={data.documents.length}
            empty={
              <Empty title={status ? 'No document has this status' : 'No documents yet'}>
                {status ? null : (
                  <p className="muted">
                    {syncing ? 'The sync is running: documents appear here as they are indexed.' : 'Documents appear here once the source is synced.'}
                  </p>
                )}
              </Empty>
            }
          >
            <DocumentsTable documents={data.documents} />
          </PagedList>
        )}
      </QueryView>
    </>
  );
}
