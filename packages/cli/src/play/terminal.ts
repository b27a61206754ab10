/** The terminal the game talks to: printing, and asking for a line (echoed when piped). */
import type { LineReader } from '../io/lines.ts';

export interface Terminal {
  print(text: string): void;
  /** Shows `prompt` and waits for a line; null when the input has ended. */
  ask(prompt: string): Promise<string | null>;
}

export function makeTerminal(
  reader: LineReader,
  output: NodeJS.WriteStream,
  echo: boolean,
): Terminal {
  return {
    print: (text) => {
      output.write(`${text}\n`);
    },
    ask: async (prompt) => {
      output.write(prompt);
      const line = await reader.next();
      // A piped answer does not appear on screen: echo it so a transcript reads like a session.
      if (echo || line === null) output.write(`${line ?? '(end of input)'}\n`);
      return line === null ? null : line.trim();
    },
  };
}
