/**
 * Shown for an id the card set does not know (a corrupt save, a custom set): the table keeps
 * rendering and says which id is wrong instead of crashing.
 */
import { useTranslation } from 'react-i18next';
import { CardFrame, type CardInteraction } from './CardFrame.tsx';

export function UnknownCard({ id, ...interaction }: { id: string } & CardInteraction) {
  const { t } = useTranslation();
  const label = t('cards.unknown', { id });
  return (
    <CardFrame
      id={id}
      kind="unknown"
      label={label}
      body={<span className="gcard__title">{label}</span>}
      {...interaction}
    />
  );
}
