/**
 * "The schemas are equal across versions" (spec §8.2), read semantically:
 * two openAPIV3Schemas are the same schema when they accept the same objects
 * and Kubernetes treats them alike. Keywords that only document a schema node
 * (`description`, `example`, `externalDocs`) do not count; everything else
 * does, key order aside.
 *
 * A documentation keyword is ignored only where it is a keyword: on a schema
 * node. A property that happens to be named `description` (a key of
 * `properties`) is a field and counts, and so does any key inside data such
 * as `default`, `enum` or `x-kubernetes-validations`.
 *
 * KB035 and `from-crd` (and anything else that compares version schemas)
 * use this one function, so they cannot disagree.
 */
import { isObject } from '../../model/manifest';
import { item } from '../engine/paths';
import { keyPath } from '../k8s/values';

/** Schema keywords that document a node without constraining it (JSONSchemaProps in apiextensions-apiserver). */
export const DOCUMENTATION_KEYWORDS: readonly string[] = ['description', 'example', 'externalDocs'];

/** Marks a key or item present on one side only. */
export const MISSING: unique symbol = Symbol('missing');

/** Where two schemas differ (relative to the compared roots, e.g. `.properties.spec.type`) and what each side holds there. */
export interface VersionSchemaDifference {
  readonly path: string;
  readonly left: unknown;
  readonly right: unknown;
}

// How a value is compared: as a schema node, as a map or list of schema nodes, or as plain data.
const DATA = 0;
const SCHEMA = 1;
const SCHEMA_MAP = 2;
const SCHEMA_LIST = 3;
/** A schema, or something else in the same place (a boolean, a list of schemas or of strings). */
const SCHEMA_OR_OTHER = 4;
type Mode = typeof DATA | typeof SCHEMA | typeof SCHEMA_MAP | typeof SCHEMA_LIST | typeof SCHEMA_OR_OTHER;

/** The keywords of JSONSchemaProps whose values hold schema nodes; every other keyword's value is data. */
const SCHEMA_KEYWORDS: { readonly [keyword: string]: Mode } = {
  properties: SCHEMA_MAP,
  patternProperties: SCHEMA_MAP,
  definitions: SCHEMA_MAP,
  dependencies: SCHEMA_MAP,
  allOf: SCHEMA_LIST,
  anyOf: SCHEMA_LIST,
  oneOf: SCHEMA_LIST,
  not: SCHEMA,
  items: SCHEMA_OR_OTHER,
  additionalProperties: SCHEMA_OR_OTHER,
  additionalItems: SCHEMA_OR_OTHER,
};

interface Task {
  readonly left: unknown;
  readonly right: unknown;
  readonly mode: Mode;
  readonly parent?: Task;
  /** The key or index that leads from the parent here. */
  readonly step?: string | number;
  /** Set when the difference is already known to be here (one side is missing). */
  readonly found?: true;
}

/** Paths are built only for the difference reported, never while comparing. */
function pathOf(task: Task): string {
  const steps: Array<string | number> = [];
  for (let t: Task | undefined = task; t !== undefined && t.step !== undefined; t = t.parent) steps.push(t.step);
  let path = '';
  for (const step of steps.reverse()) path = typeof step === 'number' ? item(path, step) : dotted(path, step);
  return path;
}

/** `.key` or `[key]`, always with a separator, so the result can be appended to the path of the compared roots. */
function dotted(path: string, key: string): string {
  const joined = keyPath(path, key);
  return path === '' && !joined.startsWith('[') ? `.${joined}` : joined;
}

/**
 * The first place, in document order with keys sorted, where two version
 * schemas differ in something other than documentation; undefined when they
 * are the same schema. Iterative, so that deep nesting cannot exhaust the stack.
 */
export function versionSchemaDifference(left: unknown, right: unknown): VersionSchemaDifference | undefined {
  // Last in, first out; children are pushed in reverse so that the first difference in document order wins.
  const tasks: Task[] = [{ left, right, mode: SCHEMA }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if (task.found) return { path: pathOf(task), left: task.left, right: task.right };
    const a = task.left;
    const b = task.right;
    const mode = task.mode === SCHEMA_OR_OTHER
      ? (isObject(a) && isObject(b) ? SCHEMA : Array.isArray(a) && Array.isArray(b) ? SCHEMA_LIST : DATA)
      : task.mode;
    if (Array.isArray(a) && Array.isArray(b)) {
      const childMode = mode === SCHEMA_LIST ? SCHEMA : DATA;
      const next: Task[] = [];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i < a.length && i < b.length) next.push({ left: a[i], right: b[i], mode: childMode, parent: task, step: i });
        else next.push({ left: i < a.length ? a[i] : MISSING, right: i < b.length ? b[i] : MISSING, mode: DATA, parent: task, step: i, found: true });
      }
      tasks.push(...next.reverse());
    } else if (isObject(a) && isObject(b)) {
      const isSchema = mode === SCHEMA;
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      const next: Task[] = [];
      for (const key of keys) {
        if (isSchema && DOCUMENTATION_KEYWORDS.includes(key)) continue;
        const childMode: Mode = isSchema ? (Object.prototype.hasOwnProperty.call(SCHEMA_KEYWORDS, key) ? SCHEMA_KEYWORDS[key] : DATA)
          : mode === SCHEMA_MAP ? SCHEMA_OR_OTHER : DATA;
        const inA = Object.prototype.hasOwnProperty.call(a, key);
        const inB = Object.prototype.hasOwnProperty.call(b, key);
        if (inA && inB) next.push({ left: a[key], right: b[key], mode: childMode, parent: task, step: key });
        else next.push({ left: inA ? a[key] : MISSING, right: inB ? b[key] : MISSING, mode: DATA, parent: task, step: key, found: true });
      }
      tasks.push(...next.reverse());
    } else if (!(Object.is(a, b) || a === b)) {
      return { path: pathOf(task), left: a, right: b };
    }
  }
  return undefined;
}
