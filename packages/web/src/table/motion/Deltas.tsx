/**
 * Floating "+$3" / "−1 IP" over a board when a player's money or IP changes, so a change on the
 * table is seen where it happens. Decoration only (the log says the same in words).
 */
import type { PlayerView } from '@gangsta/engine';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Delta {
  key: number;
  /** Whose figure it is: a board that now shows another seat does not show it. */
  seat: number;
  kind: 'cash' | 'bank' | 'ip';
  amount: number;
}

const SHOWN_MS = 1400;

/** The changes between two readings of a board. */
export function changes(
  before: Pick<PlayerView, 'cash' | 'bank' | 'heistIp'>,
  after: Pick<PlayerView, 'cash' | 'bank' | 'heistIp'>,
): Omit<Delta, 'key' | 'seat'>[] {
  const out: Omit<Delta, 'key' | 'seat'>[] = [];
  if (after.cash !== before.cash) out.push({ kind: 'cash', amount: after.cash - before.cash });
  if (after.bank !== before.bank) out.push({ kind: 'bank', amount: after.bank - before.bank });
  if (after.heistIp !== null && before.heistIp !== null && after.heistIp !== before.heistIp) {
    out.push({ kind: 'ip', amount: after.heistIp - before.heistIp });
  }
  return out;
}

let nextKey = 0;

export function Deltas({ player }: { player: PlayerView }) {
  const { t } = useTranslation();
  const previous = useRef({
    seat: player.seat,
    cash: player.cash,
    bank: player.bank,
    heistIp: player.heistIp,
  });
  const [shown, setShown] = useState<Delta[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    // Another seat on the same board (hot-seat: the "you" board follows the seat deciding):
    // its figures are not a change, and what floated for the last seat goes with it.
    const sameSeat = previous.current.seat === player.seat;
    const found = sameSeat ? changes(previous.current, player) : [];
    previous.current = {
      seat: player.seat,
      cash: player.cash,
      bank: player.bank,
      heistIp: player.heistIp,
    };
    if (!sameSeat) setShown([]);
    if (found.length === 0) return;
    const added = found.map((d) => ({ ...d, seat: player.seat, key: nextKey++ }));
    setShown((list) => [...list, ...added]);
    const keys = new Set(added.map((d) => d.key));
    // Each change fades on its own clock: a later change must not cut an earlier one short.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setShown((list) => list.filter((d) => !keys.has(d.key)));
    }, SHOWN_MS);
    timers.current.add(timer);
  }, [player]);
  // Filtered while rendering, not only in the effect: the frame in which the seat changes must
  // not show the last seat's figures on the new one.
  const own = shown.filter((d) => d.seat === player.seat);
  if (own.length === 0) return null;
  return (
    <span className="deltas" aria-hidden="true">
      {own.map((d) => {
        const sign = d.amount > 0 ? '+' : '−';
        const size = Math.abs(d.amount);
        const text =
          d.kind === 'ip'
            ? `${sign}${t('cards.ip', { ip: size })}`
            : `${sign}${t('app.money', { amount: size })}${d.kind === 'bank' ? ` ${t('table.bank')}` : ''}`;
        return (
          <span
            key={d.key}
            className={`delta delta--${d.kind} ${d.amount > 0 ? 'is-up' : 'is-down'}`}
          >
            {text}
          </span>
        );
      })}
    </span>
  );
}
