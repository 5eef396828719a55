/** Who a key acts for, in the list's Owner column. */
export function ownerLabel(userId: string | null, selfId: string, emails: ReadonlyMap<string, string>): string {
  if (userId === null) {
    return 'Organization';
  }
  if (userId === selfId) {
    return 'You';
  }
  return emails.get(userId) ?? 'Another person';
}

/**
 * Rotating gives whoever does it the key's new value: an organization key's is an admin's to take, a personal
 * key's only its owner's (anyone else holding it could act as that person; the API refuses, 403). Revoking
 * is open to whoever sees the key.
 */
export function mayRotate(userId: string | null, selfId: string, admin: boolean): boolean {
  return userId === null ? admin : userId === selfId;
}
