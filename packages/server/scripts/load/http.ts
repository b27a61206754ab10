/**
 * Minimal JSON over HTTP for the load clients, with a chosen local loopback address: the
 * benchmark spreads its thousands of players over 127.0.0.2–127.0.0.254 so that the server's
 * per-address limits (meant for real networks) see a few players per address, as they would.
 */
import { Agent, request } from 'node:http';

const agents = new Map<string, Agent>();

function agentFor(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    // No keep-alive: a reused socket the server has just closed fails with "socket hang up";
    // a fresh loopback connection per request costs little.
    agent = new Agent({ keepAlive: false, maxSockets: 8 });
    agents.set(localAddress, agent);
  }
  return agent;
}

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** POSTs or GETs JSON; resolves with the parsed answer, fails on a status ≥ 400. */
export function jsonRequest<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; localAddress: string },
): Promise<T> {
  const url = new URL(`/api/v1${path}`, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers,
        localAddress: options.localAddress,
        agent: agentFor(options.localAddress),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 400) {
            reject(new HttpFailure(res.statusCode ?? 500, text, `${method} ${path}`));
          } else {
            resolve(JSON.parse(text) as T);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
