/**
 * The tab's online client: the API, the player's identity and the one WebSocket, created the
 * first time an online screen opens (local play never touches the network).
 */
import type { BotClient } from '../../../bots/botClient.ts';
import { i18n } from '../../../i18n/index.ts';
import type { TableError } from '../../../table/tableSource.ts';
import { type Api, createApi } from './api.ts';
import { Connection } from './connection.ts';
import { IdentityStore } from './identity.ts';
import { OnlineTable } from './onlineTable.ts';
import { errorText } from './texts.ts';

export interface OnlineClient {
  api: Api;
  identity: IdentityStore;
  connection: Connection;
  /** Creates (or renames) the player, and says hello again when the token is new. */
  signIn(name: string): Promise<void>;
  /** The table's live source, shared by the screens that show it; `release` when done. */
  table(id: string): OnlineTable;
  release(id: string): void;
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/v1/ws`;
}

export function createOnlineClient(bots: () => BotClient): OnlineClient {
  const identity = new IdentityStore();
  const api = createApi({ token: identity.token });
  const connection = new Connection({
    url: socketUrl(),
    token: identity.token,
    welcomed: (player) => {
      // A token the server does not know (a new database) or a session that ended: the
      // player gives a name or logs in again.
      if (player === null && identity.get() !== null) identity.forget();
      else if (player) identity.update(player);
    },
  });
  window.addEventListener('online', () => connection.retryNow());
  window.addEventListener('offline', () => connection.networkLost());
  const tables = new Map<string, { table: OnlineTable; users: number }>();
  const describe = (error: TableError) => errorText(i18n.t.bind(i18n), error);
  return {
    api,
    identity,
    connection,
    async signIn(name) {
      const before = identity.token();
      await identity.ensure(api, name);
      if (identity.token() !== before) connection.restart();
    },
    table(id) {
      const known = tables.get(id);
      if (known) {
        known.users++;
        return known.table;
      }
      const table = new OnlineTable(id, {
        connection,
        bots,
        fetchRecord: (tableId) => api.record(tableId),
        describe,
      });
      tables.set(id, { table, users: 1 });
      return table;
    },
    release(id) {
      const known = tables.get(id);
      if (!known) return;
      known.users--;
      if (known.users > 0) return;
      known.table.dispose();
      tables.delete(id);
    },
  };
}

let client: OnlineClient | null = null;

/** The tab's client (one connection per tab). */
export function onlineClient(bots: () => BotClient): OnlineClient {
  client ??= createOnlineClient(bots);
  return client;
}
