/**
 * A bot takes a seat over for its player (out of time, absent from a friendly table, or left
 * the game) and gives it back when the player resumes (which a player who left may too, while
 * the game lasts). The seat keeps its player: only `away` changes, written with the clock it
 * implies (`Room.clockAfterSeatChange`) in one row change, and the chat says so.
 */
import type { Seat } from '@gangsta/engine';
import type { BotLevel, Notice, NoticeKey } from '@gangsta/protocol';
import type { PeerPlayer } from '../../peer.ts';
import { refuse } from '../../refusal.ts';
import type { StoredSeat, TableChange } from '../../store/types.ts';
import type { Platform, TableMemory } from '../context.ts';
import type { AwayReason, Chat, SeatWrites, Takeover } from '../parts.ts';
import type { Room } from '../room.ts';
import { sendTableInfo } from '../watchers/broadcast.ts';

type Away = NonNullable<StoredSeat['away']>;

function noticeText(key: NoticeKey, name: string, level: BotLevel): string {
  switch (key) {
    case 'timeout':
      return `${name} ran out of time; a bot (${level}) plays for them`;
    case 'absent':
      return `${name} is away; a bot (${level}) plays for them`;
    case 'left':
      return `${name} left the game; a bot (${level}) plays for them`;
    case 'back':
      return `${name} is back`;
  }
}

/** What taking seats over and giving them back uses. */
export type TakeoverDeps = Pick<Platform, 'log' | 'time'> &
  Pick<TableMemory, 'wakeBots'> & { seatWrites: SeatWrites; chat: Chat };

export class SeatTakeover implements Takeover {
  constructor(private readonly deps: TakeoverDeps) {}

  /**
   * The table's takeover bot plays the seat from now on; the chat says why. Once the moves
   * being committed are stored, `due` says whether the reason still holds (a deadline judged
   * on the clock of the last move).
   */
  async takeOver(
    room: Room,
    seat: Seat,
    reason: AwayReason,
    due: () => boolean = () => true,
  ): Promise<boolean> {
    await this.deps.seatWrites.settled(room);
    if (!due()) return false;
    const level = room.table.clock.takeoverLevel;
    const current = room.table.seats[seat]?.away;
    if (current?.reason === reason) return false;
    if (!(await this.writeAway(room, seat, { reason, level }))) return false;
    this.deps.log.info({ table: room.id, seat, reason }, 'a bot takes a seat over');
    await this.postNotice(room, seat, reason, level);
    return true;
  }

  /**
   * The player takes their seat back: the bot stops at once (an answer it is thinking of is
   * dropped), and the player decides from now on. Nothing happens when no bot plays the seat.
   */
  async resumeSeat(room: Room, seat: Seat): Promise<void> {
    const away = room.table.seats[seat]?.away;
    if (!away || room.table.status !== 'playing') return;
    await this.deps.seatWrites.settled(room);
    if (!(await this.writeAway(room, seat, null))) return;
    this.deps.log.info({ table: room.id, seat }, 'a player takes their seat back');
    await this.postNotice(room, seat, 'back', away.level);
  }

  /** `resume` from a connection: the sender's seat at a game in play. */
  async resume(room: Room, player: PeerPlayer | null): Promise<void> {
    if (!player) refuse('UNAUTHENTICATED', 'say hello with your token first');
    const seat = room.seatOf(player.id);
    if (seat === null) refuse('NOT_SEATED', 'you hold no seat at this table');
    if (room.table.status !== 'playing')
      refuse('WRONG_STATUS', 'only a game in play has seats to take back', {
        status: room.table.status,
      });
    await this.resumeSeat(room, seat);
  }

  /**
   * Leaving a game in play: the takeover bot plays on for the player, who may take the seat
   * back (`resumeSeat`) while the game lasts.
   */
  async leaveGame(room: Room, seat: Seat): Promise<void> {
    await this.takeOver(room, seat, 'left');
  }

  /**
   * Writes a seat's new `away` with the clock it implies (charged until now, then running for
   * the seats their people play), on the seats' revision. Applied in memory at once, so that
   * a move made meanwhile already sees it; when another process changed the seats first, the
   * room reads the store again and nothing is written. Returns whether it was written. The
   * caller has waited for the moves being committed (`SeatWrites.settled`).
   */
  private async writeAway(room: Room, seat: Seat, away: Away | null): Promise<boolean> {
    const { seatWrites, time } = this.deps;
    const table = room.table;
    const seats = table.seats.map((s, i) => (i === seat ? { ...s, away } : s));
    const change: TableChange = { id: room.id, seats, revision: table.revision };
    const clock = room.clockAfterSeatChange(seats, away === null ? seat : null, time.now());
    if (clock) change.clock = clock;
    room.applyChange(change);
    if (!(await seatWrites.write(room, change, { applied: true }))) return false;
    sendTableInfo(room);
    this.deps.wakeBots(room);
    return true;
  }

  /** A system line in the chat, in the seat's name. */
  private async postNotice(room: Room, seat: Seat, key: NoticeKey, level: BotLevel) {
    const stored = room.table.seats[seat];
    if (!stored || stored.playerId === null) return;
    const name = stored.name ?? `Seat ${seat + 1}`;
    const notice: Notice = { key, params: { name, level, seat } };
    await this.deps.chat.post(room, {
      playerId: stored.playerId,
      name,
      seat,
      text: noticeText(key, name, level),
      notice,
    });
  }
}
