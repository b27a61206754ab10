/**
 * The two ways a command fails. A usage error (bad flag, bad value) exits 2, as shells and
 * commander expect; a runtime error (unreadable file, corrupt save) exits 1. Both print one
 * line naming the culprit.
 */
export class UsageError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export class RuntimeError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeError';
  }
}
