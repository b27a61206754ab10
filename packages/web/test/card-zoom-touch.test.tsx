// @vitest-environment jsdom
/**
 * A tap on a phone never enlarges a card; a mouse hover and a long press do.
 *
 * A browser answers a tap with the finger's pointer events and then, for pages written for
 * mice, "compatibility" mouse events at the same spot (mouseover, mouseenter, mousemove,
 * mousedown, mouseup, click); when the page then scrolls or changes under that spot it also
 * sends hovers of pointer type "mouse" there by itself. The table once opened a card's
 * enlargement 300 ms after any mouse enter, so after every tap the zoom covered the status bar.
 */
import type { GameState } from '@gangsta/engine';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { statesByDecision } from './helpers.ts';
import { renderTable } from './tableFixture.tsx';

let action: GameState;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  const state = statesByDecision().get('action');
  if (!state) throw new Error('no action decision among the fixture states');
  action = state;
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

/** The first recruit-row card's hover target (the span around the card). */
function aCard(): HTMLElement {
  const card = document.querySelector<HTMLElement>('.tcard');
  if (!card) throw new Error('no card on the table');
  return card;
}

describe('card zoom on a touch screen', () => {
  it('a tap, with the mouse events a browser adds to it, opens no enlargement', () => {
    vi.useFakeTimers();
    renderTable(action);
    const card = aCard();
    // The finger: over, down, up.
    fireEvent.pointerOver(card, { pointerType: 'touch' });
    fireEvent.pointerDown(card, { pointerType: 'touch' });
    fireEvent.pointerUp(card, { pointerType: 'touch' });
    // The compatibility mouse events, then a "mouse" hover sent when the page moved under it.
    fireEvent.mouseOver(card);
    fireEvent.mouseMove(card);
    fireEvent.pointerOver(card, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByTestId('card-zoom')).not.toBeInTheDocument();
  });

  it('a long press still opens it', () => {
    vi.useFakeTimers();
    renderTable(action);
    const card = aCard();
    fireEvent.pointerOver(card, { pointerType: 'touch' });
    fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByTestId('card-zoom')).toBeInTheDocument();
  });

  it('a mouse that really moves onto a card opens it after a moment', () => {
    vi.useFakeTimers();
    renderTable(action);
    const card = aCard();
    // A real mouse movement ends any touch spell left by an earlier test.
    fireEvent.pointerMove(document.body, { pointerType: 'mouse', movementX: 4, movementY: 2 });
    // A mouse sends both: the pointer event and the mouse event.
    fireEvent.pointerOver(card, { pointerType: 'mouse' });
    fireEvent.mouseOver(card);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByTestId('card-zoom')).toBeInTheDocument();
  });
});
