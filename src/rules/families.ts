/**
 * The rule families in catalogue order, each with what it applies to, so a
 * run loads a family's file only when one of its objects needs it: a file
 * of exports alone never loads the CRD, conversion or printer-column rules
 * (start-up counts in a pre-commit hook). `registry.ts` loads them all, for
 * what needs the whole catalogue (docs, SARIF, scenarios); the runners go
 * through `rulesFor`. test/rules/registry.test.ts checks that each family's
 * targets are exactly those its rules declare.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { KindVersion } from './kinds';
import { AnyRule } from './rule';

/**
 * What a family's rules apply to: the kinds/versions of their `appliesTo`,
 * `other` for rules that judge the kind itself (KB001: objects of no known
 * kind/version), `app` for rules across objects. Update rules are loaded by
 * `validateUpdate` itself.
 */
export type Target = KindVersion | 'other' | 'app';

export interface Family {
  /** Its file, `<name>.ts`, with its scenarios in `<name>.scenarios.ts`. */
  readonly name: string;
  readonly targets: readonly Target[];
  /** Its rules, in order; the file is loaded on first call. */
  readonly rules: () => readonly AnyRule[];
}

const V1ALPHA1: Target = 'APIServiceExport/v1alpha1';
const V1ALPHA2: Target = 'APIServiceExport/v1alpha2';
const SCHEMA: Target = 'BoundSchema/v1alpha2';
const CRD: Target = 'CustomResourceDefinition/v1';

/** Every family, in catalogue order. Adding a family is one line here. */
export const FAMILY_LIST: readonly Family[] = [
  { name: 'schema', targets: [V1ALPHA1, V1ALPHA2, SCHEMA, 'other'], rules: () => (require('./schema') as typeof import('./schema')).SCHEMA_RULES },
  { name: 'names', targets: [V1ALPHA1, V1ALPHA2, SCHEMA, CRD], rules: () => (require('./names') as typeof import('./names')).NAME_RULES },
  { name: 'versions', targets: [V1ALPHA1, SCHEMA, CRD], rules: () => (require('./versions') as typeof import('./versions')).VERSION_RULES },
  {
    name: 'printer-columns',
    targets: [V1ALPHA1, SCHEMA, CRD],
    rules: () => (require('./printer-columns') as typeof import('./printer-columns')).PRINTER_COLUMN_RULES,
  },
  { name: 'subresources', targets: [V1ALPHA1, SCHEMA, CRD], rules: () => (require('./subresources') as typeof import('./subresources')).SUBRESOURCE_RULES },
  {
    name: 'export-v1alpha1',
    targets: [V1ALPHA1],
    rules: () => (require('./export-v1alpha1') as typeof import('./export-v1alpha1')).EXPORT_V1ALPHA1_RULES,
  },
  { name: 'conversion', targets: [SCHEMA, CRD], rules: () => (require('./conversion') as typeof import('./conversion')).CONVERSION_RULES },
  { name: 'conditions', targets: [V1ALPHA1, V1ALPHA2, SCHEMA], rules: () => (require('./conditions') as typeof import('./conditions')).CONDITION_RULES },
  { name: 'export', targets: [V1ALPHA2], rules: () => (require('./export') as typeof import('./export')).EXPORT_RULES },
  { name: 'claims', targets: [V1ALPHA2], rules: () => (require('./claims') as typeof import('./claims')).CLAIM_RULES },
  { name: 'crd', targets: [CRD], rules: () => (require('./crd') as typeof import('./crd')).CRD_RULES },
  { name: 'cross-object', targets: ['app'], rules: () => (require('./cross-object') as typeof import('./cross-object')).CROSS_OBJECT_RULES },
  { name: 'updates', targets: [], rules: () => (require('./updates') as typeof import('./updates')).UPDATE_RULES },
];

/** The rules of the families that apply to `target`, in catalogue order (loading only those families). */
export function rulesFor(target: Target): AnyRule[] {
  return FAMILY_LIST.filter(f => f.targets.includes(target)).flatMap(f => f.rules());
}

/** The targets a family's rules declare: what `targets` must say. */
export function declaredTargets(rules: readonly AnyRule[]): Target[] {
  const out = new Set<Target>();
  for (const rule of rules) {
    if (rule.scope === 'app') out.add('app');
    else if (rule.scope === 'object' && rule.judgesKind === true) out.add('other');
    else if (rule.scope === 'object') for (const t of rule.appliesTo) out.add(t);
  }
  return [...out];
}
