/**
 * A snitch: a rat in a searchlight (src/art), its value drawn as that many Informant icons (the
 * icons a gang needs to owe nothing), with the number in words for screen readers.
 */
import { type CardSet, cardsOf } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { snitchSceneUrl } from '../art/artUrls.ts';
import { CardArt } from './CardArt.tsx';
import { CardFrame, type CardInteraction, ScreenReaderText } from './CardFrame.tsx';
import { SkillIcon } from './SkillIcon.tsx';
import { chapterLabel, chapterNumeral } from './text.ts';
import { UnknownCard } from './UnknownCard.tsx';

export interface SnitchCardProps extends CardInteraction {
  cards: CardSet;
  id: string;
}

export function SnitchCard({ cards, id, ...interaction }: SnitchCardProps) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  if (lookup.kindOf(id) !== 'snitch') return <UnknownCard id={id} {...interaction} />;
  const snitch = lookup.snitch(id);
  const title = t('cards.snitch');
  const body = (
    <>
      <span className="gcard__top">
        <span className="gcard__chapter" title={chapterLabel(t, snitch.chapter)} aria-hidden="true">
          {chapterNumeral(snitch.chapter)}
        </span>
        <ScreenReaderText>{chapterLabel(t, snitch.chapter)}</ScreenReaderText>
        <span className="gcard__title">{title}</span>
      </span>
      <CardArt src={snitchSceneUrl(snitch.chapter)} className="gcard__window--scene">
        <span className="gcard__snitch-value" aria-hidden="true">
          {snitch.value}
        </span>
      </CardArt>
      <span className="skill-row" aria-hidden="true">
        {Array.from({ length: snitch.value }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical icons
          <SkillIcon key={index} skill="I" size={16} decorative />
        ))}
      </span>
      <span className="gcard__effect">{t('cards.snitchValue', { value: snitch.value })}</span>
    </>
  );
  return (
    <CardFrame
      id={id}
      kind="snitch"
      label={`${title}, ${t('cards.snitchShort', { value: snitch.value })}`}
      body={body}
      {...interaction}
    />
  );
}
