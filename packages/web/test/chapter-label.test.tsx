// @vitest-environment jsdom
/**
 * The chapter on the table's top line and in the replay: the label says "Chapter", so the value
 * is the numeral and the name ("I — Genesis"), never "Chapter: Chapter I — Genesis".
 */
import type { GameView } from '@gangsta/engine';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { TableStatus } from '../src/table/Table.tsx';
import { TopLine } from '../src/table/widgets/TopLine.tsx';

beforeAll(async () => {
  await i18nReady;
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

// Only what the chapter line reads.
const view = {
  chapter: 1,
  snitchesThisChapter: 0,
  turnNumber: 3,
  chapterEndPending: false,
  phase: 'action',
} as unknown as GameView;

describe('the chapter line says "Chapter" once', () => {
  for (const [language, label, name] of [
    ['en', 'Chapter', 'Genesis'],
    ['pt', 'Capítulo', 'Gênese'],
    ['de', 'Kapitel', undefined],
  ] as const) {
    it(`in ${language}`, async () => {
      await act(() => i18n.changeLanguage(language));
      for (const Line of [TopLine, TableStatus]) {
        render(<Line view={view} />);
        const chapter = screen.getByTestId('chapter');
        const text = chapter.textContent ?? '';
        expect(text.split(label).length - 1, text).toBe(1);
        expect(chapter.querySelector('dd')).toHaveTextContent(/^I\b/);
        if (name) expect(chapter).toHaveTextContent(name);
        cleanup();
      }
    });
  }
});
