/**
 * Sets up a whole table the way players do: the host registers and creates it, the others
 * register and join their seats (open seats by number, reserved seats with the host's invitation
 * code), everyone watches, the host starts, spectators come to watch.
 */
import { defaultOptionChoices, defaultOptionFlags, type Seat } from '@gangsta/engine';
import type { BotLevel, CreateTable, SeatSetup, TableInfo, TableOptions } from '@gangsta/protocol';
import { type ClientOptions, TestClient } from './testClient.ts';

export type SeatPlan =
  /** `via`: the server process this player talks to (a cluster); the table's server otherwise. */
  { kind: 'human'; invited?: boolean; via?: Server } | { kind: 'bot'; level: BotLevel };

export interface TablePlan {
  /** Variants and table options; `players` is taken from `seats`. */
  options?: Partial<Omit<TableOptions, 'players'>>;
  /** One entry per seat; the first human seat is the host's. */
  seats: SeatPlan[];
  public?: boolean;
  /** Anonymous clients that watch the game. */
  spectators?: number;
  /** The server process the spectators talk to (a cluster); the table's server otherwise. */
  spectatorsVia?: Server;
  /** Prefix for player names (helps reading failures). */
  label?: string;
  timeoutMs?: number;
}

export interface SeatedClient {
  client: TestClient;
  seat: Seat;
}

export interface ReadyTable {
  id: string;
  info: TableInfo;
  host: TestClient;
  /** The human seats, host included, in seat order (never empty: a table has a human host). */
  players: [SeatedClient, ...SeatedClient[]];
  botSeats: Seat[];
  spectators: TestClient[];
}

type Server = { url: string; wsUrl: string };

export function tableOptions(plan: TablePlan): TableOptions {
  return {
    players: plan.seats.length,
    ...defaultOptionFlags(),
    ...defaultOptionChoices(),
    ...plan.options,
  };
}

/** Creates, fills and starts a table; resolves once every human and spectator has the game. */
export async function setUpTable(server: Server, plan: TablePlan): Promise<ReadyTable> {
  const label = plan.label ?? 't';
  const hostSeat = plan.seats.findIndex((seat) => seat.kind === 'human');
  if (hostSeat < 0) throw new Error('a table needs a human host');
  const clientOptions: ClientOptions =
    plan.timeoutMs === undefined ? {} : { timeoutMs: plan.timeoutMs };
  const host = await TestClient.player(server, `${label}-host`, clientOptions);
  const created = await host.api.createTable({
    public: plan.public ?? true,
    options: tableOptions(plan),
    seats: plan.seats.map((seat, index) => seatSetup(seat, index === hostSeat)),
  } satisfies CreateTable);
  const id = created.table.id;
  const invites = 'invites' in created.table ? created.table.invites : {};
  const players: ReadyTable['players'] = [{ client: host, seat: hostSeat }];
  for (const [seat, setup] of plan.seats.entries()) {
    if (setup.kind !== 'human' || seat === hostSeat) continue;
    const client = await TestClient.player(setup.via ?? server, `${label}-p${seat}`, clientOptions);
    await client.api.joinTable(
      id,
      setup.invited ? { seat, invite: invites[String(seat)] } : { seat },
    );
    players.push({ client, seat });
  }
  players.sort((a, b) => a.seat - b.seat);
  for (const { client } of players) await client.watch(id);
  const started = await host.api.startTable(id);
  await Promise.all(players.map(({ client }) => gameFrame(client, id)));
  const spectators: TestClient[] = [];
  for (let i = 0; i < (plan.spectators ?? 0); i++) {
    const spectator = await TestClient.anonymous(plan.spectatorsVia ?? server, {
      label: `${label}-spectator${i}`,
      ...clientOptions,
    });
    await spectator.watch(id);
    await gameFrame(spectator, id);
    spectators.push(spectator);
  }
  const botSeats = plan.seats.flatMap((seat, index) => (seat.kind === 'bot' ? [index] : []));
  return { id, info: started.table, host, players, botSeats, spectators };
}

/** Closes every socket of a table's clients. */
export async function closeTable(table: ReadyTable): Promise<void> {
  await Promise.all(
    [...table.players.map((p) => p.client), ...table.spectators].map((c) => c.close()),
  );
}

function seatSetup(seat: SeatPlan, isHost: boolean): SeatSetup {
  if (seat.kind === 'bot') return { kind: 'bot', level: seat.level };
  if (isHost) return { kind: 'host' };
  return seat.invited ? { kind: 'invited' } : { kind: 'open' };
}

/** Waits until the client holds a game frame of the table (a watcher learns of the start by itself). */
async function gameFrame(client: TestClient, tableId: string): Promise<void> {
  if (client.tableState(tableId).frame) return;
  await client.waitFor(
    `the first game frame of table ${tableId}`,
    () => client.tableState(tableId).frame !== null,
    0,
  );
}
