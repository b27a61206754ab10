/**
 * A resource card (Resources variant): name, the icons the gang needs to switch it on, IP,
 * its effect in one line, a small scene beside the name, and whether it is active — in words and by style, never colour alone.
 */
import { type CardSet, cardsOf } from '@gangsta/engine';
import { useTranslation } from 'react-i18next';
import { resourceSceneUrl } from '../art/artUrls.ts';
import { CardArt } from './CardArt.tsx';
import { CardFrame, type CardInteraction, ScreenReaderText } from './CardFrame.tsx';
import { SkillRow } from './SkillRow.tsx';
import { influence, resourceEffectText, resourceName } from './text.ts';
import { UnknownCard } from './UnknownCard.tsx';

export interface ResourceCardProps extends CardInteraction {
  cards: CardSet;
  id: string;
  /** Kept and active (true), kept and not yet active (false), or not kept yet (absent). */
  active?: boolean | undefined;
}

export function ResourceCard({ cards, id, active, ...interaction }: ResourceCardProps) {
  const { t, i18n } = useTranslation();
  const lookup = cardsOf(cards);
  if (lookup.kindOf(id) !== 'resource') return <UnknownCard id={id} {...interaction} />;
  const card = lookup.resource(id);
  const name = resourceName(t, card.effect);
  const body = (
    <>
      <span className="gcard__top">
        <span className="gcard__kind">{t('cards.resource')}</span>
        {active !== undefined && (
          <span className={`gcard__status ${active ? 'is-on' : 'is-off'}`}>
            <span aria-hidden="true">{active ? '●' : '○'}</span>{' '}
            {t(active ? 'cards.active' : 'cards.inactive')}
          </span>
        )}
      </span>
      <span className="gcard__resource-head">
        <CardArt src={resourceSceneUrl(card.effect)} className="gcard__window--thumb" />
        <span className="gcard__title">{name}</span>
      </span>
      <SkillRow skills={card.requirement} label={t('cards.requirementLabel')} size={16} />
      <span className="gcard__effect">
        {resourceEffectText(t, card, i18n.resolvedLanguage ?? i18n.language)}
      </span>
      <span className="gcard__footer">
        <span className="gcard__ip">
          <ScreenReaderText>{t('cards.ipLabel')} </ScreenReaderText>
          {influence(t, card.ip)}
        </span>
      </span>
    </>
  );
  return (
    <CardFrame
      id={id}
      kind="resource"
      label={name}
      states={[active === true && 'is-active', active === false && 'is-inactive']}
      body={body}
      {...interaction}
    />
  );
}
