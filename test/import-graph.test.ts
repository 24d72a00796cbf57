/**
 * The layer check of scripts/import-graph.ts (run by `npx projen layers:check`) on small graphs:
 * each kind of breach it must report, and a graph that follows the layers.
 */
import { importBreaches } from '../scripts/import-graph';

const check = (edges: { [file: string]: string[] }) => importBreaches(new Map(Object.entries(edges)));

test('imports that follow the layers, rules entered through their index: no breach', () => {
  expect(check({
    'src/model/kinds.ts': ['src/model/manifest.ts'],
    'src/model/manifest.ts': [],
    'src/crds/index.ts': ['src/model/kinds.ts'],
    'src/rules/index.ts': ['src/rules/scope.ts'],
    'src/rules/scope.ts': ['src/model/kinds.ts', 'src/crds/index.ts'],
    'src/migrate/crd.ts': ['src/rules/index.ts', 'src/resource-names.ts'],
    'src/resource-names.ts': ['src/model/kinds.ts'],
    'src/io/batch.ts': [],
    'src/bound-schema.ts': ['src/migrate/crd.ts', 'src/io/batch.ts', 'cdk8s'],
    'src/cli/main.ts': ['src/bound-schema.ts', 'src/rules/index.ts'],
  })).toEqual([]);
});

test('an import that runs back up a layer', () => {
  expect(check({
    'src/crds/index.ts': ['src/rules/index.ts'],
    'src/rules/index.ts': [],
    'src/rules/versions.ts': ['src/migrate/crd.ts'],
    'src/migrate/crd.ts': [],
  })).toEqual([
    'back-arrow: src/crds/index.ts (crds) -> src/rules/index.ts (rules)',
    'back-arrow: src/rules/versions.ts (rules) -> src/migrate/crd.ts (lifecycle and migrate)',
  ]);
});

test('an import into the rules past their index', () => {
  expect(check({ 'src/migrate/crd.ts': ['src/rules/messages.ts'], 'src/rules/messages.ts': [] }))
    .toEqual(['past the rules index: src/migrate/crd.ts -> src/rules/messages.ts (import from src/rules)']);
});

test('a cycle, and a layer below the constructs that reaches cdk8s through another file', () => {
  expect(check({
    'src/rules/a.ts': ['src/rules/b.ts'],
    'src/rules/b.ts': ['src/rules/a.ts'],
    'src/model/c.ts': ['src/model/d.ts'],
    'src/model/d.ts': ['constructs'],
  })).toEqual([
    'import cycle:\n    src/rules/a.ts -> src/rules/b.ts\n    src/rules/b.ts -> src/rules/a.ts',
    'model reaches cdk8s: src/model/c.ts -> src/model/d.ts -> constructs',
    'model reaches cdk8s: src/model/d.ts -> constructs',
  ]);
});
