/**
 * On a phone the table does not fit in one screen: a segmented control switches between the
 * table (rows, the heist at hand and your gang), the opponents, the log and (online) the chat.
 * Hidden on wide screens, where everything is shown at once.
 */
import { useTranslation } from 'react-i18next';

export type TableTab = 'table' | 'opponents' | 'log' | 'chat';

export function PhoneTabs({
  tabs,
  tab,
  onChange,
  active,
}: {
  tabs: readonly TableTab[];
  tab: TableTab;
  onChange: (tab: TableTab) => void;
  /** Tabs holding something the player can click now (other than the open one): they say so. */
  active: ReadonlySet<TableTab>;
}) {
  const { t } = useTranslation();
  return (
    <nav className="phone-tabs" aria-label={t('table.tabs.label')}>
      {tabs.map((name) => {
        const news = active.has(name) && name !== tab;
        return (
          <button
            key={name}
            type="button"
            aria-pressed={tab === name}
            // The tutorial opens the tab that holds the card it asks for.
            data-tab={name}
            className={news ? 'has-news' : undefined}
            onClick={() => onChange(name)}
          >
            {t(`table.tabs.${name}`)}
            {news ? <span className="phone-tabs__dot">{t('table.tabs.actionHere')}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}

/**
 * The tab switch a new decision may make by itself (showDecision.ts). While a heist is put
 * together its stage is on the Table tab, and stays in view there: a cooperative heist that
 * needs a rival's member does not jump to the Opponents tab, which says "act here" instead.
 */
export function decisionTabSwitch(
  setTab: (tab: TableTab) => void,
  heistStage: boolean,
): (tab: TableTab) => void {
  return (tab) => {
    if (heistStage && tab === 'opponents') return;
    setTab(tab);
  };
}
