import {
  dns1035LabelErrors,
  dns1123LabelErrors,
  dns1123SubdomainErrors,
  isCamelCase,
  labelValueErrors,
  problemsClause,
  qualifiedNameErrors,
  suggestCamelCase,
  suggestDns1035Label,
  suggestDns1123Subdomain,
} from '../../src/rules/k8s/names';

test.each(['a', 'widgets', 'my-widget', 'a1', 'a'.repeat(63)])('DNS-1035 label %p is valid', v => {
  expect(dns1035LabelErrors(v)).toEqual([]);
});

test.each(['', '1a', '-a', 'a-', 'A', 'a_b', 'a.b', 'a'.repeat(64)])('DNS-1035 label %p is invalid', v => {
  expect(dns1035LabelErrors(v).length).toBeGreaterThan(0);
});

test('DNS-1123 labels may start with a digit', () => {
  expect(dns1123LabelErrors('1a')).toEqual([]);
  expect(dns1123LabelErrors('A')).not.toEqual([]);
});

test.each(['example.com', 'a', 'kube-bind.io', '1.2.3'])('subdomain %p is valid', v => {
  expect(dns1123SubdomainErrors(v)).toEqual([]);
});

test.each(['', 'Example.com', 'a..b', '.a', 'a.', `${'a'.repeat(63)}.`.repeat(4) + 'a'])('subdomain %p is invalid', v => {
  expect(dns1123SubdomainErrors(v).length).toBeGreaterThan(0);
});

test.each(['app', 'app.kubernetes.io/name', 'a_b.c-d', 'x/Y'])('qualified name %p is valid', v => {
  expect(qualifiedNameErrors(v)).toEqual([]);
});

test.each(['', '/a', 'a/', 'Ex.com/a', 'a/b/c', '-a', 'a'.repeat(64)])('qualified name %p is invalid', v => {
  expect(qualifiedNameErrors(v).length).toBeGreaterThan(0);
});

test('label values', () => {
  expect(labelValueErrors('')).toEqual([]);
  expect(labelValueErrors('v1.2_3-x')).toEqual([]);
  expect(labelValueErrors('-x')).not.toEqual([]);
  expect(labelValueErrors('x'.repeat(64))).not.toEqual([]);
});

test('suggestions', () => {
  expect(suggestDns1035Label('My_Widgets')).toBe('my-widgets');
  expect(suggestDns1035Label('2Widgets')).toBe('widgets');
  expect(suggestDns1035Label('___')).toBeUndefined();
  expect(suggestDns1123Subdomain('Example..COM')).toBe('example.com');
  expect(suggestCamelCase('resource ready')).toBe('ResourceReady');
  expect(suggestCamelCase('!!')).toBeUndefined();
  expect(isCamelCase('Ready')).toBe(true);
  expect(isCamelCase('ready')).toBe(false);
  expect(isCamelCase('Re-ady')).toBe(false);
});

test('the reasons read as one clause: "it" only before a reason about the whole value', () => {
  expect(problemsClause(qualifiedNameErrors('a/b/c'))).toBe(
    'name part must consist of letters, digits, \'-\', \'_\' or \'.\', and start and end with a letter or digit; it must contain at most one \'/\'');
  expect(problemsClause(labelValueErrors('-x'))).toBe(
    'it must be empty or consist of letters, digits, \'-\', \'_\' or \'.\', and start and end with a letter or digit');
});
