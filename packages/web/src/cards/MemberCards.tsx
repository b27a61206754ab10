/**
 * Gang members: gangsters and Bosses, with their portrait (src/art). Given the `member` state
 * from a view, an engaged member keeps its text upright: the card tilts a little, its portrait
 * and skills dim and an "engaged" stamp lies across the portrait (class `is-engaged`; ART.md),
 * and it says so in words for screen readers; a learned skill is drawn last, marked as learned.
 */
import {
  type BossCard as BossData,
  type CardSet,
  cardsOf,
  type GangsterCard as GangsterData,
  type Member,
} from '@gangsta/engine';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { portraitUrl } from '../art/artUrls.ts';
import { FAMILY_PALETTES } from '../art/palettes.ts';
import { CardArt } from './CardArt.tsx';
import { CardFrame, type CardInteraction, ScreenReaderText } from './CardFrame.tsx';
import { FamilyEmblem, familyColour } from './FamilyEmblem.tsx';
import { SkillRow } from './SkillRow.tsx';
import { heistTitle, influence, memberName, money } from './text.ts';
import { UnknownCard } from './UnknownCard.tsx';

export interface MemberCardProps extends CardInteraction {
  cards: CardSet;
  id: string;
  /** The member's state in a gang (engaged, learned skill); absent for a card in a row. */
  member?: Member | undefined;
}

interface MemberBodyProps {
  card: BossData | GangsterData;
  member?: Member | undefined;
  /** The badge at the top-left of the portrait: the recruit cost (a coin) or the word "Boss". */
  corner: ReactNode;
  /** The footer line: IP, and starting money for a Boss. */
  footer: ReactNode;
  cards: CardSet;
}

/** A Training heist kept under the member (R-HEIST-8), peeking out below it. */
function TuckedMark({ cards, id }: { cards: CardSet; id: string }) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  const title = lookup.kindOf(id) === 'heist' ? heistTitle(t, lookup.heist(id).kind) : id;
  return (
    <span className="gcard__tucked" title={t('cards.details.tucked')}>
      {t('cards.tuckedMark', { heist: title })}
    </span>
  );
}

function MemberBody({ card, member, corner, footer, cards }: MemberBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      <CardArt src={portraitUrl(card.id)}>
        <span className="gcard__corner">{corner}</span>
        <span className="gcard__emblem">
          <FamilyEmblem family={card.family} size={16} />
        </span>
        {member?.engaged ? (
          <span className="gcard__stamp" aria-hidden="true">
            {t('cards.engaged')}
          </span>
        ) : null}
      </CardArt>
      <span className="gcard__title gcard__nameplate">{memberName(t, card)}</span>
      <SkillRow skills={card.skills} learned={member?.learned} label={t('cards.skillsLabel')} />
      {member?.tucked ? <TuckedMark cards={cards} id={member.tucked} /> : null}
      <span className="gcard__footer">{footer}</span>
      {member && (
        <ScreenReaderText>
          {t(member.engaged ? 'cards.engaged' : 'cards.available')}
        </ScreenReaderText>
      )}
    </>
  );
}

/** The family colour and frame tone, read by cards.css (the frame, the name plate). */
function familyStyle(family: BossData['family']): CSSProperties {
  return {
    '--family-colour': familyColour(family),
    '--frame-deep': FAMILY_PALETTES[family].deep,
  } as CSSProperties;
}

function memberStates(member: Member | undefined): (string | false)[] {
  return [member?.engaged === true && 'is-engaged', member?.learned !== undefined && 'has-learned'];
}

export function GangsterCard({ cards, id, member, ...interaction }: MemberCardProps) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  if (lookup.kindOf(id) !== 'gangster') return <UnknownCard id={id} {...interaction} />;
  const card = lookup.gangster(id);
  const corner = (
    <>
      <ScreenReaderText>{t('cards.costLabel')} </ScreenReaderText>
      {money(t, card.cost)}
    </>
  );
  const footer = (
    <span className="gcard__ip">
      <ScreenReaderText>{t('cards.ipLabel')} </ScreenReaderText>
      {influence(t, card.ip)}
    </span>
  );
  return (
    <CardFrame
      id={id}
      kind="gangster"
      label={memberName(t, card)}
      states={[...memberStates(member), `is-family-${card.family}`]}
      style={familyStyle(card.family)}
      body={
        <MemberBody card={card} member={member} corner={corner} footer={footer} cards={cards} />
      }
      {...interaction}
    />
  );
}

export function BossCard({ cards, id, member, ...interaction }: MemberCardProps) {
  const { t } = useTranslation();
  const lookup = cardsOf(cards);
  if (lookup.kindOf(id) !== 'boss') return <UnknownCard id={id} {...interaction} />;
  const card = lookup.boss(id);
  const footer = (
    <>
      <span className="gcard__money" title={t('cards.startingMoneyLabel')}>
        <ScreenReaderText>{t('cards.startingMoneyLabel')} </ScreenReaderText>
        {money(t, card.money)}
      </span>
      <span className="gcard__ip">
        <ScreenReaderText>{t('cards.ipLabel')} </ScreenReaderText>
        {influence(t, card.ip)}
      </span>
    </>
  );
  return (
    <CardFrame
      id={id}
      kind="boss"
      label={`${t('cards.boss')}: ${memberName(t, card)}`}
      states={[...memberStates(member), `is-family-${card.family}`]}
      style={familyStyle(card.family)}
      body={
        <MemberBody
          card={card}
          member={member}
          corner={t('cards.boss')}
          footer={footer}
          cards={cards}
        />
      }
      {...interaction}
    />
  );
}

/** A Boss or a gangster, whichever the id is. */
export function MemberCard(props: MemberCardProps) {
  const kind = cardsOf(props.cards).kindOf(props.id);
  return kind === 'boss' ? <BossCard {...props} /> : <GangsterCard {...props} />;
}
