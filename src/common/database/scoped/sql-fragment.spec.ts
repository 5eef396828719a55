import { describe, expect, it } from 'vitest';
import { and, identifier, join, sql, SqlFragment } from '#src/common/database/scoped/sql-fragment.js';

describe('sql fragments', () => {
  it('should send every interpolated value as a parameter, numbered from where the caller starts', () => {
    const status = "active'; DROP TABLE agent; --";
    expect(sql`status = ${status} AND name ILIKE ${'%a%'}`.render(3)).toEqual({
      text: 'status = $3 AND name ILIKE $4',
      params: [status, '%a%'],
    });
  });

  it('should splice nested fragments with their parameters renumbered in order', () => {
    const inner = sql`kind = ${'x'}`;
    expect(sql`a = ${1} AND ${inner} AND b = ${2}`.render(2)).toEqual({ text: 'a = $2 AND kind = $3 AND b = $4', params: [1, 'x', 2] });
    expect(and(sql`a = ${1}`, sql`b = ${2}`).render()).toEqual({ text: '(a = $1) AND (b = $2)', params: [1, 2] });
    expect(and().render()).toEqual({ text: 'TRUE', params: [] });
  });

  it('should quote identifiers and join fragments with a fixed separator', () => {
    expect(sql`${identifier('weird"name')} = ${1}`.render()).toEqual({ text: '"weird""name" = $1', params: [1] });
    expect(join([sql`a = ${1}`, sql`b = ${2}`], ', ').render()).toEqual({ text: 'a = $1, b = $2', params: [1, 2] });
  });

  it('should not take a plain string for a fragment', () => {
    expect(SqlFragment.isFragment('id = 1')).toBe(false);
    expect(SqlFragment.isFragment(sql`id = ${1}`)).toBe(true);
  });
});
