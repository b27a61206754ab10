/**
 * A local SMTP server for tests (the `smtp-server` package) on 127.0.0.1 and a random port:
 * it keeps every mail it receives, so a test reads what the server sent and follows its
 * links. Nothing is ever sent to an outside address.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text part, decoded (quoted-printable undone). */
  text: string;
  headers: Record<string, string>;
}

/** Undoes quoted-printable: soft line breaks and `=XX` bytes. */
function fromQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : fromQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(raw: string, to: string[]): ReceivedMail {
  // split always gives at least one part: the head, empty for an empty mail.
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  const body = rest.join('\n\n');
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? fromQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to, subject: headers.subject ?? '', text, headers };
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** The next mail to arrive (or the first not yet taken). */
  next(): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next() {
      for (;;) {
        const mail = mails[taken];
        if (mail) {
          taken++;
          return mail;
        }
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
