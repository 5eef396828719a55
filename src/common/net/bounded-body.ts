/**
 * A response body read to its end, and refused with `tooLarge()` as soon as it passes `maxBytes`: nothing
 * beyond the limit is held, and leaving the loop early cancels the rest of the stream.
 */
export async function readBodyWithin(body: AsyncIterable<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
