/** A dimmed card's reason in words. */
import type { TFunction } from 'i18next';
import { skillNames } from '../../text/names.ts';
import type { Reason } from './cardStates.ts';

export function reasonText(t: TFunction, reason: Reason): string {
  const params: Record<string, string | number> = { ...reason.params };
  if (reason.params?.cost !== undefined)
    params.cost = t('app.money', { amount: reason.params.cost });
  if (reason.params?.cash !== undefined)
    params.cash = t('app.money', { amount: reason.params.cash });
  if (reason.skills) params.icons = skillNames(t, reason.skills);
  return t(`table.why.${reason.key}`, params);
}
