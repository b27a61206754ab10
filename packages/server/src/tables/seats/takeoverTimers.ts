/**
 * Each table in play has at most one timer, set for the next moment something may have to
 * happen: a clocked table's first deadline, or on a friendly table the moment a deciding
 * player without a connection has been gone `absentMs`. When it fires, the seats whose time
 * is up get the takeover bot. Timers run only on the process that runs the table, and are set
 * again after every change (moves, seats, presence) and when tables are rebuilt at start;
 * the deadlines themselves are in the table's row, so they survive a restart.
 */
import { itemAt, type Seat } from '@gangsta/engine';
import { StoreUnavailable, storeBackoffMs } from '../../store/health.ts';
import type { Ownership, Platform, TableParts } from '../context.ts';
import { expiredSeats, nextDeadline } from '../game/clock.ts';
import { decidingAt, isOver } from '../game/position.ts';
import type { AwayReason } from '../parts.ts';
import { peopleSeats, type Room } from '../room.ts';

export class TakeoverTimers {
  private readonly cancels = new Map<Room, () => void>();
  /** When each table's timer fires (while it is set). */
  private readonly due = new WeakMap<Room, number>();
  /** Per table: since when each deciding player has had no connection. */
  private readonly absentSince = new WeakMap<Room, Map<string, number>>();
  /** Seats being handed to a bot (`table/seat`): not looked at again meanwhile. */
  private readonly takingOver = new Set<string>();
  private stopped = false;

  constructor(
    private readonly ctx: () => Pick<Platform, 'time' | 'log'> &
      Pick<Ownership, 'runs' | 'isConnected'> &
      Pick<TableParts, 'takeover'>,
    private readonly absentMs: number,
  ) {}

  stop(): void {
    this.stopped = true;
    for (const cancel of this.cancels.values()) cancel();
    this.cancels.clear();
  }

  /** Cancels the table's timer (it leaves memory: `sleep.ts`). */
  cancel(room: Room): void {
    this.cancels.get(room)?.();
    this.cancels.delete(room);
  }

  /** When the table's timer fires, or null when none is set (`sleep.ts` asks). */
  dueAt(room: Room): number | null {
    return this.cancels.has(room) ? (this.due.get(room) ?? null) : null;
  }

  /**
   * Sets the table's timer again. Deferred to the end of the current task, so that changes
   * applied together (rows heard from another process, then their table change) are all in.
   */
  arm(room: Room): void {
    queueMicrotask(() => this.rearm(room));
  }

  /**
   * A timer already set to fire no later than the new moment is kept: it fires early, finds
   * nothing due and sets itself again. Most moves push a table's next check later (a player
   * answered, so the absence check moves on), and replacing the timer on every move was a
   * `clearTimeout` and a `setTimeout` per move: 3% of the server's CPU at saturation.
   */
  private rearm(room: Room): void {
    const at = this.active(room) ? this.nextCheck(room) : null;
    if (at === null) return this.cancel(room);
    const set = this.dueAt(room);
    if (set !== null && set <= at) return;
    this.cancel(room);
    const ctx = this.ctx();
    this.due.set(room, at);
    this.cancels.set(
      room,
      ctx.time.setTimer(at, () => {
        this.cancels.delete(room);
        this.check(room);
      }),
    );
  }

  private active(room: Room): boolean {
    const head = room.head;
    if (this.stopped || room.table.status !== 'playing' || !head || isOver(head)) return false;
    return this.ctx().runs(room);
  }

  /** The seats their people play that must decide now, not being handed over already. */
  private decidingPeople(room: Room): Seat[] {
    const people = new Set(peopleSeats(room.table));
    return decidingAt(room.head!).filter(
      (seat) => people.has(seat) && !this.takingOver.has(`${room.id}/${seat}`),
    );
  }

  /** The person at a seat their people play (`peopleSeats`): such a seat always has one. */
  private playerOf(room: Room, seat: Seat): string {
    const player = itemAt(room.table.seats, seat, 'seat').playerId;
    if (player === null) throw new Error(`seat ${seat} of table ${room.id} has nobody in it`);
    return player;
  }

  private nextCheck(room: Room): number | null {
    const clock = room.clockAt();
    if (clock.setting.kind !== 'none') {
      if (!clock.state) return null;
      const state = {
        ...clock.state,
        charged: clock.state.charged.filter((s) => !this.busy(room, s)),
      };
      return nextDeadline(state);
    }
    return this.nextAbsence(room);
  }

  private busy(room: Room, seat: Seat): boolean {
    return this.takingOver.has(`${room.id}/${seat}`);
  }

  /**
   * A friendly table: the moment the first deciding player without a connection has been
   * gone long enough; while every deciding player is connected, a look again later (on a
   * cluster, a connection lost on another process is only learnt by looking).
   */
  private nextAbsence(room: Room): number | null {
    const ctx = this.ctx();
    const now = ctx.time.now();
    const since = this.absentSince.get(room) ?? new Map<string, number>();
    this.absentSince.set(room, since);
    const deciding = this.decidingPeople(room);
    const players = new Set(deciding.map((seat) => this.playerOf(room, seat)));
    for (const player of since.keys()) if (!players.has(player)) since.delete(player);
    let first: number | null = null;
    for (const player of players) {
      let at: number;
      if (ctx.isConnected(room, player)) {
        since.delete(player);
        at = now + this.absentMs;
      } else {
        if (!since.has(player)) since.set(player, now);
        at = since.get(player)! + this.absentMs;
      }
      if (first === null || at < first) first = at;
    }
    return first;
  }

  /** The timer fired: seats whose time is up (or whose player is gone) get the bot. */
  private check(room: Room): void {
    if (!this.active(room)) return;
    const now = this.ctx().time.now();
    const due = this.dueSeats(room, now);
    for (const { seat, reason } of due) void this.handOver(room, seat, reason);
    // A hand-over sets the timer again when it is done.
    if (due.length === 0) this.rearm(room);
  }

  private dueSeats(room: Room, now: number): { seat: Seat; reason: AwayReason }[] {
    const clock = room.clockAt();
    if (clock.setting.kind !== 'none') {
      if (!clock.state) return [];
      return expiredSeats(clock.state, now)
        .filter((seat) => !this.busy(room, seat))
        .map((seat) => ({ seat, reason: 'timeout' as const }));
    }
    this.nextAbsence(room);
    const since = this.absentSince.get(room)!;
    return this.decidingPeople(room).flatMap((seat) => {
      const gone = since.get(this.playerOf(room, seat));
      return gone !== undefined && now - gone >= this.absentMs
        ? [{ seat, reason: 'absent' as const }]
        : [];
    });
  }

  /** Hands the seat over once the moves being committed are stored, if it is still due then. */
  private async handOver(room: Room, seat: Seat, reason: AwayReason): Promise<void> {
    const key = `${room.id}/${seat}`;
    this.takingOver.add(key);
    const ctx = this.ctx();
    let pause = 0;
    try {
      await ctx.takeover.takeOver(
        room,
        seat,
        reason,
        () => this.active(room) && this.stillDue(room, seat, reason),
      );
    } catch (error) {
      // The store is down: the seat is still due, and setting the timer again at once would
      // try again in a loop; it waits a backoff instead (the store's health logs the outage).
      if (error instanceof StoreUnavailable)
        pause = storeBackoffMs(room.storeFailed(), Math.random);
      else ctx.log.error({ err: error, table: room.id, seat }, 'a bot could not take a seat over');
    } finally {
      this.takingOver.delete(key);
      if (pause > 0) this.armAfter(room, pause);
      else this.arm(room);
    }
  }

  /** Sets the table's timer again after `pauseMs` (a change meanwhile sets it sooner). */
  private armAfter(room: Room, pauseMs: number): void {
    const ctx = this.ctx();
    this.cancels.get(room)?.();
    this.due.set(room, ctx.time.now() + pauseMs);
    this.cancels.set(
      room,
      ctx.time.setTimer(ctx.time.now() + pauseMs, () => {
        this.cancels.delete(room);
        this.arm(room);
      }),
    );
  }

  private stillDue(room: Room, seat: Seat, reason: AwayReason): boolean {
    const ctx = this.ctx();
    if (!peopleSeats(room.table).includes(seat)) return false;
    if (reason === 'timeout') {
      const state = room.table.clock.state;
      return state !== null && expiredSeats(state, ctx.time.now()).includes(seat);
    }
    const player = this.playerOf(room, seat);
    return decidingAt(room.head!).includes(seat) && !ctx.isConnected(room, player);
  }
}
