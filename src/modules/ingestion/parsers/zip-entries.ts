export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  /** The uncompressed size the central directory states, which nothing obliges to be true. */
  declaredSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  /** In directory order, repeated names included. */
  entries: ZipEntry[];
  /** The count the directory's end record states, which may exceed the entries listed. */
  count: number;
}

export const STORED = 0;
export const DEFLATED = 8;
export const ENCRYPTED_FLAG = 0x1;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_OF_DIRECTORY_SIZE = 22;
const DIRECTORY_ENTRY_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
const ZIP64_MARK = 0xffffffff;
const UTF8_FLAG = 0x800;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * A ZIP archive's central directory, listing at most `maxEntries` entries; undefined when there is no readable
 * directory. Nothing is inflated: the sizes are the ones the directory claims.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipDirectory | undefined {
  const data = asBuffer(bytes);
  const end = findEndOfDirectory(data);
  if (end === undefined) {
    return undefined;
  }
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < Math.min(count, maxEntries); index++) {
    if (offset + DIRECTORY_ENTRY_SIZE > data.length || data.readUInt32LE(offset) !== DIRECTORY_ENTRY) {
      return undefined;
    }
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const nameStart = offset + DIRECTORY_ENTRY_SIZE;
    if (nameStart + nameLength + extraLength > data.length) {
      return undefined;
    }
    const entry: ZipEntry = {
      name: data.toString('utf8', nameStart, nameStart + nameLength),
      method: data.readUInt16LE(offset + 10),
      flags: data.readUInt16LE(offset + 8),
      crc: data.readUInt32LE(offset + 16),
      compressedSize: data.readUInt32LE(offset + 20),
      declaredSize: data.readUInt32LE(offset + 24),
      localHeaderOffset: data.readUInt32LE(offset + 42),
    };
    const extra = data.subarray(nameStart + nameLength, nameStart + nameLength + extraLength);
    if (!applyZip64Sizes(entry, extra)) {
      return undefined;
    }
    entries.push(entry);
    offset = nameStart + nameLength + extraLength + data.readUInt16LE(offset + 32);
  }
  return { entries, count };
}

/** An entry's stored (usually compressed) bytes, as its local header places them; undefined when out of bounds. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Buffer | undefined {
  const data = asBuffer(bytes);
  const header = entry.localHeaderOffset;
  if (header + LOCAL_HEADER_SIZE > data.length || data.readUInt32LE(header) !== LOCAL_HEADER) {
    return undefined;
  }
  const start = header + LOCAL_HEADER_SIZE + data.readUInt16LE(header + 26) + data.readUInt16LE(header + 28);
  return start + entry.compressedSize <= data.length ? data.subarray(start, start + entry.compressedSize) : undefined;
}

export interface ZipWriteEntry {
  name: string;
  method: number;
  crc: number;
  size: number;
  data: Buffer;
}

/** A new archive of the given entries, their data written as given (no data descriptors, no ZIP64). */
export function writeZip(entries: readonly ZipWriteEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(LOCAL_HEADER_SIZE);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(DIRECTORY_ENTRY_SIZE);
    header.writeUInt32LE(DIRECTORY_ENTRY, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(UTF8_FLAG, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.data);
    directory.push(header, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directorySize = directory.reduce((size, part) => size + part.length, 0);
  const end = Buffer.alloc(END_OF_DIRECTORY_SIZE);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

/** Sizes and offsets too large for 32 bits sit in the ZIP64 extra field, in this order, only for those marked. */
function applyZip64Sizes(entry: ZipEntry, extra: Buffer): boolean {
  const marked = (['declaredSize', 'compressedSize', 'localHeaderOffset'] as const).filter((field) => entry[field] === ZIP64_MARK);
  if (marked.length === 0) {
    return true;
  }
  for (let offset = 0; offset + 4 <= extra.length;) {
    const id = extra.readUInt16LE(offset);
    const size = extra.readUInt16LE(offset + 2);
    if (id === ZIP64_EXTRA && size >= marked.length * 8 && offset + 4 + size <= extra.length) {
      marked.forEach((field, index) => {
        entry[field] = Number(extra.readBigUInt64LE(offset + 4 + index * 8));
      });
      return true;
    }
    offset += 4 + size;
  }
  return false;
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

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
