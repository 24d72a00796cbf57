import { junkValues, pathsOf, validExport, withValueAt } from './v1alpha2-fixtures';
import { Manifest } from '../../src/model/manifest';
import { Rule, RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { contextFor, validateObject } from '../../src/rules/index';
import { EXPORT_RULES } from '../../src/rules/kube-bind/export';

const ctx: RuleContext = { group: 'kube-bind.io' };

function rule(id: string): Rule {
  const found = EXPORT_RULES.find(r => r.id === id);
  if (found === undefined) throw new Error(`no rule ${id}`);
  return found;
}

function check(id: string, obj: Manifest): Violation[] {
  return rule(id).check(obj, ctx);
}

function all(obj: Manifest): Violation[] {
  return EXPORT_RULES.flatMap(r => r.check(obj, ctx));
}

function where(violations: Violation[]): Array<[string, string]> {
  return violations.map(v => [v.rule, v.path]);
}

function exportWith(mutate: (spec: any) => void): Manifest {
  const obj = validExport();
  mutate(obj.spec);
  return obj;
}

describe('EXPORT_RULES catalogue', () => {
  test('ids are unique and inside KB120-KB139', () => {
    const ids = EXPORT_RULES.map(r => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^KB1(2[0-9]|3[0-9])$/);
    }
  });

  test('every rule applies to APIServiceExport v1alpha2 (those of spec.resources to templates and requests too) and has a title and source', () => {
    const resourceRules = ['KB120', 'KB121', 'KB122', 'KB123', 'KB124', 'KB125', 'KB129'];
    for (const r of EXPORT_RULES) {
      expect(r.appliesTo).toEqual(resourceRules.includes(r.id)
        ? ['APIServiceExport/v1alpha2', 'APIServiceExportTemplate/v1alpha2', 'APIServiceExportRequest/v1alpha2', 'APIServiceExportRequest/v1alpha1']
        : ['APIServiceExport/v1alpha2']);
      expect(r.title.length).toBeGreaterThan(10);
      expect(r.source).toMatch(/^(spec §|kube-bind CRD|kube-bind behaviour|Kubernetes)/);
    }
  });

  test('the valid export yields nothing', () => {
    expect(all(validExport())).toEqual([]);
  });
});

describe('KB120 resources not empty', () => {
  test('passes with one resource', () => {
    expect(check('KB120', validExport())).toEqual([]);
  });

  test('fails on an empty list', () => {
    const found = check('KB120', exportWith(spec => { spec.resources = []; }));
    expect(where(found)).toEqual([['KB120', 'spec.resources']]);
    expect(found[0].severity).toBe('error');
  });

  test('leaves a missing or mistyped list to the schema checker', () => {
    expect(check('KB120', exportWith(spec => { delete spec.resources; }))).toEqual([]);
    expect(check('KB120', exportWith(spec => { spec.resources = {}; }))).toEqual([]);
  });
});

describe('KB121 resource groups', () => {
  test('passes a dotted group and the empty core group', () => {
    expect(check('KB121', validExport())).toEqual([]);
    expect(check('KB121', exportWith(spec => { spec.resources[0].group = ''; }))).toEqual([]);
  });

  test('fails an uppercase group and suggests the lowercase one', () => {
    const found = check('KB121', exportWith(spec => { spec.resources[0].group = 'WildWest.dev'; }));
    expect(where(found)).toEqual([['KB121', 'spec.resources[0].group']]);
    expect(found[0].message).toContain('"WildWest.dev"');
    expect(found[0].message).toContain('(did you mean "wildwest.dev"?)');
  });

  test('fails a group with a version and says where the version goes', () => {
    const found = check('KB121', exportWith(spec => { spec.resources[0].group = 'wildwest.dev/v1'; }));
    expect(where(found)).toEqual([['KB121', 'spec.resources[0].group']]);
    expect(found[0].message).toContain('(did you mean "wildwest.dev"?)');
    expect(found[0].hint).toContain('versions');
  });

  test('a group Kubernetes takes but kube-bind\'s pattern refuses (one-letter first label): the hint says so', () => {
    const found = check('KB121', exportWith(spec => { spec.resources[0].group = 'g.example.com'; }));
    expect(where(found)).toEqual([['KB121', 'spec.resources[0].group']]);
    expect(found[0].hint).toContain('Kubernetes would accept this group, but kube-bind\'s CRD refuses it');
    const other = check('KB121', exportWith(spec => { spec.resources[0].group = 'wild_west.dev'; }));
    expect(other[0].hint).toContain('an API group is a lowercase DNS name');
    expect(check('KB121', exportWith(spec => { spec.resources[0].group = 'gg.example.com'; }))).toEqual([]);
  });

  test('skips a group of the wrong type', () => {
    expect(check('KB121', exportWith(spec => { spec.resources[0].group = 5; }))).toEqual([]);
  });
});

describe('KB122 resource names', () => {
  test('passes a lowercase plural', () => {
    expect(check('KB122', validExport())).toEqual([]);
  });

  test('fails a kind and suggests its lowercase plural', () => {
    const found = check('KB122', exportWith(spec => { spec.resources[0].resource = 'Cowboy'; }));
    expect(where(found)).toEqual([['KB122', 'spec.resources[0].resource']]);
    expect(found[0].message).toContain('(did you mean "cowboys"?)');
    expect(found[0].message).toContain('^[a-z][-a-z0-9]*[a-z0-9]$');
  });

  test('pluralises kinds ending in a consonant and y', () => {
    const found = check('KB122', exportWith(spec => { spec.resources[0].resource = 'Policy'; }));
    expect(found[0].message).toContain('(did you mean "policies"?)');
  });

  test('fails a resource.group name and splits it in the hint', () => {
    const found = check('KB122', exportWith(spec => { spec.resources[0].resource = 'cowboys.wildwest.dev'; }));
    expect(where(found)).toEqual([['KB122', 'spec.resources[0].resource']]);
    expect(found[0].message).toContain('(did you mean "cowboys"?)');
    expect(found[0].hint).toContain('group "wildwest.dev"');
  });

  test('fails a subresource', () => {
    const found = check('KB122', exportWith(spec => { spec.resources[0].resource = 'cowboys/status'; }));
    expect(where(found)).toEqual([['KB122', 'spec.resources[0].resource']]);
    expect(found[0].hint).toContain('subresources');
  });

  test('skips a resource of the wrong type', () => {
    expect(check('KB122', exportWith(spec => { spec.resources[0].resource = ['cowboys']; }))).toEqual([]);
  });
});

describe('KB123 duplicate resources', () => {
  test('passes the same resource name in two groups', () => {
    expect(check('KB123', exportWith(spec => { spec.resources.push({ group: 'eastwest.dev', resource: 'cowboys' }); }))).toEqual([]);
  });

  test('fails the same group/resource twice, on the second entry', () => {
    const found = check('KB123', exportWith(spec => { spec.resources.push({ group: 'wildwest.dev', resource: 'cowboys', versions: ['v2'] }); }));
    expect(where(found)).toEqual([['KB123', 'spec.resources[1]']]);
    expect(found[0].message).toContain('already spec.resources[0]');
  });

  test('treats a missing group as the core group ""', () => {
    const found = check('KB123', exportWith(spec => {
      spec.resources = [{ resource: 'widgets' }, { group: '', resource: 'widgets' }];
    }));
    expect(where(found)).toEqual([['KB123', 'spec.resources[1]']]);
  });
});

describe('KB124 version names', () => {
  test('passes v1, v1alpha1, v2beta3', () => {
    expect(check('KB124', exportWith(spec => { spec.resources[0].versions = ['v1', 'v1alpha1', 'v2beta3']; }))).toEqual([]);
  });

  test.each([
    ['V1', '"v1"'],
    ['1', '"v1"'],
    ['v1.0', '"v1"'],
    ['v1-beta1', '"v1beta1"'],
  ])('fails %s and suggests %s', (bad, guess) => {
    const found = check('KB124', exportWith(spec => { spec.resources[0].versions = ['v1', bad]; }));
    expect(where(found)).toEqual([['KB124', 'spec.resources[0].versions[1]']]);
    expect(found[0].message).toContain(`(did you mean ${guess}?)`);
  });

  test('fails a version that cannot be repaired, without a guess', () => {
    const found = check('KB124', exportWith(spec => { spec.resources[0].versions = ['v0']; }));
    expect(where(found)).toEqual([['KB124', 'spec.resources[0].versions[0]']]);
    expect(found[0].message).not.toContain('did you mean');
  });

  test('skips non-string versions', () => {
    expect(check('KB124', exportWith(spec => { spec.resources[0].versions = [1, null]; }))).toEqual([]);
  });
});

describe('KB125 duplicate versions', () => {
  test('passes distinct versions', () => {
    expect(check('KB125', validExport())).toEqual([]);
  });

  test('warns on a repeated version', () => {
    const found = check('KB125', exportWith(spec => { spec.resources[0].versions = ['v1', 'v2', 'v1']; }));
    expect(where(found)).toEqual([['KB125', 'spec.resources[0].versions[2]']]);
    expect(found[0].severity).toBe('warning');
    expect(found[0].message).toContain('versions[0]');
  });
});

describe('KB126 CRD-backed resources', () => {
  test.each(['wildwest.dev', 'gateway.networking.k8s.io', 'cluster.x-k8s.io'])('passes group %s', group => {
    expect(check('KB126', exportWith(spec => { spec.resources[0].group = group; }))).toEqual([]);
  });

  test('fails the core group given as ""', () => {
    const found = check('KB126', exportWith(spec => { spec.resources[0] = { group: '', resource: 'pods' }; }));
    expect(where(found)).toEqual([['KB126', 'spec.resources[0].group']]);
    expect(found[0].message).toContain('core group');
    expect(found[0].hint).toContain('permissionClaims');
  });

  test('fails a missing group (the CRD defaults it to the core group) on the entry', () => {
    const found = check('KB126', exportWith(spec => { spec.resources[0] = { resource: 'cowboys' }; }));
    expect(where(found)).toEqual([['KB126', 'spec.resources[0]']]);
    expect(found[0].message).toContain('has no group');
  });

  test.each(['apps', 'networking.k8s.io'])('fails built-in group %s', group => {
    const found = check('KB126', exportWith(spec => { spec.resources[0].group = group; }));
    expect(where(found)).toEqual([['KB126', 'spec.resources[0].group']]);
  });

  test('leaves an invalid group to KB121', () => {
    expect(check('KB126', exportWith(spec => { spec.resources[0].group = 'Apps'; }))).toEqual([]);
  });
});

describe('KB127 clusterScopedIsolation deprecated', () => {
  test('passes without it', () => {
    expect(check('KB127', validExport())).toEqual([]);
  });

  test('warns when set and points to isolation', () => {
    const found = check('KB127', exportWith(spec => { spec.clusterScopedIsolation = 'Prefixed'; }));
    expect(where(found)).toEqual([['KB127', 'spec.clusterScopedIsolation']]);
    expect(found[0].severity).toBe('warning');
    expect(found[0].hint).toContain('isolation');
  });

  test('suggests the same value for the missing isolation', () => {
    const found = check('KB127', exportWith(spec => { delete spec.isolation; spec.clusterScopedIsolation = 'None'; }));
    expect(found[0].hint).toContain('isolation: "None"');
  });
});

describe('KB128 isolation wins over clusterScopedIsolation', () => {
  test('passes when both agree', () => {
    expect(check('KB128', exportWith(spec => { spec.clusterScopedIsolation = 'Prefixed'; }))).toEqual([]);
  });

  test('warns when they differ, naming the value that applies', () => {
    const found = check('KB128', exportWith(spec => { spec.clusterScopedIsolation = 'None'; }));
    expect(where(found)).toEqual([['KB128', 'spec.clusterScopedIsolation']]);
    expect(found[0].message).toContain('"None"');
    expect(found[0].message).toContain('isolated as "Prefixed"');
  });

  test('leaves values outside the enum to the schema checker', () => {
    expect(check('KB128', exportWith(spec => { spec.clusterScopedIsolation = 'prefixed'; }))).toEqual([]);
  });
});

describe('several problems at once', () => {
  test('are all reported', () => {
    const obj = exportWith(spec => {
      spec.clusterScopedIsolation = 'None';
      spec.resources = [
        { group: 'WildWest.dev', resource: 'Cowboy', versions: ['V1', 'v2', 'v2'] },
        { group: '', resource: 'pods' },
        { group: '', resource: 'pods' },
      ];
    });
    expect(where(all(obj)).sort()).toEqual([
      ['KB121', 'spec.resources[0].group'],
      ['KB122', 'spec.resources[0].resource'],
      ['KB123', 'spec.resources[2]'],
      ['KB124', 'spec.resources[0].versions[0]'],
      ['KB125', 'spec.resources[0].versions[2]'],
      ['KB126', 'spec.resources[1].group'],
      ['KB126', 'spec.resources[2].group'],
      ['KB127', 'spec.clusterScopedIsolation'],
      ['KB128', 'spec.clusterScopedIsolation'],
    ]);
  });
});

describe('through the registry (validateObject)', () => {
  const mine = (vs: Violation[]) => where(vs.filter(v => v.rule >= 'KB120' && v.rule <= 'KB139'));

  test('the valid export yields nothing at all', () => {
    expect(validateObject(validExport(), contextFor())).toEqual([]);
  });

  test('reports the export rules with their paths', () => {
    const obj = exportWith(spec => {
      spec.clusterScopedIsolation = 'None';
      spec.resources.push({ resource: 'pods' }, { group: 'wildwest.dev', resource: 'cowboys' });
    });
    expect(mine(validateObject(obj, contextFor())).sort()).toEqual([
      ['KB123', 'spec.resources[2]'],
      ['KB126', 'spec.resources[1]'],
      ['KB127', 'spec.clusterScopedIsolation'],
      ['KB128', 'spec.clusterScopedIsolation'],
    ]);
  });

  test('runs under a custom group and not for other groups', () => {
    const obj = validExport('bind.example.com');
    obj.spec.resources = [];
    expect(mine(validateObject(obj, contextFor({ group: 'bind.example.com' })))).toEqual([['KB120', 'spec.resources']]);
    expect(validateObject(obj, contextFor())).toEqual([]);
  });
});

describe('junk input', () => {
  test('never throws, whatever sits in any field', () => {
    const base = validExport();
    for (const path of pathsOf(base)) {
      for (const junk of junkValues()) {
        const obj = withValueAt(base, path, junk);
        expect(() => all(obj)).not.toThrow();
      }
    }
  });

  test('never throws on junk in place of the whole object', () => {
    for (const junk of junkValues()) {
      expect(() => EXPORT_RULES.flatMap(r => r.check(junk as Manifest, ctx))).not.toThrow();
    }
  });
});
