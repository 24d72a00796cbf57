/**
 * Patterns are compiled once each (schemas repeat them), with the same
 * verdicts as compiling every time, and the cache stays bounded.
 */
import * as v8 from 'v8';
import * as vm from 'vm';
import { re2Matches, re2PatternError } from '../../src/rules/k8s/regex';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RE2JS } = require('re2js');

test('a pattern met again is not compiled again, good or bad, and keeps its verdict', () => {
  const compile = jest.spyOn(RE2JS, 'compile');
  try {
    const good = '^[a-z0-9-]*$-cache-test';
    const bad = '(?=lookahead)-cache-test';
    const first = [re2PatternError(good), re2PatternError(bad), re2Matches(good, 'abc'), re2Matches(bad, 'x')];
    const calls = compile.mock.calls.length;
    const again = [re2PatternError(good), re2PatternError(bad), re2Matches(good, 'abc'), re2Matches(bad, 'x')];
    expect(compile.mock.calls.length).toBe(calls);
    expect(again).toEqual(first);
    expect(first[0]).toBeUndefined();
    expect(first[1]).toMatch(/^it does not compile: .*lookahead and lookbehind assertions are not supported/);
    expect(first[3]).toBeUndefined();
  } finally {
    compile.mockRestore();
  }
});

test('matching through the cache is the same as matching a fresh compile, for each value', () => {
  const pattern = '^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$';
  for (const value of ['v1', 'v1beta2', 'V1', 'v0', 'v2alpha10', 'v1gamma1', '']) {
    expect(re2Matches(pattern, value)).toBe(RE2JS.compile(pattern).test(value));
  }
});

test('many distinct patterns: every verdict right, and the cache starts over instead of growing without end', () => {
  const compile = jest.spyOn(RE2JS, 'compile');
  try {
    const first = '^first-of-many$';
    re2PatternError(first);
    for (let i = 0; i < 2500; i++) {
      expect(re2PatternError(i % 500 === 0 ? `^(?=bad${i})` : `^p${i}$`)).toEqual(i % 500 === 0 ? expect.stringMatching(/^it does not compile/) : undefined);
    }
    const before = compile.mock.calls.length;
    expect(re2PatternError(first)).toBeUndefined();
    expect(compile.mock.calls.length).toBe(before + 1);
  } finally {
    compile.mockRestore();
  }
});

test('the cache keeps no document alive: a pattern read from YAML is a slice of its document', () => {
  v8.setFlagsFromString('--expose-gc');
  const gc: () => void = vm.runInNewContext('gc');
  const MiB = 1024 * 1024;
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 40; i++) {
    // One MiB of document, the pattern at its end: V8 makes the slice point into the document.
    const doc = `${'x'.repeat(MiB)}^retained-${i}-[a-z]+$`;
    expect(re2PatternError(doc.slice(MiB))).toBeUndefined();
  }
  gc();
  const grownMb = (process.memoryUsage().heapUsed - before) / MiB;
  // Held, the 40 documents would be 40 MiB.
  expect(grownMb).toBeLessThan(10);
});
