/**
 * A permission claim reference's jsonPath against the schema of the objects
 * it reads: what the BoundSchema flow (KB178, family reference-paths) and the
 * template flow (KB217, family provider-objects) share.
 *
 * kube-bind evaluates a reference's `jsonPath.name` and `.namespace` as GJSON
 * paths on each object of the referenced resource (pkg/resources/resources.go
 * at 6ac88b0f, matchesReferences: `gjson.Get`, then `if nameResult.Exists()`);
 * a name path that names no field finds nothing, and the claim silently claims
 * nothing. A namespace path that finds nothing does the opposite: the
 * namespace is compared only `if ... namespaceResult.Exists()`, so the name
 * found is claimed in every namespace. The API server prunes every field a structural schema does not
 * declare, so a path through declared fields that leaves them can never find
 * anything; under `x-kubernetes-preserve-unknown-fields` any field may exist.
 * A path using GJSON's wildcards, queries or modifiers is not judged.
 */
import { isObject, own } from '../../model/manifest';
import { closest, show } from '../engine/messages';

/** What a path met in one version's schema. */
export type Walked =
  | { readonly kind: 'fits' }
  /** Nothing can be at `segments[at]`: the node before it declares `known` (its property names). */
  | { readonly kind: 'missing'; readonly at: number; readonly known: readonly string[] }
  /** `segments[at]` is under x-kubernetes-preserve-unknown-fields: it may or may not exist. */
  | { readonly kind: 'open'; readonly at: number };

const FITS: Walked = { kind: 'fits' };

/** Fields every object has although its schema leaves them out (ObjectMeta is Kubernetes' own). */
const OBJECT_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

/**
 * The keys of a GJSON path (`spec.tls.0.secretName`, escaped dots kept in
 * their key), or undefined when the path uses what this check does not
 * follow: wildcards, queries (`#(...)`), modifiers (`@`), pipes, multipaths.
 */
export function gjsonKeys(path: string): string[] | undefined {
  if (path === '' || /[*?|@,[\]{}()!=<>]/.test(path.replace(/\\./g, ''))) return undefined;
  const keys: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '\\' && i + 1 < path.length) {
      current += path[++i];
    } else if (c === '.') {
      keys.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  keys.push(current);
  return keys.some(k => k === '') ? undefined : keys;
}

/**
 * Follows `keys` through a structural schema: what the API server keeps of
 * an object is what its schema declares (`properties`, `items`,
 * `additionalProperties`), everything under `x-kubernetes-preserve-unknown-fields`,
 * and apiVersion, kind and metadata at the root (and in embedded resources).
 */
export function walkSchema(schema: unknown, keys: readonly string[]): Walked {
  let node: unknown = schema;
  for (let i = 0; i < keys.length; i++) {
    if (!isObject(node)) return FITS; // no schema here: nothing to judge
    const key = keys[i];
    if ((i === 0 || own(node, 'x-kubernetes-embedded-resource') === true) && OBJECT_FIELDS.has(key)) {
      if (key === 'metadata') return FITS; // ObjectMeta: Kubernetes' own fields, not the schema's
      node = undefined;
      continue;
    }
    const type = own(node, 'type');
    const properties = own(node, 'properties');
    if (type === 'array' || (type === undefined && own(node, 'items') !== undefined)) {
      // `#` is every item, a number one item; GJSON reads nothing else of an array.
      if (key === '#' || /^[0-9]+$/.test(key)) {
        node = own(node, 'items');
        continue;
      }
      return { kind: 'missing', at: i, known: [] };
    }
    if (isObject(properties) && Object.prototype.hasOwnProperty.call(properties, key)) {
      node = own(properties, key);
      continue;
    }
    const additional = own(node, 'additionalProperties');
    if (additional === true || isObject(additional)) {
      node = isObject(additional) ? additional : undefined;
      continue;
    }
    if (own(node, 'x-kubernetes-preserve-unknown-fields') === true) return { kind: 'open', at: i };
    // Only objects are judged: below a scalar nothing can be either, but validate keeps no scalar
    // types (cli/cross-facts.ts), and both front-ends must find the same.
    if (own(node, 'x-kubernetes-int-or-string') === true || (type !== 'object' && !isObject(properties))) return FITS;
    return { kind: 'missing', at: i, known: isObject(properties) ? Object.keys(properties) : [] };
  }
  return FITS;
}

/** What a definition's list of versions says: the schema of each version, and the served ones. */
export interface VersionFacts {
  readonly schemas: ReadonlyMap<string, unknown>;
  readonly served: readonly string[];
}

/**
 * A version's schema: an object in a manifest; in the facts `validate` keeps
 * of each object (cli/cross-facts.ts), the shape of its fields as one JSON
 * string, parsed once per distinct string (`parsed` is the run's memory of them).
 */
function schemaOf(value: unknown, parsed: Map<string, unknown>): unknown {
  if (typeof value !== 'string') return value;
  if (!parsed.has(value)) {
    try {
      parsed.set(value, JSON.parse(value));
    } catch {
      parsed.set(value, undefined);
    }
  }
  return parsed.get(value);
}

/** The schemas and served versions of a list of versions (`spec.versions` of a CRD, a BoundSchema, a v1alpha1 export). */
export function versionFacts(versions: readonly unknown[], parsed: Map<string, unknown>): VersionFacts {
  const schemas = new Map<string, unknown>();
  const served: string[] = [];
  for (const v of versions) {
    const name = own(v, 'name');
    if (typeof name !== 'string') continue;
    const schema = schemaOf(own(own(v, 'schema'), 'openAPIV3Schema'), parsed);
    if (isObject(schema)) schemas.set(name, schema);
    if (own(v, 'served') === true) served.push(name);
  }
  return { schemas, served };
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/**
 * The versions a reference reads its objects in, as kube-bind picks them
 * (resources.go IsClaimedWithReference): its own, else those of the
 * resource's entry in `resources` (the export's, the template's), else, where
 * kube-bind would read none, every served version of the definition.
 */
export function versionsRead(ref: unknown, resources: unknown, group: string, resource: string, facts: VersionFacts): string[] {
  const own_ = stringList(own(ref, 'versions'));
  if (own_ !== undefined && own_.length > 0) return own_;
  if (Array.isArray(resources)) {
    const entry = resources.find(r => isObject(r) && (own(r, 'group') ?? '') === group && own(r, 'resource') === resource);
    const listed = stringList(own(entry, 'versions'));
    if (listed !== undefined && listed.length > 0) return listed;
  }
  return facts.served.length > 0 ? [...facts.served] : [...facts.schemas.keys()];
}

/** The path as written up to key `at`, for messages. */
function prefix(keys: readonly string[], at: number): string {
  return keys.slice(0, at).join('.');
}

/** Which expression of a reference's jsonPath: what kube-bind does when it finds nothing differs. */
export type ReferencePathKey = 'name' | 'namespace';

/**
 * What kube-bind does with a reference whose expression finds nothing
 * (resources.go matchesReferences at 6ac88b0f): no name, no match; no
 * namespace, and `namespaceMatches` stays true, so the name matches in every namespace.
 */
const WHEN_ABSENT: Record<ReferencePathKey, string> = {
  name: 'kube-bind finds no name there and claims nothing',
  namespace: 'kube-bind finds no namespace there and claims the object of the name it finds in every namespace, not in one',
};

/** What is wrong with one expression: `missing` (no such field can exist) or `open` (it may not), with the words. */
export interface ReferencePathProblem {
  readonly kind: 'missing' | 'open';
  readonly message: string;
  readonly hint: string;
}

/**
 * One expression (`jsonPath.name` or `.namespace`, as `key` says) of a reference
 * against the schemas of the versions it reads; `label` names the definition in
 * the words (`CustomResourceDefinition "widgets.example.com"`); `nameExpression`
 * is the reference's `jsonPath.name`, never offered as the fix of its namespace.
 * Undefined when some version can hold it, or it is not judged.
 */
export function referencePathProblem(
  expression: string, facts: VersionFacts, label: string, versions: readonly string[], key: ReferencePathKey, nameExpression?: unknown,
): ReferencePathProblem | undefined {
  const keys = gjsonKeys(expression.trim());
  if (keys === undefined) return undefined;
  const walked = versions.flatMap(v => facts.schemas.has(v) ? [walkSchema(facts.schemas.get(v), keys)] : []);
  if (walked.length === 0 || walked.some(w => w.kind === 'fits')) return undefined;
  const open = walked.find((w): w is Extract<Walked, { kind: 'open' }> => w.kind === 'open');
  if (open !== undefined) {
    const under = open.at === 0 ? 'the object' : prefix(keys, open.at);
    return {
      kind: 'open',
      message: `${show(expression)} may select nothing: ${under} keeps unknown fields, so the schema cannot tell`,
      hint: `${label} marks ${under} x-kubernetes-preserve-unknown-fields, so ${show(keys[open.at])} may or may not exist there `
        + `(where it does not, ${WHEN_ABSENT[key]}); check the path against the objects, or declare the field in the schema`,
    };
  }
  const missing = walked[0] as Extract<Walked, { kind: 'missing' }>;
  const guess = closest(keys[missing.at], missing.known);
  const guessed = guess !== undefined ? [...keys.slice(0, missing.at), guess, ...keys.slice(missing.at + 1)].join('.') : undefined;
  // `closest` takes "name" for "namespace" (a prefix): the path that finds the name cannot be the one that finds the namespace.
  const fixed = key === 'namespace' && typeof nameExpression === 'string' && guessed === nameExpression.trim() ? undefined : guessed;
  const where = missing.at === 0 ? 'the object' : prefix(keys, missing.at);
  return {
    kind: 'missing',
    message: `${show(expression)} selects nothing: no such field${fixed !== undefined ? ` (did you mean ${show(fixed)}?)` : ''}`,
    hint: `the API server keeps only the fields ${label} declares; ${where} ${missing.known.length > 0
      ? `declares ${missing.known.slice(0, 8).join(', ')}${missing.known.length > 8 ? ', ...' : ''}`
      : 'declares no field of that name'} (versions ${versions.join(', ')}), so ${WHEN_ABSENT[key]}`,
  };
}
