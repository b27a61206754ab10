/**
 * `@gangsta/client` as a programmer installs it: `packages/client/scripts/pack.mjs` builds it
 * and the engine and protocol it needs into JavaScript with declarations and packs them with
 * `npm pack`; they are installed into an empty project with `npm install --offline` and an
 * empty npm cache (so neither the registry nor anything cached is read: the four third-party
 * packages they need, zod, fast-json-patch, fast-json-stable-stringify and ws, are packed from
 * this repository's node_modules); `packages/client/example/play-random.ts` is type-checked
 * there against the installed declarations under Node's own module rules (`nodenext`),
 * compiled, and run against a real server until its game is over.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, stopAllServers } from './support/spawnServer.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACK = join(ROOT, 'packages/client/scripts/pack.mjs');
const EXAMPLE = join(ROOT, 'packages/client/example/play-random.ts');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** What the packed workspaces import, besides each other. */
const THIRD_PARTY = ['zod', 'fast-json-patch', 'fast-json-stable-stringify', 'ws'];

const work = mkdtempSync(join(tmpdir(), 'gangsta-client-package-'));

afterAll(async () => {
  await stopAllServers();
  rmSync(work, { recursive: true, force: true });
});

/** Packs a folder with `npm pack`; the tarball's path. */
async function npmPack(folder: string, into: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', into, folder], {
    cwd: into,
  });
  return join(into, JSON.parse(stdout)[0].filename);
}

describe('@gangsta/client packed, installed offline and used as a consumer uses it', () => {
  it('builds to JavaScript with declarations, installs without the registry and plays a game', async () => {
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    const { stdout } = await run(process.execPath, [PACK, tarballs], { cwd: ROOT });
    const ours = stdout
      .trim()
      .split('\n')
      .map((path) => resolve(ROOT, path));
    expect(ours.map((path) => path.split('/').pop())).toEqual([
      'gangsta-engine-0.1.0.tgz',
      'gangsta-protocol-0.1.0.tgz',
      'gangsta-client-0.1.0.tgz',
    ]);
    // Consumers get built files only: JavaScript, declarations, no TypeScript source.
    const { stdout: listing } = await run('tar', [
      'tzf',
      join(tarballs, 'gangsta-client-0.1.0.tgz'),
    ]);
    expect(listing).toContain('package/dist/client.js');
    expect(listing).toContain('package/dist/index.d.ts');
    expect(listing).not.toMatch(/\.ts$(?<!\.d\.ts)/m);

    const app = join(work, 'app');
    mkdirSync(app);
    const dependencies: Record<string, string> = {};
    for (const tarball of ours) {
      const name = `@gangsta/${tarball
        .split('/')
        .pop()
        ?.replace(/^gangsta-|-\d.*$/g, '')}`;
      dependencies[name] = `file:${tarball}`;
    }
    for (const name of THIRD_PARTY) {
      dependencies[name] = `file:${await npmPack(join(ROOT, 'node_modules', name), tarballs)}`;
    }
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }),
    );
    await run(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      // An empty cache: nothing may come from the registry or what it left on this machine.
      { cwd: app, env: { ...process.env, npm_config_cache: join(work, 'empty-cache') } },
    );
    const installed = JSON.parse(
      readFileSync(join(app, 'node_modules/@gangsta/client/package.json'), 'utf8'),
    );
    expect(installed.exports['.']).toEqual({
      types: './dist/index.d.ts',
      default: './dist/index.js',
    });

    // The example, type-checked against the installed declarations as Node resolves modules.
    writeFileSync(join(app, 'play-random.ts'), readFileSync(EXAMPLE, 'utf8'));
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          outDir: 'out',
          // Node's and ws's types, from this repository's node_modules (a consumer installs
          // @types/node and @types/ws of their own choice).
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
          paths: { ws: [join(ROOT, 'node_modules/@types/ws/index.d.ts')] },
        },
        files: ['play-random.ts'],
      }),
    );
    await run(process.execPath, [TSC, '-p', app], { cwd: app });

    const server = await spawnServer();
    const played = await run(process.execPath, [join(app, 'out/play-random.js')], {
      cwd: app,
      env: { ...process.env, GANGSTA_URL: server.url },
      timeout: 100_000,
    });
    expect(played.stdout).toMatch(
      /game over after \d+ random moves: \d+ to \d+ \((gangSize|snitches|safeguard)\)/,
    );
    // Two tsc runs, an npm install and a whole game: a minute or two on a quiet machine, five
    // when 2 cores are shared with other test runs.
  }, 900_000);
});
