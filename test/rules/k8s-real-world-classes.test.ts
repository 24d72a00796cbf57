/**
 * Classes of false refusals found on real CRDs and by fuzzing, each with a
 * case Kubernetes accepts and one it refuses:
 * - CEL reaches properties through Kubernetes' name escaping (KB043);
 * - KB037 holds only the structural rules Kubernetes has;
 * - kinds are lowercased as Go lowercases them (KB013, singular default);
 * - a webhook URL port above 65535 is a warning, as Go's url.Parse accepts it (KB084);
 * - patterns compile as Go's regexp compiles them (re2js, KB038).
 */
import { at, findings, validBoundSchema, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { celEscape, celRuleError } from '../../src/rules/k8s/cel';
import { goToLower } from '../../src/rules/k8s/names';
import { re2PatternError } from '../../src/rules/k8s/regex';
import { renderNames } from '../../src/values/resource-names';

const ROOT = 'spec.versions[0].schema.openAPIV3Schema';

function boundWithSpec(spec: unknown): Manifest {
  const obj = validBoundSchema();
  obj.spec.versions[0].schema.openAPIV3Schema = { type: 'object', properties: { spec } };
  return obj;
}

describe('CEL reaches properties through Kubernetes\' escaping (k8s.io/apiserver pkg/cel/escaping.go)', () => {
  test.each([
    ['namespace', '__namespace__'],
    ['in', '__in__'],
    ['true', '__true__'],
    ['my-field', 'my__dash__field'],
    ['a.b/c', 'a__dot__b__slash__c'],
    ['foo__bar', 'foo__underscores__bar'],
    ['___x', '__underscores___x'],
    ['__namespace__', '__underscores__namespace__underscores__'],
    ['x-y.z/w_v', 'x__dash__y__dot__z__slash__w_v'],
    ['plain_name9', 'plain_name9'],
  ])('%s is written %s', (name, escaped) => {
    expect(celEscape(name)).toBe(escaped);
  });

  test.each(['', '1st', 'a b', 'ünïcode', 'a:b', 'a@b'])('%j cannot be escaped, so no rule can select it', name => {
    expect(celEscape(name)).toBeUndefined();
  });

  const spec = {
    'type': 'object',
    'properties': {
      'namespace': { type: 'string' },
      'my-field': { type: 'string' },
      'a.b/c': { type: 'string' },
      'foo__bar': { type: 'string' },
      'a b': { type: 'string' },
      '1st': { type: 'integer' },
      'replicas': { type: 'integer' },
    },
    'x-kubernetes-validations': [] as unknown[],
  };

  test.each([
    'has(self.__namespace__)',
    'self.__namespace__.startsWith("kube-")',
    'self.my__dash__field != ""',
    'self.a__dot__b__slash__c == "x"',
    'self.foo__underscores__bar == "x"',
    // Properties CEL cannot reach do not stop a rule about the others from compiling.
    'self.replicas >= 0',
  ])('%s compiles (KB043 passes)', rule => {
    expect(celRuleError(rule, spec, false)).toBeUndefined();
    expect(findings('KB043', boundWithSpec({ ...spec, 'x-kubernetes-validations': [{ rule }] }))).toEqual([]);
  });

  test.each([
    ['has(self.namespace)', 'is written "__namespace__"'],
    ['self.my_field == ""', 'the property "my-field" is written "my__dash__field" in CEL'],
    ['self.foo__bar == ""', 'the property "foo__bar" is written "foo__underscores__bar" in CEL'],
    ['self.namespaces == ""', 'undefined field "namespaces"'],
  ])('%s does not compile (KB043)', (rule, why) => {
    expect(celRuleError(rule, spec, false)).toContain(why);
    const obj = boundWithSpec({ ...spec, 'x-kubernetes-validations': [{ rule }] });
    expect(findings('KB043', obj)).toEqual([at('KB043', `${ROOT}.properties.spec.x-kubernetes-validations[0].rule`)]);
    expect(violationsOf('KB043', obj)[0].message).toContain(why);
  });

  test('the message lists names as CEL spells them and says which properties CEL cannot reach', () => {
    const message = celRuleError('self.nope == 1', spec, false)!;
    expect(message).toContain('"__namespace__", "my__dash__field"');
    expect(message).toContain('"a b", "1st" cannot be reached from CEL');
  });

  test('an embedded resource has apiVersion, kind and metadata.name, like the root', () => {
    const embedded = { type: 'object', properties: { template: { 'type': 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, 'properties': { spec: { type: 'object' } } } } };
    expect(celRuleError('self.template.kind == "Pod" && self.template.metadata.name != ""', embedded, false)).toBeUndefined();
    const plain = { type: 'object', properties: { template: { type: 'object', properties: { spec: { type: 'object' } } } } };
    expect(celRuleError('self.template.kind == "Pod"', plain, false)).toContain('undefined field "kind"');
  });
});

describe('KB037 holds only the structural rules Kubernetes has (validateStructuralInvariants)', () => {
  test.each([
    ['type object with items', { type: 'object', items: { type: 'string' } }],
    ['type string with properties', { type: 'string', properties: { a: { type: 'string' } } }],
  ])('%s is accepted', (_, spec) => {
    expect(findings('KB037', boundWithSpec(spec))).toEqual([]);
  });

  test('an array without items is refused', () => {
    expect(findings('KB037', boundWithSpec({ type: 'array' }))).toEqual([at('KB037', `${ROOT}.properties.spec.items`)]);
  });

  test('a root without type is accepted with x-kubernetes-preserve-unknown-fields, refused without', () => {
    const preserved = validBoundSchema();
    preserved.spec.versions[0].schema.openAPIV3Schema = { 'x-kubernetes-preserve-unknown-fields': true };
    expect(findings('KB036', preserved)).toEqual([]);
    const bare = validBoundSchema();
    bare.spec.versions[0].schema.openAPIV3Schema = { properties: { spec: { type: 'object' } } };
    expect(findings('KB036', bare)).toEqual([at('KB036', `${ROOT}.type`)]);
  });
});

describe('kinds are lowercased as Go\'s strings.ToLower does', () => {
  test.each([
    ['Widget', 'widget'],
    ['\u0130tem', 'item'],
    ['\u03a3\u0391\u03a3', '\u03c3\u03b1\u03c3'],
    ['\u212Aelvin', 'kelvin'],
  ])('%s lowercases to %s', (kind, lower) => {
    expect(goToLower(kind)).toBe(lower);
  });

  test('JavaScript\'s own lowercase differs for İ, which is why the helper exists', () => {
    expect('\u0130tem'.toLowerCase()).not.toBe('item');
  });

  test('kind İtem is accepted (Go lowercases it to item, a DNS-1035 label); kind It·em is not', () => {
    const ok = validBoundSchema();
    ok.spec.names = { kind: '\u0130tem', plural: 'items' };
    expect(findings('KB013', ok).filter(f => f.severity === 'error')).toEqual([]);
    expect(findings('KB014', ok)).toEqual([]);
    const bad = validBoundSchema();
    bad.spec.names = { kind: 'It\u00b7em', plural: 'items' };
    expect(findings('KB013', bad)).toEqual([at('KB013', 'spec.names.kind')]);
  });

  test('the singular defaults to the kind lowercased as the API server does', () => {
    expect(renderNames({ kind: '\u0130tem', plural: 'items' }).singular).toBe('item');
  });
});

describe('KB084: a port above 65535 is a warning, as Go\'s url.Parse accepts it', () => {
  const withUrl = (url: string): Manifest => {
    const obj = validBoundSchema();
    obj.spec.conversion = { strategy: 'Webhook', webhook: { clientConfig: { url }, conversionReviewVersions: ['v1'] } };
    return obj;
  };
  const URL_PATH = 'spec.conversion.webhook.clientConfig.url';

  test('port 65535 passes; port 99999 is a warning naming the port', () => {
    expect(findings('KB084', withUrl('https://convert.example.com:65535/x'))).toEqual([]);
    const v = violationsOf('KB084', withUrl('https://convert.example.com:99999/x'));
    expect(v.map(x => [x.path, x.severity])).toEqual([[URL_PATH, 'warning']]);
    expect(v[0].message).toContain('port 99999');
  });

  test('a port that is not digits is still an error', () => {
    expect(findings('KB084', withUrl('https://convert.example.com:80a/x'))).toEqual([at('KB084', URL_PATH)]);
  });
});

describe('patterns compile as Go\'s regexp.Compile compiles them (re2js)', () => {
  // The seven patterns the hand-written approximation judged differently from Go.
  test('(?P<1>a) compiles: Go allows digits in group names', () => {
    expect(re2PatternError('(?P<1>a)')).toBeUndefined();
  });

  test.each(['\\C', '[^]', '\\p{Foo}', '[[:foo:]]', '\\pX', '(?-)'])('%s does not compile', pattern => {
    expect(re2PatternError(pattern)).toContain('error parsing regexp');
  });

  test.each(['^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', '(?i)^abc$', '(?P<word>\\w+)', '(?<word>\\w+)', '\\pL\\p{Greek}[[:alpha:]]', '\\Qa.b\\E', '\\x{1F600}', 'a{1000}'])(
    '%s compiles', pattern => {
      expect(re2PatternError(pattern)).toBeUndefined();
    });

  test.each(['a(?=b)', '(a)\\1', 'a{1001}', '[a-z'])('%s does not compile', pattern => {
    expect(re2PatternError(pattern)).toContain('error parsing regexp');
  });

  test('KB038 reports a pattern Go refuses, at the pattern', () => {
    expect(findings('KB038', boundWithSpec({ type: 'string', pattern: '[[:foo:]]' }))).toEqual([at('KB038', `${ROOT}.properties.spec.pattern`)]);
    expect(findings('KB038', boundWithSpec({ type: 'string', pattern: '(?P<1>a)' }))).toEqual([]);
  });

  test('re2js is loaded only when a pattern is checked', () => {
    jest.isolateModules(() => {
      let loaded = false;
      jest.doMock('re2js', () => {
        loaded = true;
        return jest.requireActual('re2js');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../../src');
      // The whole rules engine, and a schema without pattern checked by it, leave re2js unloaded.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const rules = require('../../src/rules');
      const check = (obj: Manifest) => rules.validateObject(obj);
      check(boundWithSpec({ type: 'string', maxLength: 3 }));
      expect(loaded).toBe(false);
      check(boundWithSpec({ type: 'string', pattern: '^a+$' }));
      expect(loaded).toBe(true);
    });
  });
});
