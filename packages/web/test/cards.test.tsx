// @vitest-environment jsdom
/**
 * Card faces: every card of the classic set renders with its title and icons; skill icons differ
 * by shape as well as colour and have accessible names; cards become buttons when they can be
 * chosen; switching language changes the rendered text; the rules page has every section.
 */
import { CLASSIC_CARDS, SKILLS } from '@gangsta/engine';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CardDetails,
  CardFace,
  GangsterCard,
  HeistCard,
  ResourceCard,
  RewardList,
  SKILL_STYLES,
  SkillIcon,
} from '../src/cards/index.ts';
import {
  i18n,
  i18nReady,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  LanguageSwitch,
} from '../src/i18n/index.ts';
import en from '../src/i18n/locales/en.json';
import { RulesPage } from '../src/rules/RulesPage.tsx';

const cards = CLASSIC_CARDS;

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

afterAll(async () => {
  await i18n.changeLanguage('en');
});

/** The skill icons inside the list labelled `label` (requirement, skills). */
function iconsIn(card: HTMLElement, label: string): HTMLElement[] {
  return within(within(card).getByRole('list', { name: label })).getAllByRole('img');
}

describe('every card of the classic set', () => {
  it('heists show their title, chapter, requirement icons and rewards', () => {
    for (const heist of cards.heists) {
      const { container, unmount } = render(<CardFace cards={cards} id={heist.id} />);
      const card = container.firstElementChild as HTMLElement;
      expect(card.getAttribute('data-card')).toBe(heist.id);
      expect(within(card).getByText(en.heists[heist.kind])).toBeInTheDocument();
      const icons = iconsIn(card, en.cards.requirementLabel);
      expect(icons.map((icon) => icon.getAttribute('data-skill'))).toEqual(heist.requirement);
      const rewardLists = within(card).getAllByRole('list', { name: /Reward/ });
      expect(rewardLists).toHaveLength(heist.coop ? 2 : 1);
      const rewards = within(card)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.reward);
      expect(rewards).toHaveLength(heist.rewardA.length + heist.rewardB.length);
      if (heist.coop) expect(within(card).getByText(en.cards.coop)).toBeInTheDocument();
      unmount();
    }
  });

  it('gangsters and Bosses show nickname, family, skills, cost or Boss, and IP', () => {
    for (const card of [...cards.bosses, ...cards.gangsters]) {
      const { container, unmount } = render(<CardFace cards={cards} id={card.id} />);
      const face = container.firstElementChild as HTMLElement;
      const nickname = en.gangsters[card.id as keyof typeof en.gangsters];
      expect(within(face).getByText(nickname)).toBeInTheDocument();
      expect(face.querySelector(`[data-family="${card.family}"]`)).not.toBeNull();
      const icons = iconsIn(face, en.cards.skillsLabel);
      expect(icons.map((icon) => icon.getAttribute('data-skill'))).toEqual(card.skills);
      expect(face.textContent).toMatch(new RegExp(`\\b${card.ip}\\sIP\\b`));
      unmount();
    }
  });

  it('resources show name, requirement, effect and IP', () => {
    for (const card of cards.resources) {
      const { container, unmount } = render(<CardFace cards={cards} id={card.id} />);
      const face = container.firstElementChild as HTMLElement;
      expect(within(face).getByText(en.resources[card.effect].name)).toBeInTheDocument();
      const icons = iconsIn(face, en.cards.requirementLabel);
      expect(icons.map((icon) => icon.getAttribute('data-skill'))).toEqual(card.requirement);
      // Every parameter was filled in: no {{…}} left in the effect text.
      expect(face.textContent).not.toMatch(/\{\{|\}\}/);
      unmount();
    }
  });

  it('snitches show their value as Informant icons', () => {
    for (const snitch of cards.snitches) {
      const { container, unmount } = render(<CardFace cards={cards} id={snitch.id} />);
      const face = container.firstElementChild as HTMLElement;
      expect(within(face).getByText(en.cards.snitch)).toBeInTheDocument();
      expect(face.querySelectorAll('[data-skill="I"]')).toHaveLength(snitch.value);
      unmount();
    }
  });

  it('an unknown id renders a placeholder instead of failing', () => {
    render(<CardFace cards={cards} id="NOPE-1" />);
    expect(screen.getByText('Unknown card NOPE-1')).toBeInTheDocument();
  });
});

describe('skill icons', () => {
  it('each skill has its own shape, its own colour and an accessible name', () => {
    render(
      <div>
        {SKILLS.map((skill) => (
          <SkillIcon key={skill} skill={skill} />
        ))}
      </div>,
    );
    const shapes = new Set<string>();
    const drawings = new Set<string>();
    for (const skill of SKILLS) {
      const icon = screen.getByRole('img', { name: en.skills[skill] });
      shapes.add(icon.getAttribute('data-shape') ?? '');
      drawings.add(icon.innerHTML.replace(/<title>.*?<\/title>/, '').replace(/#[0-9a-f]{6}/gi, ''));
    }
    expect(shapes.size).toBe(SKILLS.length);
    // The drawings differ even with colour removed.
    expect(drawings.size).toBe(SKILLS.length);
    expect(new Set(Object.values(SKILL_STYLES).map((style) => style.colour)).size).toBe(
      SKILLS.length,
    );
  });

  it('a learned skill is named as learned', () => {
    render(
      <GangsterCard cards={cards} id="G09" member={{ id: 'G09', engaged: false, learned: 'I' }} />,
    );
    expect(screen.getByRole('img', { name: 'Informant (learned)' })).toBeInTheDocument();
  });
});

describe('full card text (the zoom)', () => {
  it('a cooperative heist spells out every reward of A and B, and its requirement', () => {
    const coop = cards.heists.find((h) => h.coop && h.rewardB.length > 0);
    expect(coop).toBeDefined();
    if (!coop) return;
    const { container } = render(<CardDetails cards={cards} id={coop.id} />);
    const items = container.querySelectorAll('li');
    expect(items.length).toBe(coop.rewardA.length + coop.rewardB.length);
    expect(container.textContent).toContain(en.rewards.sectionB);
    expect(container.textContent).toContain(en.cards.requirementLabel);
  });

  it('a heist names its chapter once: "Chapter: I — Genesis", never "Chapter: Chapter I"', () => {
    const heist = cards.heists.find((h) => h.chapter === 1);
    expect(heist).toBeDefined();
    if (!heist) return;
    const { container } = render(<CardDetails cards={cards} id={heist.id} />);
    const text = container.textContent ?? '';
    expect(text).toContain(`${en.table.chapter}I — ${en.cards.chapterName['1']}`);
    expect(text.split(en.table.chapter).length - 1).toBe(1);
  });

  it('a member shows its learned skill and the Training heist tucked under it', () => {
    const training = cards.heists.find((h) => h.rewardA.some((r) => r.kind === 'training'));
    expect(training).toBeDefined();
    if (!training) return;
    const member = { id: 'G01', engaged: false, learned: 'H' as const, tucked: training.id };
    const details = render(<CardDetails cards={cards} id="G01" member={member} />);
    expect(details.container.textContent).toContain(en.cards.details.learned);
    expect(details.container.textContent).toContain(en.cards.details.tucked);
    cleanup();
    const face = render(<GangsterCard cards={cards} id="G01" member={member} />);
    expect(face.container.querySelector('.gcard__tucked')?.textContent).toMatch(/^Trained: /);
  });
});

describe('states and controls', () => {
  it('an engaged member is marked engaged, stamped, and says so', () => {
    const { container } = render(
      <GangsterCard cards={cards} id="G01" member={{ id: 'G01', engaged: true }} />,
    );
    const card = container.firstElementChild as HTMLElement;
    expect(card.classList.contains('is-engaged')).toBe(true);
    // In words for screen readers, and as a stamp across the portrait for the eye.
    const spoken = within(card).getByText(en.cards.engaged, { selector: '.gcard-sr-only' });
    expect(spoken).toBeInTheDocument();
    const stamp = within(card).getByText(en.cards.engaged, { selector: '.gcard__stamp' });
    expect(stamp).toHaveAttribute('aria-hidden', 'true');
  });

  it('a card with onSelect is a focusable button that reports its id', () => {
    const onSelect = vi.fn();
    render(<HeistCard cards={cards} id="HI-01" onSelect={onSelect} selected={false} />);
    const button = screen.getByRole('button', { name: /Armored Van/ });
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith('HI-01');
  });

  it('a disabled card stays focusable but does not report', () => {
    const onSelect = vi.fn();
    render(
      <GangsterCard cards={cards} id="G02" onSelect={onSelect} disabled>
        No icon still needed
      </GangsterCard>,
    );
    const button = screen.getByRole('button', { name: /Katya Two-Shots/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.textContent).toContain('No icon still needed');
    fireEvent.click(button);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a heist being put together shows covered icons', () => {
    render(<HeistCard cards={cards} id="HI-09" remaining={['I']} />);
    // Requirement I, I, S with only one I left: one I and the S are covered.
    expect(screen.getAllByRole('img', { name: /\(covered\)/ })).toHaveLength(2);
  });

  it('a kept resource says whether it is active', () => {
    const { rerender } = render(<ResourceCard cards={cards} id="R09" active={false} />);
    expect(screen.getByText(en.cards.inactive)).toBeInTheDocument();
    rerender(<ResourceCard cards={cards} id="R09" active />);
    expect(screen.getByText(en.cards.active)).toBeInTheDocument();
    expect(screen.getByText(/Keep up to \$10 here/)).toBeInTheDocument();
  });

  it('reward lists name amounts and skills', () => {
    render(
      <RewardList
        rewards={[
          { kind: 'income', amount: 3 },
          { kind: 'training', skill: 'H' },
          { kind: 'theft', amount: 2 },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['$3', 'Learn Hacker', 'Steal $2']);
  });
});

describe('languages', () => {
  it('the language switch changes a rendered title and remembers the choice', async () => {
    render(
      <>
        <LanguageSwitch />
        <HeistCard cards={cards} id="HI-01" />
      </>,
    );
    expect(screen.getByText('Armored Van')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option')).toHaveLength(LANGUAGES.length);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'pt' } });
      await i18n.loadLanguages('pt');
    });
    expect(await screen.findByText('Carro-Forte')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByText('Armored Van')).toBeInTheDocument();
  });

  it('the rules page has every section, and no missing text, in every language', async () => {
    for (const { code } of LANGUAGES) {
      await act(async () => {
        await i18n.changeLanguage(code);
      });
      const { container, unmount } = render(<RulesPage />);
      const sections = container.querySelectorAll('section');
      expect(sections.length, code).toBe(12);
      // A missing message would show its id, such as "rules.pass.p2".
      expect(container.textContent, code).not.toMatch(/\b(rules|rewards|skills)\.[a-zA-Z]/);
      expect(container.textContent, code).not.toMatch(/\{\{/);
      unmount();
    }
  });
});
