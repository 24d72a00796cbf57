/**
 * The provider side beyond the one-row scenarios: the export's rules on
 * templates and requests, immutability of requests, the namespace prefix,
 * the label's exact value, and upstream's example Collection through
 * `validate` (a verdict, not a note).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import { apiServiceExportTemplateCrd } from '../../src/crds';
import { Manifest } from '../../src/model/manifest';
import { contextFor, validateObject, validateObjects } from '../../src/rules';
import { REFERENCE, claim, crd, exportedCrd, reference, req, tpl, version } from '../../src/rules/engine/scenario-kit';
import { validateUpdate } from '../../src/rules/kube-bind/updates';
import { validateJson } from '../coverage/cli-run';
import { testWithShared } from '../support/shared';

const CTX = contextFor();
const ids = (m: Manifest, ctx = CTX) => validateObject(m, ctx).map(v => [v.rule, v.path]);

describe('the export\'s rules apply to templates and requests', () => {
  test('claims: kube-bind\'s claimable APIs only (KB143), once each (KB142)', () => {
    expect(ids(tpl(claim({ resource: 'pods' })))).toContainEqual(['KB143', 'spec.permissionClaims[0].resource']);
    const twice = tpl(['spec.permissionClaims', [
      { group: '', resource: 'secrets', selector: { namedResources: [{ name: 'a' }] } },
      { group: '', resource: 'secrets', selector: { namedResources: [{ name: 'b' }] } },
    ]]);
    expect(ids(twice).map(([id]) => id)).toContain('KB142');
    expect(ids(req(claim({ resource: 'pods' }))).map(([id]) => id)).toContain('KB143');
    expect(ids(tpl(claim({})))).toEqual([]);
  });

  test('a reference to a resource the template does not hold is a warning (KB156)', () => {
    const ref = claim({ resource: 'secrets', selector: { references: [{ group: 'example.com', resource: 'gadgets', versions: ['v1'], jsonPath: { name: 'spec.s' } }] } });
    const found = validateObject(tpl(ref), CTX).filter(v => v.rule === 'KB156');
    expect(found.map(v => [v.severity, v.path])).toEqual([['warning', 'spec.permissionClaims[0].selector.references[0]']]);
    expect(found[0].message).toContain('which this template does not hold');
  });

  test('resource patterns and duplicates are the export\'s rules (KB122, KB123), reported once', () => {
    expect(ids(tpl(['spec.resources.0.resource', 'Widgets']))).toEqual([['KB122', 'spec.resources[0].resource']]);
    const dup = tpl(['spec.resources', [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }, { group: 'example.com', resource: 'widgets', versions: ['v1'] }]]);
    expect(ids(dup)).toEqual([['KB123', 'spec.resources[1]']]);
  });

  test('the CRD schema: a template needs scope (KB002), a collection at least one template (KB007)', () => {
    expect(ids(tpl(['spec.scope', undefined]))).toEqual([['KB002', 'spec.scope']]);
    expect(ids(tpl(['spec.scope', 'Namespace'])).map(([id]) => id)).toEqual(['KB004']);
    expect(ids(tpl(['spec.schemaUpdatePolicy', 'Sometimes'])).map(([id]) => id)).toEqual(['KB004']);
    const empty = { apiVersion: 'kube-bind.io/v1alpha2', kind: 'Collection', metadata: { name: 'c' }, spec: { templates: [] } };
    expect(ids(empty)).toEqual([['KB007', 'spec.templates']]);
  });
});

describe('requests keep their spec (validate --previous)', () => {
  test.each(['resources', 'permissionClaims', 'namespaces', 'schemaUpdatePolicy'])('changing spec.%s is KB191 with the server\'s message', (name) => {
    const before: { [k: string]: unknown } = {
      resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1'] }],
      permissionClaims: [{ group: '', resource: 'secrets', selector: { namedResources: [{ name: 'a' }] } }],
      namespaces: [{ name: 'one' }],
      schemaUpdatePolicy: 'Never',
    };
    const after: { [k: string]: unknown } = {
      resources: [{ group: 'example.com', resource: 'widgets', versions: ['v1', 'v2'] }],
      permissionClaims: [],
      namespaces: [{ name: 'two' }],
      schemaUpdatePolicy: 'Always',
    };
    const found = validateUpdate(req([`spec.${name}`, before[name]]), req([`spec.${name}`, after[name]]), CTX);
    expect(found.map(v => [v.rule, v.path])).toEqual([['KB191', `spec.${name}`]]);
    expect(found[0].hint).toContain(`${name} ${name === 'permissionClaims' || name === 'namespaces' || name === 'resources' ? 'are' : 'is'} immutable`);
    expect(found[0].hint).toContain('new APIServiceExportRequest');
  });

  test('a template may change: it is copied into new requests only', () => {
    expect(validateUpdate(tpl(), tpl(['spec.resources.0.versions', ['v2']]), CTX)).toEqual([]);
  });
});

describe('namespaces and the prefix', () => {
  const long = tpl(['spec.namespaces', [{ name: 'a'.repeat(40) }]]);

  test('a shorter prefix leaves room; a longer one takes it', () => {
    expect(ids(long, contextFor({ namespacePrefix: 'kb-' }))).toEqual([]);
    expect(ids(tpl(['spec.namespaces', [{ name: 'a' }]]), contextFor({ namespacePrefix: 'p'.repeat(49) }))).toEqual([['KB203', 'spec.namespaces[0].name']]);
  });

  test('through the CLI flag --namespace-prefix, and a prefix no namespace can start with is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-prefix-'));
    try {
      const file = path.join(dir, 't.yaml');
      fs.writeFileSync(file, stringify(long));
      expect((await validateJson([file])).code).toBe(1);
      expect((await validateJson(['--namespace-prefix', 'kb-', file])).code).toBe(0);
      const bad = await validateJson(['--namespace-prefix', 'KB_', file]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--namespace-prefix "KB_"');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CRDs and the export label', () => {
  test('a label of another value is named in the template\'s finding (KB211) and on the CRD (KB221)', () => {
    const [onTemplate, onCrd] = validateObjects([tpl(), exportedCrd(['metadata.labels', { 'kube-bind.io/exported': 'yes' }])], CTX);
    expect(onTemplate.find(v => v.rule === 'KB211')?.message).toContain('whose label kube-bind.io/exported is "yes", not "true"');
    expect(onCrd.map(v => v.rule)).toEqual(['KB221']);
  });

  test('KB210 speaks only when the input labels CRDs for export; kube-bind\'s own CRDs count for nothing', () => {
    const elsewhere = tpl(['spec.resources.0.resource', 'gadgets']);
    expect(validateObjects([elsewhere], CTX).flat()).toEqual([]);
    expect(validateObjects([elsewhere, apiServiceExportTemplateCrd()], CTX).flat()).toEqual([]);
    expect(validateObjects([elsewhere, crd()], CTX).flat()).toEqual([]);
    expect(validateObjects([elsewhere, exportedCrd()], CTX)[0].map(v => v.rule)).toEqual(['KB210']);
    // An unlabelled CRD of the input is still found, and its missing label reported.
    expect(validateObjects([tpl(), crd()], CTX)[0].map(v => v.rule)).toEqual(['KB211']);
  });

  test('what KB180 notes on any CRD is an error on an exported one (KB220), and reported once', () => {
    const service = ['spec.conversion', { strategy: 'Webhook', webhook: { clientConfig: { service: { name: 'conv', namespace: 'x' } }, conversionReviewVersions: ['v1'] } }] as const;
    const plain = validateObject(crd(service), CTX).filter(v => v.rule === 'KB180' || v.rule === 'KB220');
    const labelled = validateObject(exportedCrd(service), CTX).filter(v => v.rule === 'KB180' || v.rule === 'KB220');
    expect(plain.map(v => [v.rule, v.severity, v.path])).toEqual([['KB180', 'info', 'spec.conversion.webhook.clientConfig.service']]);
    expect(labelled.map(v => [v.rule, v.severity, v.path])).toEqual([['KB220', 'error', 'spec.conversion.webhook.clientConfig.service']]);
  });
});

testWithShared('validate gives upstream\'s example Collection a verdict, not a note', ['upstream', 'kube-bind', 'provider-examples'], async (dir) => {
  const run = await validateJson([path.join(dir, 'collection.yaml')]);
  expect(run.stderr).not.toContain('not checked');
  expect(run.objects.map(o => [o.kind, o.name, o.valid])).toEqual([['Collection', 'all', true]]);
  expect(run.code).toBe(0);
});

describe('KB217: a template\'s claim reference paths against the CRD of the resource it reads', () => {
  const ref = (r: Manifest) => reference(r);
  const kb217 = (objects: Manifest[]) => validateObjects(objects, CTX).flatMap((found, i) => found.filter(v => v.rule === 'KB217').map(v => ({ i, ...v })));

  test('a field the CRD lacks is a warning at the path, with the field it meant and the CRD named', () => {
    const [found, ...rest] = kb217([tpl(ref({ jsonPath: { name: 'spec.selector', namespace: 'spec.sise' } })), exportedCrd()]);
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ i: 0, severity: 'warning', path: `${REFERENCE}.jsonPath.namespace`, message: '"spec.sise" selects nothing: no such field (did you mean "spec.size"?)' });
    expect(found.hint).toContain('CRD "widgets.example.com" declares');
    // A namespace path that finds nothing widens the claim: kube-bind then matches the name in every namespace.
    expect(found.hint).toContain('kube-bind finds no namespace there and claims the object of the name it finds in every namespace');
  });

  test('the reference\'s name path is not offered as the fix of its namespace path', () => {
    const [found] = kb217([tpl(ref({ jsonPath: { name: 'spec.size', namespace: 'spec.sizeNamespace' } })), exportedCrd()]);
    expect(found).toMatchObject({ path: `${REFERENCE}.jsonPath.namespace`, message: '"spec.sizeNamespace" selects nothing: no such field' });
  });

  test('the versions read are the template\'s for that resource when the reference names none', () => {
    const v2Only = exportedCrd(['spec.versions', [
      version('v1', { storage: false }),
      version('v2', { schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { secretName: { type: 'string' } } } } } } }),
    ]]);
    const withVersions = (versions: string[]) => tpl(['spec.resources.0.versions', versions], ref({ versions: undefined, jsonPath: { name: 'spec.secretName' } }));
    expect(kb217([withVersions(['v2']), v2Only])).toEqual([]);
    expect(kb217([withVersions(['v1']), v2Only]).map(v => v.path)).toEqual([`${REFERENCE}.jsonPath.name`]);
  });

  test('under x-kubernetes-preserve-unknown-fields the field may exist: still a warning, that says the schema cannot tell', () => {
    const open = exportedCrd(['spec.versions.0.schema.openAPIV3Schema.properties.spec', { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true }]);
    const [found] = kb217([tpl(ref({ jsonPath: { name: 'spec.anything' } })), open]);
    expect(found).toMatchObject({ severity: 'warning', message: '"spec.anything" may select nothing: spec keeps unknown fields, so the schema cannot tell' });
  });

  test('a v1alpha2 request is checked as its template; nothing without the CRD, nor for a GJSON query', () => {
    expect(kb217([req(ref({ jsonPath: { name: 'spec.selectr' } })), exportedCrd()]).map(v => v.path)).toEqual([`${REFERENCE}.jsonPath.name`]);
    expect(kb217([tpl(ref({ jsonPath: { name: 'spec.selectr' } }))])).toEqual([]);
    expect(kb217([tpl(ref({ jsonPath: { name: 'spec.#(name=="a").x' } })), exportedCrd()])).toEqual([]);
  });

  test('validate finds it as the rules do, from the facts it keeps (the schema\'s shape)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-217-'));
    try {
      const file = path.join(dir, 'provider.yaml');
      fs.writeFileSync(file, [tpl(ref({ jsonPath: { name: 'spec.selectr' } })), exportedCrd()].map(m => stringify(m)).join('---\n'));
      const run = await validateJson([file]);
      expect(run.code).toBe(0); // a warning
      expect(run.objects.flatMap(o => o.violations).filter(v => v.rule === 'KB217').map(v => [v.severity, v.path]))
        .toEqual([['warning', `${REFERENCE}.jsonPath.name`]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
