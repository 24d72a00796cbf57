/**
 * Ratcheting on update, as ValidateCustomResourceDefinitionUpdate derives its
 * options from the stored object (apiextensions-apiserver validation.go,
 * Kubernetes 1.36): each relaxed check is refused on create and on an update
 * of an object that passed it, and accepted on an update of an object that
 * already failed it. The cases follow TestValidateAPIApproval
 * (pkg/registry/customresourcedefinition/strategy_test.go) and the
 * functions the options are computed by; the test code is our own.
 */
import { ApiObject, Chart } from 'cdk8s';
import { BoundSchema, UpdateCheck } from '../../src';
import { Manifest } from '../../src/model/manifest';
import { updateContext, validateObject, validateUpdate, contextFor } from '../../src/rules';
import { CA, crd, SCHEMA } from '../../src/rules/engine/scenario-kit';
import { synthFailure, testApp } from '../util';

/** The paths of `id`'s findings on `next`: created (no `stored`), or updated from `stored`. */
function found(id: string, next: Manifest, stored?: Manifest): string[] {
  const ctx = stored === undefined ? contextFor() : updateContext(stored, next);
  return validateObject(next, ctx).filter(v => v.rule === id).map(v => v.path);
}

const withSpec = (spec: unknown): Manifest => crd([SCHEMA, { type: 'object', properties: { spec } }]);
/**
 * The same CRD with pruning off: validateCustomResourceDefinitionSpec requires structural schemas of a spec that
 * prunes, so only a stored and a new spec with preserveUnknownFields: true keep a non-structural schema.
 */
const unpruned = (m: Manifest): Manifest => ({ ...m, spec: { ...m.spec, preserveUnknownFields: true } });
const SPEC = 'spec.versions[0].schema.openAPIV3Schema.properties.spec';

describe.each([
  ['an invalid type (requireValidPropertyType, specHasInvalidTypes)', 'KB037',
    withSpec({ type: 'object', properties: { size: { type: 'int' } } }),
    withSpec({ type: 'object', properties: { size: { type: 'int' }, name: { type: 'strin' } } }),
    withSpec({ type: 'object', properties: { size: { type: 'integer' } } }),
    `${SPEC}.properties.name.type`],
  ['a field without a type (requireStructuralSchema, specHasNonStructuralSchema)', 'KB037',
    unpruned(withSpec({ type: 'object', properties: { size: {} } })),
    unpruned(withSpec({ type: 'object', properties: { size: {}, name: { description: 'no type' } } })),
    withSpec({ type: 'object', properties: { size: { type: 'integer' } } }),
    `${SPEC}.properties.name.type`],
  ['a type inside allOf (requireStructuralSchema: validateNestedValueValidation)', 'KB040',
    unpruned(withSpec({ type: 'object', allOf: [{ type: 'object' }] })),
    unpruned(withSpec({ type: 'object', allOf: [{ type: 'object' }], anyOf: [{ nullable: true }] })),
    withSpec({ type: 'object' }),
    `${SPEC}.anyOf[0].nullable`],
  ['a map-list key without a default that is not required (requireMapListKeysMapSetValidation)', 'KB039',
    withSpec({ type: 'object', properties: { ports: mapList('name', {}) } }),
    withSpec({ type: 'object', properties: { ports: mapList('name', {}), hosts: mapList('host', {}) } }),
    withSpec({ type: 'object', properties: { ports: mapList('name', { required: ['name'] }) } }),
    `${SPEC}.properties.hosts.items.properties.host`],
  ['a nullable map-list key (requireMapListKeysMapSetValidation)', 'KB039',
    withSpec({ type: 'object', properties: { ports: mapList('name', { required: ['name'], keyNullable: true }) } }),
    withSpec({ type: 'object', properties: { hosts: mapList('host', { required: ['host'], keyNullable: true }) } }),
    withSpec({ type: 'object', properties: { ports: mapList('name', { required: ['name'] }) } }),
    `${SPEC}.properties.hosts.items.properties.host.nullable`],
  ['set items that are granular objects (requireAtomicSetType, hasNonAtomicSetType)', 'KB039',
    withSpec({ type: 'object', properties: { tags: objectSet() } }),
    withSpec({ type: 'object', properties: { tags: objectSet(), labels: objectSet() } }),
    withSpec({ type: 'object', properties: { tags: { 'type': 'array', 'x-kubernetes-list-type': 'set', 'items': { type: 'string' } } } }),
    `${SPEC}.properties.labels.items.x-kubernetes-map-type`],
  ['a default with a field pruning removes (requirePrunedDefaults, schemaHasUnprunedDefaults)', 'KB037',
    withSpec({ type: 'object', properties: { a: withDefault({ y: '1' }) } }),
    withSpec({ type: 'object', properties: { a: withDefault({ y: '1' }), b: withDefault({ z: '2' }) } }),
    withSpec({ type: 'object', properties: { a: withDefault({ x: '1' }) } }),
    `${SPEC}.properties.b.default`],
])('%s', (_name, id, storedWithProblem, next, storedWithout, path) => {
  test('is refused on create', () => expect(found(id, next)).toContain(path));
  test('is accepted on an update of an object that already had the problem', () => expect(found(id, next, storedWithProblem)).toEqual([]));
  test('is refused on an update of an object that did not have it', () => expect(found(id, next, storedWithout)).toContain(path));
});

function mapList(key: string, opts: { required?: string[]; keyNullable?: boolean }): unknown {
  return {
    'type': 'array',
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': [key],
    'items': {
      type: 'object',
      ...(opts.required !== undefined ? { required: opts.required } : {}),
      properties: { [key]: { type: 'string', ...(opts.keyNullable === true ? { nullable: true } : {}) } },
    },
  };
}

function withDefault(value: unknown): unknown {
  return { type: 'object', properties: { x: { type: 'string' } }, default: value };
}

function objectSet(): unknown {
  return { 'type': 'array', 'x-kubernetes-list-type': 'set', 'items': { type: 'object', properties: { k: { type: 'string' } } } };
}

describe('requireStructuralSchema on update (validateCustomResourceDefinitionSpec turns it back on)', () => {
  const stored = unpruned(withSpec({ type: 'object', properties: { size: {} } }));
  const path = `${SPEC}.properties.size.type`;

  test('a spec that prunes needs structural schemas, whatever the stored spec had', () => {
    expect(found('KB037', withSpec({ type: 'object', properties: { size: {} } }), stored)).toEqual([path]);
  });

  test('so does a spec with a default or a Kubernetes extension, even with pruning off', () => {
    const defaulted = unpruned(withSpec({ type: 'object', properties: { size: {}, name: { type: 'string', default: 'a' } } }));
    const withExtension = unpruned(withSpec({ type: 'object', properties: { size: {}, tags: { 'type': 'array', 'x-kubernetes-list-type': 'atomic', 'items': { type: 'string' } } } }));
    expect(found('KB037', defaulted, stored)).toEqual([path]);
    expect(found('KB037', withExtension, stored)).toEqual([path]);
  });

  test('a spec with pruning off and neither keeps the stored relaxation', () => {
    expect(found('KB037', unpruned(withSpec({ type: 'object', properties: { size: {} } })), stored)).toEqual([]);
  });
});

describe('what makes a stored schema non-structural, and what that relaxes', () => {
  test('a keyword NewStructural refuses makes it non-structural: ValidateStructural is relaxed, the keyword is not', () => {
    const stored = unpruned(withSpec({ type: 'object', id: 'widget', properties: { size: { type: 'integer' } } }));
    const next = unpruned(withSpec({ type: 'object', id: 'widget', properties: { size: {} } }));
    expect(found('KB037', next, stored)).toEqual([]);
    expect(found('KB038', next, stored)).toEqual([`${SPEC}.id`]);
    expect(found('KB037', next, unpruned(withSpec({ type: 'object', properties: { size: { type: 'integer' } } })))).toEqual([`${SPEC}.properties.size.type`]);
  });

  test('an unpruned default in a non-structural stored schema relaxes no pruning (schemaHasUnprunedDefaults errs)', () => {
    const unprunedDefault = { type: 'object', properties: { x: { type: 'string' } }, default: { y: '1' } };
    const stored = unpruned(withSpec({ type: 'object', properties: { a: unprunedDefault, size: {} } }));
    const next = withSpec({ type: 'object', properties: { a: unprunedDefault } });
    expect(found('KB037', next, stored)).toEqual([`${SPEC}.properties.a.default`]);
    expect(found('KB037', next, withSpec({ type: 'object', properties: { a: unprunedDefault } }))).toEqual([]);
  });
});

describe('checks that an update never relaxes', () => {
  test('an unsupported keyword stays refused even when the stored schema had an invalid type', () => {
    const stored = withSpec({ type: 'object', properties: { size: { type: 'int' } } });
    const next = withSpec({ type: 'object', properties: { size: { type: 'int' } }, patternProperties: { x: { type: 'string' } } });
    expect(found('KB038', next, stored)).toEqual([`${SPEC}.patternProperties`]);
  });

  test('a non-structural stored schema relaxes structure, not the OpenAPI type check', () => {
    const stored = withSpec({ type: 'object', properties: { size: {} } });
    const next = withSpec({ type: 'object', properties: { size: { type: 'int' } } });
    expect(found('KB037', next, stored)).toEqual([`${SPEC}.properties.size.type`]);
  });
});

describe('conversionReviewVersions (requireRecognizedConversionReviewVersion, hasValidConversionReviewVersionOrEmpty)', () => {
  const reviews = (versions: string[]): Manifest => crd(['spec.conversion', {
    strategy: 'Webhook', webhook: { clientConfig: { url: 'https://convert.example.com/convert' }, conversionReviewVersions: versions },
  }]);
  const path = 'spec.conversion.webhook.conversionReviewVersions';

  test('no known version is refused on create and after a stored list with one', () => {
    expect(found('KB089', reviews(['v2']))).toEqual([path]);
    expect(found('KB089', reviews(['v2']), reviews(['v1']))).toEqual([path]);
  });

  test('no known version is accepted after a stored list without one, or a stored CRD without conversion', () => {
    expect(found('KB089', reviews(['v3']), reviews(['v2']))).toEqual([]);
    // hasValidConversionReviewVersionOrEmpty: an empty stored list counts as valid, so it relaxes nothing.
    expect(found('KB089', reviews(['v2']), reviews([]))).toEqual([path]);
    // oldObj.Spec.Conversion == nil: required.
    expect(found('KB089', reviews(['v2']), crd())).toEqual([path]);
  });
});

describe('caBundle of a CRD (allowInvalidCABundle)', () => {
  const bundle = (pem: string): Manifest => crd(['spec.conversion', {
    strategy: 'Webhook',
    webhook: { clientConfig: { url: 'https://convert.example.com/convert', caBundle: Buffer.from(pem).toString('base64') }, conversionReviewVersions: ['v1'] },
  }]);
  const established = (m: Manifest): Manifest => ({ ...m, status: { conditions: [{ type: 'Established', status: 'True' }] } });
  const path = 'spec.conversion.webhook.clientConfig.caBundle';

  test('is not checked on create, nor before the stored CRD is established', () => {
    expect(found('KB092', bundle('garbage'))).toEqual([]);
    expect(found('KB092', bundle('garbage'), bundle(CA))).toEqual([]);
  });

  test('is checked once established when the stored one was valid or empty, not when it was invalid', () => {
    expect(found('KB092', bundle('garbage'), established(bundle(CA)))).toEqual([path]);
    expect(found('KB092', bundle('garbage'), established(crd()))).toEqual([path]);
    expect(found('KB092', bundle('other garbage'), established(bundle('garbage')))).toEqual([]);
    expect(found('KB092', bundle(CA), established(bundle(CA)))).toEqual([]);
  });
});

describe('validateAPIApproval (cases of TestValidateAPIApproval)', () => {
  const approval = (value: string): Manifest => crd(['spec.group', 'sigs.k8s.io'], ['metadata.name', 'widgets.sigs.k8s.io'],
    ['metadata.annotations', { 'api-approved.kubernetes.io': value }]);
  const path = 'metadata.annotations[api-approved.kubernetes.io]';
  test.each([
    ['invalid annotation create', 'invalid', undefined, true],
    ['invalid annotation update', 'invalid', 'invalid', false],
    ['invalid annotation to missing', '', 'invalid', true],
    ['missing to invalid annotation', 'invalid', '', true],
    ['missing annotation', '', undefined, true],
    ['missing annotation update', '', '', false],
    ['url', 'https://github.com/kubernetes/kubernetes/pull/79724', undefined, false],
    ['unapproved', 'unapproved, other reason', undefined, false],
  ])('%s', (_name, value, stored, refused) => {
    expect(found('KB185', approval(value), stored === undefined ? undefined : approval(stored))).toEqual(refused ? [path] : []);
  });
});

describe('stored versions of a CRD (ValidateCustomResourceDefinitionStoredVersions)', () => {
  const versions = (...names: string[]): [string, unknown] => ['spec.versions', names.map((name, i) => ({
    name, served: true, storage: i === names.length - 1, schema: { openAPIV3Schema: { type: 'object' } },
  }))];
  const stored = (...names: string[]): [string, unknown] => ['status.storedVersions', names];

  test('a version status.storedVersions lists may not leave spec.versions', () => {
    const found190 = validateUpdate(crd(versions('v1', 'v2'), stored('v1', 'v2')), crd(versions('v2')), contextFor()).filter(v => v.rule === 'KB190');
    expect(found190.map(v => v.message)).toEqual([expect.stringContaining('"v1"')]);
  });

  test('a version that was never stored may leave', () => {
    expect(validateUpdate(crd(versions('v1', 'v2'), stored('v2')), crd(versions('v2')), contextFor()).filter(v => v.rule === 'KB190')).toEqual([]);
  });
});

describe('UpdateCheck ratchets as validate --previous does', () => {
  const invalidTypeSchema = { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'int' } } } } };
  const synth = (previousSchema: unknown): string | undefined => {
    const chart = new Chart(testApp(), 'test');
    const schema = new BoundSchema(chart, 'widgets', {
      group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, schema: invalidTypeSchema, versions: [{ name: 'v1', storage: true }],
    });
    // The live object: what the construct renders, with the schema it had.
    const live = JSON.parse(JSON.stringify(ApiObject.of(schema).toJson()));
    live.spec.versions[0].schema.openAPIV3Schema = previousSchema;
    new UpdateCheck(chart, 'live', { previousObjects: [live] });
    return synthFailure(chart);
  };

  test('the invalid type the live BoundSchema already had is accepted', () => {
    expect(synth(invalidTypeSchema)).toBeUndefined();
  });

  test('an invalid type the live BoundSchema did not have fails the synth', () => {
    expect(synth({ type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } })).toContain('KB037');
  });
});

describe('CEL cost on update (suppressExpressionCostForUnchangedSchema, findVersionsWithUnchangedSchemas)', () => {
  const pairwise = (maxItems: number, maxLength: number): unknown => ({
    'type': 'array', maxItems, 'items': { type: 'string', maxLength }, 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, x != y))' }],
  });
  // 45,005,002: over the per-expression limit, under the schema's total limit.
  const overRule = (extra: object = {}): Manifest => withSpec({ type: 'object', properties: { tags: pairwise(1000, 100), ...extra } });
  const rule = `${SPEC}.properties.tags.x-kubernetes-validations[0].rule`;
  const twoVersionsOf = (v1: Manifest, v2: Manifest): Manifest => crd(['spec.versions', [
    { ...(v1 as any).spec.versions[0], name: 'v1', storage: false }, { ...(v2 as any).spec.versions[0], name: 'v2' },
  ]]);

  test('an over-cost rule is refused on create', () => expect(found('KB044', overRule())).toEqual([rule]));

  test('an unchanged schema keeps its over-cost rule', () => expect(found('KB044', overRule(), overRule())).toEqual([]));

  test('a changed schema is checked again, its unchanged rule included; so is a rule new to the update', () => {
    expect(found('KB044', overRule({ size: { type: 'integer' } }), overRule())).toEqual([rule]);
    expect(found('KB044', overRule(), withSpec({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }))).toEqual([rule]);
  });

  test('the schema\'s total is checked even when the schema is unchanged', () => {
    // 405,005,002: over both limits; only the total's findings remain on update.
    const over = withSpec({ type: 'object', properties: { tags: pairwise(1000, 1000) } });
    expect(found('KB044', over)).toEqual([rule, rule, 'spec.versions[0].schema.openAPIV3Schema']);
    expect(found('KB044', over, over)).toEqual([rule, 'spec.versions[0].schema.openAPIV3Schema']);
  });

  test('a schema every version shares is validated once, at the spec, under the first version\'s name (spec.Version)', () => {
    const next = twoVersionsOf(overRule(), overRule());
    // v1's schema is unchanged: suppressed, though v2's changed.
    expect(found('KB044', next, twoVersionsOf(overRule(), withSpec({ type: 'object' })))).toEqual([]);
    // v1's changed: checked, though v2's did not (the walk reports the shared schema at the first version).
    expect(found('KB044', next, twoVersionsOf(withSpec({ type: 'object' }), overRule()))).toEqual([rule]);
    expect(found('KB044', next, next)).toEqual([]);
  });

  test('a version added with the schema the stored CRD had in its only version: unchanged (GetSchemaForVersion answers any name)', () => {
    const stored = overRule();
    const next = twoVersionsOf(overRule(), overRule());
    expect(found('KB044', next, stored)).toEqual([]);
    // The added version first: spec.Version names it, and the stored CRD's moved schema answers for it too.
    const addedFirst = crd(['spec.versions', [{ ...(next as any).spec.versions[1], name: 'v0', storage: false }, ...(next as any).spec.versions]]);
    expect(found('KB044', addedFirst, stored)).toEqual([]);
  });

  test('a schema some versions share, not all, is validated in each: reported at the version that changed', () => {
    const threeVersionsOf = (...ms: Manifest[]): Manifest => crd(['spec.versions', ms.map((m, i) => ({
      ...(m as any).spec.versions[0], name: `v${i + 1}`, storage: i === ms.length - 1,
    }))]);
    const other = withSpec({ type: 'object', properties: { size: { type: 'integer' } } });
    const next = threeVersionsOf(overRule(), overRule(), other);
    const stored = threeVersionsOf(overRule(), withSpec({ type: 'object' }), other);
    expect(found('KB044', next, stored)).toEqual([rule.replace('versions[0]', 'versions[1]')]);
    expect(found('KB044', next, next)).toEqual([]);
  });
});

describe('fieldPath of x-kubernetes-validations on update (pathValid: no option gates it)', () => {
  // A rule makes the new spec need structural schemas whatever the stored one was (specHasKubernetesExtensions), and
  // pathValid checks the path on the structural schema of the rule's own node: where NewStructural refuses that node,
  // it answers valid, on create and update alike.
  const ruled = (extra: object): Manifest => unpruned(withSpec({
    'type': 'object',
    'properties': { size: { type: 'integer' } },
    ...extra,
    'x-kubernetes-validations': [{ rule: 'self.size > 0', fieldPath: '.nope' }],
  }));
  const fieldPath = `${SPEC}.x-kubernetes-validations[0].fieldPath`;
  const legacy = unpruned(withSpec({ type: 'object', $schema: 'http://json-schema.org/draft-04/schema#', properties: { size: {} } }));

  test('a node NewStructural refuses ($schema) has its fieldPath unchecked; the update is refused for the $schema', () => {
    const next = ruled({ $schema: 'http://json-schema.org/draft-04/schema#' });
    expect(found('KB039', next, legacy)).toEqual([]);
    expect(found('KB039', next)).toEqual([]);
    expect(found('KB038', next, legacy)).toEqual([`${SPEC}.$schema`]);
  });

  test('so does a node with x-kubernetes-preserve-unknown-fields: false below it (newExtensions)', () => {
    const next = ruled({ properties: { size: { 'type': 'integer', 'x-kubernetes-preserve-unknown-fields': false } } });
    expect(found('KB039', next, legacy)).toEqual([`${SPEC}.properties.size.x-kubernetes-preserve-unknown-fields`]);
  });

  test('a structural node has its fieldPath checked, whatever the stored schema was', () => {
    expect(found('KB039', ruled({}), legacy)).toEqual([fieldPath]);
    expect(found('KB039', ruled({}))).toEqual([fieldPath]);
  });
});

describe('more than 8 selectableFields on update (findTooManySelectableFieldsAllowed over the internal specs)', () => {
  // The server moves selectableFields the same in every version (one version too) to the spec and clears them in
  // each (v1/conversion.go), and keys the allowance "" there, by version name where they stay in the versions.
  const S = { type: 'object', properties: { spec: { type: 'object', properties: Object.fromEntries([...Array(10).keys()].map(i => [`f${i}`, { type: 'string' }])) } } };
  const OTHER = { ...S, properties: { ...S.properties, status: { type: 'object' } } };
  const nine = [...Array(9).keys()].map(i => ({ jsonPath: `.spec.f${i}` }));
  const version = (name: string, schema: unknown, selectableFields: unknown[]): unknown => ({
    name, served: true, storage: name === 'v1', schema: { openAPIV3Schema: schema }, selectableFields,
  });
  const versions = (...vs: unknown[]): Manifest => crd(['spec.versions', vs]);
  const one = versions(version('v1', S, nine));

  test('moved to the spec before and after: a version added with the same list keeps the allowance (key "")', () => {
    const next = versions(version('v1', S, nine), version('v2', S, nine));
    expect(found('KB186', next, one)).toEqual([]);
    expect(found('KB186', next, next)).toEqual([]);
    expect(found('KB186', next)).toEqual(['spec.versions[0].selectableFields', 'spec.versions[1].selectableFields']);
  });

  test('moved to the spec before, kept in a version after: the version had none stored, so it is refused', () => {
    const next = versions(version('v1', S, nine), version('v2', OTHER, [{ jsonPath: '.spec.f0' }]));
    expect(found('KB186', next, one)).toEqual(['spec.versions[0].selectableFields']);
    expect(found('KB186', next, next)).toEqual([]);
  });

  test('kept in a version before, moved to the spec after: the spec had none stored, so it is refused', () => {
    const stored = versions(version('v1', S, nine), version('v2', OTHER, [{ jsonPath: '.spec.f0' }]));
    expect(found('KB186', one, stored)).toEqual(['spec.versions[0].selectableFields']);
  });
});
