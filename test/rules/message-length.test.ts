/**
 * Findings read in one glance: every message the engine gives on any
 * scenario (failing or passing, every rule that fires, not only the one the
 * scenario is about) is under 160 characters, the detail goes to the hint,
 * no hint repeats its message, and no message repeats its path (the
 * front-ends put the path before it).
 */
import { contextFor, updateContext, validateObject, validateObjects, Violation } from '../../src/rules';
import { pairWithPrevious, validateUpdate } from '../../src/rules/kube-bind/updates';
import { RULE_ROWS } from '../../src/rules/scenarios';

const MAX_MESSAGE = 160;

function findings(): Violation[] {
  const out: Violation[] = [];
  const ctx = contextFor();
  for (const row of RULE_ROWS) {
    for (const scenario of [row.fail(), row.pass()]) {
      const found = validateObjects(scenario.objects, ctx);
      for (const { index, previous } of pairWithPrevious(scenario.previous ?? [], scenario.objects)) {
        // An update: the object's own rules under what its stored state relaxes, then the update rules.
        found[index] = validateObject(scenario.objects[index], updateContext(previous, scenario.objects[index], ctx));
        found[index].push(...validateUpdate(previous, scenario.objects[index], ctx));
      }
      for (const previous of scenario.previous ?? []) found.push(validateUpdate(previous, scenario.objects[scenario.target ?? 0], ctx));
      out.push(...found.flat());
    }
  }
  return out;
}

const all = findings();

test('the scenarios give findings of every rule they are about', () => {
  const rules = new Set(all.map(v => v.rule));
  expect(RULE_ROWS.filter(r => !rules.has(r.id)).map(r => r.id)).toEqual([]);
});

test(`every message is under ${MAX_MESSAGE} characters`, () => {
  const long = all.filter(v => v.message.length >= MAX_MESSAGE).map(v => `${v.rule} (${v.message.length}): ${v.message}`);
  expect([...new Set(long)]).toEqual([]);
});

test('no hint repeats its message', () => {
  const repeated = all.filter(v => v.hint !== undefined && (v.hint === v.message || v.message.includes(v.hint) || v.hint.includes(v.message)));
  expect([...new Set(repeated.map(v => `${v.rule}: ${v.message} / ${v.hint}`))]).toEqual([]);
});

test('every error and warning has a hint (a note may have nothing to fix)', () => {
  const bare = all.filter(v => v.severity !== 'info' && (v.hint === undefined || v.hint === ''));
  expect([...new Set(bare.map(v => `${v.rule}: ${v.message}`))]).toEqual([]);
});

test('no message starts with its own path: a violation keeps path and message apart', () => {
  const repeats = all.filter(v => v.path !== '' && (v.message === v.path || v.message.startsWith(`${v.path} `) || v.message.startsWith(`${v.path}:`)));
  expect([...new Set(repeats.map(v => `${v.rule} ${v.path}: ${v.message}`))]).toEqual([]);
});

test('a finding about the whole object says what it is about', () => {
  const bare = all.filter(v => v.path === '' && /^(must|is|has|should) /.test(v.message));
  expect([...new Set(bare.map(v => `${v.rule}: ${v.message}`))]).toEqual([]);
});
