/**
 * A count of what the rules across objects read of the objects they are
 * handed, so a test can check that their work grows linearly with the input
 * without timing anything (test/rules/cross-object-complexity.test.ts). The
 * runner counts, not the rules: while `countingReads` runs, it hands the
 * rules each object behind a read-counting view, and every field or item
 * read through it (at any depth) adds one. A rule that scans the objects
 * again for each object reads them again, and the count grows with it.
 * Outside `countingReads` the rules get the objects themselves: production
 * runs pay one check per run.
 */
import { isObject, Manifest } from '../../model/manifest';

let counting: { reads: number; readonly views: WeakMap<object, object> } | undefined;

/** Runs `fn` with the objects the rules across objects read counted; returns its result and the reads. */
export function countingReads<T>(fn: () => T): { readonly result: T; readonly reads: number } {
  const outer = counting;
  counting = { reads: 0, views: new WeakMap() };
  try {
    const result = fn();
    return { result, reads: counting.reads };
  } finally {
    counting = outer;
  }
}

/** `manifest` as the rules across objects are to read it: itself, or its counting view while `countingReads` runs. */
export function readByRules(manifest: Manifest): Manifest {
  return counting === undefined ? manifest : view(manifest) as Manifest;
}

function view(value: unknown): unknown {
  const state = counting;
  if (state === undefined || !(isObject(value) || Array.isArray(value))) return value;
  let seen = state.views.get(value as object);
  if (seen === undefined) {
    seen = new Proxy(value as object, {
      get(target, key, receiver) {
        state.reads++;
        return view(Reflect.get(target, key, receiver));
      },
    });
    state.views.set(value as object, seen);
  }
  return seen;
}
