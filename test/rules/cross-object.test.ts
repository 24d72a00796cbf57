import {
  NAMESPACE,
  junkValues,
  kubeBindCrd,
  pathsOf,
  sheriffsCrd,
  v1alpha1Export,
  validBoundSchema,
  validExport,
  withValueAt,
} from './v1alpha2-fixtures';
import { Manifest } from '../../src/model/manifest';
import { CrossObjectRule, Located, RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { contextFor, validateObjects } from '../../src/rules/index';
import { CROSS_OBJECT_RULES } from '../../src/rules/kube-bind/cross-object';

const ctx: RuleContext = { group: 'kube-bind.io' };

type Found = Array<{ index: number; violation: Violation }>;

function rule(id: string): CrossObjectRule {
  const found = CROSS_OBJECT_RULES.find(r => r.id === id);
  if (found === undefined) throw new Error(`no rule ${id}`);
  return found;
}

function located(objects: unknown[]): Located[] {
  return objects.map((manifest, index) => ({ index, manifest: manifest as Manifest }));
}

function check(id: string, objects: unknown[], context: RuleContext = ctx): Found {
  return rule(id).check(located(objects), context);
}

function all(objects: unknown[], context: RuleContext = ctx): Found {
  return CROSS_OBJECT_RULES.flatMap(r => r.check(located(objects), context));
}

function where(found: Found): Array<[number, string, string]> {
  return found.map(f => [f.index, f.violation.rule, f.violation.path]);
}

/** The valid set: an export, its BoundSchema, a CRD, a v1alpha1 export, kube-bind's CRDs and an unrelated object. */
function validSet(): Manifest[] {
  return [
    validExport(),
    validBoundSchema(),
    sheriffsCrd(),
    v1alpha1Export(),
    kubeBindCrd('APIServiceExport'),
    kubeBindCrd('BoundSchema'),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'town.settings', namespace: 'dodge-city' }, data: { a: 'b' } },
  ];
}

function exportOf(resources: any[], informerScope = 'Namespaced'): Manifest {
  const obj = validExport();
  obj.spec.resources = resources;
  obj.spec.informerScope = informerScope;
  obj.spec.permissionClaims = [];
  return obj;
}

describe('CROSS_OBJECT_RULES catalogue', () => {
  test('ids are unique and inside KB170-KB189', () => {
    const ids = CROSS_OBJECT_RULES.map(r => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(Number(id.slice(2))).toBeGreaterThanOrEqual(170);
      expect(Number(id.slice(2))).toBeLessThanOrEqual(189);
    }
  });

  test('the valid set yields nothing', () => {
    expect(all(validSet())).toEqual([]);
  });

  test('an empty set yields nothing', () => {
    expect(all([])).toEqual([]);
  });
});

describe('KB170 informerScope Namespaced exports no cluster-scoped resource', () => {
  test('passes namespaced cowboys under informerScope Namespaced', () => {
    expect(check('KB170', validSet())).toEqual([]);
  });

  test('passes cluster-scoped sheriffs under informerScope Cluster', () => {
    const exp = exportOf([{ group: 'wildwest.dev', resource: 'sheriffs' }], 'Cluster');
    expect(check('KB170', [exp, sheriffsCrd()])).toEqual([]);
  });

  test('fails cluster-scoped sheriffs from a plain CRD', () => {
    const exp = exportOf([{ group: 'wildwest.dev', resource: 'cowboys' }, { group: 'wildwest.dev', resource: 'sheriffs' }]);
    const found = check('KB170', [validBoundSchema(), exp, sheriffsCrd()]);
    expect(where(found)).toEqual([[1, 'KB170', 'spec.resources[1]']]);
    expect(found[0].violation.message).toContain('CustomResourceDefinition "sheriffs.wildwest.dev"');
    expect(found[0].violation.message).toContain('"Namespaced"');
  });

  test('fails a resource a BoundSchema defines as cluster-scoped', () => {
    const schema = validBoundSchema();
    schema.spec.scope = 'Cluster';
    const found = check('KB170', [validExport(), schema]);
    expect(where(found)).toEqual([[0, 'KB170', 'spec.resources[0]']]);
    expect(found[0].violation.message).toContain('BoundSchema "cowboys.wildwest.dev"');
  });

  test('the same object twice is told apart by its place in the input, and not said to be stored twice: the later copy replaces the earlier', () => {
    const found = check('KB174', [validBoundSchema(), validExport(), validBoundSchema()]);
    expect(where(found)).toEqual([[2, 'KB174', 'spec.names.plural']]);
    expect(found[0].violation.message).toBe(`BoundSchema "cowboys.wildwest.dev" in namespace "${NAMESPACE}" is in the input again, after object 1 of the input: `
      + 'both copies define "cowboys" of group "wildwest.dev"');
    expect(found[0].violation.hint).toContain('the later copy replaces the earlier one; keep one copy');
    expect(found[0].violation.hint).not.toContain('stores both');
  });

  test('fails a resource a v1alpha1 export defines as cluster-scoped', () => {
    const old = v1alpha1Export();
    old.spec.scope = 'Cluster';
    const found = check('KB170', [exportOf([{ group: 'wildwest.dev', resource: 'horses' }]), old]);
    expect(where(found)).toEqual([[0, 'KB170', 'spec.resources[0]']]);
  });

  test('ignores a BoundSchema in another namespace', () => {
    const schema = validBoundSchema();
    schema.spec.scope = 'Cluster';
    schema.metadata.namespace = 'elsewhere';
    expect(check('KB170', [validExport(), schema])).toEqual([]);
  });
});

describe('KB171 exported versions are served', () => {
  test('passes versions the BoundSchema serves', () => {
    expect(check('KB171', validSet())).toEqual([]);
  });

  test('fails a version the BoundSchema does not serve, listing the served ones', () => {
    const exp = validExport();
    exp.spec.resources[0].versions = ['v1', 'v2alpha1', 'v3'];
    const found = check('KB171', [exp, validBoundSchema()]);
    expect(where(found)).toEqual([
      [0, 'KB171', 'spec.resources[0].versions[1]'],
      [0, 'KB171', 'spec.resources[0].versions[2]'],
    ]);
    expect(found[0].violation.hint).toContain('"v1alpha1", "v1"');
  });

  test('fails a version a plain CRD does not serve', () => {
    const exp = exportOf([{ group: 'wildwest.dev', resource: 'sheriffs', versions: ['v1'] }], 'Cluster');
    const found = check('KB171', [exp, sheriffsCrd()]);
    expect(where(found)).toEqual([[0, 'KB171', 'spec.resources[0].versions[0]']]);
    expect(found[0].violation.hint).toContain('"v1alpha1"');
  });

  test('prefers the BoundSchema over a CRD of the same resource', () => {
    const crd = sheriffsCrd();
    crd.spec.names.plural = 'cowboys';
    crd.spec.scope = 'Namespaced';
    const exp = validExport();
    exp.spec.resources[0].versions = ['v1'];
    expect(check('KB171', [exp, crd, validBoundSchema()])).toEqual([]);
  });

  test('leaves invalid version names to KB124', () => {
    const exp = validExport();
    exp.spec.resources[0].versions = ['V1'];
    expect(check('KB171', [exp, validBoundSchema()])).toEqual([]);
  });
});

describe('KB172 kube-bind objects use the configured group', () => {
  test('passes objects of the configured group, custom or default', () => {
    expect(check('KB172', validSet())).toEqual([]);
    const custom = { group: 'bind.example.com' };
    expect(check('KB172', [validExport('bind.example.com'), kubeBindCrd('APIServiceExport', 'bind.example.com')], custom)).toEqual([]);
  });

  test('fails an export left on the default group when the CRDs were emitted with a custom one', () => {
    const custom = { group: 'bind.example.com' };
    const found = check('KB172', [kubeBindCrd('APIServiceExport', 'bind.example.com'), validExport()], custom);
    expect(where(found)).toEqual([[1, 'KB172', 'apiVersion']]);
    expect(found[0].violation.severity).toBe('error');
    expect(found[0].violation.message).toContain('uses apiVersion "kube-bind.io/v1alpha2"');
    expect(found[0].violation.message).toContain('CRDs serve "bind.example.com"');
    expect(found[0].violation.hint).toContain('"bind.example.com/v1alpha2"');
  });

  test('fails a foreign group when the CRDs in the set serve it but validation runs for another', () => {
    const found = check('KB172', [kubeBindCrd('BoundSchema', 'bind.example.com'), validBoundSchema('bind.example.com')]);
    expect(where(found)).toEqual([[1, 'KB172', 'apiVersion']]);
    expect(found[0].violation.hint).toContain('validate with group "bind.example.com"');
  });

  test('fails a kube-bind.io-like group beside objects of the configured group', () => {
    const found = check('KB172', [validExport(), validBoundSchema('staging.kube-bind.io')]);
    expect(where(found)).toEqual([[1, 'KB172', 'apiVersion']]);
    expect(found[0].violation.severity).toBe('error');
  });

  test('only warns about a lone object of an unrelated group', () => {
    const found = check('KB172', [validExport('klutch.anynines.com')]);
    expect(where(found)).toEqual([[0, 'KB172', 'apiVersion']]);
    expect(found[0].violation.severity).toBe('warning');
  });

  test('fails an apiVersion without group beside objects of the configured group', () => {
    const bare = validExport();
    bare.apiVersion = 'v1alpha2';
    const found = check('KB172', [validBoundSchema(), bare]);
    expect(where(found)).toEqual([[1, 'KB172', 'apiVersion']]);
    expect(found[0].violation.message).toContain('uses apiVersion "v1alpha2"');
  });

  test('leaves an apiVersion that lost its version to the schema checker', () => {
    const bare = validExport();
    bare.apiVersion = 'kube-bind.io';
    expect(check('KB172', [bare])).toEqual([]);
  });

  test('ignores other kinds of other groups', () => {
    expect(check('KB172', [{ apiVersion: 'apps/v1', kind: 'Deployment' }])).toEqual([]);
  });
});

describe('KB173 kube-bind CRDs serve the configured group', () => {
  test('passes CRDs of the configured group', () => {
    expect(check('KB173', validSet())).toEqual([]);
  });

  test('fails a kube-bind CRD of another group', () => {
    const found = check('KB173', [kubeBindCrd('APIServiceExport', 'bind.example.com'), validExport()]);
    expect(where(found)).toEqual([[0, 'KB173', 'spec.group']]);
    expect(found[0].violation.message).toContain('"apiserviceexports.bind.example.com"');
    expect(found[0].violation.message).toContain('"kube-bind.io"');
  });

  test('passes a fork\'s CRD beside kube-bind\'s own CRD of the same kind', () => {
    expect(check('KB173', [kubeBindCrd('APIServiceExport'), kubeBindCrd('APIServiceExport', 'klutch.anynines.com')])).toEqual([]);
  });
});

describe('KB174 one schema per group/resource in a namespace', () => {
  test('passes one BoundSchema per resource', () => {
    expect(check('KB174', validSet())).toEqual([]);
  });

  test('fails a second BoundSchema of the same group/plural, on the second one', () => {
    const second = validBoundSchema();
    second.metadata.name = 'cowboys-again';
    const found = check('KB174', [validBoundSchema(), validExport(), second]);
    expect(where(found)).toEqual([[2, 'KB174', 'spec.names.plural']]);
    expect(found[0].violation.message).toContain(`in namespace "${NAMESPACE}" again, after`);
    expect(found[0].violation.message).toContain('BoundSchema "cowboys.wildwest.dev"');
  });

  test('fails two v1alpha1 exports of the same resource', () => {
    expect(where(check('KB174', [v1alpha1Export(), v1alpha1Export()]))).toEqual([[1, 'KB174', 'spec.names.plural']]);
  });

  test('passes the same resource in two namespaces', () => {
    const other = validBoundSchema();
    other.metadata.namespace = 'kube-bind-other';
    expect(check('KB174', [validBoundSchema(), other])).toEqual([]);
  });
});

describe('several problems at once', () => {
  test('are all reported, each on its own object', () => {
    const exp = exportOf([
      { group: 'wildwest.dev', resource: 'cowboys', versions: ['v9'] },
      { group: 'wildwest.dev', resource: 'sheriffs' },
    ]);
    const objects = [exp, validBoundSchema(), validBoundSchema(), sheriffsCrd(), kubeBindCrd('BoundSchema', 'bind.example.com'),
      validBoundSchema('staging.kube-bind.io')];
    expect(where(all(objects)).sort()).toEqual([
      [0, 'KB170', 'spec.resources[1]'],
      [0, 'KB171', 'spec.resources[0].versions[0]'],
      // cowboys is namespaced, sheriffs cluster-scoped; and no BoundSchema sheriffs.wildwest.dev is in the set.
      [0, 'KB175', 'spec.resources[1]'],
      [0, 'KB176', 'spec.resources[1]'],
      [2, 'KB174', 'spec.names.plural'],
      [4, 'KB173', 'spec.group'],
      [5, 'KB172', 'apiVersion'],
    ]);
  });
});

describe('through the registry (validateObjects)', () => {
  test('the valid set yields nothing at all, under the default and a custom group', () => {
    expect(validateObjects(validSet(), contextFor())).toEqual(validSet().map(() => []));
    const custom = [validExport('bind.example.com'), validBoundSchema('bind.example.com'), kubeBindCrd('APIServiceExport', 'bind.example.com')];
    expect(validateObjects(custom, contextFor({ group: 'bind.example.com' }))).toEqual([[], [], []]);
  });

  test('attaches cross-object findings to the object they concern', () => {
    const exp = exportOf([{ group: 'wildwest.dev', resource: 'sheriffs' }]);
    const results = validateObjects([sheriffsCrd(), exp, kubeBindCrd('APIServiceExport', 'bind.example.com')], contextFor());
    const mine = results.map(vs => vs.filter(v => v.rule >= 'KB170' && v.rule <= 'KB189').map(v => [v.rule, v.path]));
    expect(mine).toEqual([[], [['KB170', 'spec.resources[0]']], [['KB173', 'spec.group']]]);
  });

  test('reports the platform engineer\'s forgotten group on the export', () => {
    const results = validateObjects([kubeBindCrd('APIServiceExport', 'bind.example.com'), validExport()], contextFor({ group: 'bind.example.com' }));
    expect(results[1].map(v => [v.rule, v.path])).toEqual([['KB172', 'apiVersion']]);
  });
});

describe('junk input', () => {
  test('never throws, whatever sits in any field of any object', () => {
    const base = validSet();
    base.forEach((obj, i) => {
      for (const path of pathsOf(obj)) {
        for (const junk of junkValues()) {
          const objects = [...base];
          objects[i] = withValueAt(obj, path, junk);
          expect(() => all(objects)).not.toThrow();
        }
      }
    });
  });

  test('never throws on junk objects', () => {
    expect(() => all([...junkValues(), ...validSet()])).not.toThrow();
  });
});
