/**
 * The repository's architecture rules, checked by dependency-cruiser (`npm run check:deps`,
 * which `npm run lint` runs and so `npm test` and CI).
 *
 * - The packages form layers: the engine knows no other package; the bots and the protocol
 *   know only the engine; the client only the protocol and the engine; the CLI, the server and
 *   the web client use the packages below them (their package.json dependencies) and never
 *   each other.
 * - No import cycles, neither at run time nor through `import type`: a type-only cycle still
 *   ties the files' meanings together, and one `import type` turned into a value import makes
 *   it a run-time cycle (module order matters: a module may run before one it uses has
 *   defined its exports).
 * - Inside the web client, a feature (`src/features/<name>/`) never imports another, and the
 *   table (`src/table/`), which every mode uses, imports no feature.
 * - Inside the server, the table core (`src/tables/`) knows nothing of sockets (`src/ws/`) or
 *   of the cluster (`src/cluster/`): they use it, not the other way round; the cluster routes
 *   to the tables through their `LocalTables` face and never reaches into a table; the HTTP helpers
 *   (`src/http/`) know nothing of the accounts' routes and sessions (`src/accounts/`); the
 *   store does not run the rating model.
 * - Every import resolves to a file or an installed package.
 *
 * Paths are relative to the repository root; the workspace packages resolve through their
 * node_modules links to `packages/<name>/src/…`.
 */

/** A rule that `packages/<from>/` may use only the packages in `allowed` (and itself). */
function packageLayer(from, allowed) {
  const others = ['engine', 'bots', 'protocol', 'client', 'cli', 'server', 'web'].filter(
    (name) => name !== from && !allowed.includes(name),
  );
  return {
    name: `layer-${from}`,
    comment: `packages/${from} may use ${allowed.length ? allowed.join(', ') : 'no other package'} (its package.json dependencies)`,
    severity: 'error',
    from: { path: `^packages/${from}/` },
    to: { path: `^packages/(${others.join('|')})/` },
  };
}

module.exports = {
  forbidden: [
    packageLayer('engine', []),
    packageLayer('bots', ['engine']),
    packageLayer('protocol', ['engine']),
    packageLayer('client', ['engine', 'protocol']),
    packageLayer('cli', ['engine', 'bots', 'protocol', 'client']),
    // The server's tests drive it through the client package (a devDependency).
    packageLayer('server', ['engine', 'bots', 'protocol', 'client']),
    packageLayer('web', ['engine', 'bots', 'protocol', 'client']),
    {
      name: 'no-circular',
      comment:
        'An import cycle, at run time or through `import type` (tsPreCompilationDeps keeps type-only imports in the graph).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import names a file or package that does not exist.',
      severity: 'error',
      from: {},
      // `/// <reference types="node" />` names @types/node, which the compiler finds itself.
      to: { couldNotResolve: true, pathNot: '^node$' },
    },
    {
      name: 'web-feature-imports-feature',
      comment:
        'A web feature (src/features/<name>/) uses the app, the table and shared code, never another feature.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'web-table-imports-feature',
      comment: 'The table (src/table/) serves every mode: it imports no feature.',
      severity: 'error',
      from: { path: '^packages/web/src/table/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'server-tables-imports-transport',
      comment:
        'The server’s table core (src/tables/) is used by the sockets (src/ws/) and the cluster (src/cluster/), never the other way round.',
      severity: 'error',
      from: { path: '^packages/server/src/tables/' },
      to: { path: '^packages/server/src/(ws|cluster)/' },
    },
    {
      name: 'server-cluster-reaches-into-tables',
      comment:
        'The cluster (src/cluster/) routes to the tables through LocalTables (src/tables/context.ts) and never reaches into a table: of src/tables/ it imports only the interfaces, the Room type and the frames’ encoding.',
      severity: 'error',
      from: { path: '^packages/server/src/cluster/' },
      to: {
        path: '^packages/server/src/tables/',
        pathNot: '^packages/server/src/tables/(context|room|watchers/encode)[.]ts$',
      },
    },
    {
      name: 'server-http-imports-accounts',
      comment:
        'The HTTP helpers (src/http/) are used by the feature folders such as src/accounts/, not the other way round.',
      severity: 'error',
      from: { path: '^packages/server/src/http/' },
      to: { path: '^packages/server/src/accounts/' },
    },
    {
      // ratings/rate.ts reads the ratings, runs the model and offers the result to the store's
      // compare-and-set (`recordRatings`); the store never computes a rating.
      name: 'server-store-runs-rating-model',
      comment:
        'The store (src/store/) keeps ratings; computing them (src/ratings/) is the caller’s work.',
      severity: 'error',
      from: { path: '^packages/server/src/store/' },
      to: { path: '^packages/server/src/ratings/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/node_modules/', '/dist/', '/dist-e2e-[^/]*/', '/test-results/'] },
    // Keep `import type` and type-only re-exports in the graph: cycles through types count.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
