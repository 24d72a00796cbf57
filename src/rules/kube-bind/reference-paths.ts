/**
 * Reference paths against the schema they read: a permission claim's
 * reference (`selector.references[]`) names the objects of a resource and
 * the GJSON path in them that holds the claimed object's name (and
 * namespace). kube-bind evaluates the path on each referencing object and
 * claims what it finds; a name path the resource's schema cannot hold finds
 * nothing, so the claim silently claims nothing (`spec.secretNmae` for
 * `spec.secretName`), and a namespace path that finds nothing leaves the
 * name claimed in every namespace.
 *
 * The referenced schema is known when the objects checked together hold a
 * BoundSchema, a v1alpha1 export or a CustomResourceDefinition of the
 * reference's group and resource (a BoundSchema or v1alpha1 export only in
 * the export's namespace). The API server prunes every field its structural
 * schema does not declare, so a path through declared fields that leaves
 * them selects nothing: an error. Under `x-kubernetes-preserve-unknown-fields`
 * any field may exist: a warning. A path using GJSON's wildcards, queries or
 * modifiers is not judged. The reading of paths and schemas is shared with
 * the template flow (KB217): helpers/reference-paths.ts.
 */
import { kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { censusOf, objectsAmong, objectsOf } from '../engine/census';
import { show } from '../engine/messages';
import { field } from '../engine/paths';
import { CrossObjectRule, Located, RuleContext, defineRule } from '../engine/rule';
import { keptViolation as violation, Violation } from '../engine/violation';
import { ReferencePathKey, VersionFacts, referencePathProblem, versionFacts, versionsRead } from '../helpers/reference-paths';

/** A resource's schemas, by version name, and where they come from (made when a reference reads it). */
interface Definition extends VersionFacts {
  readonly label: string;
}

function namespaceOf(m: Manifest): string | undefined {
  const namespace = own(own(m, 'metadata'), 'namespace');
  return typeof namespace === 'string' && namespace !== '' ? namespace : undefined;
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

/** One expression (`jsonPath.name` or `.namespace`) of a reference against the definition's schemas. */
function checkExpression(
  path: string, expression: string, definition: Definition, versions: readonly string[], key: ReferencePathKey, nameExpression: unknown,
): Violation | undefined {
  const problem = referencePathProblem(expression, definition, definition.label, versions, key, nameExpression);
  if (problem === undefined) return undefined;
  // The message says which: a field that cannot exist "selects nothing", one that may not (unknown fields kept) "may select nothing".
  return violation(referencePathExists, path, problem.message, problem.hint);
}

const referencePathExists: CrossObjectRule = defineRule({
  id: 'KB178',
  title: 'A reference\'s jsonPath names a field the referenced resource\'s schema can hold (when that schema is in the set)',
  // A warning, as KB217 on templates: kube-bind evaluates the path with gjson on each referencing object and claims
  // what it finds; a name path that names no field finds nothing (`if nameResult.Exists()`), so the claim silently claims
  // nothing through this reference; a namespace path that finds nothing is not compared (`&& namespaceResult.Exists()`), so
  // the name is claimed in every namespace. Nothing refuses the export, and the claim's other selectors still bind.
  source: 'kube-bind behaviour (pkg/resources/resources.go:108-128 at 6ac88b0f, matchesReferences: gjson.Get, then nameResult.Exists(), '
    + 'and the namespace compared only if namespaceResult.Exists()); '
    + 'Kubernetes structural schema pruning',
  severity: 'warning',
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
          for (const key of ['name', 'namespace'] as const) {
            const expression = own(jsonPath, key);
            if (typeof expression !== 'string' || expression.trim() === '') continue;
            const found = checkExpression(field(at, key), expression, definition, versions, key, own(jsonPath, 'name'));
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
