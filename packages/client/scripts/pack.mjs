#!/usr/bin/env node
/**
 * Builds `@gangsta/client` and the two workspaces it needs (`@gangsta/engine`,
 * `@gangsta/protocol`) as packages a programmer installs: JavaScript with type declarations,
 * each packed by `npm pack` into a tarball.
 *
 *   npm run pack -w packages/client -- [folder]     (default: packages/client/dist/pack)
 *
 * In the monorepo the packages' `exports` name their TypeScript sources: tsc, Vite, Vitest,
 * tsx and the esbuild bundles all read them as they are, with nothing to build first and no
 * custom export condition to configure in each of those tools. A consumer must never see a
 * `.ts` file, so this script writes each package into a folder of its own (`<folder>/stage/`),
 * with the sources compiled by tsc (`rewriteRelativeImportExtensions`: `./client.ts` becomes
 * `./client.js` in the JavaScript and in the declarations) and a package.json whose `exports`
 * name the built files, and packs that. The sources' package.json are not changed.
 *
 * Prints the tarballs' paths, one a line. `packages/server/test/client-package.test.ts`
 * installs them into an empty project without the registry and plays a game with them.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The packages, each after those it depends on, with the entry points they export. */
export const PACKAGES = [
  { folder: 'engine', entries: { '.': 'index' } },
  { folder: 'protocol', entries: { '.': 'index', './documents': 'documents' } },
  { folder: 'client', entries: { '.': 'index', './testing': 'testing' } },
];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The project's licence, as the root package.json names it (none named: none claimed). */
const LICENSE_NAME = readJson(join(ROOT, 'package.json')).license;

/**
 * Compiles the packages' `src/` into `<stage>/<folder>/dist`, in one tsc program (each package
 * compiled alone read zod's declarations again: three times the time). Imports between the
 * packages stay bare (`@gangsta/engine`), resolved by the consumer's node_modules.
 */
function compile(stageRoot) {
  const build = join(stageRoot, 'build');
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      rewriteRelativeImportExtensions: true,
      declaration: true,
      sourceMap: false,
      rootDir: join(ROOT, 'packages'),
      outDir: build,
      types: [],
    },
    include: PACKAGES.map(({ folder }) => join(ROOT, 'packages', folder, 'src', '**', '*.ts')),
  };
  const configFile = join(stageRoot, 'tsconfig.build.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  execFileSync(process.execPath, [TSC, '-p', configFile], { cwd: ROOT, stdio: 'inherit' });
  rmSync(configFile);
  for (const { folder } of PACKAGES) {
    const dist = join(stageRoot, folder, 'dist');
    renameSync(join(build, folder, 'src'), dist);
    relativeDeclarationImports(dist);
  }
  rmSync(build, { recursive: true, force: true });
}

/**
 * tsc rewrites `./x.ts` to `./x.js` in the JavaScript but keeps it in the declarations, which a
 * TypeScript older than 5.0, or one without `allowImportingTsExtensions`, cannot follow: they
 * name the `.js` file as the JavaScript does (TypeScript finds the `.d.ts` beside it).
 */
function relativeDeclarationImports(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(/((?:from|import\()\s*')(\.{1,2}\/[^']+)\.ts'/g, "$1$2.js'");
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

/** The package.json a consumer gets: the built files as `exports`, workspace versions pinned. */
function manifest(folder, entries, versions) {
  const source = readJson(join(ROOT, 'packages', folder, 'package.json'));
  const exports = Object.fromEntries(
    Object.entries(entries).map(([path, file]) => [
      path,
      { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
    ]),
  );
  const dependencies = Object.fromEntries(
    Object.entries(source.dependencies ?? {}).map(([name, range]) => [
      name,
      versions.has(name) ? `^${versions.get(name)}` : range,
    ]),
  );
  return {
    name: source.name,
    version: source.version,
    description: source.description,
    ...(LICENSE_NAME ? { license: LICENSE_NAME } : {}),
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports,
    files: ['dist', 'README.md', 'LICENSE'],
    sideEffects: false,
    engines: { node: '>=20' },
    dependencies,
  };
}

export function packClient(out) {
  const stageRoot = join(out, 'stage');
  rmSync(stageRoot, { recursive: true, force: true });
  mkdirSync(stageRoot, { recursive: true });
  const versions = new Map();
  const tarballs = [];
  for (const { folder } of PACKAGES) mkdirSync(join(stageRoot, folder), { recursive: true });
  compile(stageRoot);
  for (const { folder, entries } of PACKAGES) {
    const stage = join(stageRoot, folder);
    const packageJson = manifest(folder, entries, versions);
    if (existsSync(join(ROOT, 'LICENSE'))) {
      copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
    }
    const readme = join(ROOT, 'packages', folder, 'README.md');
    if (existsSync(readme)) copyFileSync(readme, join(stage, 'README.md'));
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
    const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: stage,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'error' },
    });
    tarballs.push(join(out, JSON.parse(packed)[0].filename));
    versions.set(packageJson.name, packageJson.version);
  }
  return tarballs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(ROOT, 'packages', 'client', 'dist', 'pack'));
  mkdirSync(out, { recursive: true });
  for (const tarball of packClient(out)) console.log(relative(process.cwd(), tarball));
}
