#!/usr/bin/env node
// Checks compose.yaml against the Compose Specification's JSON Schema (vendored beside this
// script, see compose-spec/README.md), then what the schema cannot see: every service that
// another waits for as `service_healthy` has a health check, and every named volume a service
// mounts is declared. CI runs it (.ci/run); `node scripts/container/lint-compose.mjs [file]`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] ?? join(here, '..', '..', 'compose.yaml');
const schema = JSON.parse(readFileSync(join(here, 'compose-spec', 'compose-spec.json'), 'utf8'));

/**
 * The problems of one compose document, in words (none: an empty list).
 * @param {unknown} compose
 * @returns {string[]}
 */
export function composeProblems(compose) {
  // The schema names draft-07 by an address Ajv does not know; its keywords are draft-07's.
  const { $schema: _draft, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validate = ajv.compile(rest);
  const problems = [];
  if (!validate(compose)) {
    for (const error of validate.errors ?? []) {
      problems.push(
        `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
      );
    }
    return problems;
  }
  const doc = /** @type {Record<string, any>} */ (compose);
  const services = doc.services ?? {};
  const volumes = Object.keys(doc.volumes ?? {});
  for (const [name, service] of Object.entries(services)) {
    const waits = Array.isArray(service.depends_on)
      ? Object.fromEntries(service.depends_on.map((other) => [other, {}]))
      : (service.depends_on ?? {});
    for (const [other, how] of Object.entries(waits)) {
      if (!(other in services)) problems.push(`${name} depends on ${other}, which is no service`);
      else if (how.condition === 'service_healthy' && !services[other].healthcheck?.test)
        problems.push(`${name} waits for ${other} to be healthy, but ${other} has no health check`);
    }
    for (const mount of service.volumes ?? []) {
      const source = typeof mount === 'string' ? mount.split(':')[0] : mount.source;
      const named = source && !source.startsWith('.') && !source.startsWith('/');
      if (named && !volumes.includes(source))
        problems.push(`${name} mounts the volume ${source}, which is not declared under volumes`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = composeProblems(parse(readFileSync(file, 'utf8'), { merge: true }));
  if (problems.length > 0) {
    console.error(`${file}: ${problems.length} problem(s) against the Compose Specification:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`${file}: valid against the Compose Specification`);
}
