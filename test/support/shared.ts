/**
 * The reference data beside the repository (`../shared`: the spec, kube-bind's
 * CRDs, the real-world CRDs). Developers and CI have it; a fresh clone does
 * not, and its tests must pass anyway. Suites that need the data ask for it
 * here: they get the folder, or a skipped suite and one line saying why.
 */
import * as fs from 'fs';
import * as path from 'path';

/** `../shared` seen from the repository's root. */
export const SHARED_ROOT = path.resolve(__dirname, '..', '..', '..', 'shared');

/**
 * The folder `../shared/<parts>` when it exists. When it does not, prints one
 * line naming what is skipped and why, and returns undefined.
 */
export function sharedDir(what: string, ...parts: string[]): string | undefined {
  const dir = path.join(SHARED_ROOT, ...parts);
  if (fs.existsSync(dir)) return dir;
  // One plain line: console.warn would add a stack location under it.
  process.stderr.write(`skipped: ${what}: ${path.join('..', 'shared', ...parts)} does not exist (a fresh clone has no ../shared)\n`);
  return undefined;
}

/**
 * `describe(title, body)` with the folder `../shared/<parts>` when it exists;
 * otherwise a skipped suite of the same title (jest counts it as skipped) and
 * the one-line notice of `sharedDir`. The body runs only with the folder, so
 * it may read files while the suite is collected.
 */
export function describeWithShared(title: string, parts: readonly string[], body: (dir: string) => void): void {
  const dir = sharedDir(title, ...parts);
  if (dir !== undefined) {
    describe(title, () => body(dir));
  } else {
    describe.skip(title, () => {
      test(`needs ../shared/${parts.join('/')}`, () => undefined);
    });
  }
}

/**
 * One `test(title, fn)` given the folder `../shared/<parts>`; a skipped test
 * of the same title, and the one-line notice, when the folder is absent.
 */
export function testWithShared(title: string, parts: readonly string[], fn: (dir: string) => void | Promise<void>, timeout?: number): void {
  const dir = sharedDir(title, ...parts);
  if (dir !== undefined) {
    test(title, async () => {
      await fn(dir);
    }, timeout);
  } else {
    test.skip(title, () => undefined);
  }
}
