// How many members each server function's context has: every function, method or constructor
// in packages/server/src whose parameter is a context (named `ctx` or `deps`, or typed with a
// part of the table context), with the members of its type as the TypeScript checker sees them.
// Prints how many take 1, 2, 3… members, then those above the limit.
//
//   node scripts/context-sizes.mjs [--over 5]
//
// docs/architecture.md ("What each function is given") says why functions take few members.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'server');
const PARTS = /\b(TableContext|Platform|TableMemory|Ownership|Limits|Observers|Play|TableParts)\b/;

const overAt = process.argv.indexOf('--over');
const over = overAt >= 0 ? Number(process.argv[overAt + 1]) : 5;
if (!Number.isInteger(over) || over < 0) {
  console.error(`--over takes a whole number of members, not ${process.argv[overAt + 1]}`);
  process.exit(2);
}

const config = ts.getParsedCommandLineOfConfigFile(
  join(ROOT, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();

/** @type {{ where: string; members: string[] }[]} */
const found = [];
for (const file of program.getSourceFiles()) {
  if (!file.fileName.startsWith(join(ROOT, 'src'))) continue;
  const visit = (node) => {
    if (ts.isFunctionLike(node)) {
      for (const parameter of node.parameters) {
        const name = parameter.name.getText(file);
        const typeText = parameter.type?.getText(file) ?? '';
        if (!/^(ctx|deps)$/.test(name) && !PARTS.test(typeText)) continue;
        let type = checker.getTypeAtLocation(parameter);
        // `ctx: () => Context` (a context read when used): its members are the call's.
        const call = type.getCallSignatures()[0];
        if (call) type = call.getReturnType();
        const members = checker.getPropertiesOfType(type).map((symbol) => symbol.getName());
        const owner = ts.findAncestor(node, ts.isClassDeclaration)?.name?.getText(file);
        const own =
          node.name?.getText(file) ??
          (ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)');
        const where = `${relative(join(ROOT, 'src'), file.fileName)} ${owner ? `${owner}.` : ''}${own}`;
        found.push({ where, members });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

const counts = new Map();
for (const { members } of found) counts.set(members.length, (counts.get(members.length) ?? 0) + 1);
console.log(`${found.length} functions take a context; by its number of members:`);
for (const [size, count] of [...counts].sort((a, b) => a[0] - b[0]))
  console.log(`  ${size}: ${count}`);
const large = found.filter(({ members }) => members.length > over);
large.sort((a, b) => b.members.length - a.members.length || a.where.localeCompare(b.where));
console.log(`\nabove ${over}:`);
for (const { where, members } of large)
  console.log(`  ${members.length}  ${where}  (${members.join(', ')})`);
