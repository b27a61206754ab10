/**
 * Items of a list the test knows to be there, as their own type (not `T | undefined`): a list
 * shorter than the test expects fails with what was missing, where an index would hand on
 * `undefined` to fail later somewhere less clear. For lists whose items are never undefined.
 */

/** The item at `index` (negative counts from the end); throws when the list has none there. */
export function at<T>(list: readonly T[], index: number, what = 'item'): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no ${what} at index ${index} of ${list.length}`);
  return item;
}

/** The list's one item; throws when it has none or several. */
export function only<T>(list: readonly T[], what = 'item'): T {
  const [item] = list;
  if (list.length !== 1 || item === undefined)
    throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return item;
}
