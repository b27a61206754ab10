/**
 * Moving the focus for keyboard users without drawing a focus ring for mouse and touch users.
 *
 * After a move the table puts the focus on the status line, so a keyboard user keeps their
 * place. Chromium draws `:focus-visible` on such a scripted focus even when the move was a
 * mouse click (the clicked card is gone, so nothing "had" the focus before), and a ring then
 * sat on the status bar after every click. Here the last kind of input is remembered: after a
 * pointer, the element is marked `data-quiet-focus` (styles.css hides the ring) until it loses
 * the focus or a key is pressed on it. Screen readers still follow the focus either way.
 */

type Input = 'keyboard' | 'pointer';

// Until a key is pressed, no ring: a page that has just loaded and moves the focus (the score
// after a reload) has no keyboard user to show it to yet.
let lastInput: Input = 'pointer';

if (typeof document !== 'undefined') {
  document.addEventListener(
    'keydown',
    (event) => {
      // Modifier chords (a screen reader's or the browser's shortcuts) say nothing of intent.
      if (!event.ctrlKey && !event.metaKey && !event.altKey) lastInput = 'keyboard';
    },
    true,
  );
  document.addEventListener(
    'pointerdown',
    () => {
      lastInput = 'pointer';
    },
    true,
  );
}

/** The kind of input used last (pointer until a key is pressed). */
export function lastInputKind(): Input {
  return lastInput;
}

/** Focuses `element`, with the ring only if the player is using the keyboard. */
export function focusForInput(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (lastInput === 'pointer') {
    element.dataset.quietFocus = '';
    const clear = () => {
      delete element.dataset.quietFocus;
      element.removeEventListener('blur', clear);
      element.removeEventListener('keydown', clear);
    };
    element.addEventListener('blur', clear);
    element.addEventListener('keydown', clear);
  } else {
    delete element.dataset.quietFocus;
  }
  element.focus();
}
