import { junkValues, pathsOf, validExport, withValueAt } from './v1alpha2-fixtures';
import { Manifest } from '../../src/model/manifest';
import { Rule, RuleContext } from '../../src/rules/engine/rule';
import { Violation } from '../../src/rules/engine/violation';
import { contextFor, validateObject } from '../../src/rules/index';
import { CLAIM_RULES } from '../../src/rules/kube-bind/claims';

const ctx: RuleContext = { group: 'kube-bind.io' };
const CLAIM = 'spec.permissionClaims[0]';
const SELECTOR = `${CLAIM}.selector`;
const LABELS = `${SELECTOR}.labelSelector`;

function rule(id: string): Rule {
  const found = CLAIM_RULES.find(r => r.id === id);
  if (found === undefined) throw new Error(`no rule ${id}`);
  return found;
}

function check(id: string, obj: Manifest): Violation[] {
  return rule(id).check(obj, ctx);
}

function all(obj: Manifest): Violation[] {
  return CLAIM_RULES.flatMap(r => r.check(obj, ctx));
}

function where(violations: Violation[]): Array<[string, string]> {
  return violations.map(v => [v.rule, v.path]);
}

/** The valid export with `mutate` applied to its spec and its first claim. */
function exportWith(mutate: (claim: any, spec: any) => void): Manifest {
  const obj = validExport();
  mutate(obj.spec.permissionClaims[0], obj.spec);
  return obj;
}

describe('CLAIM_RULES catalogue', () => {
  test('ids are unique and inside KB140-KB169', () => {
    const ids = CLAIM_RULES.map(r => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const n = Number(id.slice(2));
      expect(id).toMatch(/^KB\d{3}$/);
      expect(n).toBeGreaterThanOrEqual(140);
      expect(n).toBeLessThanOrEqual(169);
    }
  });

  test('every rule applies to APIServiceExport v1alpha2, and the templates and requests it is made from, and names its source', () => {
    for (const r of CLAIM_RULES) {
      expect(r.appliesTo).toEqual(['APIServiceExport/v1alpha2', 'APIServiceExportTemplate/v1alpha2', 'APIServiceExportRequest/v1alpha2']);
      expect(r.source).toMatch(/^(spec §|kube-bind CRD|kube-bind behaviour|kube-bind backend|Kubernetes)/);
    }
  });

  test('the valid export yields nothing', () => {
    expect(all(validExport())).toEqual([]);
  });

  test('an export without claims yields nothing', () => {
    expect(all(exportWith((_claim, spec) => { delete spec.permissionClaims; }))).toEqual([]);
  });
});

describe('KB140 claim groups', () => {
  test('passes "" and a dotted group', () => {
    expect(check('KB140', validExport())).toEqual([]);
  });

  test('fails a bad claim group', () => {
    const found = check('KB140', exportWith(claim => { claim.group = 'Core'; }));
    expect(where(found)).toEqual([['KB140', `${CLAIM}.group`]]);
    expect(found[0].message).toContain('(did you mean ""?)');
  });

  test('fails a bad reference group', () => {
    const found = check('KB140', exportWith(claim => { claim.selector.references[0].group = 'wildwest.dev/v1'; }));
    expect(where(found)).toEqual([['KB140', `${SELECTOR}.references[0].group`]]);
  });
});

describe('KB141 claim resources', () => {
  test('passes lowercase plurals', () => {
    expect(check('KB141', validExport())).toEqual([]);
  });

  test('fails a kind and suggests the lowercase plural', () => {
    const found = check('KB141', exportWith(claim => { claim.resource = 'Secret'; }));
    expect(where(found)).toEqual([['KB141', `${CLAIM}.resource`]]);
    expect(found[0].message).toContain('(did you mean "secrets"?)');
  });

  test('fails a bad reference resource', () => {
    const found = check('KB141', exportWith(claim => { claim.selector.references[0].resource = 'Cowboy'; }));
    expect(where(found)).toEqual([['KB141', `${SELECTOR}.references[0].resource`]]);
    expect(found[0].message).toContain('(did you mean "cowboys"?)');
  });
});

describe('KB142 duplicate claims', () => {
  test('passes claims on different resources', () => {
    expect(check('KB142', validExport())).toEqual([]);
  });

  test('fails a second claim on the same group/resource, counting a missing group as ""', () => {
    const found = check('KB142', exportWith((_claim, spec) => {
      spec.permissionClaims.push({ resource: 'secrets', selector: { namedResources: [{ name: 'other' }] } });
    }));
    expect(where(found)).toEqual([['KB142', 'spec.permissionClaims[2]']]);
    expect(found[0].message).toContain(`already ${CLAIM}`);
  });
});

describe('KB143 claimable resources', () => {
  test('passes core configmaps, secrets and serviceaccounts', () => {
    const obj = exportWith((_claim, spec) => {
      spec.permissionClaims.push({ group: '', resource: 'serviceaccounts', selector: { namedResources: [{ name: 'deputy' }] } });
    });
    expect(check('KB143', obj)).toEqual([]);
  });

  test('refuses a resource kube-bind cannot claim (its backend refuses the export request)', () => {
    const found = check('KB143', exportWith(claim => { claim.group = 'apps'; claim.resource = 'deployments'; }));
    expect(where(found)).toEqual([['KB143', `${CLAIM}.resource`]]);
    expect(found[0].severity).toBe('error');
    expect(found[0].message).toContain('"deployments" of group "apps"');
  });

  test('suggests a claimable name for a near miss', () => {
    const found = check('KB143', exportWith(claim => { claim.resource = 'secret'; }));
    expect(found[0].message).toContain('(did you mean "secrets"?)');
  });

  test('points at the group when a claimable resource names "core"', () => {
    const found = check('KB143', exportWith(claim => { claim.group = 'core'; }));
    expect(where(found)).toEqual([['KB143', `${CLAIM}.group`]]);
    expect(found[0].hint).toContain('""');
  });
});

describe('KB144 selector selects something', () => {
  test('passes a selector with any of the three parts', () => {
    expect(check('KB144', validExport())).toEqual([]);
    expect(check('KB144', exportWith(claim => { claim.selector = { references: claim.selector.references }; }))).toEqual([]);
  });

  test('warns on an empty selector', () => {
    const found = check('KB144', exportWith(claim => { claim.selector = {}; }));
    expect(where(found)).toEqual([['KB144', SELECTOR]]);
    expect(found[0].severity).toBe('warning');
  });

  test('warns when every part is empty or null', () => {
    const found = check('KB144', exportWith(claim => { claim.selector = { labelSelector: null, namedResources: [], references: [] }; }));
    expect(where(found)).toEqual([['KB144', SELECTOR]]);
  });

  test('leaves a missing selector and mistyped parts to the schema checker', () => {
    expect(check('KB144', exportWith(claim => { delete claim.selector; }))).toEqual([]);
    expect(check('KB144', exportWith(claim => { claim.selector = { namedResources: {} }; }))).toEqual([]);
  });
});

describe('KB145 empty label selector', () => {
  test('passes a label selector with requirements', () => {
    expect(check('KB145', validExport())).toEqual([]);
  });

  test('warns on an empty label selector, naming the resource it opens up', () => {
    const found = check('KB145', exportWith(claim => { claim.selector.labelSelector = { matchLabels: {}, matchExpressions: [] }; }));
    expect(where(found)).toEqual([['KB145', LABELS]]);
    expect(found[0].message).toContain('every "secrets" object');
  });

  test('skips mistyped parts', () => {
    expect(check('KB145', exportWith(claim => { claim.selector.labelSelector = { matchLabels: [] }; }))).toEqual([]);
  });
});

describe('KB146 label keys', () => {
  test('passes prefixed and plain keys', () => {
    expect(check('KB146', validExport())).toEqual([]);
  });

  test('fails a matchLabels key with a space', () => {
    const found = check('KB146', exportWith(claim => { claim.selector.labelSelector.matchLabels = { 'part of': 'x' }; }));
    expect(where(found)).toEqual([['KB146', `${LABELS}.matchLabels[part of]`]]);
    expect(found[0].message).toContain('(did you mean "part-of"?)');
    // Kubernetes' problem names the part it is about; it reads on its own, not after "it".
    expect(found[0].hint).toMatch(/^name part must consist of letters/);
  });

  test('fails an uppercase prefix and two slashes', () => {
    const found = check('KB146', exportWith(claim => {
      claim.selector.labelSelector.matchLabels = { 'WildWest.dev/role': 'x', 'a/b/c': 'y' };
    }));
    expect(where(found)).toEqual([
      ['KB146', `${LABELS}.matchLabels[WildWest.dev/role]`],
      ['KB146', `${LABELS}.matchLabels[a/b/c]`],
    ]);
    expect(found[0].hint).toContain('prefix part');
  });

  test('fails a name part longer than 63 characters', () => {
    const found = check('KB146', exportWith(claim => { claim.selector.labelSelector.matchExpressions[1].key = 'k'.repeat(64); }));
    expect(where(found)).toEqual([['KB146', `${LABELS}.matchExpressions[1].key`]]);
    expect(found[0].message).toContain('63');
  });

  test('fails a matchExpressions key ending in a dash', () => {
    const found = check('KB146', exportWith(claim => { claim.selector.labelSelector.matchExpressions[0].key = 'role-'; }));
    expect(where(found)).toEqual([['KB146', `${LABELS}.matchExpressions[0].key`]]);
  });
});

describe('KB147 label values', () => {
  test('passes valid and empty values', () => {
    expect(check('KB147', validExport())).toEqual([]);
  });

  test('fails a matchLabels value with a space', () => {
    const found = check('KB147', exportWith(claim => { claim.selector.labelSelector.matchLabels = { tier: 'gold tier' }; }));
    expect(where(found)).toEqual([['KB147', `${LABELS}.matchLabels.tier`]]);
    expect(found[0].message).toContain('(did you mean "gold-tier"?)');
  });

  test('fails a matchExpressions value longer than 63 characters', () => {
    const found = check('KB147', exportWith(claim => { claim.selector.labelSelector.matchExpressions[0].values = ['ok', 'v'.repeat(64)]; }));
    expect(where(found)).toEqual([['KB147', `${LABELS}.matchExpressions[0].values[1]`]]);
  });

  test('skips non-string values', () => {
    expect(check('KB147', exportWith(claim => { claim.selector.labelSelector.matchLabels = { tier: 3 }; }))).toEqual([]);
  });
});

describe('KB148 operators', () => {
  test('passes the four operators', () => {
    const obj = exportWith(claim => {
      claim.selector.labelSelector.matchExpressions = [
        { key: 'a', operator: 'In', values: ['x'] },
        { key: 'b', operator: 'NotIn', values: ['x'] },
        { key: 'c', operator: 'Exists' },
        { key: 'd', operator: 'DoesNotExist' },
      ];
    });
    expect(check('KB148', obj)).toEqual([]);
  });

  test('fails a lowercase operator and suggests the right case', () => {
    const found = check('KB148', exportWith(claim => { claim.selector.labelSelector.matchExpressions[0].operator = 'in'; }));
    expect(where(found)).toEqual([['KB148', `${LABELS}.matchExpressions[0].operator`]]);
    expect(found[0].message).toContain('(did you mean "In"?)');
  });

  test('explains node-selector operators', () => {
    const found = check('KB148', exportWith(claim => { claim.selector.labelSelector.matchExpressions[0].operator = 'Gt'; }));
    expect(found[0].hint).toContain('node-selector');
  });
});

describe('KB149 values against the operator', () => {
  test('passes In with values and DoesNotExist without', () => {
    expect(check('KB149', validExport())).toEqual([]);
  });

  test('fails In without values, on the expression', () => {
    const found = check('KB149', exportWith(claim => { delete claim.selector.labelSelector.matchExpressions[0].values; }));
    expect(where(found)).toEqual([['KB149', `${LABELS}.matchExpressions[0]`]]);
  });

  test('fails NotIn with an empty list, on values', () => {
    const found = check('KB149', exportWith(claim => {
      claim.selector.labelSelector.matchExpressions[0].operator = 'NotIn';
      claim.selector.labelSelector.matchExpressions[0].values = [];
    }));
    expect(where(found)).toEqual([['KB149', `${LABELS}.matchExpressions[0].values`]]);
  });

  test('fails Exists with values', () => {
    const found = check('KB149', exportWith(claim => { claim.selector.labelSelector.matchExpressions[1] = { key: 'retired', operator: 'Exists', values: ['yes'] }; }));
    expect(where(found)).toEqual([['KB149', `${LABELS}.matchExpressions[1].values`]]);
  });

  test('leaves unknown operators to KB148', () => {
    expect(check('KB149', exportWith(claim => { claim.selector.labelSelector.matchExpressions[0].operator = 'in'; }))).toEqual([]);
  });
});

describe('KB150 named resource names', () => {
  test('passes DNS subdomain names', () => {
    expect(check('KB150', validExport())).toEqual([]);
  });

  test('fails an uppercase name and suggests it lowercased', () => {
    const found = check('KB150', exportWith(claim => { claim.selector.namedResources[0].name = 'Saloon_Credentials'; }));
    expect(where(found)).toEqual([['KB150', `${SELECTOR}.namedResources[0].name`]]);
    expect(found[0].message).toContain('(did you mean "saloon-credentials"?)');
  });

  test('fails an empty name', () => {
    const found = check('KB150', exportWith(claim => { claim.selector.namedResources[0].name = ''; }));
    expect(where(found)).toEqual([['KB150', `${SELECTOR}.namedResources[0].name`]]);
  });
});

describe('KB151 named resource namespaces', () => {
  test('passes a DNS label and an absent namespace', () => {
    expect(check('KB151', validExport())).toEqual([]);
  });

  test('fails a namespace with a dot and suggests a label', () => {
    const found = check('KB151', exportWith(claim => { claim.selector.namedResources[0].namespace = 'Dodge.City'; }));
    expect(where(found)).toEqual([['KB151', `${SELECTOR}.namedResources[0].namespace`]]);
    expect(found[0].message).toContain('(did you mean "dodge-city"?)');
  });

  test('fails a namespace longer than 63 characters', () => {
    const found = check('KB151', exportWith(claim => { claim.selector.namedResources[0].namespace = 'n'.repeat(64); }));
    expect(where(found)).toEqual([['KB151', `${SELECTOR}.namedResources[0].namespace`]]);
    expect(found[0].message).toContain('63');
  });
});

describe('KB152 namespace ignored under namespaced isolation', () => {
  test('passes a namespace under Prefixed isolation', () => {
    expect(check('KB152', validExport())).toEqual([]);
  });

  test('warns on a namespace under Namespaced isolation', () => {
    const found = check('KB152', exportWith((_claim, spec) => { spec.isolation = 'Namespaced'; }));
    expect(where(found)).toEqual([['KB152', `${SELECTOR}.namedResources[0].namespace`]]);
    expect(found[0].severity).toBe('warning');
  });
});

describe('KB153 references name something', () => {
  test('passes a reference with a name expression', () => {
    expect(check('KB153', validExport())).toEqual([]);
  });

  test('warns on a jsonPath without name', () => {
    const found = check('KB153', exportWith(claim => { claim.selector.references[0].jsonPath = { namespace: 'metadata.namespace' }; }));
    expect(where(found)).toEqual([['KB153', `${SELECTOR}.references[0].jsonPath`]]);
  });

  test('warns on a blank name, at the name', () => {
    const found = check('KB153', exportWith(claim => { claim.selector.references[0].jsonPath.name = ' '; }));
    expect(where(found)).toEqual([['KB153', `${SELECTOR}.references[0].jsonPath.name`]]);
  });
});

describe('KB154 GJSON path syntax', () => {
  test('passes GJSON paths', () => {
    expect(check('KB154', validExport())).toEqual([]);
  });

  test.each([
    ['.spec.secretName', 'spec.secretName'],
    ['{.spec.secretName}', 'spec.secretName'],
    ['$.spec.secretName', 'spec.secretName'],
    ['.spec.volumes[*].secret.secretName', 'spec.volumes.#.secret.secretName'],
    ['spec.refs[0].name', 'spec.refs.0.name'],
  ])('warns on Kubernetes JSONPath %s and suggests %s', (expression, guess) => {
    const found = check('KB154', exportWith(claim => { claim.selector.references[0].jsonPath.name = expression; }));
    expect(where(found)).toEqual([['KB154', `${SELECTOR}.references[0].jsonPath.name`]]);
    expect(found[0].message).toContain(`(did you mean "${guess}"?)`);
  });

  test('checks the namespace expression too', () => {
    const found = check('KB154', exportWith(claim => { claim.selector.references[0].jsonPath.namespace = '.metadata.namespace'; }));
    expect(where(found)).toEqual([['KB154', `${SELECTOR}.references[0].jsonPath.namespace`]]);
  });
});

describe('KB155 reference versions resolvable', () => {
  test('passes when the export lists versions for the referenced resource', () => {
    expect(check('KB155', validExport())).toEqual([]);
  });

  test('passes when the reference lists its own versions', () => {
    const obj = exportWith((claim, spec) => {
      delete spec.resources[0].versions;
      claim.selector.references[0].versions = ['v1'];
    });
    expect(check('KB155', obj)).toEqual([]);
  });

  test('fails when neither lists versions', () => {
    const found = check('KB155', exportWith((_claim, spec) => { delete spec.resources[0].versions; }));
    expect(where(found)).toEqual([['KB155', `${SELECTOR}.references[0]`]]);
    expect(found[0].hint).toContain('spec.resources[0].versions');
  });

  test('stays silent while a spec.resources entry is malformed (KB121/KB122 come first)', () => {
    expect(check('KB155', exportWith((_claim, spec) => { spec.resources[0].resource = 'Cowboys'; }))).toEqual([]);
  });

  test('fails when the export does not hold the resource at all', () => {
    const found = check('KB155', exportWith(claim => { claim.selector.references[0].resource = 'horses'; }));
    expect(where(found)).toEqual([['KB155', `${SELECTOR}.references[0]`]]);
    expect(found[0].message).toContain('does not hold');
  });
});

describe('KB156 references to resources outside the export', () => {
  const outside = (isolation: string) => exportWith((claim, spec) => {
    spec.isolation = isolation;
    claim.selector.references[0].resource = 'horses';
    claim.selector.references[0].versions = ['v1'];
  });

  test('passes a reference to an exported resource', () => {
    expect(check('KB156', validExport())).toEqual([]);
  });

  test('passes any reference under isolation None', () => {
    expect(check('KB156', outside('None'))).toEqual([]);
  });

  test('stays silent while a spec.resources entry is malformed', () => {
    const obj = outside('Prefixed');
    obj.spec.resources.push({ group: 'Bad.Group', resource: 'horses' });
    expect(check('KB156', obj)).toEqual([]);
  });

  test('stays silent when the reference has no versions: KB155 reports that cause once, as an error', () => {
    const obj = outside('Prefixed');
    delete obj.spec.permissionClaims[0].selector.references[0].versions;
    expect(check('KB156', obj)).toEqual([]);
    expect(where(check('KB155', obj))).toEqual([['KB155', `${SELECTOR}.references[0]`]]);
  });

  test('warns under Prefixed isolation', () => {
    const found = check('KB156', outside('Prefixed'));
    expect(where(found)).toEqual([['KB156', `${SELECTOR}.references[0]`]]);
    expect(found[0].message).toContain('"horses" of group "wildwest.dev"');
  });
});

describe('KB157 reference version names', () => {
  test('passes valid versions', () => {
    expect(check('KB157', exportWith(claim => { claim.selector.references[0].versions = ['v1', 'v1beta1']; }))).toEqual([]);
  });

  test('fails an invalid version', () => {
    const found = check('KB157', exportWith(claim => { claim.selector.references[0].versions = ['v1', 'V2']; }));
    expect(where(found)).toEqual([['KB157', `${SELECTOR}.references[0].versions[1]`]]);
    expect(found[0].message).toContain('(did you mean "v2"?)');
  });
});

describe('several problems at once', () => {
  test('are all reported', () => {
    const obj = exportWith((claim, spec) => {
      spec.isolation = 'Namespaced';
      claim.selector.labelSelector.matchLabels = { 'bad key': 'bad value' };
      claim.selector.labelSelector.matchExpressions = [{ key: 'a', operator: 'exists', values: ['x'] }];
      claim.selector.namedResources = [{ name: 'Bad', namespace: 'ok' }];
      claim.selector.references = [{ resource: 'horses', jsonPath: { name: '{.spec.x}' } }];
      spec.permissionClaims[1] = { group: 'apps', resource: 'deployments', selector: {} };
    });
    expect(where(all(obj)).sort()).toEqual([
      ['KB143', 'spec.permissionClaims[1].resource'],
      ['KB144', 'spec.permissionClaims[1].selector'],
      ['KB146', `${LABELS}.matchLabels[bad key]`],
      ['KB147', `${LABELS}.matchLabels[bad key]`],
      ['KB148', `${LABELS}.matchExpressions[0].operator`],
      ['KB150', `${SELECTOR}.namedResources[0].name`],
      ['KB152', `${SELECTOR}.namedResources[0].namespace`],
      ['KB154', `${SELECTOR}.references[0].jsonPath.name`],
      ['KB155', `${SELECTOR}.references[0]`],
    ]);
  });
});

describe('through the registry (validateObject)', () => {
  test('reports the claim rules with their paths', () => {
    const obj = exportWith(claim => {
      claim.selector.labelSelector.matchExpressions[0].operator = 'in';
      claim.selector.references[0].jsonPath.name = '.spec.secretName';
    });
    const mine = validateObject(obj, contextFor()).filter(v => v.rule >= 'KB140' && v.rule <= 'KB169');
    expect(where(mine)).toEqual([
      ['KB148', `${LABELS}.matchExpressions[0].operator`],
      ['KB154', `${SELECTOR}.references[0].jsonPath.name`],
    ]);
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
      expect(() => CLAIM_RULES.flatMap(r => r.check(junk as Manifest, ctx))).not.toThrow();
    }
  });
});
