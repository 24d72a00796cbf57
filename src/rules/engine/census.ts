/**
 * The objects of one run of the rules across objects, sorted once by what
 * they are, so that each family of those rules walks only the objects it can
 * read. An app of 10,000 exports and nothing else was otherwise walked whole
 * by every family (the schema sources, the provider's objects, the groups,
 * the references' definitions), each walk a loop of its own for V8 to run
 * cold and then compile, to find nothing.
 */
import { Located } from './rule';
import { KindVersion, kindVersionOf } from '../../model/kinds';

/** The objects of a run by kind/version, each list in input order. */
export interface Census {
  /** The objects of each kube-bind kind/version of the run's group. */
  readonly byKindVersion: ReadonlyMap<KindVersion, readonly Located[]>;
  /**
   * Every other object: CRDs, kinds of other groups, and kube-bind kinds of
   * another group (`kindVersionOf` recognises none of them).
   */
  readonly others: readonly Located[];
  /**
   * Each object's list, by position in the list the census was taken of: 0
   * for the others, else 1 + the kind/version's place in `byKindVersion`.
   * A byte an object, so that objects of several lists are picked in input
   * order without a set of them (on 89,000 objects a set of the candidates
   * raised the CLI's peak by several MiB).
   */
  readonly listOf: Uint8Array;
  /** The number `listOf` gives the objects of each kind/version of the run. */
  readonly listNumbers: ReadonlyMap<KindVersion, number>;
}

const NONE: readonly Located[] = [];

/** Kept per list of objects: the rules of one run get the same list. */
const CENSUSES = new WeakMap<readonly Located[], { readonly group: string; readonly census: Census }>();

/** The census of `objects` for `group`, taken once per list. */
export function censusOf(objects: readonly Located[], group: string): Census {
  const kept = CENSUSES.get(objects);
  if (kept !== undefined && kept.group === group) return kept.census;
  const byKindVersion = new Map<KindVersion, Located[]>();
  const others: Located[] = [];
  const listOf = new Uint8Array(objects.length);
  // A dozen kinds/versions at most: their numbers fit a byte.
  const listNumbers = new Map<KindVersion, number>();
  for (let i = 0; i < objects.length; i++) {
    const located = objects[i];
    const kv = kindVersionOf(located.manifest, group);
    if (kv === undefined) {
      others.push(located);
      continue;
    }
    const list = byKindVersion.get(kv);
    if (list === undefined) {
      byKindVersion.set(kv, [located]);
      listNumbers.set(kv, byKindVersion.size);
    } else {
      list.push(located);
    }
    listOf[i] = listNumbers.get(kv)!;
  }
  const census: Census = { byKindVersion, others, listOf, listNumbers };
  CENSUSES.set(objects, { group, census });
  return census;
}

/** The objects of `kv`, in input order. */
export function objectsOf(census: Census, kv: KindVersion): readonly Located[] {
  return census.byKindVersion.get(kv) ?? NONE;
}

/**
 * The objects of the kinds/versions `kvs`, and the others too when
 * `withOthers`, in the order of `objects` (the list the census was taken of).
 */
export function objectsAmong(objects: readonly Located[], census: Census, kvs: readonly KindVersion[], withOthers: boolean): readonly Located[] {
  const lists: Array<readonly Located[]> = [];
  if (withOthers && census.others.length > 0) lists.push(census.others);
  for (const kv of kvs) {
    const list = census.byKindVersion.get(kv);
    if (list !== undefined && list.length > 0) lists.push(list);
  }
  if (lists.length === 0) return NONE;
  if (lists.length === 1) return lists[0];
  // Objects of several kinds: in input order, as the rules met them before.
  const wanted = new Uint8Array(census.listNumbers.size + 1);
  if (withOthers) wanted[0] = 1;
  for (const kv of kvs) {
    const n = census.listNumbers.get(kv);
    if (n !== undefined) wanted[n] = 1;
  }
  const picked: Located[] = [];
  for (let i = 0; i < objects.length; i++) if (wanted[census.listOf[i]] === 1) picked.push(objects[i]);
  return picked;
}
