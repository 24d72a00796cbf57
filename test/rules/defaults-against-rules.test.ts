/**
 * Defaults checked against the x-kubernetes-validations rules of their
 * schema, as structuraldefaulting.ValidateDefaults runs cel.NewValidator on
 * them (apiextensions-apiserver pkg/apiserver/schema/defaulting/validation.go).
 * The cases follow TestDefaultValidationWithCostBudget
 * (pkg/apiserver/schema/defaulting/validation_test.go); the test code is our own.
 */
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';
import { crd, SCHEMA } from '../../src/rules/engine/scenario-kit';

const withSpec = (properties: Manifest): Manifest => crd([SCHEMA, { type: 'object', properties: { spec: { type: 'object', properties } } }]);
const SPEC = 'spec.versions[0].schema.openAPIV3Schema.properties.spec';
const defaults = (m: Manifest): string[] => validateObject(m).filter(v => v.rule === 'KB037').map(v => `${v.path}: ${v.message}`);

describe('the defaults of TestDefaultValidationWithCostBudget pass their rules', () => {
  test.each([
    ['a string default and startsWith', { value: { 'type': 'string', 'default': 'kube-everything', 'x-kubernetes-validations': [{ rule: 'self.startsWith(\'kube\')' }] } }],
    ['an object default compared field to field', {
      object: {
        'type': 'object',
        'properties': { field1: { type: 'integer' }, field2: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.field1 < self.field2' }],
        'default': { field1: 1, field2: 2 },
      },
    }],
    ['a name inside an embedded resource\'s metadata', {
      embedded: {
        type: 'object',
        properties: {
          metadata: {
            'type': 'object',
            'x-kubernetes-embedded-resource': true,
            'properties': { name: { 'type': 'string', 'default': 'singleton', 'x-kubernetes-validations': [{ rule: 'self == \'singleton\'' }] } },
          },
        },
      },
    }],
  ])('%s', (_name, properties) => {
    expect(defaults(withSpec(properties))).toEqual([]);
  });
});

describe('a default that breaks a rule of its schema is refused', () => {
  test('on the node itself, with the rule\'s message', () => {
    const m = withSpec({ value: { 'type': 'string', 'default': 'everything', 'x-kubernetes-validations': [{ rule: 'self.startsWith(\'kube\')', message: 'must start with kube' }] } });
    expect(defaults(m)).toEqual([`${SPEC}.properties.value.default: "everything" fails the rule "self.startsWith('kube')": must start with kube`]);
  });

  test('on an object default, field against field, with "failed rule" when there is no message', () => {
    const m = withSpec({
      object: {
        'type': 'object',
        'properties': { field1: { type: 'integer' }, field2: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.field1 < self.field2' }],
        'default': { field1: 2, field2: 1 },
      },
    });
    expect(defaults(m)).toEqual([`${SPEC}.properties.object.default: {"field1":2,"field2":1} fails the rule "self.field1 < self.field2": failed rule: self.field1 < self.field2`]);
  });

  test('on a node below the default, where the value reaches', () => {
    const m = withSpec({
      limits: {
        type: 'object',
        properties: { max: { 'type': 'integer', 'x-kubernetes-validations': [{ rule: 'self <= 10', message: 'at most 10' }] } },
        default: { max: 20 },
      },
    });
    expect(defaults(m)).toEqual([`${SPEC}.properties.limits.default: {"max":20} fails the rule "self <= 10" at max: at most 10`]);
  });
});

describe('a library function the runtime does not implement leaves the rule to the server', () => {
  const rule = (text: string, value: string): Manifest => withSpec({ id: { 'type': 'string', 'default': value, 'x-kubernetes-validations': [{ rule: text }] } });
  const UUID = 'format.uuid().validate(self).hasValue()';

  test('when the call decides the rule', () => {
    expect(defaults(rule(UUID, 'not-a-uuid'))).toEqual([]);
  });

  test('even when an evaluation error follows it: the call might have decided the rule first', () => {
    expect(defaults(rule(`${UUID} || self.size() / 0 == 1`, 'x'))).toEqual([]);
  });

  test('unless the rule is decided without it', () => {
    const text = `self.startsWith('urn:') && ${UUID}`;
    expect(defaults(rule(text, 'x'))).toEqual([`${SPEC}.properties.id.default: "x" fails the rule "${text}": failed rule: ${text}`]);
    expect(defaults(rule(`self == 'x' || ${UUID}`, 'x'))).toEqual([]);
  });
});

describe('Kubernetes\' library functions the runtime implements decide the rule', () => {
  const rule = (text: string, value: string): Manifest => withSpec({ size: { 'type': 'string', 'default': value, 'x-kubernetes-validations': [{ rule: text }] } });

  test('a quantity', () => {
    const text = 'quantity(self).isLessThan(quantity(\'1Mi\'))';
    expect(defaults(rule(text, '1Ki'))).toEqual([]);
    expect(defaults(rule(text, '1Gi'))).toEqual([`${SPEC}.properties.size.default: "1Gi" fails the rule "${text}": failed rule: ${text}`]);
  });

  test('a string that is no quantity is an evaluation error', () => {
    expect(defaults(rule('isQuantity(self) && quantity(self).isInteger()', '1Gm'))).toEqual([
      `${SPEC}.properties.size.default: "1Gm" fails the rule "isQuantity(self) && quantity(self).isInteger()": failed rule: isQuantity(self) && quantity(self).isInteger()`,
    ]);
    expect(defaults(rule('sign(quantity(self)) >= 0', '1Gm'))).toEqual([
      `${SPEC}.properties.size.default: "1Gm" makes the rule "sign(quantity(self)) >= 0" fail to evaluate: unable to parse quantity's suffix evaluating rule: sign(quantity(self)) >= 0`,
    ]);
  });
});

describe('cel-go\'s strings extension decides the rule, on runes as cel-go counts them', () => {
  const rule = (text: string, value: string): Manifest => withSpec({ name: { 'type': 'string', 'default': value, 'x-kubernetes-validations': [{ rule: text }] } });

  test('indexOf counts runes (cel-js alone would count UTF-16 units and refuse the first)', () => {
    const text = "self.indexOf('o') == 1";
    expect(defaults(rule(text, '\u{1f600}o'))).toEqual([]);
    expect(defaults(rule(text, 'o\u{1f600}'))).toEqual([`${SPEC}.properties.name.default: "o\u{1f600}" fails the rule "${text}": failed rule: ${text}`]);
  });

  test('charAt past the end is an evaluation error', () => {
    expect(defaults(rule('self.charAt(3) != \'\'', 'ab'))).toEqual([
      `${SPEC}.properties.name.default: "ab" makes the rule "self.charAt(3) != ''" fail to evaluate: index out of range: 3 evaluating rule: self.charAt(3) != ''`,
    ]);
  });

  test('format writes what cel-go writes', () => {
    const text = "'%s-%d'.format([self, 7]) == 'web-7'";
    expect(defaults(rule(text, 'web'))).toEqual([]);
    expect(defaults(rule(text, 'api'))).toEqual([`${SPEC}.properties.name.default: "api" fails the rule "${text}": failed rule: ${text}`]);
  });
});

describe('the macros cel-js lacks decide the rule as cel-go\'s expansions do', () => {
  const rule = (text: string, value: unknown): Manifest => withSpec({
    ports: { 'type': 'array', 'items': { type: 'integer' }, 'default': value, 'x-kubernetes-validations': [{ rule: text }] },
  });
  const text = 'self.all(i, p, i == 0 || self[i - 1] < p)';

  test('a two-variable all', () => {
    expect(defaults(rule(text, [80, 443]))).toEqual([]);
    expect(defaults(rule(text, [443, 80]))).toEqual([`${SPEC}.properties.ports.default: [443,80] fails the rule "${text}": failed rule: ${text}`]);
  });

  test('sortBy', () => {
    expect(defaults(rule('self.sortBy(p, -p)[0] == 443', [80, 443]))).toEqual([]);
    expect(defaults(rule('self.sortBy(p, p)[0] == 443', [80, 443]))).toEqual([
      `${SPEC}.properties.ports.default: [80,443] fails the rule "self.sortBy(p, p)[0] == 443": failed rule: self.sortBy(p, p)[0] == 443`,
    ]);
  });
});

/** The schema of `spec.value`: a string with the rule, its message and optionalOldSelf. */
const ruled = (entry: Manifest, value: unknown = 'x', schema: Manifest = { type: 'string' }): Manifest =>
  withSpec({ value: { ...schema, 'default': value, 'x-kubernetes-validations': [entry] } });
const VALUE = `${SPEC}.properties.value.default`;

describe('rules with optionalOldSelf run twice: oldSelf is optional.of(default), then optional.none() (CRDValidationRatcheting)', () => {
  test.each([
    ['a rule that reads oldSelf only when it has a value', '!oldSelf.hasValue() || oldSelf.value() == self'],
    ['orValue', 'oldSelf.orValue(self) == self'],
    ['optional.of', 'oldSelf.orValue(\'x\') == \'x\''],
  ])('%s passes both runs', (_name, rule) => {
    expect(defaults(ruled({ rule, optionalOldSelf: true }))).toEqual([]);
  });

  test('a rule false without an old value refuses the default (second run)', () => {
    expect(defaults(ruled({ rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'only on update' })))
      .toEqual([`${VALUE}: "x" fails the rule "oldSelf.hasValue()": only on update`]);
  });

  test('a rule that reads the value of optional.none() fails to evaluate', () => {
    expect(defaults(ruled({ rule: 'oldSelf.value() == self', optionalOldSelf: true })))
      .toEqual([`${VALUE}: "x" makes the rule "oldSelf.value() == self" fail to evaluate: optional.none() dereference evaluating rule: oldSelf.value() == self`]);
  });

  test('a transition rule without optionalOldSelf runs once, with the default as oldSelf', () => {
    expect(defaults(ruled({ rule: 'self == oldSelf' }))).toEqual([]);
    expect(defaults(ruled({ rule: 'self != oldSelf', message: 'must change' }))).toEqual([`${VALUE}: "x" fails the rule "self != oldSelf": must change`]);
  });

  describe('below a list, only the items of a list-type map have an old value', () => {
    const list = (listType: string, rule: Manifest): Manifest => withSpec({
      items: {
        'type': 'array',
        'x-kubernetes-list-type': listType,
        ...(listType === 'map' ? { 'x-kubernetes-list-map-keys': ['name'] } : {}),
        'items': { 'type': 'object', 'required': ['name'], 'properties': { name: { type: 'string' } }, 'x-kubernetes-validations': [rule] },
        'default': [{ name: 'a' }],
      },
    });

    test('a list-type map: the item is its own old value', () => {
      expect(defaults(list('map', { rule: 'oldSelf.name == self.name' }))).toEqual([]);
      expect(defaults(list('map', { rule: 'oldSelf.name != self.name', message: 'renamed' })))
        .toEqual([`${SPEC}.properties.items.default: [{"name":"a"}] fails the rule "oldSelf.name != self.name" at [0]: renamed`]);
    });

    test('an atomic list: a transition rule is skipped, optionalOldSelf gets optional.none() in both runs', () => {
      expect(defaults(list('atomic', { rule: 'oldSelf.name != self.name' }))).toEqual([]);
      expect(defaults(list('atomic', { rule: 'oldSelf.hasValue()', optionalOldSelf: true })))
        .toEqual([`${SPEC}.properties.items.default: [{"name":"a"}] fails the rule "oldSelf.hasValue()" at [0]: failed rule: oldSelf.hasValue()`]);
    });
  });
});

describe('an evaluation error refuses the default, in Kubernetes\' words (validateExpressions)', () => {
  const object = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } };
  test.each([
    ['no such key', { rule: 'self.b == 1' }, { a: 1 }, object, 'no such key: b evaluating rule: self.b == 1'],
    ['index out of bounds', { rule: 'self[1] == \'a\'' }, ['a'], { type: 'array', items: { type: 'string' } }, 'index out of bounds: 1 evaluating rule: self[1] == \'a\''],
    ['division by zero', { rule: '10 / self > 1' }, 0, { type: 'integer' }, 'division by zero evaluating rule: 10 / self > 1'],
    ['modulus by zero', { rule: '10 % self == 0', message: 'must divide 10' }, 0, { type: 'integer' }, 'modulus by zero evaluating rule: must divide 10'],
    ['integer overflow', { rule: 'self * 9223372036854775807 > 0' }, 2, { type: 'integer' }, 'integer overflow evaluating rule: self * 9223372036854775807 > 0'],
    ['a runtime no such overload (int-or-string)', { rule: 'self + 1 > 2' }, 'a', { 'x-kubernetes-int-or-string': true },
      '\'no such overload\': call arguments did not match a supported operator, function or macro signature for rule: self + 1 > 2'],
    ['a computed pattern RE2 refuses', { rule: 'self.matches(self)' }, '(', { type: 'string' },
      'error parsing regexp: missing closing ): `(` evaluating rule: self.matches(self)'],
  ])('%s', (_name, entry, value, schema, message) => {
    expect(defaults(ruled(entry, value, schema))).toEqual([`${VALUE}: ${JSON.stringify(value)} makes the rule ${JSON.stringify(entry.rule)} fail to evaluate: ${message}`]);
  });

  test.each([
    ['a guarded key', { rule: '!has(self.b) || self.b == 1' }, { a: 1 }, object],
    ['a guarded index', { rule: 'size(self) < 2 || self[1] == \'a\'' }, ['a'], { type: 'array', items: { type: 'string' } }],
    ['a guarded division', { rule: 'self == 0 || 10 / self > 1' }, 0, { type: 'integer' }],
    ['an error absorbed by ||, as cel-go absorbs it', { rule: '10 / self > 1 || self == 0' }, 0, { type: 'integer' }],
  ])('%s passes', (_name, entry, value, schema) => {
    expect(defaults(ruled(entry, value, schema))).toEqual([]);
  });

  test('the errors of a rule compile.ts refuses are not reported again (the rule is)', () => {
    expect(defaults(ruled({ rule: 'self.c == 1' }, { a: 1 }, object))).toEqual([]);
  });
});

describe('matches() is Go\'s regexp.MatchString (RE2), not a JavaScript RegExp', () => {
  const rule = (text: string, value: string): Manifest => withSpec({ code: { 'type': 'string', 'default': value, 'x-kubernetes-validations': [{ rule: text }] } });

  // A JavaScript RegExp reads `[[:digit:]]` as the class [[:digt] and a literal "]", `\pL` as "pL", `\z` as "z":
  // each of these defaults would be refused, though the server accepts it.
  test.each([
    ['a POSIX class', 'self.matches(\'^[[:digit:]]+$\')', '123'],
    ['a Unicode class', 'self.matches(\'^\\\\pL+$\')', 'abc'],
    ['end of text', 'self.matches(\'c\\\\z\')', 'abc'],
    ['the global form', 'matches(self, \'^[[:alpha:]]+$\')', 'abc'],
    ['inside a macro, beside a string that holds "matches("', '[self].all(x, x.matches(\'^[[:alpha:]]+$\')) && self != \'matches(x)\'', 'abc'],
  ])('%s passes as the server passes it', (_name, text, value) => {
    expect(defaults(rule(text, value))).toEqual([]);
  });

  test.each([
    ['a POSIX class', 'self.matches(\'^[[:digit:]]+$\')', 'abc'],
    ['the global form', 'matches(self, \'^[[:alpha:]]+$\')', '123'],
  ])('%s fails as the server fails it', (_name, text, value) => {
    expect(defaults(rule(text, value))).toEqual([`${SPEC}.properties.code.default: "${value}" fails the rule "${text}": failed rule: ${text}`]);
  });

  test('a literal pattern RE2 refuses makes the rule fail to compile (ValidateRegexLiterals): not an evaluation error here', () => {
    expect(defaults(rule('self.matches(\'(?=a)\')', 'abc'))).toEqual([]);
  });
});

describe('a library\'s runtime module is loaded only when a rule calls one of its functions', () => {
  const RUNTIME = ['regex', 'lists', 'sets', 'quantity', 'net', 'semver', 'format', 'url', 'optional', 'strings', 'strings-format', 'comprehensions'].map(m => `../../src/rules/k8s/cel/runtime/${m}`);

  /** The runtime modules that checking `m` loads, in a fresh registry. */
  function loadedBy(m: Manifest): string[] {
    const loaded: string[] = [];
    jest.isolateModules(() => {
      for (const name of RUNTIME) {
        jest.doMock(name, () => {
          loaded.push(name);
          return jest.requireActual(name);
        });
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('../../src/rules') as typeof import('../../src/rules')).validateObject(m);
    });
    return loaded;
  }

  const listRule = (rule: string): Manifest => withSpec({ sizes: { 'type': 'array', 'items': { type: 'integer' }, 'default': [1, 2], 'x-kubernetes-validations': [{ rule }] } });

  test('none for a rule of the standard library', () => {
    expect(loadedBy(listRule('size(self) > 1'))).toEqual([]);
  });

  test('the lists module for isSorted(), and no other', () => {
    expect(loadedBy(listRule('self.isSorted()'))).toEqual([RUNTIME[1]]);
  });
});

describe('a list of x-kubernetes-list-type set or map compares without order and adds by merging in cel-go (UnstructuredToVal)', () => {
  const list = (listType: string, rule: string, value: unknown[]): Manifest => withSpec({
    tags: { 'type': 'array', 'x-kubernetes-list-type': listType, 'items': { type: 'string' }, 'default': value, 'x-kubernetes-validations': [{ rule }] },
  });

  test.each([
    ['set', 'self == [\'a\', \'b\']'],
    ['set', 'self + [\'b\'] == self'],
    ['set', '(self + [\'b\']).size() == 2'],
  ])('a %s list: %s is left to the server (cel-js would answer false)', (listType, rule) => {
    expect(defaults(list(listType, rule, ['b', 'a']))).toEqual([]);
  });

  test('an atomic list compares in order, as cel-js does: refused', () => {
    expect(defaults(list('atomic', 'self == [\'a\', \'b\']', ['b', 'a'])))
      .toEqual([`${SPEC}.properties.tags.default: ["b","a"] fails the rule "self == ['a', 'b']": failed rule: self == ['a', 'b']`]);
  });

  test('a set list with a rule that neither compares nor adds is decided: refused', () => {
    expect(defaults(list('set', 'self.all(t, t.startsWith(\'a\'))', ['b', 'a'])))
      .toEqual([`${SPEC}.properties.tags.default: ["b","a"] fails the rule "self.all(t, t.startsWith('a'))": failed rule: self.all(t, t.startsWith('a'))`]);
  });
});
