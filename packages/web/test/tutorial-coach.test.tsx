// @vitest-environment jsdom
/**
 * The coach panel: it explains the step with the cards' names, says which card to click at a
 * learner step (and offers no Next there), offers Next after an explanation and once the
 * opponent has played, and follows the language.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CoachPanel } from '../src/features/tutorial/CoachPanel.tsx';
import { TUTORIAL_STEPS } from '../src/features/tutorial/script.ts';
import { TutorialSource } from '../src/features/tutorial/TutorialSource.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);
afterAll(async () => {
  await i18n.changeLanguage('en');
});

/** A source whose opponent moves wait until the test releases them. */
function source(step: string) {
  const releases: (() => void)[] = [];
  const opened = TutorialSource.open(
    TUTORIAL_STEPS.findIndex((s) => s.id === step),
    {
      opponentDelayMs: () => 0,
      wait: () => new Promise<void>((resolve) => releases.push(resolve)),
    },
  );
  if (!opened.ok) throw new Error(opened.error.message);
  return { tutorial: opened.source, releases };
}

function show(tutorial: TutorialSource) {
  render(<CoachPanel source={tutorial} onRestart={() => {}} onFinish={() => {}} />);
  return screen.getByTestId('coach');
}

describe('the coach panel', () => {
  it('says which card to click at a learner step, and offers no Next', () => {
    const coach = show(source('readyFree').tutorial);
    expect(coach).toHaveTextContent('Step 2 of 20');
    expect(screen.getByRole('heading', { name: 'Mobilization: ready your members' })).toBeVisible();
    expect(coach).toHaveTextContent('Mister Jade is a Leader');
    expect(coach).toHaveTextContent('Click the highlighted card: Ready Lena Wiretap (free).');
    expect(screen.queryByTestId('tutorial-next')).toBeNull();
  });

  it('moves on with Next after an explanation', () => {
    const { tutorial } = source('welcome');
    const coach = show(tutorial);
    expect(coach).toHaveTextContent(
      'You lead the gang of Mister Jade; Vera leads the gang of Don Ramón Oro.',
    );
    act(() => {
      fireEvent.click(screen.getByTestId('tutorial-next'));
    });
    expect(coach).toHaveAttribute('data-step', 'readyFree');
  });

  it("offers Next only once the opponent's moves have been played", async () => {
    const { tutorial, releases } = source('opponentTheft');
    const coach = show(tutorial);
    act(() => tutorial.start());
    expect(coach).toHaveTextContent('Vera is playing…');
    expect(screen.queryByTestId('tutorial-next')).toBeNull();
    // The heist, its two members and the Theft's target.
    for (let move = 0; move < 4; move++) {
      await act(async () => {
        releases.shift()?.();
        await Promise.resolve();
      });
    }
    await screen.findByTestId('tutorial-next');
    expect(coach).not.toHaveTextContent('Vera is playing…');
    tutorial.stop();
  });

  it('speaks the chosen language', async () => {
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const coach = show(source('gangWar').tutorial);
    expect(screen.getByRole('heading', { name: 'La guerre des gangs' })).toBeVisible();
    expect(coach).toHaveTextContent('Cliquez sur Lena Wiretap.');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
