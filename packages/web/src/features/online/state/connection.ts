/**
 * The tab's one WebSocket to the server (`/api/v1/ws`): the protocol's client,
 * `@gangsta/client`, connected at once, its problems a line each in the console.
 */
import { type ClientOptions, GangstaClient } from '@gangsta/client';

export type {
  ConnectionSnapshot,
  SocketFactory,
  SocketLike,
  TableHandler,
  TableMessage,
  Timers,
} from '@gangsta/client';

export class Connection extends GangstaClient {
  constructor(options: ClientOptions) {
    super({
      // A dropped frame is worth a line in the console, never a crash.
      log: (problem) => console.warn(`[gangsta online] ${problem}`),
      ...options,
    });
    this.connect();
  }
}
