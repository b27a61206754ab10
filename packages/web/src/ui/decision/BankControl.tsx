/**
 * Bank deposits and withdrawals (R-RES-2): one amount picker and two buttons, offered
 * whenever the engine lists bank moves.
 */
import type { GameView, Move } from '@gangsta/engine';
import { useId, useState } from 'react';
import type { TextContext } from '../../text/context.ts';

type BankMove = Extract<Move, { type: 'bank' }>;

export function BankControl({
  ctx,
  view,
  moves,
  play,
}: {
  ctx: TextContext;
  view: GameView;
  moves: BankMove[];
  play: (move: Move) => void;
}) {
  const { t } = ctx;
  const id = useId();
  const amounts = [...new Set(moves.map((m) => Math.abs(m.amount)))].sort((a, b) => a - b);
  const [amount, setAmount] = useState(amounts[0] ?? 1);
  if (moves.length === 0) return null;
  const seat = moves[0].seat;
  const chosen = amounts.includes(amount) ? amount : amounts[0];
  const deposit = moves.find((m) => m.amount === chosen);
  const withdraw = moves.find((m) => m.amount === -chosen);
  return (
    <fieldset className="bank-control">
      <legend>
        {t('decision.bank.legend', { amount: t('app.money', { amount: view.players[seat].bank }) })}
      </legend>
      <label htmlFor={id}>{t('decision.bank.amount')}</label>
      <select id={id} value={chosen} onChange={(e) => setAmount(Number(e.target.value))}>
        {amounts.map((a) => (
          <option key={a} value={a}>
            {t('app.money', { amount: a })}
          </option>
        ))}
      </select>
      <button
        type="button"
        data-move-type="bank"
        disabled={!deposit}
        onClick={() => deposit && play(deposit)}
      >
        {t('decision.bank.deposit')}
      </button>
      <button
        type="button"
        data-move-type="bank"
        disabled={!withdraw}
        onClick={() => withdraw && play(withdraw)}
      >
        {t('decision.bank.withdraw')}
      </button>
    </fieldset>
  );
}
