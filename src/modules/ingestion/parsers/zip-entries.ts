import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The entries listed in a ZIP archive's central directory, or undefined when there is no readable directory. */
export function listZipEntries(bytes: Uint8Array): Map<string, ZipEntry> | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(data);
  if (end === undefined) {
    return undefined;
  }
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
      return undefined;
    }
    const nameLength = data.readUInt16LE(offset + 28);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, {
      name,
      method: data.readUInt16LE(offset + 10),
      compressedSize: data.readUInt32LE(offset + 20),
      localHeaderOffset: data.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return entries;
}

/** An entry's content, inflated; undefined when it cannot be read or would exceed maxBytes. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Buffer | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > data.length || data.readUInt32LE(header) !== LOCAL_HEADER) {
    return undefined;
  }
  const start = header + 30 + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  const compressed = data.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === STORED) {
      return compressed.length <= maxBytes ? compressed : undefined;
    }
    return entry.method === DEFLATED ? inflateRawSync(compressed, { maxOutputLength: maxBytes }) : undefined;
  } catch {
    return undefined;
  }
}

function findEndOfDirectory(data: Buffer): number | undefined {
  const lowest = Math.max(0, data.length - END_OF_DIRECTORY_SIZE - MAX_COMMENT);
  for (let offset = data.length - END_OF_DIRECTORY_SIZE; offset >= lowest; offset--) {
    if (data.readUInt32LE(offset) === END_OF_DIRECTORY) {
      return offset;
    }
  }
  return undefined;
}
