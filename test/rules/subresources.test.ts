import { at, CTX, findings, runAll, validBoundSchema, validExportV1alpha1, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';

const P = 'spec.versions[0].subresources.scale';

function withScale(scale: Manifest, fixture: () => Manifest = validExportV1alpha1): Manifest {
  const obj = fixture();
  obj.spec.versions[0].subresources = { status: {}, scale };
  return obj;
}

/** The same scale on a CustomResourceDefinition, where only the server's rules apply. */
function asCrd(m: Manifest): Manifest {
  return { ...m, apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' };
}

const GOOD = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' };

test.each([
  ['APIServiceExport v1alpha1', validExportV1alpha1],
  ['BoundSchema', validBoundSchema],
])('%s: a well-formed scale subresource has no violations', (_, fixture) => {
  expect(runAll(withScale(GOOD, fixture))).toEqual([]);
});

describe('both replica paths are required when scale is present (ValidateCustomResourceDefinitionSubresources)', () => {
  test.each([[{}], [{ specReplicasPath: null, statusReplicasPath: null }]])('%p on a CRD', scale => {
    const obj = asCrd(withScale(scale));
    expect(findings('KB060', obj)).toEqual([at('KB060', `${P}.specReplicasPath`)]);
    expect(findings('KB061', obj)).toEqual([at('KB061', `${P}.statusReplicasPath`)]);
    expect(violationsOf('KB061', obj)[0].message).toBe('is required');
  });

  test('an empty path is refused as empty', () => {
    expect(violationsOf('KB060', asCrd(withScale({ ...GOOD, specReplicasPath: '' })))[0].message).toBe('must not be empty');
  });

  test.each([
    ['APIServiceExport v1alpha1', validExportV1alpha1],
    ['BoundSchema', validBoundSchema],
  ])('%s: an absent path is the schema\'s KB002 alone (it ratchets on update)', (_, fixture) => {
    const obj = withScale({}, fixture);
    const found = validateObject(obj, CTX).filter(v => v.path.startsWith(P));
    expect(found.map(v => [v.rule, v.path])).toEqual([['KB002', `${P}.specReplicasPath`], ['KB002', `${P}.statusReplicasPath`]]);
  });

  test('an absent labelSelectorPath is fine, and scale: null is no scale', () => {
    const crd = asCrd(withScale({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' }));
    expect(findings('KB062', crd)).toEqual([]);
    expect(['KB060', 'KB061', 'KB062'].flatMap(id => findings(id, asCrd(withScale(null as unknown as Manifest))))).toEqual([]);
  });
});

describe('KB060 specReplicasPath', () => {
  test('passes .spec.replicas', () => {
    expect(findings('KB060', withScale(GOOD))).toEqual([]);
  });

  test.each(['.status.replicas', '.spec', '.metadata.generation'])('%s is not under .spec', specReplicasPath => {
    const v = violationsOf('KB060', withScale({ ...GOOD, specReplicasPath }));
    expect(v.map(x => x.path)).toEqual([`${P}.specReplicasPath`]);
    expect(v[0].message).toContain('under .spec');
  });

  test.each(['', 'spec.replicas'])('%p is refused (validateSimpleJSONPath)', specReplicasPath => {
    const v = violationsOf('KB060', withScale({ ...GOOD, specReplicasPath }));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}.specReplicasPath`, 'error']]);
  });

  // The server accepts these (validateSimpleJSONPath only wants a leading "." and the .spec. prefix), but its
  // scale handler follows field names only: a warning, never an error.
  test.each(['.spec.replicas[0]', '.spec..replicas', '.spec.'])('%p is accepted by the server: on a CRD a warning only', specReplicasPath => {
    const v = violationsOf('KB060', asCrd(withScale({ ...GOOD, specReplicasPath })));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}.specReplicasPath`, 'warning']]);
    expect(v[0].message).toContain('Kubernetes accepts it');
  });

  test.each(['.spec.replicas[0]', '.spec..replicas'])('%p on a kube-bind object: an error, as the spec allows only plain paths', specReplicasPath => {
    const v = violationsOf('KB060', withScale({ ...GOOD, specReplicasPath }));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}.specReplicasPath`, 'error']]);
    expect(v[0].message).toContain('the resource-export spec allows only plain field paths');
  });

  test('a missing leading dot is suggested', () => {
    expect(violationsOf('KB060', withScale({ ...GOOD, specReplicasPath: 'spec.replicas' }))[0].message).toContain('(did you mean ".spec.replicas"?)');
  });
});

describe('KB061 statusReplicasPath', () => {
  test('passes .status.replicas', () => {
    expect(findings('KB061', withScale(GOOD, validBoundSchema))).toEqual([]);
  });

  test.each(['.spec.replicas', 'status.replicas', ''])('%p fails', statusReplicasPath => {
    expect(findings('KB061', withScale({ ...GOOD, statusReplicasPath }, validBoundSchema))).toEqual([at('KB061', `${P}.statusReplicasPath`)]);
  });

  test('an index is accepted by the server: a warning on a CRD, an error on a BoundSchema (the spec)', () => {
    const scale = { ...GOOD, statusReplicasPath: '.status.replicas[*]' };
    expect(findings('KB061', asCrd(withScale(scale, validBoundSchema)))).toEqual([at('KB061', `${P}.statusReplicasPath`, 'warning')]);
    expect(findings('KB061', withScale(scale, validBoundSchema))).toEqual([at('KB061', `${P}.statusReplicasPath`)]);
  });
});

describe('KB062 labelSelectorPath', () => {
  test('passes under .spec or .status, and when empty or absent', () => {
    expect(findings('KB062', withScale({ ...GOOD, labelSelectorPath: '.spec.selector' }))).toEqual([]);
    expect(findings('KB062', withScale({ ...GOOD, labelSelectorPath: '' }))).toEqual([]);
    expect(findings('KB062', withScale({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' }))).toEqual([]);
  });

  test('an index is accepted by the server: a warning on a CRD, an error on a kube-bind object (the spec)', () => {
    const scale = { ...GOOD, labelSelectorPath: '.status.selector[0]' };
    expect(findings('KB062', asCrd(withScale(scale)))).toEqual([at('KB062', `${P}.labelSelectorPath`, 'warning')]);
    expect(findings('KB062', withScale(scale))).toEqual([at('KB062', `${P}.labelSelectorPath`)]);
  });

  test.each(['.metadata.labels', '.status'])('%p fails', labelSelectorPath => {
    expect(findings('KB062', withScale({ ...GOOD, labelSelectorPath }))).toEqual([at('KB062', `${P}.labelSelectorPath`)]);
  });
});
