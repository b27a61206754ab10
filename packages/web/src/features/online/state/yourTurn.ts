/**
 * "Your turn" outside the page: the tab's title while the tab is not focused, and an optional
 * browser notification. Permission is asked only when the player ticks the box (never on load).
 */
import { useEffect, useRef } from 'react';

const NOTIFY_KEY = 'gangsta.online.notify.v1';

export function notifyWanted(): boolean {
  try {
    return localStorage.getItem(NOTIFY_KEY) === '1';
  } catch {
    return false;
  }
}

/** Turns notifications on (asking the browser) or off; true when they will be shown. */
export async function setNotifyWanted(on: boolean): Promise<boolean> {
  try {
    localStorage.setItem(NOTIFY_KEY, on ? '1' : '0');
  } catch {
    return false;
  }
  if (!on || typeof Notification === 'undefined') return false;
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

function pageHasFocus(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/** While `myTurn` and the tab is in the background, the title says so; a notification too. */
export function useYourTurn(myTurn: boolean, title: string, notice: string): void {
  const original = useRef(document.title);
  useEffect(() => {
    const base = original.current;
    const update = () => {
      document.title = myTurn && !pageHasFocus() ? title : base;
    };
    update();
    if (myTurn && !pageHasFocus()) notify(notice);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
      document.title = base;
    };
  }, [myTurn, title, notice]);
}

/** A browser notification, when the player asked for them and the browser allows it. */
export function notify(body: string): void {
  if (!notifyWanted() || typeof Notification === 'undefined') return;
  if (Notification.permission !== 'granted') return;
  try {
    new Notification('Gangsta!', { body, tag: 'gangsta-your-turn' });
  } catch {
    // Some browsers allow notifications only from a service worker: the title still says it.
  }
}
