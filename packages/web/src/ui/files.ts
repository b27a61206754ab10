/** Saving a game record as a file the player can keep, mail or import later. */
import type { GameRecord } from '@gangsta/engine';
import { recordFileName, serializeRecord } from '../game/record.ts';

export function downloadRecord(record: GameRecord): void {
  const blob = new Blob([serializeRecord(record)], { type: 'application/json' });
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
