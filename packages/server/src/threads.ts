/**
 * Where the code of a worker thread is. From the sources (tests, `npm run dev`) a thread starts
 * at its `worker-entry.mjs`, which registers tsx first; from the bundle (`bin/server.mjs`) it
 * starts at the file scripts/build.mjs wrote next to the process's own.
 */
export type ThreadKind = 'store' | 'bots';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

export function threadEntry(kind: ThreadKind): URL {
  return FROM_SOURCES
    ? new URL(`./${kind}/worker-entry.mjs`, import.meta.url)
    : new URL(kind === 'store' ? './store-worker.mjs' : './bot-worker.mjs', import.meta.url);
}
