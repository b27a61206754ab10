/**
 * What kind of game a table plays, in one line: its time control and its rules (the ruleset,
 * then each variant and table option that is on). The lobby and the waiting room show it, so
 * a player knows what they sit down to before taking a seat.
 */
import type { TableInfo } from '@gangsta/protocol';
import { useTranslation } from 'react-i18next';
import { TABLE_OPTIONS, VARIANTS } from '../../../app/GameOptionsFields.tsx';
import { clockSettingText } from './ClockFields.tsx';

export function TableSummary({ table }: { table: TableInfo }) {
  const { t } = useTranslation();
  const { options } = table;
  const rules = [
    t(`newGame.choices.ruleset.values.${options.ruleset ?? 'online'}`),
    ...[...VARIANTS, ...TABLE_OPTIONS]
      .filter((flag) => options[flag] === true)
      .map((flag) => t(`newGame.flags.${flag}.label`)),
  ];
  return (
    <span className="table-summary" data-testid="table-summary">
      <span className="table-summary__clock">
        {t('online.lobby.clock', { clock: clockSettingText(t, table.clock.setting) })}
      </span>
      {' · '}
      <span className="table-summary__rules">
        {t('online.lobby.rules', { rules: rules.join(' · ') })}
      </span>
    </span>
  );
}
