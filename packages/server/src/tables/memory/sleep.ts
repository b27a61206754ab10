/**
 * Tables asleep. A turn-based game may wait days for its next move; holding it in memory
 * meanwhile would make the server's memory grow with every game left open. So a playing table
 * that nobody watches, where nothing is being committed and nothing is due within
 * `idleTableMs` (no bot to move; its timer, if any, later than that), leaves memory once it
 * has gone `idleTableMs` without a move. It is read from the store again (its log replayed,
 * about a millisecond per game) the moment anyone asks for it: a watch, a move, the HTTP API, a
 * move heard from another process, or its own timer (a turn-based clock's deadline), for which
 * only the time is kept. A friendly table never sleeps: while a person must decide, the
 * absence rule's timer is due within minutes, and once bots hold the seats they play on.
 * At start, only waiting tables, tables moved within `idleTableMs` and tables due within it are
 * rebuilt; the deadlines of the others are set as wake-ups.
 */
import type { Platform, TableMemory } from '../context.ts';
import { decidingAt } from '../game/position.ts';
import type { Room } from '../room.ts';
import { Deadlines } from './deadlines.ts';

/** What keeps a table awake besides its watchers and recent moves. */
export interface WakeReasons {
  /** When the table's timer (absence, clock) fires; null when none is set. */
  timerDueAt(room: Room): number | null;
  /** Cancels the table's timer (it leaves memory; its wake-up takes the timer's place). */
  cancelTimer(room: Room): void;
}

/** Whether the table could leave memory now, were it idle long enough. */
function restful(room: Room, reasons: WakeReasons, wakeAfter: number): boolean {
  const position = room.committed;
  if (room.table.status !== 'playing' || !position) return false;
  if (room.watchers.size > 0 || room.head !== position || room.botBusy) return false;
  const due = reasons.timerDueAt(room);
  if (due !== null && due <= wakeAfter) return false;
  // A bot (or the takeover bot of a player away) about to move keeps the table awake.
  return decidingAt(position).every((seat) => {
    const stored = room.table.seats[seat];
    return stored !== undefined && stored.botLevel === null && !stored.away;
  });
}

/**
 * Puts idle tables to sleep, and wakes those whose timer comes due. Each table in memory has
 * one deadline for its next look (`Deadlines`: no round over every table): a table seen
 * restful at the same version `idleTableMs` apart, and restful still, leaves memory; one that
 * is not restful is looked at again `min(idleTableMs / 2, 1 min)` later.
 */
export class Sleeper {
  /** Wake-ups of tables asleep whose timer is due later (by table id). */
  private readonly wakeUps: Deadlines<string>;
  /** The next look at each table in memory. */
  private readonly looks: Deadlines<Room>;
  /** When each table was first seen restful, at which version. */
  private readonly restingSince = new WeakMap<Room, { at: number; version: number }>();
  private readonly idleMs: number;
  private readonly everyMs: number;

  constructor(
    private readonly ctx: Pick<Platform, 'time' | 'log' | 'metrics'> &
      Pick<TableMemory, 'rooms' | 'wakeBots'>,
    private readonly reasons: WakeReasons,
    /** How long a table rests before it sleeps (`idleTableMs`). */
    idleMs: number,
  ) {
    this.idleMs = idleMs;
    this.everyMs = Math.max(1, Math.min(Math.floor(this.idleMs / 2), 60_000));
    this.wakeUps = new Deadlines(ctx.time, (id) => this.wake(id));
    this.looks = new Deadlines(ctx.time, (room) => this.look(room));
  }

  /** Wakes the table at `at` (its timer's deadline): rebuilt, its timer and bots set again. */
  wakeAt(id: string, at: number): void {
    this.wakeUps.set(id, at);
  }

  private wake(id: string): void {
    void this.ctx.rooms
      .get(id)
      .then((room) => {
        if (!room) return;
        this.ctx.wakeBots(room);
      })
      .catch((error: unknown) => {
        this.ctx.log.warn({ err: error, table: id }, 'a table due could not be woken; retrying');
        this.wakeAt(id, this.ctx.time.now() + 5_000);
      });
  }

  start(): void {
    const now = this.ctx.time.now();
    this.ctx.rooms.onEntered((room) => this.looks.set(room, this.ctx.time.now() + this.everyMs));
    this.ctx.rooms.onLeft((room) => this.looks.delete(room));
    for (const room of this.ctx.rooms.all()) this.looks.set(room, now + this.everyMs);
  }

  stop(): void {
    this.looks.stop();
    this.wakeUps.stop();
  }

  /** The table's look has come: it sleeps, or gets its next look. */
  private look(room: Room): void {
    const { ctx } = this;
    if (ctx.rooms.loaded(room.id) !== room) return;
    const now = ctx.time.now();
    const version = room.committed?.version ?? -1;
    if (!restful(room, this.reasons, now + this.idleMs)) {
      this.restingSince.delete(room);
      return this.looks.set(room, now + this.everyMs);
    }
    const since = this.restingSince.get(room);
    if (!since || since.version !== version) {
      this.restingSince.set(room, { at: now, version });
      return this.looks.set(room, now + this.idleMs);
    }
    if (now - since.at < this.idleMs) return this.looks.set(room, since.at + this.idleMs);
    const due = this.reasons.timerDueAt(room);
    this.reasons.cancelTimer(room);
    ctx.rooms.forget(room);
    ctx.metrics.tablesSlept.inc();
    if (due !== null) this.wakeAt(room.id, due);
  }
}
