/**
 * A heist card: its scene (src/art, per heist kind and chapter) with the chapter and the
 * cooperative marker laid over it, title, requirement icons, reward A, and for a cooperative
 * heist reward B.
 */
import { type CardSet, cardsOf, type Skill } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { heistSceneUrl } from '../art/artUrls.ts';
import { CardArt } from './CardArt.tsx';
import { CardFrame, type CardInteraction, ScreenReaderText } from './CardFrame.tsx';
import { RewardList } from './RewardList.tsx';
import { SkillRow } from './SkillRow.tsx';
import { chapterLabel, chapterNumeral, heistTitle } from './text.ts';
import { UnknownCard } from './UnknownCard.tsx';

export interface HeistCardProps extends CardInteraction {
  cards: CardSet;
  id: string;
  /** While the heist is put together: the icons still needed; the others show as covered. */
  remaining?: readonly Skill[] | undefined;
}

/** The cooperative marker: two linked rings, plus its name in words. */
function CoopMarker({ label, hint }: { label: string; hint: string }) {
  return (
    <span className="gcard__coop" title={hint}>
      <svg width="18" height="12" viewBox="0 0 18 12" aria-hidden="true" focusable="false">
        <circle cx="6" cy="6" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="12" cy="6" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {label}
    </span>
  );
}

export function HeistCard({ cards, id, remaining, ...interaction }: HeistCardProps) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  if (lookup.kindOf(id) !== 'heist') return <UnknownCard id={id} {...interaction} />;
  const heist = lookup.heist(id);
  const title = heistTitle(t, heist.kind);
  const body = (
    <>
      <CardArt src={heistSceneUrl(heist.kind, heist.chapter)} className="gcard__window--scene">
        <span className="gcard__top">
          <span
            className="gcard__chapter"
            title={chapterLabel(t, heist.chapter)}
            aria-hidden="true"
          >
            {chapterNumeral(heist.chapter)}
          </span>
          <ScreenReaderText>{chapterLabel(t, heist.chapter)}</ScreenReaderText>
          {heist.coop && <CoopMarker label={t('cards.coop')} hint={t('cards.coopHint')} />}
        </span>
      </CardArt>
      <span className="gcard__title gcard__nameplate">{title}</span>
      <SkillRow
        skills={heist.requirement}
        remaining={remaining}
        label={t(remaining ? 'cards.remainingLabel' : 'cards.requirementLabel')}
      />
      <span className="gcard__rewards">
        {heist.coop && (
          <span className="gcard__reward-label" title={t('rewards.hintA')}>
            {t('rewards.sectionA')}
          </span>
        )}
        <RewardList rewards={heist.rewardA} label={t('rewards.sectionA')} />
      </span>
      {heist.coop && (
        <span className="gcard__rewards gcard__rewards--b">
          <span className="gcard__reward-label" title={t('rewards.hintB')}>
            {t('rewards.sectionB')}
          </span>
          <RewardList rewards={heist.rewardB} label={t('rewards.sectionB')} />
        </span>
      )}
    </>
  );
  return (
    <CardFrame
      id={id}
      kind="heist"
      label={`${title}, ${chapterLabel(t, heist.chapter)}`}
      states={[heist.coop && 'is-coop', `is-chapter-${heist.chapter}`]}
      body={body}
      {...interaction}
    />
  );
}
