import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { parseCsv } from '#src/modules/ingestion/parsers/csv-parser.js';
import { parseJson } from '#src/modules/ingestion/parsers/json-parser.js';
import { decodeText } from '#src/modules/ingestion/parsers/text-decoding.js';
import { parsePlainText } from '#src/modules/ingestion/parsers/text-parser.js';
import { makeCsv, makeJson, randomBinary } from '#test/utils/fixture-files.js';

const failure = (reason: DocumentParseError['reason']) => expect.objectContaining({ name: 'DocumentParseError', reason }) as DocumentParseError;

describe('parsePlainText', () => {
  it('should split paragraphs at blank lines, join wrapped prose and keep short lines apart', () => {
    const text =
      'Release notes\r\n\r\nThis release changes how the service reads its configuration files at start-up,\nand how it reports the settings\tit could not parse.\n  \n\n- fixed a crash\n- faster start\n\nAda Lovelace\n12 Example Street\n';
    expect(parsePlainText(text)).toEqual({
      title: 'Release notes',
      blocks: [
        { kind: 'text', text: 'Release notes' },
        {
          kind: 'text',
          text: 'This release changes how the service reads its configuration files at start-up, and how it reports the settings it could not parse.',
        },
        { kind: 'text', text: '- fixed a crash\n- faster start' },
        { kind: 'text', text: 'Ada Lovelace\n12 Example Street' },
      ],
    });
  });

  it('should refuse whitespace only as empty', () => {
    expect(() => parsePlainText(' \n\t\n')).toThrow(failure('empty'));
  });
});

describe('parseCsv', () => {
  it('should turn each record into "column: value" pairs, leaving empty values out', () => {
    expect(parseCsv(makeCsv(), { title: 'people' })).toEqual({
      title: 'people',
      blocks: [
        { kind: 'text', text: 'name: Ada Lovelace; role: engineer; city: London' },
        { kind: 'text', text: 'name: Hopper, Grace; role: admiral; city: New York' },
        { kind: 'text', text: 'name: Alan Turing; city: Manchester' },
      ],
    });
  });

  it('should find semicolon and tab delimiters, drop a byte order mark and name unnamed columns', () => {
    expect(parseCsv('\uFEFFid;label\n1;"a;b"\n').blocks).toEqual([{ kind: 'text', text: 'id: 1; label: a;b' }]);
    expect(parseCsv('id\tlabel\n2\tsecond\textra\n').blocks).toEqual([{ kind: 'text', text: 'id: 2; label: second; column 3: extra' }]);
  });

  it('should refuse an unterminated quote as corrupt and a header without rows as empty', () => {
    expect(() => parseCsv('a,b\n"unterminated,2\n')).toThrow(failure('corrupt'));
    expect(() => parseCsv('a,b\n')).toThrow(failure('empty'));
  });
});

describe('parseJson', () => {
  it('should flatten keys into paths with indexed arrays, one block per top-level key', () => {
    expect(parseJson(makeJson(), 'settings')).toEqual({
      title: 'Service settings',
      blocks: [
        { kind: 'text', text: 'title: Service settings' },
        { kind: 'text', text: 'server.host: example.test\nserver.ports[0]: 80\nserver.ports[1]: 443\nserver.tls.enabled: true' },
        { kind: 'text', text: 'owners[0].name: Ada\nowners[0].email: ada@example.test' },
        { kind: 'text', text: 'notes: null' },
      ],
    });
  });

  it('should quote keys that are not plain names and index a top-level array', () => {
    expect(parseJson('[{"a.b": 1, "with space": {"x": "y"}}]', 'list')).toEqual({
      title: 'list',
      blocks: [{ kind: 'text', text: '[0]["a.b"]: 1\n[0]["with space"].x: y' }],
    });
  });

  it('should refuse invalid JSON as corrupt and an empty object as empty', () => {
    expect(() => parseJson('{"a": 1,}')).toThrow(failure('corrupt'));
    expect(() => parseJson('{}')).toThrow(failure('empty'));
  });
});

describe('decodeText', () => {
  it('should decode UTF-8 with and without a byte order mark', () => {
    expect(decodeText(Buffer.from('\uFEFFnaïve café', 'utf8'))).toBe('naïve café');
    expect(decodeText(Buffer.from('naïve café', 'utf8'))).toBe('naïve café');
  });

  it('should decode UTF-16 little- and big-endian with a byte order mark', () => {
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße 東京', 'utf16le')]);
    const bigEndian = Buffer.from(littleEndian);
    bigEndian.swap16();
    expect(decodeText(littleEndian)).toBe('Grüße 東京');
    expect(decodeText(bigEndian)).toBe('Grüße 東京');
  });

  it('should fall back to Windows-1252 for text that is not UTF-8', () => {
    expect(decodeText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]))).toBe('café €5');
  });

  it('should refuse binary data', () => {
    expect(decodeText(randomBinary(4096))).toBeUndefined();
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBeUndefined();
  });
});
