import { compileExpression, usesUnsupportedSyntax } from '../../../src/rules/k8s/cel/compile';
import { schemaDeclType } from '../../../src/rules/k8s/cel/decl-type';

const spec = {
  type: 'object',
  properties: {
    replicas: { type: 'integer' },
    version: { type: 'string' },
  },
};

function errorOf(rule: string, schema: unknown = spec, kind: 'rule' | 'messageExpression' = 'rule'): string | undefined {
  return compileExpression(rule, kind, schemaDeclType(schema, false)!, false, schema, false).error;
}

describe('CEL type-checking of a rule against self', () => {
  test.each([
    ["self.replicas > 'a'", 'int > string'],
    ['self.version > 5', 'string > int'],
    ['size(self.replicas) > 1', 'size(int)'],
    ["self.replicas.startsWith('a')", 'int.startsWith(string)'],
  ])('%s is refused', (rule, why) => {
    expect(errorOf(rule)).toContain(why);
  });
  test('a well-typed rule compiles', () => {
    expect(errorOf("self.replicas > 1 && self.version.startsWith('v')")).toBeUndefined();
  });
  test('two-variable comprehensions fall back to the syntax check', () => {
    expect(usesUnsupportedSyntax('self.all(k, v, v > 0)')).toBe(true);
    expect(usesUnsupportedSyntax('[?self.a]')).toBe(true);
    expect(usesUnsupportedSyntax('self[?"a"].hasValue()')).toBe(false);
  });
});
