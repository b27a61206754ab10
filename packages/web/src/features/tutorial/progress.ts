/**
 * Where the learner left the tutorial, kept in localStorage so "Learn to play" resumes at the
 * same step after leaving it or reloading. Reading never throws: a damaged entry is no progress.
 */
const KEY = 'gangsta.tutorial.v1';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The saved step, if it is a step of a script with `stepCount` steps. */
export function loadProgress(stepCount: number): number | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { step?: unknown };
    const step = data.step;
    return typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < stepCount
      ? step
      : null;
  } catch {
    return null;
  }
}

export function saveProgress(step: number): void {
  storage()?.setItem(KEY, JSON.stringify({ step }));
}

export function clearProgress(): void {
  storage()?.removeItem(KEY);
}
