import { at, CTX, findings, runAll, validBoundSchema, validExportV1alpha1, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';

const P = 'spec.versions[0].additionalPrinterColumns[0]';

function withColumn(column: Manifest, fixture: () => Manifest = validExportV1alpha1): Manifest {
  const obj = fixture();
  obj.spec.versions[0].additionalPrinterColumns = [column];
  return obj;
}

const GOOD = { name: 'Size', type: 'integer', jsonPath: '.spec.size' };

describe('well-formed columns', () => {
  test.each([
    [GOOD],
    [{ name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status', priority: 1 }],
    [{ name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', format: 'date-time', priority: 0 }],
    [{ name: 'First', type: 'string', jsonPath: '.spec.items[0].name', description: 'first item' }],
    [{ name: 'Label', type: 'string', jsonPath: '.metadata.labels.app\\.kubernetes\\.io/name' }],
    [{ name: 'Key', type: 'string', jsonPath: ".metadata.annotations['example.com/key']" }],
  ])('%p has no violations', column => {
    expect(runAll(withColumn(column))).toEqual([]);
    expect(runAll(withColumn(column, validBoundSchema))).toEqual([]);
  });
});

describe('KB050 name', () => {
  test('passes a name', () => {
    expect(findings('KB050', withColumn(GOOD))).toEqual([]);
  });

  test('an empty name', () => {
    expect(findings('KB050', withColumn({ ...GOOD, name: '' }))).toEqual([at('KB050', `${P}.name`)]);
  });
});

describe('KB051 type', () => {
  test('passes integer', () => {
    expect(findings('KB051', withColumn(GOOD))).toEqual([]);
  });

  test('an unknown type suggests the closest', () => {
    const v = violationsOf('KB051', withColumn({ ...GOOD, type: 'int' }));
    expect(v.map(x => x.path)).toEqual([`${P}.type`]);
    expect(v[0].message).toContain('(did you mean "integer"?)');
  });

  test('a timestamp type suggests date', () => {
    const v = violationsOf('KB051', withColumn({ ...GOOD, type: 'date-time' }, validBoundSchema));
    expect(v.map(x => x.path)).toEqual([`${P}.type`]);
    expect(v[0].message).toContain('(did you mean "date"?)');
  });

  test('an empty type', () => {
    expect(findings('KB051', withColumn({ ...GOOD, type: '' }))).toEqual([at('KB051', `${P}.type`)]);
  });
});

/** The same column on a CustomResourceDefinition, which only the rules mirroring Kubernetes check. */
function asCrd(m: Manifest): Manifest {
  const { informerScope: _informerScope, ...spec } = m.spec;
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec };
}

/** GOOD without `key`, or with `key: null`: Go reads both as "", and ValidateCustomResourceColumnDefinition says Required. */
function without(key: 'name' | 'type' | 'jsonPath', value: undefined | null): Manifest {
  const column: Manifest = { ...GOOD };
  if (value === undefined) delete column[key];
  else column[key] = value;
  return column;
}

describe('an absent or null name, type or jsonPath is required (KB050, KB051, KB053)', () => {
  const cases = [['KB050', 'name'], ['KB051', 'type'], ['KB053', 'jsonPath']] as const;

  test.each(cases)('%s: %s absent or null on a CRD', (id, key) => {
    for (const value of [undefined, null]) {
      const v = violationsOf(id, asCrd(withColumn(without(key, value))));
      expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}.${key}`, 'error']]);
      expect(v[0].message).toMatch(/^is required/);
    }
  });

  test('the type\'s finding lists the types, as Kubernetes\' Required does', () => {
    expect(violationsOf('KB051', asCrd(withColumn(without('type', undefined))))[0].message)
      .toBe('is required: it must be one of "integer", "number", "string", "boolean", "date"');
  });

  test.each(cases)('%s: on kube-bind\'s kinds an absent %s is the schema\'s KB002 alone (it ratchets on update)', (id, key) => {
    for (const fixture of [validExportV1alpha1, validBoundSchema]) {
      const found = validateObject(withColumn(without(key, undefined), fixture), CTX).filter(v => v.path === `${P}.${key}`);
      expect(found.map(v => v.rule)).toEqual(['KB002']);
      expect(findings(id, withColumn(without(key, undefined), fixture))).toEqual([]);
    }
  });

  test('a column of the wrong JSON type is the decoding\'s or the schema\'s finding, not these rules\'', () => {
    const obj = withColumn({ ...GOOD, name: 7, type: true, jsonPath: 1 });
    expect(['KB050', 'KB051', 'KB053'].flatMap(id => findings(id, asCrd(obj)))).toEqual([]);
  });
});

describe('KB052 format', () => {
  test('passes an allowed format and no format', () => {
    expect(findings('KB052', withColumn({ ...GOOD, format: 'int64' }))).toEqual([]);
    expect(findings('KB052', withColumn({ ...GOOD, format: '' }))).toEqual([]);
  });

  test('"name" is documented, but Kubernetes rejects it', () => {
    const v = violationsOf('KB052', withColumn({ ...GOOD, type: 'string', format: 'name' }));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}.format`, 'error']]);
    expect(v[0].message).toContain('refused by Kubernetes');
  });

  test('an unknown format', () => {
    const v = violationsOf('KB052', withColumn({ ...GOOD, format: 'datetime' }));
    expect(v.map(x => x.path)).toEqual([`${P}.format`]);
    expect(v[0].message).toContain('(did you mean "date-time"?)');
  });
});

describe('KB053 jsonPath', () => {
  test('passes a simple path', () => {
    expect(findings('KB053', withColumn(GOOD))).toEqual([]);
  });

  test.each([
    ['spec.size', '.spec.size'],
    ['$.spec.size', '.spec.size'],
    ['{.spec.size}', '.spec.size'],
  ])('%s suggests %s', (jsonPath, fix) => {
    const v = violationsOf('KB053', withColumn({ ...GOOD, jsonPath }));
    expect(v.map(x => x.path)).toEqual([`${P}.jsonPath`]);
    expect(v[0].message).toContain(`(did you mean "${fix}"?)`);
  });

  test('an empty path is an error', () => {
    expect(findings('KB053', withColumn({ ...GOOD, jsonPath: '' }))).toEqual([at('KB053', `${P}.jsonPath`)]);
  });

  // Kubernetes only refuses an empty path or one without the leading dot; an
  // unparseable one makes the server fall back to the default columns.
  test.each(['.spec.', '.spec..', '.spec.items[', '.spec.items[]', '.spec size', '.spec.items[?@.a]', '.spec.(x)'])('%p is a warning', jsonPath => {
    expect(findings('KB053', withColumn({ ...GOOD, jsonPath }))).toEqual([at('KB053', `${P}.jsonPath`, 'warning')]);
  });
});

describe('KB054 priority', () => {
  test('passes 0 and positive priorities', () => {
    expect(findings('KB054', withColumn({ ...GOOD, priority: 0 }))).toEqual([]);
    expect(findings('KB054', withColumn({ ...GOOD, priority: 10 }))).toEqual([]);
  });

  test('a negative priority is a warning (Kubernetes accepts it)', () => {
    expect(findings('KB054', withColumn({ ...GOOD, priority: -1 }))).toEqual([at('KB054', `${P}.priority`, 'warning')]);
  });

  test('a non-integer priority is left to KB003', () => {
    const obj = withColumn({ ...GOOD, priority: '1' });
    expect(findings('KB054', obj)).toEqual([]);
    expect(findings('KB003', obj)).toEqual([at('KB003', `${P}.priority`)]);
  });
});
