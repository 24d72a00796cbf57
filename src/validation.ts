/**
 * The glue between constructs and the rules engine: per-object rules run in
 * each construct's validation, rules across objects run once per app. The
 * constructs never format messages themselves.
 */
import { ApiObject } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { contextFor, crossObjectViolations, validateObject, Violation } from './rules';
import { pairWithPrevious, validateUpdate } from './rules/updates';

/** The group of the kube-bind API an app's objects are checked against. */
const APP_GROUP = Symbol.for('cdk8s-kube-bind.appGroup');
const CROSS_CHECK = Symbol.for('cdk8s-kube-bind.crossObjectCheck');
const USED_GROUPS = Symbol.for('cdk8s-kube-bind.usedGroups');
const PREVIOUS = Symbol.for('cdk8s-kube-bind.previousObjects');

/**
 * One line per violation: `[KB031] spec.versions[1].storage ...message (hint)`.
 * Messages usually start with their field path; it is added only when missing.
 */
export function formatViolation(v: Violation): string {
  const where = v.path === '' || v.message.startsWith(v.path) ? '' : `${v.path}: `;
  return `[${v.rule}] ${where}${v.message}${v.hint ? ` (${v.hint})` : ''}`;
}

/**
 * Makes `construct` fail synthesis when the manifest of `resource` breaks an
 * error rule. Warnings are printed to stderr and do not fail the synth.
 */
export function validateWithRules(construct: Construct, resource: ApiObject, kubeBindGroup: () => string): void {
  construct.node.addValidation({
    validate: () => report(construct, validateObject(resource.toJson(), contextFor({ group: kubeBindGroup() }))),
  });
  ensureCrossObjectCheck(construct);
  (construct.node.root as any)[USED_GROUPS].push(kubeBindGroup);
}

/** Records the group the app's kube-bind CRDs serve; checks across objects use it. */
export function declareAppGroup(scope: IConstruct, group: string): void {
  const root: any = scope.node.root;
  if (root[APP_GROUP] === undefined) {
    Object.defineProperty(root, APP_GROUP, { value: group, writable: true });
  }
  ensureCrossObjectCheck(scope);
}

/** Hands the app the objects that are live, so synth fails on an unsafe update. */
export function declarePreviousObjects(scope: IConstruct, previous: any[]): void {
  const root: any = scope.node.root;
  ensureCrossObjectCheck(scope);
  root[PREVIOUS].push(...previous);
}

/**
 * Registers, once per app, the validation that runs the cross-object rules
 * over every API object in the app (ours, plain CRDs and anything else).
 */
function ensureCrossObjectCheck(scope: IConstruct): void {
  const root: any = scope.node.root;
  if (root[CROSS_CHECK]) return;
  Object.defineProperty(root, CROSS_CHECK, { value: true });
  Object.defineProperty(root, USED_GROUPS, { value: [] });
  Object.defineProperty(root, PREVIOUS, { value: [] });
  root.node.addValidation({
    validate: () => {
      const objects = root.node.findAll().filter((c: IConstruct) => ApiObject.isApiObject(c)) as ApiObject[];
      const manifests = objects.map(o => o.toJson());
      const group = root[APP_GROUP] ?? appGroupFromConstructs(root[USED_GROUPS]);
      const errors: string[] = [];
      const ctx = contextFor({ group });
      const found = crossObjectViolations(manifests, ctx);
      for (const { index, previous } of pairWithPrevious(root[PREVIOUS], manifests)) {
        found[index].push(...validateUpdate(previous, manifests[index], ctx));
      }
      found.forEach((violations, i) => {
        for (const line of report(objects[i], violations)) errors.push(`[${objects[i].node.path}] ${line}`);
      });
      return errors;
    },
  });
}

/**
 * Without KubeBindCrds in the app, the group the constructs agree on; when they
 * disagree, the default, so the cross-object rules point at the odd ones out.
 */
function appGroupFromConstructs(groups: Array<() => string>): string {
  const distinct = new Set(groups.map(g => g()));
  return distinct.size === 1 ? [...distinct][0] : contextFor().group;
}

function report(construct: IConstruct, violations: Violation[]): string[] {
  const errors: string[] = [];
  for (const v of violations) {
    if (v.severity === 'error') {
      errors.push(formatViolation(v));
    } else if (process.env.CDK8S_KUBE_BIND_QUIET === undefined) {
      process.stderr.write(`${v.severity}: [${construct.node.path}] ${formatViolation(v)}\n`);
    }
  }
  return errors;
}
