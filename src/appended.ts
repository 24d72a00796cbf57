/**
 * Lists a construct keeps until synth, at the size they hold. An app holds
 * thousands of exports with one resource and claims with one named resource
 * or reference: a push onto an empty list reserves room for 17 items in each.
 */

/** The shared empty list, replaced by `appended`, never pushed to. */
export const NO_ITEMS: never[] = Object.freeze([]) as never[];

/** `list` with `item` at its end: a one-item list in place of an empty one, else `list` pushed to. */
export function appended<T>(list: T[], item: T): T[] {
  if (list.length === 0) return [item];
  list.push(item);
  return list;
}
