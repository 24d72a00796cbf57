/**
 * KB178: a reference's jsonPath against the schema of the resource it reads,
 * when that schema is in the set (a CRD, a BoundSchema, a v1alpha1 export).
 */
import { Testing } from 'cdk8s';
import { ApiServiceExport, BoundSchema, Findings, PermissionClaim } from '../../src';
import { Manifest } from '../../src/model/manifest';
import { RuleContext } from '../../src/rules/engine/rule';
import { gjsonKeys, walkSchema } from '../../src/rules/helpers/reference-paths';
import { REFERENCE_PATH_RULES } from '../../src/rules/kube-bind/reference-paths';
import { crd } from '../../src/rules/scenarios';
import { chart } from '../util';

const ctx: RuleContext = { group: 'kube-bind.io' };
const NS = 'cert-manager-provider';

const object = (properties: Manifest, extra: Manifest = {}): Manifest => ({ type: 'object', properties, ...extra });
const string = { type: 'string' };

/** cert-manager's Certificate, cut to what the tests read. */
function certificateSchema(): Manifest {
  return object({
    spec: object({
      secretName: string,
      issuerRef: object({ name: string, kind: string }),
      keystores: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
      additionalOutputFormats: { type: 'array', items: object({ type: string }) },
      secretTemplate: object({ labels: { type: 'object', additionalProperties: string } }),
    }),
  });
}

/** The scenarios' CRD, made cert-manager's Certificates. */
function certificatesCrd(schema: Manifest = certificateSchema()): Manifest {
  return crd(['metadata.name', 'certificates.cert-manager.io'], ['spec.group', 'cert-manager.io'],
    ['spec.names', { kind: 'Certificate', plural: 'certificates' }], ['spec.versions.0.schema.openAPIV3Schema', schema]);
}

function exportReading(jsonPath: Manifest, extra: Manifest = {}): Manifest {
  return {
    apiVersion: 'kube-bind.io/v1alpha2',
    kind: 'APIServiceExport',
    metadata: { name: 'certificates', namespace: NS },
    spec: {
      resources: [{ group: 'cert-manager.io', resource: 'certificates', versions: ['v1'] }],
      informerScope: 'Namespaced',
      isolation: 'Prefixed',
      permissionClaims: [{
        group: '',
        resource: 'secrets',
        selector: { references: [{ group: 'cert-manager.io', resource: 'certificates', jsonPath, ...extra }] },
      }],
    },
  };
}

function found(objects: Manifest[]): Array<[number, string, string, string]> {
  return REFERENCE_PATH_RULES[0].check(objects.map((manifest, index) => ({ index, manifest })), ctx)
    .map(f => [f.index, f.violation.severity, f.violation.path, f.violation.message]);
}

const NAME = 'spec.permissionClaims[0].selector.references[0].jsonPath.name';

test('a misspelt field of a Certificate is a warning (kube-bind silently claims nothing through it), with the field it was meant to be', () => {
  expect(found([exportReading({ name: 'spec.secretNmae' }), certificatesCrd()])).toEqual([
    [0, 'warning', NAME, '"spec.secretNmae" selects nothing: no such field (did you mean "spec.secretName"?)'],
  ]);
});

test('the real field, metadata fields, array items, map values and escapes fit', () => {
  for (const path of ['spec.secretName', 'spec.issuerRef.name', 'metadata.annotations.cert-manager\\.io/issuer',
    'spec.additionalOutputFormats.#.type', 'spec.additionalOutputFormats.0.type', 'spec.secretTemplate.labels.app', 'kind']) {
    expect({ path, found: found([exportReading({ name: path, namespace: 'metadata.namespace' }), certificatesCrd()]) }).toEqual({ path, found: [] });
  }
});

test('a wrong field deeper down, inside array items, and in jsonPath.namespace', () => {
  const objects = [exportReading({ name: 'spec.issuerRef.nmae', namespace: 'spec.additionalOutputFormats.#.tipe' }), certificatesCrd()];
  expect(found(objects).map(f => f[3])).toEqual([
    '"spec.issuerRef.nmae" selects nothing: no such field (did you mean "spec.issuerRef.name"?)',
    '"spec.additionalOutputFormats.#.tipe" selects nothing: no such field (did you mean "spec.additionalOutputFormats.#.type"?)',
  ]);
});

/** Each finding's path and hint. */
function hints(objects: Manifest[]): Array<[string, string | undefined]> {
  return REFERENCE_PATH_RULES[0].check(objects.map((manifest, index) => ({ index, manifest })), ctx).map(f => [f.violation.path, f.violation.hint]);
}

test('a jsonPath.namespace that finds nothing leaves the name claimed in every namespace (kube-bind compares the namespace only when found)', () => {
  const [[path, hint], ...rest] = hints([exportReading({ name: 'spec.secretName', namespace: 'spec.secretNamespace' }), certificatesCrd()]);
  expect(rest).toEqual([]);
  expect(path).toBe('spec.permissionClaims[0].selector.references[0].jsonPath.namespace');
  expect(hint).toContain('so kube-bind finds no namespace there and claims the object of the name it finds in every namespace, not in one');
  expect(hint).not.toContain('claims nothing');
  // Under unknown fields, the same consequence where the field is absent.
  const [[, open]] = hints([exportReading({ name: 'spec.secretName', namespace: 'spec.keystores.ns' }), certificatesCrd()]);
  expect(open).toContain('where it does not, kube-bind finds no namespace there and claims the object of the name it finds in every namespace');
  // The name's own path is not offered as the namespace's (closest() takes "name" for "namespace" by its prefix).
  const [[, , , message]] = found([exportReading({ name: 'spec.issuerRef.name', namespace: 'spec.issuerRef.namespace' }), certificatesCrd()]);
  expect(message).toBe('"spec.issuerRef.namespace" selects nothing: no such field');
  // A name that finds nothing still claims nothing.
  expect(hints([exportReading({ name: 'spec.secretNmae' }), certificatesCrd()])[0][1]).toContain('so kube-bind finds no name there and claims nothing');
});

test('under x-kubernetes-preserve-unknown-fields any field may exist: the warning says it may select nothing', () => {
  const [[, severity, , message]] = found([exportReading({ name: 'spec.keystores.jks.secretName' }), certificatesCrd()]);
  expect(severity).toBe('warning');
  expect(message).toBe('"spec.keystores.jks.secretName" may select nothing: spec.keystores keeps unknown fields, so the schema cannot tell');
});

test('paths with wildcards, queries or modifiers, and Kubernetes JSONPaths (KB154), are not judged', () => {
  for (const path of ['spec.secret*', 'spec.additionalOutputFormats.#(type=="DER").type', 'spec|@reverse', '.spec.secretNmae', '{.spec.x}']) {
    expect({ path, found: found([exportReading({ name: path }), certificatesCrd()]) }).toEqual({ path, found: [] });
  }
});

test('no schema of the referenced resource in the set: nothing to judge', () => {
  expect(found([exportReading({ name: 'spec.secretNmae' })])).toEqual([]);
});

test('a BoundSchema in another namespace is not the one the export reads; a BoundSchema in its namespace is', () => {
  const bound = (namespace: string): Manifest => ({
    ...certificatesCrd(), apiVersion: 'kube-bind.io/v1alpha2', kind: 'BoundSchema', metadata: { name: 'certificates.cert-manager.io', namespace },
  });
  expect(found([exportReading({ name: 'spec.secretNmae' }), bound('elsewhere')])).toEqual([]);
  expect(found([exportReading({ name: 'spec.secretNmae' }), bound(NS)]).map(f => f[1])).toEqual(['warning']);
});

test('a field one of the read versions declares fits; the reference\'s own versions decide which are read', () => {
  const definition = certificatesCrd();
  definition.spec.versions.push({ name: 'v1beta1', served: true, storage: false, schema: { openAPIV3Schema: object({ spec: object({ secretRef: string }) }) } });
  const exp = exportReading({ name: 'spec.secretRef' });
  exp.spec.resources[0].versions = ['v1', 'v1beta1'];
  expect(found([exp, definition])).toEqual([]);
  expect(found([exportReading({ name: 'spec.secretRef' }, { versions: ['v1'] }), definition]).map(f => f[1])).toEqual(['warning']);
});

test('a root schema of type object with no properties keeps no field: spec cannot exist', () => {
  expect(found([exportReading({ name: 'spec.secretName' }), certificatesCrd({ type: 'object' })]).map(f => f[1])).toEqual(['warning']);
});

test('gjsonKeys splits on unescaped dots and gives up on what it does not follow', () => {
  expect(gjsonKeys('spec.tls.0.secretName')).toEqual(['spec', 'tls', '0', 'secretName']);
  expect(gjsonKeys('metadata.labels.app\\.kubernetes\\.io/name')).toEqual(['metadata', 'labels', 'app.kubernetes.io/name']);
  for (const path of ['', 'spec.', 'a..b', 'spec.*', 'a.#(b=="c")', '@this', 'a|b']) expect(gjsonKeys(path)).toBeUndefined();
});

test('walkSchema: an array read by key is missing; int-or-string and untyped nodes are not judged', () => {
  const schema = { type: 'object', properties: { spec: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } }, port: { 'x-kubernetes-int-or-string': true } } } } };
  expect(walkSchema(schema, ['spec', 'list', 'name'])).toEqual({ kind: 'missing', at: 2, known: [] });
  expect(walkSchema(schema, ['spec', 'port', 'x'])).toEqual({ kind: 'fits' });
  expect(walkSchema(schema, ['spec', 'lst'])).toEqual({ kind: 'missing', at: 1, known: ['list', 'port'] });
});

test('through the constructs: a claim reference to a BoundSchema\'s misspelt field is a warning at synth', () => {
  const c = chart({ namespace: NS });
  const certificates = new BoundSchema(c, 'certificates', {
    group: 'cert-manager.io',
    names: { kind: 'Certificate', plural: 'certificates' },
    schema: certificateSchema(),
    versions: [{ name: 'v1' }],
  });
  const exported = new ApiServiceExport(c, 'export', { schemas: [certificates] });
  exported.addPermissionClaim(new PermissionClaim({
    resource: { apiGroup: '', resourceType: 'secrets' },
    references: [{ resource: certificates, jsonPath: { name: 'spec.secretNmae' } }],
  }));
  expect(Findings.of(c).map(f => [f.ruleId, f.severity, f.path, f.message])).toEqual([[
    'KB178', 'warning', 'spec.permissionClaims[0].selector.references[0].jsonPath.name',
    '"spec.secretNmae" selects nothing: no such field (did you mean "spec.secretName"?)',
  ]]);
  expect(() => Testing.synth(c)).not.toThrow();
  // The right name has no finding.
  const ok = chart({ namespace: NS });
  const schema = new BoundSchema(ok, 'certificates', { group: 'cert-manager.io', names: { kind: 'Certificate', plural: 'certificates' }, schema: certificateSchema(), versions: [{ name: 'v1' }] });
  new ApiServiceExport(ok, 'export', { schemas: [schema] }).addPermissionClaim(new PermissionClaim({
    resource: { apiGroup: '', resourceType: 'secrets' },
    references: [{ resource: schema, jsonPath: { name: 'spec.secretName' } }],
  }));
  expect(Findings.of(ok)).toEqual([]);
});

test('below a scalar field nothing is judged, so validate (which keeps no scalar types) and the constructs agree', () => {
  expect(found([exportReading({ name: 'spec.secretName.value' }), certificatesCrd()])).toEqual([]);
});
