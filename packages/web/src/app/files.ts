/** Saving a game record as a file the player can keep, mail or import later. */
import type { GameRecord } from '@gangsta/engine';
import { type FilePlayer, recordFileName, serializeRecord } from '../game/record.ts';

/** With `players`, the file names who sat where (the replay shows those names). */
export function downloadRecord(record: GameRecord, players?: readonly FilePlayer[]): void {
  const blob = new Blob([serializeRecord(record, players)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = recordFileName(record, new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
