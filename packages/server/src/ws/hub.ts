/**
 * The WebSocket endpoint: a limit on sockets per address, a heartbeat that drops dead
 * connections, and closing everything on shutdown.
 */

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {} from '@fastify/websocket';
import { protocolError } from '@gangsta/protocol';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { addressKey } from '../addressKey.ts';
import type { SocketGuard } from '../security/install.ts';
import { Connection, type ConnectionDeps } from './connection.ts';

/** Socket errors a peer causes by dropping the connection. */
const NETWORK_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/**
 * Errors of an established WebSocket (the `@fastify/websocket` error handler). A peer's
 * doing — a frame beyond the hard size limit, a malformed frame (`WS_ERR_*`, after which the
 * library closes the socket itself with the fitting code), a dropped network — is logged at
 * warn: any client can cause it at will, so it must not fill the error log. Anything else is
 * a failure of our own handler, logged as an error.
 */
export function socketErrorHandler(
  this: unknown,
  error: Error,
  socket: WebSocket,
  request: FastifyRequest,
): void {
  handleSocketError(error, socket, request.log);
}

function handleSocketError(error: Error, socket: WebSocket, log: FastifyBaseLogger): void {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('WS_ERR_')) {
    log.warn({ code }, `a client sent a bad WebSocket frame: ${error.message}`);
    return;
  }
  if (NETWORK_ERRORS.has(code)) {
    log.warn({ code }, `a WebSocket connection failed: ${error.message}`);
  } else {
    log.error({ err: error }, 'a WebSocket handler failed');
  }
  socket.terminate();
}

/**
 * Lets go of the upgrade's HTTP objects, which would otherwise live as long as the socket:
 * `@fastify/websocket` routes the upgrade through a `ServerResponse` it assigns to the TCP
 * socket (`_httpMessage`), and its error listener closes over the request and reply. Together
 * about 4 KB per connection (`npm run bench:socket-memory`: 9.5 KB per socket before, 5.2 after). The listener is replaced by one
 * that keeps only the logger; the response is detached as Node does after a normal answer.
 */
function releaseUpgrade(socket: WebSocket, request: FastifyRequest): void {
  const log = request.log;
  socket.removeAllListeners('error');
  socket.on('error', (error) => handleSocketError(error, socket, log));
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

/** How long clients wait before reconnecting after a restart is announced. */
export const RESTART_RETRY_MS = 1000;

export interface HubOptions {
  maxSocketsPerAddress: number;
  heartbeatMs: number;
  /** The upgrade's origin check and paced limit (security/install.ts); none in unit setups. */
  guard?: SocketGuard;
}

export class Hub {
  private readonly connections = new Set<Connection>();
  private readonly perAddress = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private restarting = false;

  constructor(
    private readonly deps: ConnectionDeps,
    private readonly options: HubOptions,
  ) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  register(app: FastifyInstance): void {
    app.get('/api/v1/ws', { websocket: true, ...this.options.guard?.route }, (socket, request) => {
      if (this.restarting) {
        socket.send(
          JSON.stringify({ type: 'closing', reason: 'restart', retryMs: RESTART_RETRY_MS }),
        );
        socket.close(1012, 'server restarting');
        return;
      }
      if (this.options.guard && !this.options.guard.admit(socket, request)) return;
      // Counted per /64 for IPv6, like every per-address limit (addressKey.ts).
      const address = addressKey(request.ip);
      const count = this.perAddress.get(address) ?? 0;
      if (count >= this.options.maxSocketsPerAddress) {
        const error = protocolError('RATE_LIMITED', 'too many connections from your address', {
          max: this.options.maxSocketsPerAddress,
        });
        socket.send(JSON.stringify({ type: 'error', table: null, error }));
        socket.close(1008, 'too many connections');
        return;
      }
      this.perAddress.set(address, count + 1);
      const connection = new Connection(socket, this.deps, request.log);
      // Read now, so that the connection keeps the cookie's session id and not the request.
      const session = app.sessions.sessionIdOf(request);
      connection.fromCookie = () => app.sessions.playerOfSession(session);
      releaseUpgrade(socket, request);
      this.connections.add(connection);
      socket.on('close', () => {
        this.connections.delete(connection);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      });
    });
  }

  /**
   * The first step of a shutdown: every client hears that the server restarts, and nothing
   * more is read from the sockets; acknowledgements of moves being committed still go out.
   */
  announceRestart(retryMs: number): void {
    this.restarting = true;
    for (const connection of this.connections) connection.announceRestart(retryMs);
  }

  /** Closes every connection (1012 "service restart"): clients reconnect, to another process. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.close(1012, 'server restarting');
  }

  /** The players with a connection here that said hello (presence: "friends online"). */
  *players(): Iterable<string> {
    for (const connection of this.connections) {
      if (connection.player) yield connection.player.id;
    }
  }

  get size(): number {
    return this.connections.size;
  }

  private beat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) connection.terminate();
      else connection.ping();
    }
  }
}
