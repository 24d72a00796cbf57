/**
 * What src/glue/validation.ts must hold whatever order cdk8s validates in.
 */
import { ApiObject, Chart, Lazy, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { ApiServiceExport, BoundSchema, PermissionClaim, Scope } from '../src';
import { chart as testChart, widgetSchema } from './util';
import * as rules from '../src/rules';

fc.configureGlobal({ seed: 4242, numRuns: 40 });

describe('findings do not depend on the order cdk8s validates in', () => {
  function app(): Chart {
    const chart = testChart();
    const schema = (id: string, plural: string, cluster: boolean) => new BoundSchema(chart, id, {
      group: 'example.com',
      names: { kind: plural[0].toUpperCase() + plural.slice(1, -1), plural },
      schema: widgetSchema(),
      versions: [{ name: cluster ? 'v1' : 'V1' }],
      ...(cluster ? { scope: Scope.CLUSTER } : {}),
    });
    // A namespaced and a cluster-scoped resource in one export: an error across objects (KB175).
    new ApiServiceExport(chart, 'export', {
      schemas: [schema('widgets', 'widgets', false), schema('gadgets', 'gadgets', true)],
      permissionClaims: [new PermissionClaim({ resource: kplus.ApiResource.SECRETS, namedResources: [{ name: 'Not A Name' }] })],
    });
    return chart;
  }

  /** Every construct's validation errors, `[path] error`, validating in the order given. */
  function errors(chart: Chart, order: (all: ReturnType<Chart['node']['findAll']>) => typeof all): string[] {
    const out: string[] = [];
    const all = chart.node.root.node.findAll();
    for (let pass = 0; pass < 2; pass++) {
      for (const c of order(all)) for (const e of c.node.validate()) out.push(`${pass} [${c.node.path}] ${e}`);
    }
    return out.sort();
  }

  test('root first, root last, or shuffled: the same errors in every pass', () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const forward = errors(app(), all => all);
      expect(forward.filter(e => e.startsWith('0 '))).toEqual(forward.filter(e => e.startsWith('1 ')).map(e => `0${e.slice(1)}`));
      expect(forward.join('\n')).toMatch(/\[test\/widgets\] \[KB005\]/);
      expect(forward.join('\n')).toMatch(/\[test\/export\] \[KB175\]/);
      expect(errors(app(), all => [...all].reverse())).toEqual(forward);
      fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), seed => {
        const rank = (path: string) => (rankOf(path) * seed) % 1009;
        const shuffled = (all: any[]) => [...all].sort((a, b) => rank(a.node.path) - rank(b.node.path));
        expect(errors(app(), shuffled)).toEqual(forward);
      }), { numRuns: 10 });
    } finally {
      stderr.mockRestore();
    }
  });

  test('a Lazy value in the metadata is read again in every pass', () => {
    const chart = testChart();
    let team = 'a';
    new ApiServiceExport(chart, 'export', {
      metadata: { name: 'export', labels: { team: Lazy.any({ produce: () => team }) as any } },
      resources: [{ group: 'example.com', resource: 'widgets' }],
    });
    const validated = jest.spyOn(rules, 'validateObject');
    Testing.synth(chart);
    team = 'b';
    Testing.synth(chart);
    expect(validated.mock.calls.map(c => c[0].metadata.labels.team)).toEqual(['a', 'b']);
    validated.mockRestore();
  });
});

describe('a user\'s subclass is looked at in every pass', () => {
  /** A user's subclass with a mutator of its own. */
  class TeamExport extends ApiServiceExport {
    public isolationOverride?: string;
    protected renderSpec(): { [key: string]: any } {
      const spec = super.renderSpec();
      if (this.isolationOverride !== undefined) spec.isolation = this.isolationOverride;
      return spec;
    }
  }

  test('its change reaches the output and the rules in a later synth', () => {
    const chart = testChart();
    const exp = new TeamExport(chart, 'export', { metadata: { name: 'export' }, resources: [{ group: 'example.com', resource: 'widgets' }] });
    expect(Testing.synth(chart)[0].spec.isolation).toBe('Prefixed');
    exp.isolationOverride = 'Sideways';
    expect(() => Testing.synth(chart)).toThrow(/\[test\/export\] .*spec\.isolation.*"Sideways"/);
    expect(ApiObject.of(exp).toJson().spec.isolation).toBe('Sideways');
  });
});

/** A number per path, spread enough for a shuffle. */
function rankOf(s: string): number {
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) % 1009;
  return h;
}
