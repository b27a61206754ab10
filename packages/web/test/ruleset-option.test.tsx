// @vitest-environment jsdom
/**
 * The ruleset table option (R-OPT-4) reaches the option fields from the engine's GAME_OPTIONS,
 * in every language, and the log words another seat's hidden heist influence (R-OPT-3).
 */
import { CLASSIC_CARDS, cardsOf } from '@gangsta/engine';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GAME_OPTIONS, GameOptionsFields } from '../src/app/GameOptionsFields.tsx';
import { i18n, i18nReady, LANGUAGES } from '../src/i18n/index.ts';
import type { TextContext } from '../src/text/context.ts';
import { describeEvent } from '../src/text/events.ts';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('R-OPT-4: the ruleset among the table options', () => {
  it('is offered as two choices, online by default, and reports the one picked', () => {
    const onChange = vi.fn();
    render(<GameOptionsFields id="t" value={DEFAULT_GAME_OPTIONS} onChange={onChange} />);
    const online = screen.getByRole('radio', { name: 'Online edition' });
    const printed = screen.getByRole('radio', { name: 'Printed rulebooks' });
    expect(online).toBeChecked();
    expect(printed).not.toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Rules' })).toBeInTheDocument();
    fireEvent.click(printed);
    expect(onChange).toHaveBeenCalledWith({
      ...DEFAULT_GAME_OPTIONS,
      choices: { ruleset: 'printed' },
    });
  });

  it('has its words in every language', async () => {
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language.code);
      for (const key of [
        'newGame.choices.ruleset.label',
        'newGame.choices.ruleset.help',
        'newGame.choices.ruleset.values.online',
        'newGame.choices.ruleset.values.printed',
        'event.influenceHidden',
        'botReasons.bank.withdrawForSnitch',
      ])
        expect(
          i18n.exists(key, { lng: language.code, fallbackLng: [] }),
          `${language.code}: ${key}`,
        ).toBe(true);
    }
    await i18n.changeLanguage('en');
  });
});

describe('R-OPT-3: the log of another seat’s hidden influence', () => {
  it('says who gained IP without an amount', () => {
    const ctx: TextContext = {
      t: i18n.t,
      cards: cardsOf(CLASSIC_CARDS),
      seats: ['human', 'human'],
      viewer: 0,
    };
    const text = describeEvent(ctx, { type: 'influenceHidden', seat: 1 });
    expect(text).toMatch(/gains IP \(the amount is hidden\)/);
    expect(text).not.toMatch(/\d+ IP/);
  });
});
