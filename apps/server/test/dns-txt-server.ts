import { createSocket } from 'node:dgram';

/**
 * A DNS server on 127.0.0.1 for tests that answers TXT queries only (hub domain verification, issue #23 item 2):
 * the records are set by the test; other names answer NXDOMAIN. The response is built by hand (RFC 1035 4.1):
 * the query's header and question, then one TXT answer per value.
 */
export async function startDnsTxtServer(): Promise<{
  server: string;
  records: Map<string, string[]>;
  close(): Promise<void>;
}> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (query, remote) => {
    const response = answer(query, records);
    if (response) socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    records,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer | null {
  if (query.length < 12) return null;
  // The question: length-prefixed labels up to a zero byte, then type and class.
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  const questionEnd = offset + 5;
  if (questionEnd > query.length) return null;
  const type = query.readUInt16BE(offset + 1);
  const values = type === 16 ? records.get(labels.join('.').toLowerCase()) : undefined;
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  header.writeUInt16BE(0x8180 | (values ? 0 : 3), 2); // response, recursion desired and available; NXDOMAIN
  header.writeUInt16BE(1, 4); // one question
  header.writeUInt16BE(values?.length ?? 0, 6); // answers
  const answers = (values ?? []).map((value) => {
    const text = Buffer.from(value, 'utf8');
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(16, 2); // TXT
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(text.length + 1, 10);
    return Buffer.concat([record, Buffer.from([text.length]), text]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}
