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

test('a rule this evaluator cannot run (a Kubernetes library function) is left to the server', () => {
  const m = withSpec({ size: { 'type': 'string', 'default': '1Gi', 'x-kubernetes-validations': [{ rule: 'quantity(self).isLessThan(quantity(\'1Mi\'))' }] } });
  expect(defaults(m)).toEqual([]);
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

  test('a pattern RE2 refuses is an evaluation error: left to the server (compile reports the pattern)', () => {
    expect(defaults(rule('self.matches(\'(?=a)\')', 'abc'))).toEqual([]);
  });
});
