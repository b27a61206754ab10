/**
 * Safe text from players: names (display names, usernames, table names, seat labels) and chat.
 *
 * A name is shown beside other people's words (the chat, the log, the seats), so it must not be
 * able to change how the text around it reads. A right-to-left override (U+202E) at the start
 * of a name reverses what follows it on the line: "Mallory: I paid $5 to Alice" could read as
 * something else. Names are therefore refused when they carry any control character (Unicode
 * category Cc), any invisible formatting character (category Cf: the bidirectional embeddings,
 * overrides and isolates U+202A–202E and U+2066–2069, the marks U+200E/200F/061C, zero-widths
 * U+200B–200D, U+2060–2064, U+FEFF, soft hyphen, tags…) or a line/paragraph separator. One
 * exception: a zero-width joiner between two pictographs, which is how emoji such as 👩‍💻 are
 * written; it cannot reorder or hide text.
 *
 * Lengths count code points (what `[...text].length` counts), on the server and in the web
 * forms alike: an emoji is one, as a player expects, where a UTF-16 count (the HTML
 * `maxLength`) would make it two. User-perceived characters (grapheme clusters) were not
 * chosen: one cluster can hold any number of combining marks, so it would not bound the size.
 *
 * Chat lines are kept, but the bidirectional controls are stripped from them (`cleanChatText`):
 * a line may be Arabic or Hebrew, pasted with a direction mark, and refusing it would bounce a
 * harmless line, while the controls themselves say nothing a reader needs. Clients show every
 * name and line in its own isolated run besides (`<bdi>`), so text stored before these checks
 * cannot reorder its neighbours either.
 */
import { z } from 'zod';

/** Why a name is refused; `char` names the character as `U+XXXX`. */
export type NameProblem =
  | { reason: 'empty' }
  | { reason: 'tooLong'; max: number }
  | { reason: 'invisible'; char: string };

const ZWJ = 0x200d;
/** Unicode's bidirectional controls: marks, embeddings, overrides, isolates. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Characters with no visible form of their own that can hide or reorder text. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The number of code points: the unit every name and chat limit counts. */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `U+202E` for the character's code point. */
export function codePointLabel(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character that makes the text unsafe as a name, or null. */
export function invisibleCharacter(text: string): string | null {
  const chars = [...text];
  for (const [index, char] of chars.entries()) {
    if (!INVISIBLE.test(char)) continue;
    const before = chars[index - 1];
    const after = chars[index + 1];
    const joinsEmoji =
      char.codePointAt(0) === ZWJ &&
      before !== undefined &&
      after !== undefined &&
      isEmojiPart(before) &&
      PICTOGRAPH.test(after);
    if (!joinsEmoji) return char;
  }
  return null;
}

/** A pictograph, or the variation selector or skin tone that may follow one before a joiner. */
function isEmojiPart(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return PICTOGRAPH.test(char) || code === 0xfe0f || (code >= 0x1f3fb && code <= 0x1f3ff);
}

/**
 * What is wrong with a name (already trimmed), or null when it may be used. The web forms ask
 * before sending; the server's schemas ask the same question.
 */
export function nameProblem(name: string, max: number, min = 1): NameProblem | null {
  if (textLength(name) < min) return { reason: 'empty' };
  const char = invisibleCharacter(name);
  if (char !== null) return { reason: 'invisible', char: codePointLabel(char) };
  if (textLength(name) > max) return { reason: 'tooLong', max };
  return null;
}

/** The English sentence of a refusal (logs, tests); clients translate from the params. */
export function nameProblemMessage(problem: NameProblem): string {
  switch (problem.reason) {
    case 'empty':
      return 'a name is not empty';
    case 'tooLong':
      return `a name has at most ${problem.max} characters`;
    case 'invisible':
      return `a name has no invisible or direction-changing characters (${problem.char})`;
  }
}

/**
 * A trimmed name of `min`–`max` code points without invisible characters. A refusal's issue
 * carries `params` (`reason`, and `char` or `max`), which the server passes on in its error.
 */
export function safeNameSchema(max: number, min = 1) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      const problem = nameProblem(ctx.value, max, min);
      if (problem) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: nameProblemMessage(problem),
          params: problem,
        });
      }
    });
}

/** A chat line as stored and shown: without bidirectional controls, trimmed. */
export function cleanChatText(text: string): string {
  return text.replace(BIDI_CONTROLS, '').trim();
}

/** A name with its bidirectional controls removed: for a terminal, which has no isolation. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * The text in a first-strong isolate (U+2068 … U+2069): for places that build a sentence as a
 * string, where a `<bdi>` element cannot go.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
