/**
 * Two copies of the library in one process (two installs, as npm leaves them
 * when two packages pin different ranges) read each other's marks
 * (`Symbol.for` keys in src/glue/validation.ts), each with classes of its own. An
 * object of either copy must be checked as ours by the code of the other, and
 * the app's validation added once.
 */
import * as cdk8s from 'cdk8s';
import * as constructs from 'constructs';
import type * as Library from '../src';
import { testApp } from './util';

/** A copy of the library with module state and classes of its own, on the one cdk8s of the app. */
function libraryCopy(): typeof Library {
  let copy: typeof Library | undefined;
  jest.isolateModules(() => {
    jest.doMock('cdk8s', () => cdk8s);
    jest.doMock('constructs', () => constructs);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    copy = require('../src');
  });
  return copy!;
}

const RESOURCES = [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }];

test('an object of one copy whose spec changes is checked again, and the app checked once, whichever copy made what', () => {
  const [first, second] = [libraryCopy(), libraryCopy()];
  expect(first.ApiServiceExport).not.toBe(second.ApiServiceExport);

  /** A user's subclass with a field of its own that its spec reads. */
  class Flippable extends second.ApiServiceExport {
    public isolation2 = 'Prefixed';
    protected renderSpec(): { [key: string]: any } {
      return { ...super.renderSpec(), isolation: this.isolation2 };
    }
  }

  const chart = new cdk8s.Chart(testApp(), 'chart');
  // The first copy adds the app's validation; the second finds it on the root.
  new first.ApiServiceExport(chart, 'plain', { resources: RESOURCES });
  const flippable = new Flippable(chart, 'flippable', { resources: RESOURCES });
  expect(() => cdk8s.Testing.synth(chart)).not.toThrow();

  flippable.isolation2 = 'Sideways';
  expect(() => cdk8s.Testing.synth(chart)).toThrow(/\[chart\/flippable\] \[KB\d+\] spec\.isolation.*Sideways/);
});
