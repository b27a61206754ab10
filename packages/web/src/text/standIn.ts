/**
 * Online, a bot plays a person's seat while they are away (out of time, absent, or gone). Its
 * moves are not theirs: the log names the bot in that seat's place ("Bot (medium) for you
 * passes", "Bot (medium) for Ann passes") instead of "You pass". Every event's wording stays
 * as it is; only the seat's name changes, and the seat is no longer addressed as "you".
 */
import type { StandIn } from '../game/players.ts';
import { type TextContext, youSeat } from './context.ts';

export function standInContext(ctx: TextContext, standIn: StandIn): TextContext {
  const { t } = ctx;
  const you = youSeat(ctx);
  const level = t(`app.botLevel.${standIn.level}`);
  const player = ctx.players?.[standIn.seat];
  const label =
    standIn.seat === you
      ? t('online.away.standIn', { level, context: 'you' })
      : t('online.away.standIn', {
          level,
          name: player?.name ?? t('app.player', { n: standIn.seat + 1 }),
        });
  const players = ctx.seats.map((kind, seat) => {
    const known = ctx.players?.[seat] ?? { seat, kind, name: null, connected: true };
    return seat === standIn.seat ? { ...known, name: label } : known;
  });
  return { ...ctx, players, you: standIn.seat === you ? null : you };
}
