/**
 * Asks again every `everyMs` while the page is visible, and whenever the window regains the
 * focus (a player coming back to the tab sees fresh data at once); and once at the start.
 */
import { useEffect } from 'react';

export function useRefresh(refresh: () => void, everyMs: number): void {
  useEffect(() => {
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, everyMs);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh, everyMs]);
}
