/**
 * Reference paths against the schema they read: a permission claim's
 * reference (`selector.references[]`) names the objects of a resource and
 * the GJSON path in them that holds the claimed object's name (and
 * namespace). kube-bind evaluates the path on each referencing object and
 * claims what it finds; a path the resource's schema cannot hold finds
 * nothing, so the claim silently claims nothing (`spec.secretNmae` for
 * `spec.secretName`).
 *
 * The referenced schema is known when the objects checked together hold a
 * BoundSchema, a v1alpha1 export or a CustomResourceDefinition of the
 * reference's group and resource (a BoundSchema or v1alpha1 export only in
 * the export's namespace). The API server prunes every field its structural
 * schema does not declare, so a path through declared fields that leaves
 * them selects nothing: an error. Under `x-kubernetes-preserve-unknown-fields`
 * any field may exist: a warning. A path using GJSON's wildcards, queries or
 * modifiers is not judged.
 */
import { kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { censusOf, objectsAmong, objectsOf } from '../engine/census';
import { closest, show } from '../engine/messages';
import { field } from '../engine/paths';
import { CrossObjectRule, Located, RuleContext, defineRule } from '../engine/rule';
import { keptViolation as violation, Violation } from '../engine/violation';

type Obj = { [key: string]: any };

/** What a path met in one version's schema. */
type Walked =
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

/** What a definition's spec says of its versions: shared by the objects that share one spec. */
interface VersionFacts {
  readonly schemas: ReadonlyMap<string, unknown>;
  readonly served: readonly string[];
}

/** A resource's schemas, by version name, and where they come from (made when a reference reads it). */
interface Definition {
  readonly label: string;
  readonly schemas: ReadonlyMap<string, unknown>;
  readonly served: readonly string[];
}

function namespaceOf(m: Manifest): string | undefined {
  const namespace = own(own(m, 'metadata'), 'namespace');
  return typeof namespace === 'string' && namespace !== '' ? namespace : undefined;
}

/**
 * A version's schema: an object in a manifest; in the facts `validate` keeps
 * of each object (cli/cross-facts.ts), the shape of its fields as one JSON
 * string, parsed once per distinct string.
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

/** The schemas and served versions of a list of versions. */
function versionFacts(versions: readonly unknown[], parsed: Map<string, unknown>): VersionFacts {
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

/** The kind a definition is labelled by: a v1 CRD, a BoundSchema or a v1alpha1 export; undefined for anything else. */
function definitionKind(manifest: Manifest, ctx: RuleContext): string | undefined {
  if (own(manifest, 'kind') === 'CustomResourceDefinition' && own(manifest, 'apiVersion') === 'apiextensions.k8s.io/v1') return 'CustomResourceDefinition';
  const kv = kindVersionOf(manifest, ctx.group);
  return kv === 'BoundSchema/v1alpha2' ? 'BoundSchema' : kv === 'APIServiceExport/v1alpha1' ? 'APIServiceExport' : undefined;
}

/** The definitions of the objects, by `group/plural`: BoundSchemas, v1alpha1 exports and v1 CRDs. */
function definitions(objects: readonly Located[], ctx: RuleContext): Map<string, Definitions> {
  const out = new Map<string, Definitions>();
  const parsed = new Map<string, unknown>();
  // Read once per list of versions: objects that differ only in metadata share theirs in validate's facts.
  const byVersions = new Map<unknown, VersionFacts>();
  // The objects that can define: BoundSchemas, v1alpha1 exports, and CRDs (among the others).
  for (const located of objectsAmong(objects, censusOf(objects, ctx.group), ['BoundSchema/v1alpha2', 'APIServiceExport/v1alpha1'], true)) {
    const kind = definitionKind(located.manifest, ctx);
    if (kind === undefined) continue;
    const spec = own(located.manifest, 'spec');
    const group = own(spec, 'group');
    const plural = own(own(spec, 'names'), 'plural');
    const versions = own(spec, 'versions');
    if (typeof group !== 'string' || typeof plural !== 'string' || !Array.isArray(versions)) continue;
    let facts = byVersions.get(versions);
    if (facts === undefined) byVersions.set(versions, facts = versionFacts(versions, parsed));
    if (facts.schemas.size === 0) continue;
    const key = `${group}/${plural}`;
    let found = out.get(key);
    if (found === undefined) out.set(key, found = new Definitions(key, byVersions, ctx));
    found.add(located, kind === 'CustomResourceDefinition');
  }
  return out;
}

/**
 * The definitions of one group/resource, indexed for the lookup of
 * `definitionFor`: the first of each kind of place, in input order, instead
 * of a list filtered for every reference (a provider's `kubectl get -A`
 * repeats the same BoundSchema in every consumer namespace). They are kept as
 * the objects they are (a run may hold a namespace per object), and read as
 * a `Definition` when a reference comes to one.
 */
class Definitions {
  /** The first CRD (cluster-wide). */
  private cluster?: Located;
  /** The first BoundSchema or v1alpha1 export of no namespace, and the first of each namespace. */
  private noNamespace?: Located;
  private readonly byNamespace = new Map<string, Located>();
  /** The first that is not a CRD, of any namespace. */
  private firstNamespaced?: Located;

  constructor(private readonly key: string, private readonly versions: ReadonlyMap<unknown, VersionFacts>, private readonly ctx: RuleContext) {}

  public add(located: Located, clusterWide: boolean): void {
    if (clusterWide) {
      this.cluster ??= located;
      return;
    }
    this.firstNamespaced ??= located;
    const namespace = namespaceOf(located.manifest);
    if (namespace === undefined) this.noNamespace ??= located;
    else if (!this.byNamespace.has(namespace)) this.byNamespace.set(namespace, located);
  }

  /**
   * The definition a reference of an export in `namespace` reads: the first
   * (in input order) BoundSchema or v1alpha1 export it can see (its own
   * namespace, or none), else the first CRD.
   */
  public for(namespace: string | undefined): Definition | undefined {
    if (namespace === undefined) return this.definition(this.firstNamespaced ?? this.cluster);
    const here = this.byNamespace.get(namespace);
    const anywhere = this.noNamespace;
    const first = here === undefined || anywhere === undefined ? here ?? anywhere : (here.index < anywhere.index ? here : anywhere);
    return this.definition(first ?? this.cluster);
  }

  private definition(located: Located | undefined): Definition | undefined {
    if (located === undefined) return undefined;
    const { manifest } = located;
    const name = own(own(manifest, 'metadata'), 'name');
    const { schemas, served } = this.versions.get(own(own(manifest, 'spec'), 'versions'))!;
    return { label: `${definitionKind(manifest, this.ctx)} ${show(typeof name === 'string' ? name : this.key)}`, schemas, served };
  }
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

/** The versions a reference reads its objects in: its own, else the export's for that resource, else every served one. */
function versionsRead(ref: Obj, exported: unknown, group: string, resource: string, definition: Definition): string[] {
  const own_ = stringList(own(ref, 'versions'));
  if (own_ !== undefined && own_.length > 0) return own_;
  if (Array.isArray(exported)) {
    const entry = exported.find(r => isObject(r) && (own(r, 'group') ?? '') === group && own(r, 'resource') === resource);
    const listed = stringList(own(entry, 'versions'));
    if (listed !== undefined && listed.length > 0) return listed;
  }
  return definition.served.length > 0 ? [...definition.served] : [...definition.schemas.keys()];
}

/** The path as written up to key `at`, for messages. */
function prefix(keys: readonly string[], at: number): string {
  return keys.slice(0, at).join('.');
}

/** One expression (`jsonPath.name` or `.namespace`) of a reference against the definition's schemas. */
function checkExpression(path: string, expression: string, definition: Definition, versions: readonly string[]): Violation | undefined {
  const keys = gjsonKeys(expression.trim());
  if (keys === undefined) return undefined;
  const walked = versions.flatMap(v => definition.schemas.has(v) ? [walkSchema(definition.schemas.get(v), keys)] : []);
  if (walked.length === 0 || walked.some(w => w.kind === 'fits')) return undefined;
  const open = walked.find((w): w is Extract<Walked, { kind: 'open' }> => w.kind === 'open');
  if (open !== undefined) {
    const under = open.at === 0 ? 'the object' : prefix(keys, open.at);
    return violation(referencePathExists, path,
      `${show(expression)} may select nothing: ${under} keeps unknown fields, so the schema cannot tell`,
      `${definition.label} marks ${under} x-kubernetes-preserve-unknown-fields, so ${show(keys[open.at])} may or may not exist there; `
      + 'check the name against the objects, or declare the field in the schema', 'warning');
  }
  const missing = walked[0] as Extract<Walked, { kind: 'missing' }>;
  const guess = closest(keys[missing.at], missing.known);
  const fixed = guess !== undefined ? [...keys.slice(0, missing.at), guess, ...keys.slice(missing.at + 1)].join('.') : undefined;
  const where = missing.at === 0 ? 'the object' : prefix(keys, missing.at);
  return violation(referencePathExists, path,
    `${show(expression)} selects nothing: no such field${fixed !== undefined ? ` (did you mean ${show(fixed)}?)` : ''}`,
    `the API server keeps only the fields ${definition.label} declares; ${where} ${missing.known.length > 0
      ? `declares ${missing.known.slice(0, 8).join(', ')}${missing.known.length > 8 ? ', ...' : ''}`
      : 'declares no field of that name'} (versions ${versions.join(', ')}), so kube-bind finds no name there and claims nothing`);
}

const referencePathExists: CrossObjectRule = defineRule({
  id: 'KB178',
  title: 'A reference\'s jsonPath names a field the referenced resource\'s schema can hold (when that schema is in the set)',
  source: 'kube-bind behaviour (references are GJSON paths evaluated on the referencing objects); Kubernetes structural schema pruning',
  severity: 'error',
  scope: 'app',
  // The claims' references of v1alpha2 exports, and the shape of the schemas they refer to.
  reads: {
    kinds: ['APIServiceExport', 'BoundSchema', 'CustomResourceDefinition'],
    fields: {
      spec: {
        group: true,
        names: true,
        resources: { group: true, resource: true, versions: true },
        versions: { name: true, served: true, schema: { openAPIV3Schema: 'shape' } },
        permissionClaims: { selector: { references: { group: true, resource: true, versions: true, jsonPath: true } } },
      },
    },
  },
  check(objects, ctx) {
    const out: Array<{ index: number; violation: Violation }> = [];
    let defs: Map<string, Definitions> | undefined;
    for (const { index, manifest } of objectsOf(censusOf(objects, ctx.group), 'APIServiceExport/v1alpha2')) {
      // No object defines a resource (an app's exports whose CRDs live in the cluster): no reference can be checked.
      if (defs !== undefined && defs.size === 0) break;
      const spec = own(manifest, 'spec');
      const claims = own(spec, 'permissionClaims');
      if (!Array.isArray(claims)) continue;
      claims.forEach((claim, c) => {
        const references = own(own(claim, 'selector'), 'references');
        if (!Array.isArray(references)) return;
        references.forEach((ref, r) => {
          const group = own(ref, 'group') ?? '';
          const resource = own(ref, 'resource');
          const jsonPath = own(ref, 'jsonPath');
          if (!isObject(ref) || typeof group !== 'string' || typeof resource !== 'string' || !isObject(jsonPath)) return;
          defs ??= definitions(objects, ctx);
          const definition = defs.get(`${group}/${resource}`)?.for(namespaceOf(manifest));
          if (definition === undefined) return;
          const versions = versionsRead(ref, own(spec, 'resources'), group, resource, definition);
          const at = field(`spec.permissionClaims[${c}].selector.references[${r}]`, 'jsonPath');
          for (const key of ['name', 'namespace']) {
            const expression = own(jsonPath, key);
            if (typeof expression !== 'string' || expression.trim() === '') continue;
            const found = checkExpression(field(at, key), expression, definition, versions);
            if (found !== undefined) out.push({ index, violation: found });
          }
        });
      });
    }
    return out;
  },
});

/** Every rule of this family, in catalogue order. */
export const REFERENCE_PATH_RULES: readonly CrossObjectRule[] = [referencePathExists];
