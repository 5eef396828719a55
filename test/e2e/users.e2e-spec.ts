import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/common/ids/ids.js';
import { EventEntity } from '#src/modules/events/event.entity.js';
import { ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import { UserEntity } from '#src/modules/users/user.entity.js';
import { expectPaginationBounds, expectVersionedError, idOf, ISO_TIMESTAMP } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

const USER_FIELDS = ['created_at', 'email', 'id', 'name', 'role', 'updated_at'];

describe('users', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;
  let seq = 0;

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  const uniqueEmail = (label = 'user'): string => `${label}-${++seq}-${Date.now()}@example.test`;

  const createUser = async (target: TestOrg, body: Record<string, unknown>): Promise<Record<string, string>> => {
    const response = await request(t.http)
      .post('/api/v1/users')
      .set(...bearer(target.adminKey))
      .send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // The user as the other endpoints show it: creation adds the invitation.
    const { invitation: _invitation, ...user } = response.body as Record<string, string>;
    return user;
  };

  const eventsOf = async (orgId: string, type?: string): Promise<EventEntity[]> =>
    t.app
      .get(DataSource)
      .getRepository(EventEntity)
      .find({ where: type ? { orgId, type } : { orgId }, order: { createdAt: 'ASC', id: 'ASC' } });

  const userEvents = async (orgId: string, userId: string, type: string): Promise<EventEntity[]> =>
    (await eventsOf(orgId, type)).filter((event) => (event.data.user as { id: string }).id === userId);

  const userCount = async (orgId: string): Promise<number> => t.app.get(DataSource).getRepository(UserEntity).count({ where: { orgId } });

  it('should create a user with a lower-cased email, the readonly role by default and exactly the documented fields', async () => {
    const response = await request(t.http)
      .post('/api/v1/users')
      .set(...bearer(org.adminKey))
      .send({ email: '  Ada.Lovelace@Example.TEST ', name: 'Ada Lovelace' })
      .expect(201);

    expect(Object.keys(response.body).sort()).toEqual([...USER_FIELDS, 'invitation'].sort());
    expect(response.body).toMatchObject({ email: 'ada.lovelace@example.test', name: 'Ada Lovelace', role: 'readonly' });
    expect(response.body.invitation).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invitation#token=svcinv_[A-Za-z0-9_-]{43}$/),
      token: expect.stringMatching(/^svcinv_[A-Za-z0-9_-]{43}$/),
      expires_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(response.body.invitation.url.endsWith(response.body.invitation.token)).toBe(true);
    expect(response.body.id).toMatch(idOf('usr'));
    expect(response.body.created_at).toMatch(ISO_TIMESTAMP);
    expect(response.body.updated_at).toMatch(ISO_TIMESTAMP);

    const fetched = await request(t.http)
      .get(`/api/v1/users/${response.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    const { invitation: _invitation, ...user } = response.body as Record<string, unknown>;
    expect(fetched.body).toEqual(user);
  });

  it('should create a user without a name, with the role given', async () => {
    const body = await createUser(org, { email: uniqueEmail('trainer'), role: 'train' });
    expect(body).toMatchObject({ name: null, role: 'train' });
    for (const role of ['configure', 'admin', 'readonly']) {
      expect((await createUser(org, { email: uniqueEmail(role), role })).role).toBe(role);
    }
  });

  it('should accept an address without a dotted domain, as the first start creates one', async () => {
    const local = `ops-${Date.now()}@intranet`;
    expect((await createUser(org, { email: ` ${local} ` })).email).toBe(local);
  });

  it('should record user.created with the user in camelCase in the same transaction', async () => {
    const body = await createUser(org, { email: uniqueEmail('evented'), name: 'Evented', role: 'configure' });
    const events = await userEvents(org.orgId, body.id, 'user.created');
    expect(events).toHaveLength(1);
    expect(events[0].id).toMatch(idOf('evt'));
    expect(events[0].data).toEqual({
      user: { id: body.id, email: body.email, name: 'Evented', role: 'configure', createdAt: body.created_at, updatedAt: body.updated_at },
    });
  });

  it('should list the organization\u2019s users, oldest first, with total, limit and offset', async () => {
    const fresh = await createOrg(t.app);
    const created = [await createUser(fresh, { email: uniqueEmail('first') }), await createUser(fresh, { email: uniqueEmail('second'), role: 'train' })];
    const response = await request(t.http)
      .get('/api/v1/users')
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['limit', 'offset', 'total', 'users']);
    expect(response.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(response.body.users.map((user: { id: string }) => user.id)).toEqual([fresh.adminUserId, ...created.map((user) => user.id)]);
    expect(response.body.users[1]).toEqual(created[0]);
    for (const user of response.body.users) {
      expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    }
  });

  it('should refuse a duplicate email, compared case-insensitively, with 409 and create nothing', async () => {
    const email = uniqueEmail('dup');
    const first = await createUser(org, { email });
    const before = await userCount(org.orgId);
    for (const variant of [email, email.toUpperCase(), `  ${email.replace('dup', 'DUP')}  `]) {
      const response = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: variant, name: 'Twin' });
      expectVersionedError(response, 409, 'conflict', ['email']);
    }
    expect(await userCount(org.orgId)).toBe(before);

    // Another organization may use the same address.
    await createUser(other, { email: email.toUpperCase() });

    // Renaming another user onto the address is refused too.
    const second = await createUser(org, { email: uniqueEmail('second') });
    const rename = await request(t.http)
      .put(`/api/v1/users/${second.id}`)
      .set(...bearer(org.adminKey))
      .send({ email: email.toUpperCase() });
    expectVersionedError(rename, 409, 'conflict', ['email']);

    // Re-sending one's own address in another case is not a conflict.
    const same = await request(t.http)
      .put(`/api/v1/users/${first.id}`)
      .set(...bearer(org.adminKey))
      .send({ email: email.toUpperCase() })
      .expect(200);
    expect(same.body.email).toBe(email);
  });

  it('should answer concurrent creations of one email with one 201 and 409s naming the email', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      [email, email.toUpperCase(), email, email.toUpperCase()].map((variant) =>
        request(t.http)
          .post('/api/v1/users')
          .set(...bearer(org.adminKey))
          .send({ email: variant }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expectVersionedError(refused, 409, 'conflict', ['email']);
      expect(refused.body.error.message).toBe(`A user with email ${email} already exists`);
    }
  });

  it('should refuse invalid input with 400 naming the field, create nothing and record no event', async () => {
    const before = await userCount(org.orgId);
    const eventsBefore = (await eventsOf(org.orgId)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'two@@example.test' }, 'email'],
      [{ email: 42 }, 'email'],
      [{ email: null }, 'email'],
      [{ email: `${'a'.repeat(320)}@example.test` }, 'email'],
      [{ email: uniqueEmail(), role: 'owner' }, 'role'],
      [{ email: uniqueEmail(), role: 'ADMIN' }, 'role'],
      [{ email: uniqueEmail(), role: null }, 'role'],
      [{ email: uniqueEmail(), name: null }, 'name'],
      [{ email: uniqueEmail(), name: '' }, 'name'],
      [{ email: uniqueEmail(), name: ' \t ' }, 'name'],
      [{ email: uniqueEmail(), name: 7 }, 'name'],
      [{ email: uniqueEmail(), name: 'x'.repeat(201) }, 'name'],
      [{ email: uniqueEmail(), name: 'Ada\u0000Lovelace' }, 'name'],
      [{ email: `nul\u0000${uniqueEmail()}` }, 'email'],
      [{ email: uniqueEmail(), password: 'hunter2' }, 'password'],
      [{ email: uniqueEmail(), passwordHash: 'x' }, 'passwordHash'],
      [{ email: uniqueEmail(), id: newId('user') }, 'id'],
      [{ email: uniqueEmail(), org_id: other.orgId }, 'org_id'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
      if (field === 'email' && (typeof body.email !== 'string' || (body.email.length <= 320 && !body.email.includes('\u0000')))) {
        // A missing, mistyped or malformed address is told so, not that it is too long.
        expect(response.body.error.details.email, JSON.stringify(body)).toEqual(['email must be a valid email address']);
      }
    }
    for (const raw of ['[]', '"ada@example.test"', 'null', '{"email": ']) {
      const response = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .set('Content-Type', 'application/json')
        .send(raw);
      expectVersionedError(response, 400, 'invalid_request');
    }
    expect(await userCount(org.orgId)).toBe(before);
    expect(await eventsOf(org.orgId)).toHaveLength(eventsBefore);
  });

  it('should clear a name with null', async () => {
    const user = await createUser(org, { email: uniqueEmail('clear-name'), name: 'Named', role: 'train' });
    const cleared = await request(t.http)
      .put(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .send({ name: null })
      .expect(200);
    expect(cleared.body).toMatchObject({ id: user.id, name: null, role: 'train' });
    expect(await userEvents(org.orgId, user.id, 'user.updated')).toHaveLength(1);
  });

  it('should refuse invalid updates with 400 naming the field and leave the user unchanged', async () => {
    const user = await createUser(org, { email: uniqueEmail('update-invalid'), name: 'Unchanged', role: 'train' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'nope' }, 'email'],
      [{ email: null }, 'email'],
      [{ role: 'superuser' }, 'role'],
      [{ role: null }, 'role'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: ['a'] }, 'name'],
      [{ name: '\u0000' }, 'name'],
      [{ nickname: 'x' }, 'nickname'],
      [{ created_at: '2020-01-01T00:00:00.000Z' }, 'created_at'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .put(`/api/v1/users/${user.id}`)
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
    const fetched = await request(t.http)
      .get(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(fetched.body).toEqual(user);
    expect(await userEvents(org.orgId, user.id, 'user.updated')).toHaveLength(0);
  });

  it('should refuse a malformed user id with 400 and answer 404 for an unknown one', async () => {
    for (const id of ['123', 'usr_123', `agt_${newId('user').slice(4)}`, newId('user').toLowerCase()]) {
      for (const call of [
        request(t.http).get(`/api/v1/users/${id}`),
        request(t.http).put(`/api/v1/users/${id}`).send({ name: 'x' }),
        request(t.http).delete(`/api/v1/users/${id}`),
      ]) {
        expectVersionedError(await call.set(...bearer(org.adminKey)), 400, 'invalid_request', ['id']);
      }
    }
    const unknown = newId('user');
    for (const call of [
      request(t.http).get(`/api/v1/users/${unknown}`),
      request(t.http).put(`/api/v1/users/${unknown}`).send({ name: 'x' }),
      request(t.http).delete(`/api/v1/users/${unknown}`),
    ]) {
      expectVersionedError(await call.set(...bearer(org.adminKey)), 404, 'not_found');
    }
  });

  it('should update name, role and email, and record user.updated with the changes', async () => {
    const user = await createUser(org, { email: uniqueEmail('grace'), name: 'Grace', role: 'readonly' });
    const newEmail = uniqueEmail('hopper');
    const response = await request(t.http)
      .put(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .send({ name: 'Grace Hopper', role: 'configure', email: newEmail.toUpperCase() })
      .expect(200);
    expect(Object.keys(response.body).sort()).toEqual(USER_FIELDS);
    expect(response.body).toMatchObject({ id: user.id, email: newEmail, name: 'Grace Hopper', role: 'configure', created_at: user.created_at });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(user.updated_at));

    const fetched = await request(t.http)
      .get(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(fetched.body).toEqual(response.body);

    const events = await userEvents(org.orgId, user.id, 'user.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({
      user: {
        id: user.id,
        email: newEmail,
        name: 'Grace Hopper',
        role: 'configure',
        createdAt: user.created_at,
        updatedAt: response.body.updated_at,
      },
      changes: {
        email: { previous: user.email, current: newEmail },
        name: { previous: 'Grace', current: 'Grace Hopper' },
        role: { previous: 'readonly', current: 'configure' },
      },
    });

    // A partial update keeps the other fields and reports only what changed.
    await request(t.http)
      .put(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .send({ role: 'train' })
      .expect(200)
      .expect((res) => expect(res.body).toMatchObject({ name: 'Grace Hopper', email: newEmail, role: 'train' }));
    const after = await userEvents(org.orgId, user.id, 'user.updated');
    expect(after).toHaveLength(2);
    expect(after[1].data.changes).toEqual({ role: { previous: 'configure', current: 'train' } });
  });

  it('should not record user.updated for an update that changes nothing', async () => {
    const user = await createUser(org, { email: uniqueEmail('same'), name: 'Same' });
    for (const body of [{}, { name: 'Same' }, { role: 'readonly', email: user.email.toUpperCase() }]) {
      await request(t.http)
        .put(`/api/v1/users/${user.id}`)
        .set(...bearer(org.adminKey))
        .send(body)
        .expect(200);
    }
    expect(await userEvents(org.orgId, user.id, 'user.updated')).toHaveLength(0);
  });

  it('should keep the last admin: demoting or deleting them is a 409 and changes nothing', async () => {
    const fresh = await createOrg(t.app);
    const eventsBefore = (await eventsOf(fresh.orgId)).length;
    for (const role of ['readonly', 'train', 'configure']) {
      const response = await request(t.http)
        .put(`/api/v1/users/${fresh.adminUserId}`)
        .set(...bearer(fresh.adminKey))
        .send({ role });
      expectVersionedError(response, 409, 'conflict');
    }
    expectVersionedError(
      await request(t.http)
        .delete(`/api/v1/users/${fresh.adminUserId}`)
        .set(...bearer(fresh.adminKey)),
      409,
      'conflict',
    );
    const still = await request(t.http)
      .get(`/api/v1/users/${fresh.adminUserId}`)
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(still.body.role).toBe('admin');
    expect(await eventsOf(fresh.orgId)).toHaveLength(eventsBefore);

    // Renaming the last admin, or re-stating their role, is fine.
    await request(t.http)
      .put(`/api/v1/users/${fresh.adminUserId}`)
      .set(...bearer(fresh.adminKey))
      .send({ name: 'Root', role: 'admin' })
      .expect(200);

    // With a second admin, the first can be demoted; the second is then the last one.
    const second = await createUser(fresh, { email: uniqueEmail('admin2'), role: 'admin' });
    await request(t.http)
      .put(`/api/v1/users/${fresh.adminUserId}`)
      .set(...bearer(fresh.adminKey))
      .send({ role: 'configure' })
      .expect(200);
    expectVersionedError(
      await request(t.http)
        .delete(`/api/v1/users/${second.id}`)
        .set(...bearer(fresh.adminKey)),
      409,
      'conflict',
    );
    expectVersionedError(
      await request(t.http)
        .put(`/api/v1/users/${second.id}`)
        .set(...bearer(fresh.adminKey))
        .send({ role: 'readonly' }),
      409,
      'conflict',
    );

    // A third admin makes deleting the second possible.
    await createUser(fresh, { email: uniqueEmail('admin3'), role: 'admin' });
    await request(t.http)
      .delete(`/api/v1/users/${second.id}`)
      .set(...bearer(fresh.adminKey))
      .expect(204);
  });

  it('should let exactly one of two concurrent demotions of the last two admins succeed, never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const fresh = await createOrg(t.app);
      const second = await createUser(fresh, { email: uniqueEmail('admin-race'), role: 'admin' });
      const responses = await Promise.all(
        [fresh.adminUserId, second.id].map((id) =>
          request(t.http)
            .put(`/api/v1/users/${id}`)
            .set(...bearer(fresh.adminKey))
            .send({ role: 'readonly' }),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const list = await request(t.http)
        .get('/api/v1/users')
        .set(...bearer(fresh.adminKey))
        .expect(200);
      expect(list.body.users.filter((user: { role: string }) => user.role === 'admin')).toHaveLength(1);
    }
  });

  it('should let exactly one of two concurrent deletions of the last two admins succeed, never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const fresh = await createOrg(t.app);
      const second = await createUser(fresh, { email: uniqueEmail('admin-race'), role: 'admin' });
      const responses = await Promise.all(
        [fresh.adminUserId, second.id].map((id) =>
          request(t.http)
            .delete(`/api/v1/users/${id}`)
            .set(...bearer(fresh.adminKey)),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([204, 409]);
      expect(await userCount(fresh.orgId)).toBe(1);
    }
  });

  it('should delete a user with 204, revoke their personal keys at once and keep other keys working', async () => {
    const user = await createUser(org, { email: uniqueEmail('leaver'), role: 'configure' });
    const colleague = await createUser(org, { email: uniqueEmail('stayer'), role: 'configure' });
    const personal = await createKey(t.app, org.orgId, { userId: user.id, scopes: ['read', 'write'] });
    const personalLegacy = await createKey(t.app, org.orgId, { userId: user.id, scopes: ['agents:read'], format: 'legacy' });
    const colleagueKey = await createKey(t.app, org.orgId, { userId: colleague.id, scopes: ['read'] });

    // Used once, so the verification is cached before the deletion.
    for (const key of [personal.key, personalLegacy.key, colleagueKey.key]) {
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(key))
        .expect(200);
    }

    await request(t.http)
      .delete(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .expect(204)
      .expect((res) => expect(res.text).toBe(''));

    for (const key of [personal.key, personalLegacy.key]) {
      expectVersionedError(
        await request(t.http)
          .get('/api/v1/agents')
          .set(...bearer(key)),
        401,
        'unauthorized',
      );
    }
    const revoked = await t.app
      .get(DataSource)
      .getRepository(ApiKeyEntity)
      .find({ where: { orgId: org.orgId, userId: user.id } });
    expect(revoked).toHaveLength(2);
    for (const key of revoked) {
      expect(key.revokedAt).toBeInstanceOf(Date);
    }

    await request(t.http)
      .get('/api/v1/agents')
      .set(...bearer(colleagueKey.key))
      .expect(200);
    await request(t.http)
      .get('/api/v1/users')
      .set(...bearer(org.adminKey))
      .expect(200);

    expectVersionedError(
      await request(t.http)
        .get(`/api/v1/users/${user.id}`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    expectVersionedError(
      await request(t.http)
        .delete(`/api/v1/users/${user.id}`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    // The address is free again.
    await createUser(org, { email: user.email });
  });

  it('should revoke, or refuse, every personal key made while its user is being deleted', async () => {
    const user = await createUser(org, { email: uniqueEmail('racing'), role: 'configure' });
    const own = await createKey(t.app, org.orgId, { userId: user.id, scopes: ['admin'] });
    const [deleted, ...made] = await Promise.all([
      request(t.http)
        .delete(`/api/v1/users/${user.id}`)
        .set(...bearer(org.adminKey)),
      ...Array.from({ length: 6 }, (_, index) =>
        request(t.http)
          .post('/api/v1/api-keys')
          .set(...bearer(own.key))
          .send({ name: `made in the race ${index}`, scopes: ['read'] }),
      ),
    ]);
    expect(deleted.status).toBe(204);
    for (const response of made) {
      expect([201, 401]).toContain(response.status);
    }
    const left = await t.app
      .get(DataSource)
      .getRepository(ApiKeyEntity)
      .find({ where: { orgId: org.orgId, userId: user.id } });
    expect(left.length).toBe(1 + made.filter((response) => response.status === 201).length);
    expect(left.filter((key) => key.revokedAt === null)).toEqual([]);
  });

  it('should apply a role change to the user\u2019s personal keys at once', async () => {
    const user = await createUser(org, { email: uniqueEmail('demoted'), role: 'configure' });
    const personal = await createKey(t.app, org.orgId, { userId: user.id, scopes: ['read', 'write'] });
    await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(personal.key))
      .send({ name: 'Allowed', data_source_ids: [] })
      .expect(201);

    await request(t.http)
      .put(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .send({ role: 'readonly' })
      .expect(200);

    expectVersionedError(
      await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(personal.key))
        .send({ name: 'Refused', data_source_ids: [] }),
      403,
      'forbidden',
    );
    await request(t.http)
      .get('/api/v1/agents')
      .set(...bearer(personal.key))
      .expect(200);
  });

  it('should hide another organization\u2019s user behind 404 on get, put and delete', async () => {
    const user = await createUser(org, { email: uniqueEmail('private'), name: 'Private' });
    const eventsBefore = (await eventsOf(org.orgId)).length;
    for (const id of [user.id, org.adminUserId]) {
      for (const call of [
        request(t.http).get(`/api/v1/users/${id}`),
        request(t.http).put(`/api/v1/users/${id}`).send({ name: 'Stolen', role: 'admin' }),
        request(t.http).delete(`/api/v1/users/${id}`),
      ]) {
        expectVersionedError(await call.set(...bearer(other.adminKey)), 404, 'not_found');
      }
    }
    const list = await request(t.http)
      .get('/api/v1/users?limit=200')
      .set(...bearer(other.adminKey))
      .expect(200);
    const ids = list.body.users.map((entry: { id: string }) => entry.id);
    expect(ids).not.toContain(user.id);
    expect(ids).not.toContain(org.adminUserId);
    expect(ids).toContain(other.adminUserId);

    const fetched = await request(t.http)
      .get(`/api/v1/users/${user.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(fetched.body).toEqual(user);
    expect(await eventsOf(org.orgId)).toHaveLength(eventsBefore);
  });

  it('should write no event when a request fails', async () => {
    const fresh = await createOrg(t.app);
    const existing = await createUser(fresh, { email: uniqueEmail('existing') });
    const target = await createUser(fresh, { email: uniqueEmail('target') });
    // Compared without dispatchedAt, which the webhook dispatcher sets on its own time.
    const written = async (): Promise<Array<Omit<EventEntity, 'dispatchedAt'>>> =>
      (await eventsOf(fresh.orgId)).map(({ dispatchedAt: _dispatchedAt, ...event }) => event);
    const before = await written();
    const failures = [
      request(t.http).post('/api/v1/users').send({ email: existing.email.toUpperCase() }),
      request(t.http).post('/api/v1/users').send({ email: 'bad' }),
      request(t.http).post('/api/v1/users').send({ email: uniqueEmail(), role: 'root' }),
      request(t.http).put(`/api/v1/users/${target.id}`).send({ email: existing.email }),
      request(t.http).put(`/api/v1/users/${target.id}`).send({ name: '' }),
      request(t.http)
        .put(`/api/v1/users/${newId('user')}`)
        .send({ name: 'Ghost' }),
      request(t.http).put(`/api/v1/users/${fresh.adminUserId}`).send({ role: 'readonly', name: 'Demoted' }),
      request(t.http).delete(`/api/v1/users/${fresh.adminUserId}`),
    ];
    for (const call of failures) {
      const response = await call.set(...bearer(fresh.adminKey));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await written()).toEqual(before);
    const admin = await request(t.http)
      .get(`/api/v1/users/${fresh.adminUserId}`)
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(admin.body).toMatchObject({ role: 'admin', name: null });
  });

  it('should require the admin scope', async () => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['read', 'write', 'execute'] });
    for (const call of [
      request(t.http).get('/api/v1/users'),
      request(t.http).post('/api/v1/users').send({ email: uniqueEmail() }),
      request(t.http).get(`/api/v1/users/${org.adminUserId}`),
      request(t.http).put(`/api/v1/users/${org.adminUserId}`).send({ name: 'x' }),
      request(t.http).delete(`/api/v1/users/${org.adminUserId}`),
    ]) {
      const response = await call.set(...bearer(key));
      expectVersionedError(response, 403, 'forbidden');
      expect(response.body).toMatchObject({ required_scope: 'admin', current_scopes: ['read', 'write', 'execute'] });
    }
  });

  it('should keep to the pagination bounds on the user list', async () => {
    const fresh = await createOrg(t.app);
    for (let i = 0; i < 3; i++) {
      await createUser(fresh, { email: uniqueEmail('page') });
    }
    await expectPaginationBounds({ http: t.http, path: '/api/v1/users', key: fresh.adminKey, field: 'users', total: 4 });
  });
});
