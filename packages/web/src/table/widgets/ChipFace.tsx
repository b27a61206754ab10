/**
 * A card as a readable chip, for the rivals' boards: the whole name on one or two lines and the
 * skill icons under it, the family colour along the left edge. A rival's gang is read at a
 * glance and compared with the heists in the row, so nothing here is cut short; the full card is
 * one hover, long press or click ("see the gang") away. Engaged members are not turned sideways
 * as on the big cards: the board lists them apart, and the chip says so in words.
 */
import { type CardSet, cardsOf } from '@gangsta/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFaceProps } from '../../cards/CardFace.tsx';
import { CardFrame } from '../../cards/CardFrame.tsx';
import { ChipPortrait } from '../../cards/ChipPortrait.tsx';
import { familyColour, memberName, resourceName, ScreenReaderText } from '../../cards/index.ts';
import { SkillRow } from '../../cards/SkillRow.tsx';

export function ChipFace({ cards, id, member, active, className, ...interaction }: CardFaceProps) {
  const kind = cardsOf(cards).kindOf(id);
  const classes = ['gcard--chip', className].filter(Boolean).join(' ');
  if (kind === 'boss' || kind === 'gangster') {
    return (
      <MemberChip cards={cards} id={id} member={member} className={classes} {...interaction} />
    );
  }
  if (kind === 'resource') {
    return (
      <ResourceChip cards={cards} id={id} active={active} className={classes} {...interaction} />
    );
  }
  return null;
}

function MemberChip({
  cards,
  id,
  member,
  ...interaction
}: Omit<CardFaceProps, 'active'> & { cards: CardSet }) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  const boss = lookup.kindOf(id) === 'boss';
  const card = boss ? lookup.boss(id) : lookup.gangster(id);
  const name = memberName(t, card);
  return (
    <CardFrame
      id={id}
      kind={boss ? 'boss' : 'gangster'}
      label={boss ? `${t('cards.boss')}: ${name}` : name}
      states={[member?.engaged === true && 'chip--engaged']}
      style={{ '--family-colour': familyColour(card.family) } as CSSProperties}
      body={
        <>
          <ChipPortrait id={id} />
          <span className="chip__name">
            {boss ? <ScreenReaderText>{t('cards.boss')}: </ScreenReaderText> : null}
            {name}
          </span>
          <SkillRow
            skills={card.skills}
            learned={member?.learned}
            label={t('cards.skillsLabel')}
            size={15}
          />
          {member ? (
            <ScreenReaderText>
              {t(member.engaged ? 'cards.engaged' : 'cards.available')}
            </ScreenReaderText>
          ) : null}
        </>
      }
      {...interaction}
    />
  );
}

function ResourceChip({
  cards,
  id,
  active,
  ...interaction
}: Omit<CardFaceProps, 'member'> & { cards: CardSet }) {
  const { t } = useTranslation();
  const card = cardsOf(cards).resource(id);
  const name = resourceName(t, card.effect);
  return (
    <CardFrame
      id={id}
      kind="resource"
      label={name}
      states={[active === true && 'is-active', active === false && 'is-inactive']}
      body={
        <>
          <span className="chip__name">{name}</span>
          {active !== undefined ? (
            <span className={`chip__status ${active ? 'is-on' : 'is-off'}`}>
              <span aria-hidden="true">{active ? '●' : '○'}</span>{' '}
              {t(active ? 'cards.active' : 'cards.inactive')}
            </span>
          ) : null}
        </>
      }
      {...interaction}
    />
  );
}
