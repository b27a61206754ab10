// Bundles the server's TypeScript (and the workspace packages it uses) into dist/ with esbuild:
// one file for the process and one per kind of worker thread. Packages from npm stay outside
// the bundle and load from node_modules as usual. `node scripts/build.mjs` or
// `npm run build -w packages/server`; the tests' global set-up calls buildServer() itself.
//
// Why a bundle: tsx compiling the sources on the fly cost about 8 s of CPU per server start on
// this 2-core machine (main thread, store thread and their garbage collection); the bundle
// about 2.8 s. Restarts, hand-overs and the test suite, which starts servers many times, pay it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLES, DIST } from './sources.mjs';

/** Bare imports other than the workspace's own packages stay imports of node_modules. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gangsta/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    entryPoints: Object.entries(BUNDLES).map(([out, entry]) => ({
      in: entry,
      out: join(DIST, out.replace(/\.mjs$/, '')),
    })),
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [npmPackagesOutside],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  await buildServer();
  console.log(`server bundle built in ${DIST} (${Math.round(performance.now() - started)} ms)`);
}
