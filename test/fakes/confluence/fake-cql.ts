/** What the fake understands of the CQL the connector sends. */
export interface PageQuery {
  spaceKeys: string[] | undefined;
  /** Epoch ms of the `lastmodified >=` bound, read as UTC (the fake's account has no other time zone). */
  modifiedFrom: number | undefined;
  order: 'lastmodified' | 'created';
}

/** Parses `type = page [and space in (...)] [and lastmodified >= "yyyy/MM/dd HH:mm"] order by (lastmodified|created) asc`; undefined when it cannot. */
export function parsePageQuery(cql: string): PageQuery | undefined {
  const [where = '', orderBy] = cql.split(/\s+order\s+by\s+/i);
  const order = /^(lastmodified|created)(\s+asc)?$/i.exec(orderBy?.trim() ?? 'lastmodified')?.[1]?.toLowerCase();
  if (order !== 'lastmodified' && order !== 'created') {
    return undefined;
  }
  const query: PageQuery = { spaceKeys: undefined, modifiedFrom: undefined, order };
  let typed = false;
  for (const clause of where.split(/\s+and\s+/i).map((part) => part.trim())) {
    const spaces = /^space\s+in\s*\((.*)\)$/i.exec(clause)?.[1] ?? /^space\s*=\s*(.+)$/i.exec(clause)?.[1];
    const modified = /^lastmodified\s*>=\s*"(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})"$/i.exec(clause);
    if (/^type\s*=\s*"?page"?$/i.test(clause)) {
      typed = true;
    } else if (spaces !== undefined) {
      query.spaceKeys = spaces.split(',').map((key) => key.trim().replace(/^"(.*)"$/, '$1'));
    } else if (modified) {
      const [, year, month, day, hour, minute] = modified.map(Number) as [number, number, number, number, number, number];
      query.modifiedFrom = Date.UTC(year, month - 1, day, hour, minute);
    } else {
      return undefined;
    }
  }
  return typed ? query : undefined;
}
