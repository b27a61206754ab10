// The server's whole test suite again, against PostgreSQL (and, for the cluster tests, two
// processes sharing it with Redis). It needs TEST_POSTGRES_URL (a role that may create
// databases) and TEST_REDIS_URL; `.ci/run` installs and starts both. Without them it says so
// and stops: under CI that is a failure, on a developer's machine a skip.
import { spawnSync } from 'node:child_process';

const missing = ['TEST_POSTGRES_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
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
  env: process.env,
});
process.exit(vitest.status ?? 1);
