/**
 * The documentation of the environment variables, written from their schema
 * (`environment.ts`): the repository's `.env.example` (every variable commented out, with its
 * default and description) and the table in this package's README, between two marker
 * comments. `npm run config:docs -w packages/server` writes both; `test/config-docs.test.ts`
 * fails when either differs from what the schema says now.
 */
import { variableDocs } from './environment.ts';

export const README_START =
  '<!-- environment variables: start (npm run config:docs -w packages/server) -->';
export const README_END = '<!-- environment variables: end -->';

/** Markdown's table cells must not contain a bare `|`. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The README's table of every variable. */
export function readmeTable(): string {
  const rows = variableDocs().map(
    (v) =>
      `| \`${v.name}\` | ${v.shown === undefined ? 'unset' : `\`${cell(v.shown)}\``} | ${cell(v.description)} |`,
  );
  return ['| variable | default | what |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The README with its table (between the markers) made from the schema. */
export function withReadmeTable(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) {
    throw new Error(`the README has no "${README_START}" … "${README_END}" markers`);
  }
  return `${readme.slice(0, start + README_START.length)}\n${readmeTable()}\n${readme.slice(end)}`;
}

/** Breaks a comment into lines of at most `width` characters, each starting with `# `. */
function commentLines(text: string, width = 98): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/**
 * Variables that `compose.yaml` (the repository's root) reads from the same `.env`, not the
 * server: listed after the server's so that one file configures the whole compose set-up.
 */
const COMPOSE_VARIABLES: { name: string; shown?: string; description: string }[] = [
  {
    name: 'POSTGRES_PASSWORD',
    description:
      "compose.yaml: the password of the `db` service, also put in the game processes' `DATABASE_URL` (required by compose)",
  },
  { name: 'HTTPS_PORT', shown: '443', description: "compose.yaml: the host port of nginx's HTTPS" },
  {
    name: 'HTTP_PORT',
    shown: '80',
    description: "compose.yaml: the host port of nginx's HTTP (redirects to HTTPS)",
  },
  {
    name: 'GANGSTA_SUBNET',
    shown: '172.30.70.0/24',
    description:
      "compose.yaml: the subnet of the compose network, the game processes' `TRUST_PROXY`",
  },
];

/** `.env.example`: every variable, commented out, with its default or an example. */
export function envExample(): string {
  const header = [
    '# The settings of the Gangsta! game server (packages/server), one environment variable each.',
    '# Every line is commented out: the server uses the default shown. Copy this file to .env,',
    '# uncomment what you change, and pass it to the server (docker run --env-file .env, an',
    '# EnvironmentFile= of systemd, `set -a; . ./.env; set +a` in a shell). An empty value counts',
    '# as unset. Generated from packages/server/src/environment.ts by',
    '# `npm run config:docs -w packages/server`: edit the descriptions there, not here.',
  ];
  const blocks = variableDocs().map((v) => {
    const shown = v.shown === undefined ? 'unset' : v.shown;
    const value = v.example ?? v.shown ?? '';
    const example = v.shown === undefined && v.example !== undefined ? ` (e.g. ${v.example})` : '';
    return [
      ...commentLines(`${v.description}. Default: ${shown}${example}.`),
      `# ${v.name}=${value}`,
    ].join('\n');
  });
  const compose = COMPOSE_VARIABLES.map((v) =>
    [
      ...commentLines(`${v.description}. Default: ${v.shown ?? 'unset'}.`),
      `# ${v.name}=${v.shown ?? ''}`,
    ].join('\n'),
  );
  return `${[header.join('\n'), ...blocks, '# --- read by compose.yaml, not by the server ---', ...compose].join('\n\n')}\n`;
}
