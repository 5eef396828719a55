import { describe, expect, it } from 'vitest';
import { LazyLibrary } from '#src/common/lazy/lazy-library.js';

describe('LazyLibrary', () => {
  it('should import nothing until asked, then once, however many ask at the same time', async () => {
    let imports = 0;
    const library = new LazyLibrary(() => Promise.resolve({ name: `library ${++imports}` }));
    expect(imports).toBe(0);
    expect(library.loaded).toBeUndefined();

    const [first, second] = await Promise.all([library.load(), library.load()]);

    expect(first).toBe(second);
    expect(await library.load()).toBe(first);
    expect(library.loaded).toBe(first);
    expect(imports).toBe(1);
  });

  it('should try again after an import that failed, and say nothing is loaded meanwhile', async () => {
    let attempts = 0;
    const library = new LazyLibrary(() => (++attempts === 1 ? Promise.reject(new Error('EMFILE')) : Promise.resolve({ ok: true })));

    await expect(library.load()).rejects.toThrow('EMFILE');
    expect(library.loaded).toBeUndefined();

    expect(await library.load()).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });

  it('should load a real module', async () => {
    const library = new LazyLibrary(() => import('node:zlib'));
    const { gzipSync, gunzipSync } = await library.load();
    expect(gunzipSync(gzipSync('text')).toString()).toBe('text');
  });
});
