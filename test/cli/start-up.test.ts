/**
 * What `validate` loads (issue 23, start-up; the time itself is measured by
 * `scripts/bench.ts --only startup`, never here): js-yaml from its
 * single-file build, never its entry point, and the provider-side kinds' CRD
 * builders only when a provider-side object is read, and the structural-schema
 * checker (with its CEL and RE2 checkers) only when an object embeds a schema,
 * and the CEL compiler (with @marcbachmann/cel-js) only when a schema has
 * x-kubernetes-validations rules.
 */
import * as fs from 'fs';
import { Readable } from 'stream';
import { fixture } from './cli-helpers';
import type { CliIo } from '../../src/cli/command';

const PROVIDER_CRD_MODULES = ['template', 'collection', 'export-request', 'bindable-resources-request'];
const STRUCTURAL_CHECKER = '../../src/rules/k8s/structural';
/** The CEL compiler's entry, and the module that loads cel-js. */
const CEL_COMPILER = ['../../src/rules/k8s/cel/schema-rules', '../../src/rules/k8s/cel/cel-js'];

const TEMPLATE = `apiVersion: kube-bind.io/v1alpha2
kind: APIServiceExportTemplate
metadata:
  name: shop
spec:
  resources:
  - group: shop.example.com
    resource: gadgets
`;

/** The modules of `watched` (paths relative to this folder, or package names) that `validate argv` loads, in a fresh registry; it exits with `status`. */
async function loadedBy(argv: string[], stdin: string, watched: readonly string[], status: number): Promise<string[]> {
  const loaded: string[] = [];
  await jest.isolateModulesAsync(async () => {
    for (const name of watched) {
      jest.doMock(name, () => {
        loaded.push(name);
        return jest.requireActual(name);
      });
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { main } = require('../../src/cli/main') as typeof import('../../src/cli/main');
    const io: CliIo = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: Readable.from([Buffer.from(stdin)]) };
    expect(await main(['validate', ...argv], io, { env: {} })).toBe(status);
  });
  return loaded;
}

describe('validate loads only what its input needs', () => {
  const providerCrds = PROVIDER_CRD_MODULES.map(m => `../../src/crds/${m}`);

  test('an export: no provider-side CRD builder, and js-yaml from its single-file build', async () => {
    expect(await loadedBy([fixture('valid', 'exports.yaml')], '', [...providerCrds, 'js-yaml'], 0)).toEqual([]);
  });

  test('a template: its CRD builder is loaded to check it', async () => {
    // Exit 1: the template lacks spec.scope and versions (findings of its schema and rules).
    expect(await loadedBy(['-'], TEMPLATE, providerCrds, 1)).toContain('../../src/crds/template');
  });

  test('an export without schemas: no structural-schema checker; a BoundSchema: loaded to check its schema', async () => {
    expect(await loadedBy([fixture('valid', 'exports.yaml')], '', [STRUCTURAL_CHECKER], 0)).toEqual([]);
    expect(await loadedBy([fixture('valid', 'schemas', 'cowboys.yml')], '', [STRUCTURAL_CHECKER], 0)).toEqual([STRUCTURAL_CHECKER]);
  });

  test('a BoundSchema without rules: no CEL compiler; with a rule: loaded to compile it', async () => {
    const cowboys = fs.readFileSync(fixture('valid', 'schemas', 'cowboys.yml'), 'utf8');
    expect(await loadedBy(['-'], cowboys, CEL_COMPILER, 0)).toEqual([]);
    const withRule = cowboys.replace(/openAPIV3Schema:\n(\s+)type: object/, 'openAPIV3Schema:\n$1type: object\n$1x-kubernetes-validations:\n$1- rule: "self.metadata.name != \'\'"');
    expect(withRule).toContain('x-kubernetes-validations');
    expect(await loadedBy(['-'], withRule, CEL_COMPILER, 0)).toEqual(CEL_COMPILER);
  });
});
