import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { until } from '#test/utils/until.js';
import { useTestApp } from '#test/utils/test-app.js';

interface LogLine {
  level: number;
  msg: string;
}

describe('an upload its client abandons', () => {
  const lines: LogLine[] = [];
  const t = useTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(
          ...chunk
            .toString('utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as LogLine),
        );
        callback();
      },
    }),
  });
  let org: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
  });

  it('should be the client’s doing, not a server error in the logs, and leave the source as it was', async () => {
    const source = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name: 'Uploads' })
      .expect(201);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    const socket = connect((t.http.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const firstPart = `--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(2000)}`;
    socket.write(
      `POST /api/v1/data-sources/${source.body.id}/files HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${org.adminKey}\r\n` +
        `Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 100000\r\n\r\n${firstPart}`,
    );
    // The upload is under way (multer is writing the file) when the client hangs up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();

    await until(async () => lines.find((line) => line.msg === 'The client went away before its request was read'), 5_000, 'the abandoned upload to be noticed');
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const documents = await request(t.http)
      .get(`/api/v1/data-sources/${source.body.id}/documents`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(documents.body.total).toBe(0);
  });
});
