import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import dnsPacket from 'dns-packet';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** Publishes a TXT record at `name` (several may share a name). */
  addTxt(name: string, value: string): void;
  close(): Promise<void>;
}

/** A name server on a loopback UDP port answering TXT questions from its own records; anything else is NXDOMAIN. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    const values = question?.type === 'TXT' ? (records.get(question.name.toLowerCase()) ?? []) : [];
    const answer = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (values.length === 0 ? 3 : 0),
      questions: query.questions,
      answers: values.map((value) => ({ type: 'TXT' as const, name: question!.name, ttl: 60, class: 'IN' as const, data: value })),
    });
    socket.send(answer, remote.port, remote.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return {
    address: `127.0.0.1:${socket.address().port}`,
    addTxt: (name, value) => records.set(name.toLowerCase(), [...(records.get(name.toLowerCase()) ?? []), value]),
    close: async () => {
      socket.close();
      await once(socket, 'close');
    },
  };
}
