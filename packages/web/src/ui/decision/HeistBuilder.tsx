/**
 * Putting a heist together (R-HEIST-2..9): click members one at a time while the remaining
 * requirement updates. Members that cannot join say why; the "engage everyone" hint shows an
 * order that completes the heist engaging as many of the viewer's members as possible.
 */
import { iconsOf } from '@gangsta/engine';
import { HeistCard, SkillRow } from '../../cards/index.ts';
import { heistCandidates, lookup, remainingHint } from '../../game/derive.ts';
import { nameOf, seatLabel } from '../../text/context.ts';
import { skillNames } from '../../text/names.ts';
import { MoveButton } from './MoveButton.tsx';
import type { DecisionOf, DecisionProps } from './types.ts';

export function HeistBuilder(props: DecisionProps<DecisionOf<'activate'>>) {
  const { ctx, view, decision, legal, play, moveText } = props;
  const { t } = ctx;
  const cards = lookup(view);
  const heist = cards.heist(decision.heist);
  const candidates = heistCandidates(view, decision, legal);
  const hint = remainingHint(view, decision.seat, decision.remaining);
  const next = hint.order[0];
  const nextMove = legal.find((m) => m.type === 'activate' && m.member === next);
  const abandon = legal.find((m) => m.type === 'abandonHeist');
  const activated = view.heist?.activated ?? [];
  const rewardText = (list: typeof heist.rewardA) =>
    list
      .map((r) =>
        t(`rewards.${r.kind}.short`, {
          amount: 'amount' in r ? r.amount : 0,
          skill: 'skill' in r ? t(`skills.${r.skill}`) : '',
        }),
      )
      .join(', ');
  const seats = [...new Set(candidates.map((c) => c.seat))];
  return (
    <div className="heist-builder">
      <h3>
        {nameOf(ctx, decision.heist)}
        {heist.coop ? <span className="coop-tag">{t('cards.coop')}</span> : null}
      </h3>
      <div className="heist-focus">
        <HeistCard cards={view.cards} id={decision.heist} remaining={decision.remaining} />
        <p className="remaining" aria-live="polite">
          {t('decision.activate.stillNeeded')}{' '}
          <SkillRow skills={decision.remaining} label={skillNames(t, decision.remaining)} />
        </p>
      </div>
      {activated.length > 0 ? (
        <p>
          {t('decision.activate.inOrder', {
            list: activated.map((a) => nameOf(ctx, a.member)).join(' → '),
          })}
        </p>
      ) : null}
      <p className="rewards">
        {t('decision.activate.rewardA', { rewards: rewardText(heist.rewardA) })}
        {heist.coop ? (
          <>
            <br />
            {t('decision.activate.rewardB', { rewards: rewardText(heist.rewardB) })}
          </>
        ) : null}
      </p>
      <div className="hint-box">
        {hint.feasible && hint.order.length > 0 ? (
          <>
            <p>
              {t('decision.activate.hint', {
                count: hint.engaged,
                order: hint.order.map((id) => nameOf(ctx, id)).join(' → '),
              })}
            </p>
            {nextMove ? (
              <MoveButton
                move={nextMove}
                play={play}
                label={t('decision.activate.followHint', { member: nameOf(ctx, next) })}
              />
            ) : null}
          </>
        ) : (
          <p>
            {t(heist.coop ? 'decision.activate.hintNeedsOthers' : 'decision.activate.hintNone')}
          </p>
        )}
      </div>
      {seats.map((seat) => (
        <div key={seat} className="candidates">
          <h4>
            {seat === decision.seat
              ? t('decision.activate.yourMembers')
              : t('decision.activate.othersMembers', { seat: seatLabel(ctx, seat) })}
          </h4>
          <ul className="move-list">
            {candidates
              .filter((c) => c.seat === seat)
              .map((c) => (
                <li key={c.member.id} className={c.move ? '' : 'blocked'}>
                  {c.move ? (
                    <MoveButton move={c.move} play={play} label={moveText(c.move)}>
                      {moveText(c.move)}
                      <span className="note">
                        {t('decision.activate.covers', { icons: skillNames(t, c.covers) })}
                      </span>
                    </MoveButton>
                  ) : (
                    <>
                      <span>
                        {nameOf(ctx, c.member.id)} ({skillNames(t, iconsOf(cards, c.member))})
                      </span>{' '}
                      <span className="reason">{t(`decision.activate.blocked.${c.reason}`)}</span>
                    </>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
      {abandon ? (
        <MoveButton move={abandon} play={play} label={moveText(abandon)} className="secondary" />
      ) : null}
    </div>
  );
}
