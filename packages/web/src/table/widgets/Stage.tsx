/**
 * The middle of the table when one card is the subject of the decision: the heist being put
 * together (enlarged, with what it still needs, who takes part and the "engage everyone" order),
 * a revealed snitch, or the resource cards dealt at setup (pick the ones to keep).
 */
import { type Decision, type GameView, type Move, playerAt } from '@gangsta/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace, HeistCard, RewardList, SkillRow, SnitchCard } from '../../cards/index.ts';
import { lookup } from '../../game/derive.ts';
import type { TextContext } from '../../text/context.ts';
import { nameOf } from '../../text/context.ts';
import { skillNames } from '../../text/names.ts';

export interface StageProps {
  ctx: TextContext;
  view: GameView;
  decision: Decision;
  legal: readonly Move[];
  play: (move: Move) => void;
  /** The "engage everyone" order for the rest of the heist (ids of the viewer's members). */
  hintOrder: readonly string[];
  hintEngaged: number;
  busy?: boolean;
  /** Cards a ready hint names (the resources it would keep). */
  hint?: ReadonlySet<string>;
}

/** Whether the stage has something to show for this decision. */
export function hasStage(view: GameView, decision: Decision): boolean {
  if (
    decision.kind === 'activate' ||
    decision.kind === 'highTech' ||
    decision.kind === 'snitchDiscard'
  ) {
    return true;
  }
  return (
    decision.kind === 'keepResources' &&
    view.viewer !== null &&
    playerAt(view, view.viewer).dealt.length > 0
  );
}

function HeistStage({ ctx, view, decision, hintOrder, hintEngaged }: StageProps) {
  const { t } = useTranslation();
  if (decision.kind !== 'activate' && decision.kind !== 'highTech') return null;
  const heist = lookup(view).heist(decision.heist);
  const remaining = decision.kind === 'activate' ? decision.remaining : heist.requirement;
  const activated = view.heist?.activated ?? [];
  const mine = ctx.viewer === decision.seat;
  return (
    <div className="stage stage--heist" data-testid="heist-builder">
      <div className="stage__card">
        <HeistCard
          cards={view.cards}
          id={decision.heist}
          remaining={decision.kind === 'activate' ? remaining : undefined}
        />
      </div>
      <div className="stage__text">
        <p className="stage__needed" aria-live="polite">
          <span>{t('decision.activate.stillNeeded')}</span>{' '}
          <SkillRow skills={remaining} label={skillNames(t, remaining)} />
        </p>
        {activated.length > 0 ? (
          <p>
            {t('decision.activate.inOrder', {
              list: activated.map((a) => nameOf(ctx, a.member)).join(' → '),
            })}
          </p>
        ) : null}
        <div className="stage__rewards">
          <span>{t(heist.coop ? 'rewards.sectionA' : 'table.rewards')}</span>
          <RewardList rewards={heist.rewardA} label={t('rewards.sectionA')} />
          {heist.coop ? (
            <>
              <span>{t('rewards.sectionB')}</span>
              <RewardList rewards={heist.rewardB} label={t('rewards.sectionB')} />
            </>
          ) : null}
        </div>
        {mine && decision.kind === 'activate' ? (
          <p className="stage__hint">
            {hintOrder.length > 0
              ? t('table.engageHint', {
                  count: hintEngaged,
                  order: hintOrder.map((id, i) => `${i + 1}. ${nameOf(ctx, id)}`).join(' → '),
                })
              : t(heist.coop ? 'decision.activate.hintNeedsOthers' : 'decision.activate.hintNone')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SnitchStage({ view, decision }: StageProps) {
  if (decision.kind !== 'snitchDiscard') return null;
  return (
    <div className="stage stage--snitch" data-testid="snitch-stage">
      <div className="stage__card stage__card--reveal">
        <SnitchCard cards={view.cards} id={decision.snitch} />
      </div>
    </div>
  );
}

function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

function ResourceStage({ view, decision, legal, play, busy, hint }: StageProps) {
  const { t } = useTranslation();
  const dealt = view.viewer === null ? [] : playerAt(view, view.viewer).dealt;
  const keep = decision.kind === 'keepResources' ? decision.keep : 0;
  const [chosen, setChosen] = useState<string[]>(() => dealt.slice(0, keep));
  if (decision.kind !== 'keepResources') return null;
  const move = legal.find((m) => m.type === 'keepResources' && sameCards(m.cards, chosen));
  // A click on an unchosen card takes it in place of the longest-chosen one once `keep` are
  // chosen, so the button stays ready to press (keep 1: a click just picks that card).
  const toggle = (id: string) =>
    setChosen((list) =>
      list.includes(id)
        ? list.filter((c) => c !== id)
        : [...list, id].slice(Math.max(0, list.length + 1 - keep)),
    );
  return (
    <div className="stage stage--resources">
      <ul className="cards" aria-label={t('decision.keepResources.dealt')}>
        {dealt.map((id) => (
          // The kept cards carry a badge and are lifted, not only ringed: every dealt card is
          // ringed as clickable, so a second ring alone did not tell the chosen one apart.
          <li key={id} className={`slot${chosen.includes(id) ? ' is-chosen' : ''}`}>
            <CardFace
              cards={view.cards}
              id={id}
              selected={chosen.includes(id)}
              className={`is-legal${hint?.has(id) ? ' hinted' : ''}`}
              onSelect={busy ? undefined : toggle}
            />
            {chosen.includes(id) ? (
              <span className="keep-badge" aria-hidden="true">
                {t('table.keptBadge')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="primary"
        data-move-type="keepResources"
        disabled={!move || busy}
        onClick={() => move && play(move)}
      >
        {t('table.keepChosen', { count: keep })}
      </button>
    </div>
  );
}

export function Stage(props: StageProps) {
  switch (props.decision.kind) {
    case 'activate':
    case 'highTech':
      return <HeistStage {...props} />;
    case 'snitchDiscard':
      return <SnitchStage {...props} />;
    case 'keepResources':
      return <ResourceStage {...props} />;
    default:
      return null;
  }
}
