/** "My games": the time left as the page shows it. */
import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from '../src/features/online/screens/MyGames.tsx';

describe('time left', () => {
  it('shows minutes and seconds under an hour, then hours and minutes, then days and hours', () => {
    expect(formatTimeLeft(65_000, 'en')).toBe('1:05');
    expect(formatTimeLeft(-5, 'en')).toBe('0:00');
    expect(formatTimeLeft((3 * 60 + 12) * 60_000, 'en')).toBe('3h 12m');
    expect(formatTimeLeft((2 * 24 + 5) * 3_600_000, 'en')).toBe('2d 5h');
  });
});
