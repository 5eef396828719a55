/** Orders a pass by modification (an incremental pass) or by creation (the listing, unmoved by edits made while it runs). */
export type PageOrder = 'lastmodified' | 'created';

/** The CQL of the pages a source reads: `modifiedFrom` bounds it to the minute, as CQL dates go. */
export function pagesCql(spaceKeys: readonly string[] | undefined, modifiedFrom: Date | null, order: PageOrder): string {
  const clauses = ['type = page'];
  if (spaceKeys && spaceKeys.length > 0) {
    clauses.push(`space in (${spaceKeys.map(quote).join(', ')})`);
  }
  if (modifiedFrom) {
    clauses.push(`lastmodified >= ${quote(cqlMinute(modifiedFrom))}`);
  }
  return `${clauses.join(' and ')} order by ${order} asc`;
}

/** `yyyy/MM/dd HH:mm`, in UTC. */
function cqlMinute(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 16)}`;
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
