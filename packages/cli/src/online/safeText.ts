/**
 * Text from other players, made safe for a terminal. A terminal applies no bidirectional
 * isolation of its own (most show characters in stored order, some reorder a whole line), and
 * a control character could start an escape sequence; so names and chat lines are printed
 * without control characters and without Unicode's direction controls (a right-to-left
 * override in a name would otherwise reverse what follows it on the line). The server refuses
 * such names now; this covers names stored before, and any other server.
 */
import { withoutBidiControls } from '@gangsta/protocol';

export function terminalText(text: string): string {
  return withoutBidiControls(text).replace(/\p{Cc}/gu, '');
}
