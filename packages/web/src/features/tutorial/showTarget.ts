/**
 * The coach shows what it asks for: when a step asks the learner to click a card, that card is
 * brought into view — on a phone, the tab that holds it is opened first (a rival's Boss lives on
 * the Opponents tab) — and scrolled to the middle of the window, clear of the coach above it.
 * The table marks the card itself (`data-legal="true"`: the tutorial leaves exactly one legal
 * move), so this works on whatever board layout draws it.
 */

/** The card or button the current step asks for, if the table shows one. */
export function findTarget(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-legal="true"]');
}

/** Whether the element takes room on the page (not inside a hidden tab). */
function rendered(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/** The phone tab whose panel holds `element` (the rows and your gang, or the rivals' boards). */
function tabHolding(element: HTMLElement): string | null {
  if (element.closest('.table-main')) return 'table';
  if (element.closest('.opponents')) return 'opponents';
  return null;
}

/**
 * Brings `target` into view. Returns false when it cannot be shown yet (its tab control is not
 * there), so the caller may try again after the next render.
 */
export function revealTarget(root: ParentNode, target: HTMLElement, smooth: boolean): boolean {
  if (!rendered(target)) {
    const tab = tabHolding(target);
    const control = tab
      ? root.querySelector<HTMLButtonElement>(`.phone-tabs [data-tab="${tab}"]`)
      : null;
    if (!control) return false;
    control.click();
    if (!rendered(target)) return false;
  }
  target.scrollIntoView({
    block: 'center',
    inline: 'center',
    behavior: smooth ? 'smooth' : 'auto',
  });
  return true;
}
