/**
 * On a phone the table does not fit in one screen: a segmented control switches between the
 * table (rows, the heist at hand and your gang), the opponents and the log. Hidden on wide
 * screens, where everything is shown at once.
 */
import { useTranslation } from 'react-i18next';

export type TableTab = 'table' | 'opponents' | 'log';

const TABS: TableTab[] = ['table', 'opponents', 'log'];

export function PhoneTabs({
  tab,
  onChange,
  opponentsActive,
}: {
  tab: TableTab;
  onChange: (tab: TableTab) => void;
  /** Something on the opponents' boards can be clicked now: the tab says so. */
  opponentsActive: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav className="phone-tabs" aria-label={t('table.tabs.label')}>
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={tab === name}
          className={name === 'opponents' && opponentsActive ? 'has-news' : undefined}
          onClick={() => onChange(name)}
        >
          {t(`table.tabs.${name}`)}
          {name === 'opponents' && opponentsActive ? (
            <span className="phone-tabs__dot">{t('table.tabs.actionHere')}</span>
          ) : null}
        </button>
      ))}
    </nav>
  );
}
