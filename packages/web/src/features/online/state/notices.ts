/**
 * System notices of the table chat (a bot took a seat over, a player is back), in the
 * reader's language: the server sends a key and its parameters, never a sentence to show.
 */
import type { Notice } from '@gangsta/protocol';
import type { TFunction } from 'i18next';

export function noticeText(t: TFunction, notice: Notice): string {
  const { name, level } = notice.params;
  const levelText = typeof level === 'string' ? t(`app.botLevel.${level}`) : '';
  return t(`online.notice.${notice.key}`, { name: String(name ?? ''), level: levelText });
}
