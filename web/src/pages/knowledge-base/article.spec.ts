import { describe, expect, it } from 'vitest';
import {
  articleBody,
  articleFormFrom,
  listQuery,
  newArticleForm,
  parseTags,
  readListFilters,
  unchanged,
  writeListFilters,
} from '@/pages/knowledge-base/article';

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

describe('list filters in the address', () => {
  it('should read the status and the page, ignoring what the API would refuse', () => {
    expect(readListFilters(new URLSearchParams('status=published&offset=25'))).toEqual({ status: 'published', offset: 25 });
    expect(readListFilters(new URLSearchParams('status=archived&offset=-3'))).toEqual({ offset: 0 });
    expect(readListFilters(new URLSearchParams('offset=2.5'))).toEqual({ offset: 0 });
    expect(readListFilters(new URLSearchParams(''))).toEqual({ offset: 0 });
  });

  it('should write only what is set, and read back what it wrote', () => {
    expect(writeListFilters({ offset: 0 }).toString()).toBe('');
    const written = writeListFilters({ status: 'draft', offset: 50 });
    expect(written.toString()).toBe('status=draft&offset=50');
    expect(readListFilters(written)).toEqual({ status: 'draft', offset: 50 });
  });

  it('should ask the API for the page, with the status only when one is chosen', () => {
    expect(listQuery({ offset: 0 }, 25)).toEqual({ limit: 25, offset: 0 });
    expect(listQuery({ status: 'published', offset: 25 }, 25)).toEqual({ limit: 25, offset: 25, status: 'published' });
  });
});
