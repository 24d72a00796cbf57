/**
 * What `validate` loads (issue 23, start-up; the time itself is measured by
 * `scripts/bench.ts --only startup`, never here): js-yaml from its
 * single-file build, never its entry point, and the provider-side kinds' CRD
 * builders only when a provider-side object is read, and the structural-schema
 * checker (with its CEL and RE2 checkers) only when an object embeds a schema.
 */
import { Readable } from 'stream';
import { fixture } from './cli-helpers';
import type { CliIo } from '../../src/cli/command';

const PROVIDER_CRD_MODULES = ['template', 'collection', 'export-request', 'bindable-resources-request'];
const STRUCTURAL_CHECKER = '../../src/rules/k8s/structural';

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
});
