/**
 * Bank deposits and withdrawals (R-RES-2), drawn on the Bank resource card: an amount stepper and
 * a confirm button for each direction, offered whenever the engine lists bank moves — at any
 * moment of the owner's turn the engine allows it.
 */
import type { Move } from '@gangsta/engine';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type BankMove = Extract<Move, { type: 'bank' }>;

export function isBankMove(move: Move): move is BankMove {
  return move.type === 'bank';
}

/** The amounts on offer in one direction, smallest first. */
function amountsOf(moves: readonly BankMove[], sign: 1 | -1): number[] {
  return moves
    .filter((m) => Math.sign(m.amount) === sign)
    .map((m) => Math.abs(m.amount))
    .sort((a, b) => a - b);
}

function Stepper({
  label,
  amounts,
  sign,
  moves,
  play,
  disabled,
}: {
  label: string;
  amounts: number[];
  sign: 1 | -1;
  moves: readonly BankMove[];
  play: (move: Move) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [index, setIndex] = useState(0);
  const at = Math.min(index, amounts.length - 1);
  const amount = amounts[at];
  if (amount === undefined) return null;
  const move = moves.find((m) => m.amount === sign * amount);
  const money = t('app.money', { amount });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of three buttons, not a form
    <div className="bank-step" role="group" aria-labelledby={id}>
      <span id={id} className="bank-step__label">
        {label}
      </span>
      <button
        type="button"
        className="bank-step__less"
        aria-label={t('decision.bank.less')}
        disabled={disabled || at === 0}
        onClick={() => setIndex(at - 1)}
      >
        −
      </button>
      <output className="bank-step__amount" aria-live="polite">
        {money}
      </output>
      <button
        type="button"
        className="bank-step__more"
        aria-label={t('decision.bank.more')}
        disabled={disabled || at === amounts.length - 1}
        onClick={() => setIndex(at + 1)}
      >
        +
      </button>
      <button
        type="button"
        className="bank-step__go"
        data-move-type="bank"
        disabled={disabled || !move}
        onClick={() => move && play(move)}
      >
        {t(sign > 0 ? 'decision.bank.depositAmount' : 'decision.bank.withdrawAmount', {
          amount: money,
        })}
      </button>
    </div>
  );
}

export function BankControl({
  moves,
  play,
  disabled = false,
}: {
  moves: readonly BankMove[];
  play: (move: Move) => void;
  /** A move is on its way (online): no second one meanwhile. */
  disabled?: boolean | undefined;
}) {
  const { t } = useTranslation();
  if (moves.length === 0) return null;
  return (
    <div className="bank-control" data-testid="bank-control">
      <Stepper
        label={t('decision.bank.deposit')}
        amounts={amountsOf(moves, 1)}
        sign={1}
        moves={moves}
        play={play}
        disabled={disabled}
      />
      <Stepper
        label={t('decision.bank.withdraw')}
        amounts={amountsOf(moves, -1)}
        sign={-1}
        moves={moves}
        play={play}
        disabled={disabled}
      />
    </div>
  );
}
