/**
 * Lists a construct keeps until synth, at the size they hold. An app holds
 * thousands of exports with one resource and one claim, and claims with one
 * named resource or reference: a push onto an empty list reserves room for
 * 17 items, and even a list of one is an array and its store (~56 bytes).
 * So no items are `undefined`, one item is kept as itself, and only two or
 * more make an array.
 */

/** The items of a list: none, one, or an array of two or more (never of an item that is itself an array). */
export type Items<T> = T | T[] | undefined;

/** The shared empty list, for a loop over props not given. Never pushed to. */
export const NO_ITEMS: never[] = Object.freeze([]) as never[];

/** `items` with `item` at its end. */
export function appended<T>(items: Items<T>, item: T): Items<T> {
  // An array given as an item (a user's mistake, from JavaScript) stays one item.
  if (items === undefined) return Array.isArray(item) ? [item] : item;
  if (!Array.isArray(items)) return [items, item];
  items.push(item);
  return items;
}

/** How many items there are. */
export function itemCount<T>(items: Items<T>): number {
  return items === undefined ? 0 : Array.isArray(items) ? items.length : 1;
}

/** The item at `index`, if any. */
export function itemAt<T>(items: Items<T>, index: number): T | undefined {
  if (Array.isArray(items)) return items[index];
  return index === 0 ? items : undefined;
}

/** A new array of `map` of each item, in order. */
export function mapItems<T, U>(items: Items<T>, map: (item: T) => U): U[] {
  if (items === undefined) return [];
  if (!Array.isArray(items)) return [map(items)];
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) out.push(map(items[i]));
  return out;
}
