/**
 * The rules of a whole schema as the API server compiles and prices them
 * (cel/schema-rules.ts): cases after Kubernetes' compilation_test.go and the
 * CRD validation-rule examples of the Kubernetes documentation.
 */
import { celSchemaIssues, STATIC_ESTIMATED_COST_LIMIT } from '../../../src/rules/k8s/cel/schema-rules';

type Json = { [key: string]: any };
const nothingBlocked = (): boolean => false;

function issues(schema: Json): Array<{ kind: string; path: string; message: string }> {
  return celSchemaIssues(schema, 's', nothingBlocked).map(i => ({ kind: i.kind, path: i.path, message: i.message }));
}

function withRules(spec: Json, ...rules: Json[]): Json {
  return { type: 'object', properties: { spec: { ...spec, 'x-kubernetes-validations': rules } } };
}

const docsSpec = {
  type: 'object',
  properties: {
    minReplicas: { type: 'integer' },
    replicas: { type: 'integer' },
    maxReplicas: { type: 'integer' },
    image: { type: 'string' },
    name: { type: 'string', maxLength: 63 },
    host: { type: 'string' },
    x: { type: 'string' },
    y: { type: 'string' },
    z: { type: 'string' },
    rules: { type: 'array', maxItems: 10, items: { type: 'object', properties: { name: { type: 'string', maxLength: 63 } } } },
    metadata: { type: 'object', properties: { labels: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 63 } } } },
  },
};

describe('the validation-rule examples of the Kubernetes documentation compile', () => {
  test.each([
    'self.minReplicas <= self.replicas && self.replicas <= self.maxReplicas',
    "has(self.name) && self.name.startsWith('a')",
    "self.image.endsWith(':latest') || self.image.contains('@sha256')",
    "self.rules.all(r, r.name.matches('^[a-z]+$'))",
    'self.rules.exists_one(r, r.name == "x")',
    'self.rules.map(r, r.name).size() == self.rules.size()',
    'self.rules.filter(r, r.name.startsWith("a")).size() < 3',
    "self.metadata.labels.all(k, k.startsWith('kube'))",
    '!has(self.x) || has(self.y) && self.x.size() > 0',
    'type(self.x) == string',
    "isURL(self.host) && url(self.host).getScheme() == 'https'",
    "quantity('1Gi').isGreaterThan(quantity('1Mi'))",
    "self.name.lowerAscii() == self.name && self.name.split('-').size() < 4",
  ])('%s', rule => {
    expect(issues(withRules(docsSpec, { rule }))).toEqual([]);
  });
});

describe('what compilation refuses (compilation_test.go)', () => {
  test('a rule that is not bool', () => {
    expect(issues(withRules(docsSpec, { rule: 'self.replicas + 1' }))[0].message).toContain('cel expression must evaluate to a bool');
  });
  test('a messageExpression that is not a string, or does not compile', () => {
    expect(issues(withRules(docsSpec, { rule: 'self.replicas > 0', messageExpression: 'self.replicas' }))[0].message)
      .toContain('messageExpression must evaluate to a string');
    const syntax = issues(withRules(docsSpec, { rule: 'self.replicas > 0', messageExpression: '"x" +' }));
    expect(syntax).toEqual([expect.objectContaining({ path: 's.properties.spec.x-kubernetes-validations[0].messageExpression' })]);
  });
  test('a messageExpression is compiled only once the rule compiled', () => {
    expect(issues(withRules(docsSpec, { rule: 'self.nope > 0', messageExpression: 'self.replicas' }))).toHaveLength(1);
  });
  test('oldSelf is refused under the items of a list that is not a map list, allowed in a map list', () => {
    const item = { 'type': 'object', 'properties': { k: { type: 'string', maxLength: 10 } }, 'required': ['k'], 'x-kubernetes-validations': [{ rule: 'self.k == oldSelf.k' }] };
    const atomic = issues({ type: 'object', properties: { list: { type: 'array', maxItems: 10, items: item } } });
    expect(atomic).toEqual([expect.objectContaining({ message: expect.stringContaining('oldSelf cannot be used on the uncorrelatable portion of the schema within s.properties.list') })]);
    const mapList = issues({
      type: 'object',
      properties: { list: { 'type': 'array', 'maxItems': 10, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['k'], 'items': item } },
    });
    expect(mapList).toEqual([]);
  });
  test('optionalOldSelf only with oldSelf, and oldSelf is then optional', () => {
    expect(issues(withRules(docsSpec, { rule: 'self.replicas > 0', optionalOldSelf: true }))[0].path).toBe('s.properties.spec.x-kubernetes-validations[0].optionalOldSelf');
    expect(issues(withRules(docsSpec, { rule: 'oldSelf.hasValue() ? self.replicas >= oldSelf.value().replicas : true', optionalOldSelf: true }))).toEqual([]);
    expect(issues(withRules(docsSpec, { rule: 'self.replicas >= oldSelf.replicas', optionalOldSelf: true }))[0].message).toContain('compilation failed');
  });
  test('the issue\'s examples', () => {
    for (const rule of ["self.replicas > 'a'", 'self.image > 5', 'size(self.replicas) > 1', "self.replicas.startsWith('a')"]) {
      expect(issues(withRules(docsSpec, { rule }))).toEqual([expect.objectContaining({ kind: 'compile' })]);
    }
  });
  test('a node with no type cannot declare self', () => {
    const untyped = { type: 'object', properties: { any: { 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'true' }] } } };
    expect(issues(untyped)[0].message).toContain('cannot declare a CEL type');
  });
  test('a blocked node is not compiled', () => {
    expect(celSchemaIssues(withRules(docsSpec, { rule: 'self.nope' }), 's', p => p === 's.properties.spec')).toEqual([]);
  });
});

describe('estimated cost against the limits of validation.go', () => {
  const strings = (bounds: Json): Json => ({ type: 'array', items: { type: 'string', ...bounds.item }, ...bounds.list });
  test('a quadratic rule over an unbounded list of strings is refused, with the bounds to set', () => {
    const found = celSchemaIssues({ type: 'object', properties: { tags: { ...strings({}), 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x == y))' }] } } }, 's', nothingBlocked);
    expect(found[0].message).toContain(`(limit ${STATIC_ESTIMATED_COST_LIMIT})`);
    expect(found[0].hint).toBe('set maxLength on s.properties.tags.items, maxItems on s.properties.tags (the estimate assumes the largest value a 3 MiB request can hold), or simplify the rule');
    // Over the CRD's total too: the rule is named, then the total.
    expect(found.map(i => i.path)).toEqual(['s.properties.tags.x-kubernetes-validations[0].rule', 's.properties.tags.x-kubernetes-validations[0].rule', 's']);
  });
  test('a value with no size in cel-go\'s estimate (string()) is named in the hint, with format as the way out', () => {
    const spec = { type: 'object', properties: { size: { type: 'integer' } } };
    const concat = celSchemaIssues({ ...spec, 'x-kubernetes-validations': [{ rule: 'self.size <= 10', messageExpression: "'size ' + string(self.size)" }] }, 's', nothingBlocked);
    expect(concat[0].path).toBe('s.x-kubernetes-validations[0].messageExpression');
    expect(concat[0].hint).toBe('cel-go gives what string() returns no size, so using it costs as much as a value can hold: '
      + 'build text with a format string instead (\'got %d\'.format([self.x]) costs by the format string\'s length), or simplify the rule');
    expect(issues({ ...spec, 'x-kubernetes-validations': [{ rule: 'self.size <= 10', messageExpression: "'size %d'.format([self.size])" }] })).toEqual([]);
  });
  test('bounded, it passes', () => {
    const tags = { ...strings({ list: { maxItems: 20 }, item: { maxLength: 63 } }), 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x == y))' }] };
    expect(issues({ type: 'object', properties: { tags } })).toEqual([]);
  });
  test('a rule under an unbounded list is multiplied by how many times it can run', () => {
    const item = { 'type': 'object', 'properties': { s: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: "self.s.contains('x')" }] };
    const found = issues({ type: 'object', properties: { list: { type: 'array', items: item } } });
    expect(found[0].message).toContain('evaluations at most');
    const bounded = { ...item, properties: { s: { type: 'string', maxLength: 10 } } };
    expect(issues({ type: 'object', properties: { list: { type: 'array', maxItems: 10, items: bounded } } })).toEqual([]);
  });
  test('many rules each under the limit can pass the CRD\'s total limit', () => {
    const rule = { rule: "self.all(x, x.contains('a'))" };
    const properties: Json = {};
    for (let i = 0; i < 30; i++) {
      properties[`p${i}`] = { 'type': 'array', 'maxItems': 10000, 'items': { type: 'string', maxLength: 1000 }, 'x-kubernetes-validations': [rule] };
    }
    const found = issues({ type: 'object', properties });
    expect(found.filter(i => i.message.includes('exceeds budget') && !i.message.includes('total'))).toEqual([]);
    expect(found.some(i => i.message.includes('estimated rule cost total for entire OpenAPIv3 schema'))).toBe(true);
    // Fewer of them pass.
    const few: Json = {};
    for (let i = 0; i < 3; i++) few[`p${i}`] = properties[`p${i}`];
    expect(issues({ type: 'object', properties: few })).toEqual([]);
  });
  test('two has() calls cost as presence tests', () => {
    const item = { 'type': 'object', 'properties': { a: { type: 'string' }, b: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: '(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) <= 1' }] };
    expect(issues({ type: 'object', properties: { list: { type: 'array', items: item } } })).toEqual([]);
  });
});

describe('fieldPath resolves in the schema (pathValid, validation.go)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { structuralSchemaIssues } = require('../../../src/rules/k8s/structural') as typeof import('../../../src/rules/k8s/structural');
  const schemaWith = (fieldPath: string): Json => withRules(docsSpec, { rule: 'self.replicas >= 0', fieldPath });
  test.each(['.replicas', '.metadata.labels', ".metadata.labels['app']"])('%s names a field', fieldPath => {
    expect(structuralSchemaIssues(schemaWith(fieldPath), 's', { statusSubresource: false })).toEqual([]);
  });
  test.each(['.nope', '.replicas.deeper', 'replicas['])('%s is refused', fieldPath => {
    const found = structuralSchemaIssues(schemaWith(fieldPath), 's', { statusSubresource: false });
    expect(found).toEqual([expect.objectContaining({ kind: 'extension', path: 's.properties.spec.x-kubernetes-validations[0].fieldPath' })]);
  });
});
