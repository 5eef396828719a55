import type { components } from '@/api/schema';
import type { Role } from '@/app/permissions';

type User = components['schemas']['UserResponseDto'];
export type UserUpdate = NonNullable<components['schemas']['UpdateUserDto']>;

/** What an edit of a person changes, as `PUT /api/v1/users/:id` takes it: only the fields that differ, a name emptied as `null`. */
export function userChanges(user: Pick<User, 'name' | 'email' | 'role'>, edited: { name: string; email: string; role: Role }): UserUpdate {
  const changes: UserUpdate = {};
  const name = edited.name.trim() || null;
  if (name !== (user.name ?? null)) {
    changes.name = name;
  }
  const email = edited.email.trim();
  if (email.toLowerCase() !== user.email.toLowerCase()) {
    changes.email = email;
  }
  if (edited.role !== user.role) {
    changes.role = edited.role;
  }
  return changes;
}
