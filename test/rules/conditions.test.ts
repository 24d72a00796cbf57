import { at, findings, runAll, secondVersion, validBoundSchema, validExportV1alpha1, validExportV1alpha2, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';

const ALL: Array<[string, () => Manifest]> = [
  ['APIServiceExport v1alpha1', validExportV1alpha1],
  ['APIServiceExport v1alpha2', validExportV1alpha2],
  ['BoundSchema', validBoundSchema],
];

const READY = { type: 'Ready', status: 'True', lastTransitionTime: '2024-05-01T12:00:00Z' };

function withConditions(conditions: Manifest[], fixture: () => Manifest = validExportV1alpha2): Manifest {
  const obj = fixture();
  obj.status = { ...(obj.status ?? {}), conditions };
  return obj;
}

const C = 'status.conditions';

describe('valid status', () => {
  test.each(ALL)('%s with conditions has no violations', (_, fixture) => {
    const obj = withConditions([
      READY,
      { type: 'example.com/Synced', status: 'False', severity: 'Warning', reason: 'BackendDown', message: 'retrying', lastTransitionTime: '2024-05-01T12:00:00+02:00' },
      { type: 'Established', status: 'Unknown', reason: 'Pending', message: '', lastTransitionTime: '2024-05-01T12:00:00.5Z' },
    ], fixture);
    expect(runAll(obj)).toEqual([]);
  });

  test('a full BoundSchema status', () => {
    const obj = validBoundSchema();
    obj.status = {
      acceptedNames: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList', shortNames: ['wd'], categories: ['all'] },
      conditions: [READY],
      storedVersions: ['v1'],
      instantiations: 0,
    };
    expect(runAll(obj)).toEqual([]);
  });
});

describe('KB100 condition type', () => {
  test('passes CamelCase and domain/CamelCase', () => {
    expect(findings('KB100', withConditions([READY, { ...READY, type: 'kube-bind.io/Ready' }]))).toEqual([]);
  });

  test.each([
    ['lowercase', 'ready', '(did you mean "Ready"?)'],
    ['words with spaces', 'resource ready', '(did you mean "ResourceReady"?)'],
    ['a bad prefix', 'Example_COM/Ready', 'domain prefix'],
    ['an empty prefix', '/Ready', 'domain prefix'],
    ['empty', '', 'must not be empty'],
  ])('%s', (_, type, words) => {
    const v = violationsOf('KB100', withConditions([{ ...READY, type }], validExportV1alpha1));
    expect(v.map(x => [x.rule, x.path, x.severity])).toEqual([['KB100', `${C}[0].type`, 'error']]);
    expect(v[0].message).toContain(words);
  });
});

describe('KB101 condition status', () => {
  test.each(['True', 'False', 'Unknown'])('passes %s', status => {
    expect(findings('KB101', withConditions([{ ...READY, status }]))).toEqual([]);
  });

  test('a lowercase status suggests the right case', () => {
    const v = violationsOf('KB101', withConditions([{ ...READY, status: 'true' }], validBoundSchema));
    expect(v.map(x => x.path)).toEqual([`${C}[0].status`]);
    expect(v[0].message).toContain('(did you mean "True"?)');
  });
});

describe('KB102 severity only when False', () => {
  test('passes with False, and an empty severity counts as none', () => {
    expect(findings('KB102', withConditions([{ ...READY, status: 'False', severity: 'Error' }]))).toEqual([]);
    expect(findings('KB102', withConditions([{ ...READY, severity: '' }]))).toEqual([]);
  });

  test.each(['True', 'Unknown'])('fails with %s', status => {
    expect(findings('KB102', withConditions([{ ...READY, status, severity: 'Info' }]))).toEqual([at('KB102', `${C}[0].severity`)]);
  });

  test('an invalid status is left to KB101', () => {
    expect(findings('KB102', withConditions([{ ...READY, status: 'Yes', severity: 'Info' }]))).toEqual([]);
  });
});

describe('KB103 severity values', () => {
  test.each(['Error', 'Warning', 'Info'])('passes %s', severity => {
    expect(findings('KB103', withConditions([{ ...READY, status: 'False', severity }]))).toEqual([]);
  });

  test('another value is a warning', () => {
    const v = violationsOf('KB103', withConditions([{ ...READY, status: 'False', severity: 'warning' }]));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${C}[0].severity`, 'warning']]);
    expect(v[0].message).toContain('(did you mean "Warning"?)');
  });
});

describe('KB104 reason', () => {
  test('passes CamelCase, and an absent reason', () => {
    expect(findings('KB104', withConditions([{ ...READY, reason: 'AllGood' }, READY]))).toEqual([]);
  });

  test('empty when present', () => {
    expect(findings('KB104', withConditions([{ ...READY, reason: '' }]))).toEqual([at('KB104', `${C}[0].reason`)]);
  });

  test('not CamelCase', () => {
    const v = violationsOf('KB104', withConditions([{ ...READY, reason: 'all_good' }]));
    expect(v.map(x => x.path)).toEqual([`${C}[0].reason`]);
    expect(v[0].message).toContain('(did you mean "AllGood"?)');
  });
});

describe('KB105 unique condition types', () => {
  test('passes distinct types', () => {
    expect(findings('KB105', withConditions([READY, { ...READY, type: 'Synced' }]))).toEqual([]);
  });

  test('a repeated type is a warning', () => {
    expect(findings('KB105', withConditions([READY, { ...READY, type: 'Synced' }, READY]))).toEqual([at('KB105', `${C}[2].type`, 'warning')]);
  });
});

describe('KB106 stored versions stay in spec.versions', () => {
  test('passes a listed version', () => {
    const obj = validExportV1alpha1();
    obj.spec.versions.push(secondVersion('v2', { served: false }));
    obj.status = { storedVersions: ['v1', 'v2'] };
    expect(findings('KB106', obj)).toEqual([]);
  });

  test('fails a removed version', () => {
    const obj = validBoundSchema();
    obj.status = { storedVersions: ['v1beta1', 'v1'] };
    const v = violationsOf('KB106', obj);
    expect(v.map(x => x.path)).toEqual(['status.storedVersions[0]']);
    expect(v[0].message).toContain('"v1beta1"');
  });

  test('does not apply to v1alpha2 exports (the field does not exist there)', () => {
    const obj = validExportV1alpha2();
    obj.status = { storedVersions: ['v9'] };
    expect(findings('KB106', obj)).toEqual([]);
  });
});

describe('KB107 instantiations', () => {
  test('passes 0 and more', () => {
    const obj = validBoundSchema();
    obj.status = { instantiations: 0 };
    expect(findings('KB107', obj)).toEqual([]);
    obj.status.instantiations = 12;
    expect(findings('KB107', obj)).toEqual([]);
  });

  test('a negative count is a warning (the CRD has no minimum)', () => {
    const obj = validBoundSchema();
    obj.status = { instantiations: -1 };
    expect(findings('KB107', obj)).toEqual([at('KB107', 'status.instantiations', 'warning')]);
  });

  test('a non-integer is left to KB003', () => {
    const obj = validBoundSchema();
    obj.status = { instantiations: -1.5 };
    expect(findings('KB107', obj)).toEqual([]);
    expect(findings('KB003', obj)).toEqual([at('KB003', 'status.instantiations')]);
  });
});
