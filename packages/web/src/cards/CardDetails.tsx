/**
 * A card's full text in words, for the enlarged card: cost, skills (learned ones marked), IP,
 * each reward as a sentence (reward B of a cooperative heist too), a resource's requirement and
 * effect, a snitch's value, and the Training heist tucked under a member.
 */
import { type CardSet, cardsOf, type Member, type Reward, type Skill } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import {
  chapterNumeral,
  familyName,
  heistTitle,
  influence,
  money,
  resourceEffectText,
  rewardText,
  skillName,
  type Translate,
} from './text.ts';

function skillList(t: Translate, skills: readonly Skill[]): string {
  return skills.length === 0 ? '—' : skills.map((s) => skillName(t, s)).join(', ');
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RewardLines({ label, rewards }: { label: string; rewards: readonly Reward[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {rewards.length === 0 ? (
          t('rewards.none')
        ) : (
          <ul>
            {rewards.map((reward, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rewards keep their printed order
              <li key={index}>{rewardText(t, reward)}</li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

export function CardDetails({
  cards,
  id,
  member,
}: {
  cards: CardSet;
  id: string;
  member?: Member | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lookup = cardsOf(cards);
  switch (lookup.kindOf(id)) {
    case 'boss':
    case 'gangster': {
      const card = lookup.kindOf(id) === 'boss' ? lookup.boss(id) : lookup.gangster(id);
      const tucked = member?.tucked;
      return (
        <dl className="card-details">
          <Line label={t('cards.familyLabel')} value={familyName(t, card.family)} />
          {'cost' in card ? (
            <Line label={t('cards.costLabel')} value={money(t, card.cost)} />
          ) : null}
          {'money' in card ? (
            <Line label={t('cards.startingMoneyLabel')} value={money(t, card.money)} />
          ) : null}
          <Line label={t('cards.skillsLabel')} value={skillList(t, card.skills)} />
          {member?.learned ? (
            <Line label={t('cards.details.learned')} value={skillName(t, member.learned)} />
          ) : null}
          {tucked && lookup.kindOf(tucked) === 'heist' ? (
            <Line
              label={t('cards.details.tucked')}
              value={heistTitle(t, lookup.heist(tucked).kind)}
            />
          ) : null}
          <Line label={t('cards.ipLabel')} value={influence(t, card.ip)} />
          {member ? (
            <Line
              label={t('cards.details.state')}
              value={t(member.engaged ? 'cards.engaged' : 'cards.available')}
            />
          ) : null}
        </dl>
      );
    }
    case 'heist': {
      const heist = lookup.heist(id);
      return (
        <dl className="card-details">
          <Line
            label={t('table.chapter')}
            value={`${chapterNumeral(heist.chapter)} — ${t(`cards.chapterName.${heist.chapter}`)}`}
          />
          <Line label={t('cards.requirementLabel')} value={skillList(t, heist.requirement)} />
          <RewardLines
            label={t(heist.coop ? 'rewards.sectionA' : 'cards.details.rewards')}
            rewards={heist.rewardA}
          />
          {heist.coop ? (
            <>
              <RewardLines label={t('rewards.sectionB')} rewards={heist.rewardB} />
              <Line label={t('cards.coop')} value={t('cards.coopHint')} />
            </>
          ) : null}
        </dl>
      );
    }
    case 'resource': {
      const card = lookup.resource(id);
      return (
        <dl className="card-details">
          <Line label={t('cards.requirementLabel')} value={skillList(t, card.requirement)} />
          <Line
            label={t('cards.details.effect')}
            value={resourceEffectText(t, card, i18n.resolvedLanguage ?? i18n.language)}
          />
          <Line label={t('cards.ipLabel')} value={influence(t, card.ip)} />
        </dl>
      );
    }
    case 'snitch':
      return (
        <dl className="card-details">
          <Line
            label={t('cards.snitch')}
            value={t('cards.snitchValue', { value: lookup.snitch(id).value })}
          />
        </dl>
      );
    default:
      return null;
  }
}
