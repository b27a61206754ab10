/**
 * Test helpers for accounts and sessions: a "device" that keeps its session cookie like a
 * browser (set by Set-Cookie, dropped when cleared) and talks HTTP and WebSocket with it.
 */
import { PROTOCOL_VERSION, type ServerMessage } from '@gangsta/protocol';
import WebSocket from 'ws';
import type { HttpAnswer } from './harness.ts';

export interface DeviceAnswer extends HttpAnswer {
  setCookies: string[];
}

export class Device {
  /** `name=value` of the session cookie, as the browser would send it. */
  cookie: string | null = null;

  constructor(
    readonly base: string,
    /** A guest's bearer token, sent when set. */
    public token: string | null = null,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<DeviceAnswer> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.take(line);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, setCookies };
  }

  /** Says hello without a token on a WebSocket whose upgrade carries the cookie; the welcome. */
  async hello(): Promise<{ welcome: ServerMessage; socket: WebSocket; frames: ServerMessage[] }> {
    const headers: Record<string, string> = this.cookie ? { cookie: this.cookie } : {};
    const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/v1/ws`, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const frames: ServerMessage[] = [];
    const welcome = new Promise<ServerMessage>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        frames.push(message);
        if (message.type === 'welcome') resolve(message);
      });
    });
    socket.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    return { welcome: await welcome, socket, frames };
  }

  private take(line: string): void {
    // split always gives at least one part: the cookie's name=value.
    const [pair = ''] = line.split(';');
    const cleared = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
    this.cookie = cleared ? null : pair.trim();
  }
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2026-11-01T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
