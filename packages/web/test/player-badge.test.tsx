// @vitest-environment jsdom
/**
 * The badge boards use for a player: a bot shows its name, its family's emblem and its level
 * (in words and as pips); a person shows the name alone; an unnamed bot reads "Player N (bot…)".
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { PlayerBadge } from '../src/table/PlayerBadge.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

describe('PlayerBadge', () => {
  it('a named bot: emblem of its family, name, level badge with its pips', () => {
    const { container } = render(
      <PlayerBadge player={{ seat: 2, kind: 'hard', name: 'Ivy Ho', connected: true }} seat={2} />,
    );
    expect(screen.getByText('Ivy Ho')).toBeInTheDocument();
    expect(container.querySelector('.family-emblem')?.getAttribute('data-family')).toBe('triads');
    const badge = container.querySelector('.level-badge');
    expect(badge?.textContent).toBe('Bot: hard');
    expect(badge?.querySelectorAll('.is-on')).toHaveLength(4);
  });

  it('the Boss’s family wins over the name’s; a person has no level badge', () => {
    const { container } = render(
      <PlayerBadge
        player={{ seat: 0, kind: 'human', name: 'Ann', connected: true }}
        seat={0}
        family="mafia"
      />,
    );
    expect(container.querySelector('.family-emblem')?.getAttribute('data-family')).toBe('mafia');
    expect(container.querySelector('.level-badge')).toBeNull();
  });

  it('an unnamed easy bot: the seat’s name, the level only on the badge', () => {
    const { container } = render(
      <PlayerBadge player={{ seat: 1, kind: 'easy', name: null, connected: true }} seat={1} />,
    );
    expect(container.querySelector('.player-badge__name')?.textContent).toBe('Player 2');
    expect(container.querySelectorAll('.level-badge .is-on')).toHaveLength(2);
  });
});
