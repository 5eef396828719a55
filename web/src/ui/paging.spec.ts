import { describe, expect, it } from 'vitest';
import { filterFrom, offsetFrom, withFilter, withOffset } from '@/ui/paging';

describe('paging in the address', () => {
  it('should read the offset of a link, and the first page from anything that is not a whole number of rows', () => {
    expect(offsetFrom(new URLSearchParams('offset=50'))).toBe(50);
    for (const bad of ['', 'offset=', 'offset=-5', 'offset=2.5', 'offset=abc', 'offset=1e400', 'offset=99999999999999999999']) {
      expect(offsetFrom(new URLSearchParams(bad)), bad).toBe(0);
    }
  });

  it('should change the page and keep the filters, with no offset on the first page', () => {
    const params = new URLSearchParams('status=failed&offset=25');
    expect(withOffset(params, 50).toString()).toBe('status=failed&offset=50');
    expect(withOffset(params, 0).toString()).toBe('status=failed');
    expect(params.toString()).toBe('status=failed&offset=25');
  });

  it('should read a filter only when it is one the list offers', () => {
    const statuses = ['indexed', 'failed'] as const;
    expect(filterFrom(new URLSearchParams('status=failed'), 'status', statuses)).toBe('failed');
    expect(filterFrom(new URLSearchParams('status=deleted'), 'status', statuses)).toBeUndefined();
    expect(filterFrom(new URLSearchParams(''), 'status', statuses)).toBeUndefined();
  });

  it('should go back to the first page when a filter changes, and drop a cleared filter', () => {
    const params = new URLSearchParams('agent=agt_1&status=failed&offset=25');
    expect(withFilter(params, 'status', 'indexed').toString()).toBe('agent=agt_1&status=indexed');
    expect(withFilter(params, 'status', undefined).toString()).toBe('agent=agt_1');
  });
});
