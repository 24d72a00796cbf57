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
    'src/rules/index.ts': ['src/rules/kube-bind/scope.ts'],
    'src/rules/kube-bind/scope.ts': ['src/model/kinds.ts', 'src/crds/index.ts', 'src/rules/helpers/h.ts', 'src/rules/engine/rule.ts'],
    'src/rules/helpers/h.ts': ['src/rules/k8s/names.ts'],
    'src/rules/k8s/names.ts': ['src/rules/engine/rule.ts'],
    'src/rules/engine/rule.ts': [],
    'src/migrate/crd.ts': ['src/rules/index.ts', 'src/values/resource-names.ts'],
    'src/values/resource-names.ts': ['src/model/kinds.ts'],
    'src/io/batch.ts': [],
    'src/glue/validation.ts': ['src/rules/index.ts', 'cdk8s'],
    'src/constructs/bound-schema.ts': ['src/migrate/crd.ts', 'src/io/batch.ts', 'src/glue/validation.ts', 'cdk8s'],
    'src/cli/main.ts': ['src/constructs/bound-schema.ts', 'src/rules/index.ts'],
    'src/plugin/cdk8s-plugin.ts': ['src/cli/main.ts'],
    'src/index.ts': ['src/constructs/bound-schema.ts'],
  })).toEqual([]);
});

test('an import that runs back up a layer', () => {
  expect(check({
    'src/crds/index.ts': ['src/rules/index.ts'],
    'src/rules/index.ts': [],
    'src/rules/kube-bind/versions.ts': ['src/migrate/crd.ts'],
    'src/migrate/crd.ts': [],
  })).toEqual([
    'back-arrow: src/crds/index.ts (crds) -> src/rules/index.ts (rules)',
    'back-arrow: src/rules/kube-bind/versions.ts (rules) -> src/migrate/crd.ts (lifecycle and migrate)',
  ]);
});

test('an import into a family, the registry or the runner past the rules index; the engine, mirrors and helpers are open', () => {
  expect(check({
    'src/migrate/crd.ts': ['src/rules/engine/messages.ts', 'src/rules/k8s/names.ts', 'src/rules/helpers/schema-equality.ts', 'src/rules/kube-bind/scope.ts'],
    'src/lifecycle/conditions.ts': ['src/rules/registry.ts', 'src/rules/runner.ts'],
    'src/rules/engine/messages.ts': [],
    'src/rules/k8s/names.ts': [],
    'src/rules/helpers/schema-equality.ts': [],
    'src/rules/kube-bind/scope.ts': [],
    'src/rules/registry.ts': [],
    'src/rules/runner.ts': [],
  })).toEqual([
    'past the rules index: src/migrate/crd.ts -> src/rules/kube-bind/scope.ts (import from src/rules, or from its engine, k8s or helpers folders)',
    'past the rules index: src/lifecycle/conditions.ts -> src/rules/registry.ts (import from src/rules, or from its engine, k8s or helpers folders)',
    'past the rules index: src/lifecycle/conditions.ts -> src/rules/runner.ts (import from src/rules, or from its engine, k8s or helpers folders)',
  ]);
});

test('a file at the top of src/ other than the index, and a folder that is no layer', () => {
  expect(check({ 'src/index.ts': ['src/widget.ts'], 'src/widget.ts': [], 'src/misc/x.ts': [] })).toEqual([
    'outside the layers: src/widget.ts (a file of src/ lives in the folder of its layer)',
    'outside the layers: src/misc/x.ts (a file of src/ lives in the folder of its layer)',
  ]);
});

test('inside the rules: the engine below the mirrors below the helpers below the families, no family importing another', () => {
  expect(check({
    'src/rules/engine/rule.ts': ['src/rules/k8s/names.ts'],
    'src/rules/k8s/names.ts': ['src/rules/kube-bind/export.ts'],
    'src/rules/kube-bind/export.ts': [],
    'src/rules/kube-bind/claims.ts': ['src/rules/kube-bind/export.ts', 'src/rules/kube-bind/claims.scenarios.ts'],
    'src/rules/kube-bind/claims.scenarios.ts': [],
  })).toEqual([
    'back-arrow in the rules: src/rules/engine/rule.ts (engine) -> src/rules/k8s/names.ts (k8s)',
    'back-arrow in the rules: src/rules/k8s/names.ts (k8s) -> src/rules/kube-bind/export.ts (kube-bind)',
    'family to family: src/rules/kube-bind/claims.ts -> src/rules/kube-bind/export.ts (move what both need to src/rules/helpers/)',
  ]);
});

test('a cycle, and a layer below the constructs that reaches cdk8s through another file', () => {
  expect(check({
    'src/rules/engine/a.ts': ['src/rules/engine/b.ts'],
    'src/rules/engine/b.ts': ['src/rules/engine/a.ts'],
    'src/model/c.ts': ['src/model/d.ts'],
    'src/model/d.ts': ['constructs'],
  })).toEqual([
    'import cycle:\n    src/rules/engine/a.ts -> src/rules/engine/b.ts\n    src/rules/engine/b.ts -> src/rules/engine/a.ts',
    'model reaches cdk8s: src/model/c.ts -> src/model/d.ts -> constructs',
    'model reaches cdk8s: src/model/d.ts -> constructs',
  ]);
});
