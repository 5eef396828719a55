import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { sourceSyncing } from '@/pages/data-sources/connection';
import { POLL_MS, type SourceType } from '@/pages/data-sources/source-status';

/**
 * The source's sync status, asked again every POLL_MS while it is queued or running. When a sync ends, the
 * source, the list and the documents are fetched again: they changed with it. `known` is the status the caller
 * already shows (from the list or the source), so a sync that ended before the first poll is noticed too; `type`
 * tells a connector source waiting for its consent (no sync to watch) from a queued one.
 */
export function useSourceStatus(id: string, type?: SourceType, known?: string) {
  const queries = useQueryClient();
  const status = $api.useQuery(
    'get',
    '/api/v1/data-sources/{id}/status',
    { params: { path: { id } } },
    { refetchInterval: (query) => (sourceSyncing(type, query.state.data?.status) ? POLL_MS : false), staleTime: 0 },
  );
  const current = status.data?.status;
  const previous = useRef(known);
  useEffect(() => {
    if (current === undefined) {
      return;
    }
    if (sourceSyncing(type, previous.current) && !sourceSyncing(type, current)) {
      void queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources'] });
      void queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources/{id}'] });
      void queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources/{id}/documents'] });
    }
    previous.current = current;
  }, [current, queries, type]);
  return status;
}

/** After something that starts a sync (Sync now, an upload, a changed config): watch it from now on. */
export function useSyncStarted() {
  const queries = useQueryClient();
  return () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources/{id}/status'] }),
      queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources/{id}'] }),
      queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources'] }),
      queries.invalidateQueries({ queryKey: ['get', '/api/v1/data-sources/{id}/documents'] }),
    ]);
}
