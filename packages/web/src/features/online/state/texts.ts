/**
 * Online refusals in the player's language: `online.errors.<CODE>` for every protocol code
 * (the engine's and the server's) and the client's own (NETWORK, BAD_ANSWER).
 */
import type { NameProblem } from '@gangsta/protocol';
import type { TFunction } from 'i18next';
import type { TableError } from '../../../table/tableSource.ts';
import { ONLINE_ERROR_CODES, type OnlineErrorCode } from './errors.ts';

function isKnownCode(code: string): code is OnlineErrorCode {
  return (ONLINE_ERROR_CODES as readonly string[]).includes(code);
}

/** A player's name as shown, marked when a program plays it (a bot account). */
export function playerName(t: TFunction, name: string, botAccount: boolean | undefined): string {
  return botAccount ? t('online.botAccount', { name }) : name;
}

/** Why a name cannot be used, in words (the same check the server makes, `names.ts`). */
export function nameProblemText(t: TFunction, problem: NameProblem): string {
  if (problem.reason === 'invisible')
    return t('online.nameProblem.invisible', { char: problem.char });
  if (problem.reason === 'tooLong') return t('online.nameProblem.tooLong', { max: problem.max });
  return t('online.nameProblem.empty');
}

export function errorText(t: TFunction, error: Pick<TableError, 'code' | 'params'>): string {
  // A name the server refused for a character says which one.
  const { reason, char, max: limit } = error.params;
  if (error.code === 'BAD_NAME' && reason === 'invisible' && typeof char === 'string')
    return nameProblemText(t, { reason, char });
  if (error.code === 'BAD_NAME' && reason === 'tooLong' && typeof limit === 'number')
    return nameProblemText(t, { reason, max: limit });
  const code = isKnownCode(error.code) ? error.code : 'INTERNAL';
  const retryMs = error.params.retryMs;
  const seconds = typeof retryMs === 'number' ? Math.max(1, Math.ceil(retryMs / 1000)) : 1;
  // `max`: the limit a TOO_MANY_* refusal reached, shown in its sentence.
  const max = typeof error.params.max === 'number' ? error.params.max : '';
  return t(`online.errors.${code}`, { seconds, max });
}
