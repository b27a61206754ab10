// @vitest-environment jsdom
/**
 * The friends panel and the mail settings: a dot says who is online, a challenge is one click
 * (and goes to the new table), a challenge for you is accepted or declined with one click, and
 * the mail settings show the address, whether it is verified, and the opt-ins sent on saving.
 */
import type { Challenge, EmailSettings, Friend, TableInfo } from '@gangsta/protocol';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmailSettingsForm } from '../src/features/online/screens/EmailSettings.tsx';
import { FriendsPanel } from '../src/features/online/screens/Friends.tsx';
import { EmailLandingNotice } from '../src/features/online/screens/OnlineHome.tsx';
import type { Api } from '../src/features/online/state/api.ts';
import type { OnlineClient } from '../src/features/online/state/client.ts';
import { IDENTITY_KEY, IdentityStore } from '../src/features/online/state/identity.ts';
import { emailLandingOf } from '../src/features/online/state/routes.ts';
import { i18n, i18nReady } from '../src/i18n/index.ts';
import { itemOf } from './helpers.ts';

beforeAll(async () => {
  await i18nReady;
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  window.location.hash = '';
  await i18n.changeLanguage('en');
});

function client(api: Partial<Api>): OnlineClient {
  const stored = { token: null, player: { id: 'bob', name: 'Bob' }, account: { username: 'bob' } };
  const data = new Map([[IDENTITY_KEY, JSON.stringify(stored)]]);
  const identity = new IdentityStore({
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => data.set(key, value),
    removeItem: (key) => data.delete(key),
  });
  return { api: api as Api, identity } as unknown as OnlineClient;
}

const friends: Friend[] = [
  { id: 'ann', name: 'Ann', username: 'ann', online: true },
  { id: 'cem', name: 'Cem', username: 'cem', online: false },
];

const tableInfo = { id: 't9', name: 'Ann – Bob', status: 'waiting' } as TableInfo;
const incoming: Challenge = {
  id: 't9',
  from: { id: 'ann', name: 'Ann' },
  to: { id: 'bob', name: 'Bob' },
  seat: 1,
  table: tableInfo,
};

describe('the friends panel', () => {
  it('marks who is online with a dot and challenges a friend with one click', async () => {
    const challenge = vi.fn(async () => ({ ...incoming, id: 'new-table' }));
    render(
      <FriendsPanel
        client={client({
          friends: async () => ({ friends }),
          challenges: async () => [],
          challenge,
        })}
      />,
    );
    const rows = await screen.findAllByTestId('friend');
    expect(rows).toHaveLength(2);
    expect(within(itemOf(rows, 0)).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(within(itemOf(rows, 1)).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    expect(rows[0]).toHaveAttribute('data-online', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Challenge Ann to a 2-player game' }));
    await waitFor(() => expect(window.location.hash).toBe('#/online/t/new-table'));
    expect(challenge).toHaveBeenCalledWith({ to: 'ann', options: { players: 2 } });
  });

  it('follows by username and unfollows', async () => {
    let list: Friend[] = [];
    const follow = vi.fn(async (username: string) => {
      const followed: Friend = { id: 'cem', name: 'Cem', username, online: false };
      list = [followed];
      return followed;
    });
    const unfollow = vi.fn(async () => {
      list = [];
    });
    render(
      <FriendsPanel
        client={client({
          friends: async () => ({ friends: list }),
          challenges: async () => [],
          follow,
          unfollow,
        })}
      />,
    );
    expect(await screen.findByText('You follow nobody yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Username to follow'), { target: { value: ' cem ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByTestId('friend')).toHaveTextContent('Cem');
    expect(follow).toHaveBeenCalledWith('cem');
    fireEvent.click(screen.getByRole('button', { name: 'Stop following Cem' }));
    expect(await screen.findByText('You follow nobody yet.')).toBeInTheDocument();
    expect(unfollow).toHaveBeenCalledWith('cem');
  });

  it('declines a challenge for you with one click; accepting goes to the table', async () => {
    let waiting = [incoming];
    const declineChallenge = vi.fn(async () => {
      waiting = [];
    });
    const acceptChallenge = vi.fn(async () => ({ table: tableInfo, seat: 1 }));
    render(
      <FriendsPanel
        client={client({
          friends: async () => ({ friends: [] }),
          challenges: async () => waiting,
          declineChallenge,
          acceptChallenge,
        })}
      />,
    );
    const row = await screen.findByTestId('incoming-challenge');
    expect(row).toHaveTextContent('Ann challenges you');
    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByTestId('incoming-challenge')).not.toBeInTheDocument());
    expect(declineChallenge).toHaveBeenCalledWith('t9');
    expect(acceptChallenge).not.toHaveBeenCalled();
  });

  it('accepts a challenge and opens its table', async () => {
    const acceptChallenge = vi.fn(async () => ({ table: tableInfo, seat: 1 }));
    render(
      <FriendsPanel
        client={client({
          friends: async () => ({ friends: [] }),
          challenges: async () => [incoming],
          acceptChallenge,
        })}
      />,
    );
    const row = await screen.findByTestId('incoming-challenge');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(window.location.hash).toBe('#/online/t/t9'));
    expect(acceptChallenge).toHaveBeenCalledWith('t9');
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('de');
    render(
      <FriendsPanel
        client={client({ friends: async () => ({ friends }), challenges: async () => [] })}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Freunde' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Online' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /herausfordern$/ })).toHaveLength(2);
  });
});

describe('the mail settings', () => {
  const unverified: EmailSettings = {
    enabled: true,
    email: {
      address: 'bob@example.test',
      verified: false,
      yourTurn: true,
      invitations: false,
      rematches: false,
    },
  };

  it('shows the address, that it waits for verification, and sends the opt-ins', async () => {
    const setEmail = vi.fn(async () => ({
      ...unverified,
      email: { ...unverified.email!, verified: true, invitations: true },
    }));
    const resendVerification = vi.fn(async () => unverified);
    render(
      <EmailSettingsForm
        client={client({ email: async () => unverified, setEmail, resendVerification })}
      />,
    );
    expect(await screen.findByDisplayValue('bob@example.test')).toBeInTheDocument();
    expect(screen.getByTestId('email-state')).toHaveTextContent('Not verified yet');
    expect(screen.getByLabelText(/Your turn in turn-based games/)).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('The link is on its way.')).toBeInTheDocument();
    expect(resendVerification).toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('Challenges and invitations'));
    fireEvent.click(screen.getByRole('button', { name: 'Save email settings' }));
    expect(await screen.findByText('Email settings saved.')).toBeInTheDocument();
    expect(setEmail).toHaveBeenCalledWith({
      address: 'bob@example.test',
      yourTurn: true,
      invitations: true,
      rematches: false,
    });
    expect(screen.getByTestId('email-state')).toHaveTextContent('Verified');
  });

  it('says so when the server sends no mail, and the form cannot be used', async () => {
    render(
      <EmailSettingsForm
        client={client({ email: async () => ({ enabled: false, email: null }) })}
      />,
    );
    expect(await screen.findByText('This server sends no mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save email settings' })).toBeDisabled();
  });
});

describe('landing from a mail’s link', () => {
  it('reads the outcome only from the online home’s address', () => {
    expect(emailLandingOf('#/online?email=verified')).toBe('verified');
    expect(emailLandingOf('#/online/?email=unsubscribed')).toBe('unsubscribed');
    expect(emailLandingOf('#/online?email=invalid')).toBe('invalid');
    expect(emailLandingOf('#/online?email=pwned')).toBeNull();
    expect(emailLandingOf('#/online/games?email=verified')).toBeNull();
    expect(emailLandingOf('#/online')).toBeNull();
  });

  it('says the address is verified, once: dismissing drops it from the address', () => {
    window.location.hash = '#/online?email=verified';
    render(<EmailLandingNotice />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Your email address is verified');
    expect(notice).not.toHaveClass('is-error');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#/online');
  });

  it('says when a link no longer works, as an error', () => {
    window.location.hash = '#/online?email=invalid';
    render(<EmailLandingNotice />);
    expect(screen.getByRole('status')).toHaveClass('is-error');
    expect(screen.getByRole('status')).toHaveTextContent('That link is not valid any more');
  });

  it('says nothing on the plain online home', () => {
    window.location.hash = '#/online';
    render(<EmailLandingNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
