// The frame of the operator commands (backup, restore): one argument, one line of result on
// stdout, or one line of error on stderr and exit code 1, no stack trace for the expected ones.
import { ConfigError } from '../src/environment.ts';
import { BackupError } from '../src/ops/backup.ts';

export async function runTool(
  usage: string,
  work: (argument: string) => Promise<string>,
): Promise<void> {
  const argument = process.argv[2];
  if (!argument || process.argv.length > 3) {
    process.stderr.write(
      `usage: npm run ${usage.split(' ')[0]} -w packages/server -- ${usage.split(' ').slice(1).join(' ')}\n`,
    );
    process.exit(2);
  }
  try {
    process.stdout.write(`${await work(argument)}\n`);
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
