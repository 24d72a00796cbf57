import { at, findings, validBoundSchema, validExportV1alpha1, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { crd } from '../../src/rules/engine/scenario-kit';

/** Both kinds that carry names, for rules that apply to both. */
const BOTH: Array<[string, () => Manifest]> = [
  ['APIServiceExport v1alpha1', validExportV1alpha1],
  ['BoundSchema', validBoundSchema],
];

describe('KB010 spec.group', () => {
  test.each(BOTH)('%s: a dotted group passes', (_, fixture) => {
    expect(findings('KB010', fixture())).toEqual([]);
  });

  test('the core group cannot hold custom resources', () => {
    const obj = validExportV1alpha1();
    obj.spec.group = '';
    const v = violationsOf('KB010', obj);
    expect(v.map(x => [x.rule, x.path, x.severity])).toEqual([['KB010', 'spec.group', 'error']]);
    expect(v[0].message).toContain('core group');
    expect(v[0].message).toContain('cannot hold custom resources');
  });

  test('a group without a dot', () => {
    const obj = validBoundSchema();
    obj.spec.group = 'widgets';
    const v = violationsOf('KB010', obj);
    expect(v.map(x => x.path)).toEqual(['spec.group']);
    expect(v[0].hint).toContain('"widgets.example.com"');
  });

  test('an uppercase group suggests the lowercase one', () => {
    const obj = validBoundSchema();
    obj.spec.group = 'Example.COM';
    expect(violationsOf('KB010', obj)[0].message).toContain('(did you mean "example.com"?)');
  });

  test('a wrongly typed group is left to KB003', () => {
    const obj = validBoundSchema();
    obj.spec.group = 42;
    expect(findings('KB010', obj)).toEqual([]);
  });
});

describe('KB011 names.plural', () => {
  test.each(BOTH)('%s: a lowercase plural passes', (_, fixture) => {
    expect(findings('KB011', fixture())).toEqual([]);
  });

  test('uppercase letters, with a suggestion', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.plural = 'Widgets';
    const v = violationsOf('KB011', obj);
    expect(v.map(x => x.path)).toEqual(['spec.names.plural']);
    expect(v[0].message).toContain('"Widgets"');
    expect(v[0].message).toContain('(did you mean "widgets"?)');
  });

  test('an empty plural in spec, but not in status', () => {
    const obj = validBoundSchema();
    obj.spec.names.plural = '';
    obj.status = { acceptedNames: { kind: 'Widget', plural: '' } };
    expect(findings('KB011', obj)).toEqual([at('KB011', 'spec.names.plural')]);
  });

  test('more than 63 characters', () => {
    const obj = validBoundSchema();
    obj.spec.names.plural = 'w'.repeat(64);
    expect(findings('KB011', obj)).toEqual([at('KB011', 'spec.names.plural')]);
  });

  test('status.acceptedNames gets the same check', () => {
    const obj = validBoundSchema();
    obj.status = { acceptedNames: { kind: 'Widget', plural: 'my_widgets' } };
    expect(findings('KB011', obj)).toEqual([at('KB011', 'status.acceptedNames.plural')]);
  });

  test('but not on a CustomResourceDefinition, whose status the server replaces (strategy.go PrepareForCreate/PrepareForUpdate)', () => {
    const status = { acceptedNames: { kind: 'Widget', listKind: 'Widget', plural: 'my_widgets' } };
    expect(findings('KB011', { ...crd(), status })).toEqual([]);
    expect(findings('KB015', { ...crd(), status })).toEqual([]);
    expect(findings('KB011', crd(['spec.names.plural', 'my_widgets']))).toEqual([at('KB011', 'spec.names.plural')]);
  });
});

describe('KB012 names.singular', () => {
  test('a lowercase singular passes, an empty one defaults', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.singular = 'widget';
    expect(findings('KB012', obj)).toEqual([]);
    obj.spec.names.singular = '';
    expect(findings('KB012', obj)).toEqual([]);
  });

  test('uppercase letters', () => {
    const obj = validBoundSchema();
    obj.spec.names.singular = 'Widget';
    expect(findings('KB012', obj)).toEqual([at('KB012', 'spec.names.singular')]);
  });
});

describe('KB013 names.kind', () => {
  test.each(BOTH)('%s: a CamelCase kind passes', (_, fixture) => {
    expect(findings('KB013', fixture())).toEqual([]);
  });

  test('a kind that is not a DNS-1035 label even lowercased', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.kind = 'Widget_V2';
    const v = violationsOf('KB013', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.names.kind', 'error']]);
    expect(v[0].message).toContain('may have mixed case');
    expect(v[0].hint).toContain('must consist of');
  });

  test('a kind starting with a digit', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.kind = '2Widget';
    expect(findings('KB013', obj)).toEqual([at('KB013', 'spec.names.kind')]);
  });

  test('an empty kind', () => {
    const obj = validBoundSchema();
    obj.spec.names.kind = '';
    expect(findings('KB013', obj)).toEqual([at('KB013', 'spec.names.kind')]);
  });

  test('a lowercase kind is accepted by Kubernetes: only a warning', () => {
    const obj = validBoundSchema();
    obj.spec.names.kind = 'widget';
    const v = violationsOf('KB013', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.names.kind', 'warning']]);
    expect(v[0].message).toContain('(did you mean "Widget"?)');
  });
});

describe('KB014 names.listKind', () => {
  test('a given listKind different from <kind>List is fine', () => {
    const obj = validBoundSchema();
    obj.spec.names.listKind = 'WidgetCollection';
    expect(findings('KB014', obj)).toEqual([]);
    expect(findings('KB015', obj)).toEqual([]);
  });

  test('an invalid listKind', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.listKind = 'Widget List';
    expect(findings('KB014', obj)).toEqual([at('KB014', 'spec.names.listKind')]);
  });
});

describe('KB015 kind differs from listKind', () => {
  test('the default listKind passes', () => {
    expect(findings('KB015', validExportV1alpha1())).toEqual([]);
  });

  test('equal kind and listKind', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.listKind = 'Widget';
    const v = violationsOf('KB015', obj);
    expect(v.map(x => x.path)).toEqual(['spec.names.listKind']);
    expect(v[0].hint).toContain('"WidgetList"');
  });

  test('in acceptedNames too', () => {
    const obj = validBoundSchema();
    obj.status = { acceptedNames: { kind: 'Widget', listKind: 'Widget', plural: 'widgets' } };
    expect(findings('KB015', obj)).toEqual([at('KB015', 'status.acceptedNames.listKind')]);
  });
});

describe('KB016 names.shortNames', () => {
  test('lowercase short names pass', () => {
    const obj = validBoundSchema();
    obj.spec.names.shortNames = ['wd', 'wdg'];
    expect(findings('KB016', obj)).toEqual([]);
  });

  test('each bad entry is reported with its index', () => {
    const obj = validExportV1alpha1();
    obj.spec.names.shortNames = ['wd', 'WD', 'w d'];
    const v = violationsOf('KB016', obj);
    expect(v.map(x => x.path)).toEqual(['spec.names.shortNames[1]', 'spec.names.shortNames[2]']);
    expect(v[0].message).toContain('(did you mean "wd"?)');
  });
});

describe('KB017 names.categories', () => {
  test('a lowercase category passes', () => {
    const obj = validBoundSchema();
    obj.spec.names.categories = ['all', 'kube-bindings'];
    expect(findings('KB017', obj)).toEqual([]);
  });

  test('an invalid category', () => {
    const obj = validBoundSchema();
    obj.spec.names.categories = ['All'];
    expect(findings('KB017', obj)).toEqual([at('KB017', 'spec.names.categories[0]')]);
  });
});

describe('KB018 APIServiceExport v1alpha1 name', () => {
  test('<plural>.<group> passes', () => {
    expect(findings('KB018', validExportV1alpha1())).toEqual([]);
  });

  test('another name fails, and the hint explains the server\'s odd message', () => {
    const obj = validExportV1alpha1();
    obj.metadata.name = 'widgets';
    const v = violationsOf('KB018', obj);
    expect(v.map(x => [x.path, x.severity])).toEqual([['metadata.name', 'error']]);
    expect(v[0].message).toBe('"widgets" must be "widgets.example.com" (<spec.names.plural>.<spec.group>)');
    expect(v[0].hint).toContain('informerScope is immutable');
  });

  test('a missing name fails even with generateName', () => {
    const obj = validExportV1alpha1();
    obj.metadata = { generateName: 'widgets-' };
    expect(findings('KB018', obj)).toEqual([at('KB018', 'metadata.name')]);
  });

  test('does not apply to BoundSchema', () => {
    const obj = validBoundSchema();
    obj.metadata.name = 'other';
    expect(findings('KB018', obj)).toEqual([]);
  });
});

describe('KB019 BoundSchema name', () => {
  test('<plural>.<group> passes', () => {
    expect(findings('KB019', validBoundSchema())).toEqual([]);
  });

  test('another name is a warning', () => {
    const obj = validBoundSchema();
    obj.metadata.name = 'widget-schema';
    expect(findings('KB019', obj)).toEqual([at('KB019', 'metadata.name', 'warning')]);
  });
});
