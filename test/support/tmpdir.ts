/**
 * A jest run leaves TMPDIR as it found it. The global setup points TMPDIR at
 * a fresh folder of the run, for the tests and every process they start; the
 * global teardown checks that the folder is empty, fails the run naming what
 * was left (and which test left it is then a search for its name away), and
 * removes the folder either way. The tests clean up after themselves; this
 * only proves that they did.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The environment variable holding the run's folder, for the teardown and for test/tmpdir.test.ts. */
export const RUN_TMPDIR = 'KB_JEST_TMPDIR';
const OUTER_TMPDIR = 'KB_JEST_OUTER_TMPDIR';

/** Global setup: a folder of this run becomes TMPDIR (jest starts its workers after this, with this environment). */
export function pointTmpdirAtRunFolder(): void {
  const outer = os.tmpdir();
  const folder = fs.mkdtempSync(path.join(outer, 'kb-jest-'));
  process.env[OUTER_TMPDIR] = outer;
  process.env[RUN_TMPDIR] = folder;
  process.env.TMPDIR = folder;
}

/** Global teardown: removes the run's folder, then fails if anything had been left in it. */
export function removeRunFolder(): void {
  const folder = process.env[RUN_TMPDIR];
  if (folder === undefined) return;
  const outer = process.env[OUTER_TMPDIR];
  if (outer !== undefined) process.env.TMPDIR = outer;
  let problem: string | undefined;
  try {
    problem = leftIn(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  if (problem !== undefined) throw new Error(problem);
}

/**
 * What the tests left in `folder`, as a message naming each kind of entry (the
 * random part of a name as *) and how many; undefined when it is empty.
 */
export function leftIn(folder: string): string | undefined {
  const names = fs.readdirSync(folder);
  if (names.length === 0) return undefined;
  const kinds = new Map<string, number>();
  for (const name of names) {
    const kind = name.replace(/[-.][A-Za-z0-9]{6}$/, m => `${m[0]}*`).replace(/(-\d+)+$/, '-N');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const list = [...kinds].sort(([, a], [, b]) => b - a).map(([kind, n]) => `${kind} (${n})`).join(', ');
  return `the tests left ${names.length} ${names.length === 1 ? 'entry' : 'entries'} in TMPDIR (${folder}): ${list}. `
    + 'A test removes what it makes in TMPDIR (test/util.ts testApp() for cdk8s apps).';
}
