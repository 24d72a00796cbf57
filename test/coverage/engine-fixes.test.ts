/**
 * The checks added while reconciling the verdict corpus with the real
 * server: CEL rules and regular expressions as Kubernetes compiles them,
 * defaults validated against their schema, object metadata, and the
 * defaulted listKind. Each has a passing and a failing case.
 */
import { contextFor, validateObject } from '../../src/rules';
import { celRuleError } from '../../src/rules/k8s/cel';
import { re2PatternError } from '../../src/rules/k8s/regex';
import { structuralSchemaIssues } from '../../src/rules/k8s/structural';
import { a1, a2, bs } from '../../src/rules/scenarios';

const SPEC_SCHEMA = {
  type: 'object',
  properties: {
    size: { type: 'integer' },
    tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    open: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

describe('CEL rules compile as Kubernetes compiles them', () => {
  test.each([
    'self.size >= 0',
    'has(self.size) && self.size < 10',
    'self.tags.all(t, t.name.startsWith("a"))',
    'self.tags.exists(t, t.name == "x") || size(self.tags) == 0',
    "self.labels['app'] == 'x' && self.labels.tier == 'y'",
    'self.open.anything.goes == 1',
    'self.?size.orValue(0) > 1',
    'oldSelf.size <= self.size',
    'self.size == 1 ? true : false',
    "'it\\'s' + \"\\u00e9\" != ''",
    'cel.bind(x, self.size, x > 1)',
    'self.size in [1, 2, 3,]',
    '{"a": 1}["a"] == 1 // a comment',
    "r'\\d+' == b'x'.string()",
    'self.size > 0u && 1.5e3 > .5 && 0x1F > 0',
    'duration("1s") > duration("0s") && optional.none().hasValue() == false',
  ])('%s compiles', rule => {
    expect(celRuleError(rule, SPEC_SCHEMA, false)).toBeUndefined();
  });

  test.each([
    ['self.size >', 'ends too early'],
    ['self.size = 1', 'unexpected'],
    ['(self.size', 'expected ")"'],
    ['"unterminated', 'unterminated'],
    ["'bad \\q escape'", 'escape'],
    ['self.if', 'field name'],
    ['', 'ends too early'],
    ['x > 1', 'undeclared reference to "x"'],
    ['self.sizes > 1', 'undefined field "sizes"'],
    ['has(self.nope)', 'undefined field "nope"'],
    ['self.tags[0].nme == "x"', 'undefined field "nme"'],
    ['self.tags.all(t, u > 1)', 'undeclared reference to "u"'],
    ['has(self)', 'has() takes one field selection'],
  ])('%s does not compile (%s)', (rule, why) => {
    expect(celRuleError(rule, SPEC_SCHEMA, false)).toContain(why);
  });

  test('at the root, apiVersion, kind and metadata.name exist even when the schema leaves them out', () => {
    const root = { type: 'object', properties: { spec: { type: 'object' } } };
    expect(celRuleError('self.kind == "Widget" && self.metadata.name.startsWith("w")', root, true)).toBeUndefined();
    expect(celRuleError('self.metadata.labels.size() > 0', root, true)).toContain('undefined field "labels"');
    expect(celRuleError('self.kind == "Widget"', { type: 'object', properties: { spec: { type: 'object' } } }, false)).toContain('undefined field "kind"');
  });
});

describe('patterns compile as Go (RE2) compiles them', () => {
  test.each(['^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', '(?i)abc', '(?P<word>\\w+)', '\\123', '\\pL+\\p{Greek}', '[[:alpha:]]+', '\\Qa.b\\E', 'a\\z', '\\-\\._'])(
    '%s compiles', pattern => {
      expect(re2PatternError(pattern)).toBeUndefined();
    });

  test.each([
    ['[a-z', 'does not compile'],
    ['a(?=b)', 'lookahead'],
    ['(a)\\1', 'backreference'],
    ['a{2,1}', 'does not compile'],
    ['a**', 'does not compile'],
    ['x{1001}', 'above 1000'],
    ['\\e', 'escape sequence'],
    ['(?>a)', 'atomic'],
  ])('%s does not compile (%s)', (pattern, why) => {
    expect(re2PatternError(pattern)).toContain(why);
  });
});

describe('schema details of the consumer CRD', () => {
  const issues = (properties: any, extra: any = {}) =>
    structuralSchemaIssues({ type: 'object', properties: { spec: { type: 'object', properties, ...extra } } }, 's', { statusSubresource: false });

  test('a default must fit its schema, carry its required fields and nothing pruning would drop', () => {
    expect(issues({ size: { type: 'integer', default: 3, minimum: 0 } })).toEqual([]);
    expect(issues({ limits: { type: 'object', properties: { cpu: { type: 'string' } }, default: { cpu: '1' } } })).toEqual([]);
    expect(issues({ size: { type: 'integer', default: 'big' } }).map(i => i.path)).toEqual(['s.properties.spec.properties.size.default']);
    expect(issues({ size: { type: 'integer', default: -1, minimum: 0 } })[0]?.message).toContain('at least 0');
    expect(issues({ mode: { type: 'string', enum: ['a'], default: 'b' } })[0]?.message).toContain('must be one of');
    expect(issues({ limits: { type: 'object', required: ['cpu'], properties: { cpu: { type: 'string' } }, default: {} } })[0]?.message).toContain('"cpu" is required');
    expect(issues({ limits: { type: 'object', properties: { cpu: { type: 'string' } }, default: { memory: '1' } } })[0]?.message).toContain('pruned');
  });

  test('no default in top-level metadata, apiVersion or kind', () => {
    const found = structuralSchemaIssues({ type: 'object', properties: { kind: { type: 'string', default: 'Widget' } } }, 's', { statusSubresource: false });
    expect(found.map(i => i.message)).toContainEqual(expect.stringContaining('defaults are not allowed in top-level kind'));
  });

  test('an invalid pattern is reported where it is written', () => {
    expect(issues({ name: { type: 'string', pattern: '^(?!x)' } }).map(i => i.path)).toEqual(['s.properties.spec.properties.name.pattern']);
    expect(issues({ name: { type: 'string', pattern: '^x$' } })).toEqual([]);
  });

  test('x-kubernetes-validations entries have the shape Kubernetes wants', () => {
    const rules = (list: any[]) => issues({ size: { type: 'integer' } }, { 'x-kubernetes-validations': list }).map(i => i.path.replace('s.properties.spec.', ''));
    expect(rules([{ rule: 'self.size > 0', message: 'positive', reason: 'FieldValueInvalid', fieldPath: '.size' }])).toEqual([]);
    expect(rules([{ rule: ' ' }])).toEqual(['x-kubernetes-validations[0].rule']);
    expect(rules([{ rule: 'self.size > 0', message: 'a\nb' }])).toEqual(['x-kubernetes-validations[0].message']);
    expect(rules([{ rule: 'self.size > 0 &&\n self.size < 9' }])).toEqual(['x-kubernetes-validations[0].message']);
    expect(rules([{ rule: 'self.size > 0', reason: 'Nope' }])).toEqual(['x-kubernetes-validations[0].reason']);
    expect(rules([{ rule: 'self.size > 0', fieldPath: ' ' }])).toEqual(['x-kubernetes-validations[0].fieldPath']);
    expect(rules([{ rule: 'self.nope > 0' }])).toEqual(['x-kubernetes-validations[0].rule']);
    expect(rules('not a list' as any)).toEqual(['x-kubernetes-validations']);
  });

  test('x-kubernetes-validations may not sit inside anyOf', () => {
    const found = issues({ size: { type: 'integer', anyOf: [{ 'x-kubernetes-validations': [{ rule: 'self > 0' }] }, { minimum: 1 }] } });
    expect(found.map(i => i.path)).toEqual(['s.properties.spec.properties.size.anyOf[0].x-kubernetes-validations']);
  });
});

describe('object metadata (KB020) and the defaulted listKind (KB014)', () => {
  const rulesAt = (obj: any, id: string) => validateObject(obj, contextFor()).filter(v => v.rule === id).map(v => `${v.severity} ${v.path}`);

  test('metadata.name is a DNS subdomain, metadata.namespace a DNS label', () => {
    expect(rulesAt(a2(), 'KB020')).toEqual([]);
    expect(rulesAt(a2(['metadata.name', 'Widgets']), 'KB020')).toEqual(['error metadata.name']);
    expect(rulesAt(a2(['metadata.name', '']), 'KB020')).toEqual(['error metadata.name']);
    expect(rulesAt(a2(['metadata.name', 42]), 'KB020')).toEqual(['error metadata.name']);
    expect(rulesAt(bs(['metadata.namespace', 'Team_A']), 'KB020')).toEqual(['error metadata.namespace']);
    expect(rulesAt(a2(['metadata', { namespace: 'x' }]), 'KB020')).toEqual(['error metadata.name']);
    expect(rulesAt(a2(['metadata', { generateName: 'widgets-' }]), 'KB020')).toEqual([]);
    // A v1alpha1 export without a name is KB018's finding (it knows the name to use).
    expect(rulesAt(a1(['metadata', { namespace: 'x' }]), 'KB020')).toEqual([]);
  });

  test('an unset listKind is checked as Kubernetes defaults it: <kind>List', () => {
    const names = (kind: string, extra: any = {}) => bs(['spec.names', { kind, plural: 'widgets', ...extra }]);
    expect(rulesAt(names('W'.repeat(59)), 'KB014')).toEqual([]);
    expect(rulesAt(names('W'.repeat(60)), 'KB014')).toEqual(['error spec.names.listKind']);
    expect(rulesAt(names('W'.repeat(60), { listKind: 'WidgetList' }), 'KB014')).toEqual([]);
    // An invalid kind is KB013's finding, not reported twice.
    expect(rulesAt(names('W'.repeat(64)), 'KB014')).toEqual([]);
  });
});
