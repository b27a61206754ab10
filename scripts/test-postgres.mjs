// The server's whole test suite again, against PostgreSQL (and, for the cluster tests, two
// processes sharing it with Redis). It takes the services from POSTGRES_FOR_TESTS (a role that
// may create databases) and REDIS_FOR_TESTS, as `.ci/run` sets them after starting both, or
// from TEST_POSTGRES_URL and TEST_REDIS_URL. The names differ on purpose: the first
// `vitest run` of `npm test` must not see the services, so that it runs on SQLite. Without
// them this says so and stops: under CI that is a failure, on a developer's machine a skip.
import { spawnSync } from 'node:child_process';

const postgres = process.env.POSTGRES_FOR_TESTS || process.env.TEST_POSTGRES_URL;
const redis = process.env.REDIS_FOR_TESTS || process.env.TEST_REDIS_URL;
const missing = [postgres ? null : 'POSTGRES_FOR_TESTS', redis ? null : 'REDIS_FOR_TESTS'].filter(
  (name) => name !== null,
);
if (missing.length > 0) {
  const message = `server tests on PostgreSQL + Redis skipped: ${missing.join(' and ')} not set (see .ci/run)`;
  if (process.env.CI === 'true') {
    console.error(`${message}; CI must run them`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}
const vitest = spawnSync('node_modules/.bin/vitest', ['run', 'packages/server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_POSTGRES_URL: postgres, TEST_REDIS_URL: redis },
});
process.exit(vitest.status ?? 1);
