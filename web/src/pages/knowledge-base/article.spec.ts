import { describe, expect, it } from 'vitest';
import { articleBody, articleFormFrom, listQuery, newArticleForm, parseTags, unchanged } from '@/pages/knowledge-base/article';

const stored = { title: 'Resetting your password', content: 'Open Settings.\n\nThen Security.', tags: ['account', 'security'], status: 'published' as const };

describe('parseTags', () => {
  it('should trim tags, drop empty ones and keep each once, in the order typed', () => {
    expect(parseTags(' account,security , ,account,  Billing ,')).toEqual(['account', 'security', 'Billing']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
  });
});

describe('articleBody', () => {
  it('should send every field, the title trimmed and the content verbatim', () => {
    expect(articleBody({ title: '  Title ', content: '  indented\n', tags: 'a, b', status: 'draft' })).toEqual({
      title: 'Title',
      content: '  indented\n',
      tags: ['a', 'b'],
      status: 'draft',
    });
  });

  it('should start a new article as an empty draft', () => {
    expect(articleBody(newArticleForm())).toEqual({ title: '', content: '', tags: [], status: 'draft' });
  });
});

describe('unchanged', () => {
  it('should see the form of an article as unchanged, spacing of its tags and title aside', () => {
    expect(unchanged(articleFormFrom(stored), stored)).toBe(true);
    expect(unchanged({ ...articleFormFrom(stored), tags: 'account ,security,', title: ' Resetting your password ' }, stored)).toBe(true);
  });

  it('should see any edit of a field, and the order of tags, as a change', () => {
    const form = articleFormFrom(stored);
    expect(unchanged({ ...form, content: `${stored.content} ` }, stored)).toBe(false);
    expect(unchanged({ ...form, status: 'draft' }, stored)).toBe(false);
    expect(unchanged({ ...form, tags: 'security, account' }, stored)).toBe(false);
    expect(unchanged({ ...form, tags: 'account' }, stored)).toBe(false);
    expect(unchanged({ ...form, title: 'Other' }, stored)).toBe(false);
  });
});

describe('the list query', () => {
  it('should ask the API for the page, with the status only when one is chosen', () => {
    expect(listQuery(undefined, 25, 0)).toEqual({ limit: 25, offset: 0 });
    expect(listQuery('published', 25, 25)).toEqual({ limit: 25, offset: 25, status: 'published' });
  });
});
