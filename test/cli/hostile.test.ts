/**
 * Every command over documents that are Kubernetes-shaped but wrong in every
 * way a rule could trip over: no crash, no internal error, a status of 0 or 1.
 */
import { removeTempDirs, runCli, tempDir, writeFile } from './cli-helpers';

afterAll(removeTempDirs);

const HOSTILE = [
  'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: 5\nspec: []\n',
  'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: x}\nspec: {group: g, names: [], scope: Namespaced, versions: {a: 1}}\n',
  'apiVersion: kube-bind.io/v1alpha2\nkind: BoundSchema\nmetadata: {name: y}\n'
    + 'spec: {group: 7, names: {plural: ys, kind: Y}, scope: Cluster, versions: [null, 1, {name: v1, deprecated: true, served: "yes"}, {name: [v2]}]}\n',
  'apiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata: {name: [1]}\nspec: {group: "", names: "x", versions: [{}]}\n',
  'apiVersion: kube-bind.io/v1alpha1\nkind: APIServiceExport\nmetadata: {"__proto__": {polluted: true}, name: z}\n'
    + 'spec: {"__proto__": {group: evil}, constructor: 1, versions: [{"__proto__": {}, name: v1, storage: true, schema: {openAPIV3Schema: {"__proto__": 1}}}]}\n',
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: 3}\nspec: {group: [], names: {kind: {}}, versions: "v1", conversion: []}\n',
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {versions: [{name: v1, schema: {openAPIV3Schema: []}, subresources: {scale: 1}, additionalPrinterColumns: {}}]}\n',
  'kind: List\nitems: [{kind: CustomResourceDefinition}, {apiVersion: kube-bind.io/v1alpha1, kind: APIServiceExport}]\n',
  'apiVersion: 1\nkind: null\n',
].join('---\n');

test.each([
  [['validate', '-']],
  [['validate', '-o', 'json', '--previous', 'PREVIOUS', '-']],
  [['paths', '-']],
  [['paths', '-o', 'json', '-']],
  [['migrate', '-']],
  [['from-crd', '--export', 'x', '-']],
])('%j survives hostile documents', async argv => {
  // The same documents as their own previous state, so the update rules see them too.
  const previous = writeFile(tempDir(), 'previous.yaml', HOSTILE);
  const r = await runCli(argv.map(a => (a === 'PREVIOUS' ? previous : a)), { stdin: HOSTILE });
  expect(r.err).not.toMatch(/internal error|TypeError|RangeError|\n\s+at /);
  expect(r.out).not.toMatch(/internal error/);
  expect([0, 1]).toContain(r.code);
  expect(({} as any).polluted).toBeUndefined();
});
