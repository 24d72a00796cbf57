/**
 * Checks across a provider's objects (KB210-KB217): templates and export
 * requests against the CRDs they export (their resources, scopes, versions
 * and the jsonPaths of their claims' references), collections and
 * BindableResourcesRequests against the templates they name. kube-bind makes
 * these checks only when a consumer binds, in its backend; each rule says
 * where, at kube-bind 6ac88b0f.
 *
 * A check runs only where the input holds what it needs: a resource is
 * looked up only when the input holds a CustomResourceDefinition of another
 * group than kube-bind's own, a missing CRD is reported only when the input
 * labels some CRD for export (it then holds the provider's exported CRDs),
 * and a template name only when it holds at least one template. Everything is
 * read once per run into maps (by group and plural, by name), never by
 * scanning the objects per object.
 */
import { EXPORTED_LABEL_KEY, EXPORTED_LABEL_VALUE } from '../../model';
import { KindVersion, RESOURCE_LIST_KINDS, kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { censusOf, objectsAmong } from '../engine/census';
import { didYouMean, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { CrossObjectRule, Located, ObjectsRead, RuleContext, defineRule } from '../engine/rule';
import { keptViolation as violation, Violation } from '../engine/violation';
import { ExportedResource, describeGroupResource, exportedResources, notCrdBacked } from '../helpers/exported-resources';
import { VersionFacts, referencePathProblem, versionFacts, versionsRead } from '../helpers/reference-paths';
import { specFacts } from '../helpers/spec-facts';

type Finding = { index: number; violation: Violation };

const RECONCILER = 'kube-bind backend (serviceexportrequest_reconcile.go';
const EXPORTED_LABEL = `${EXPORTED_LABEL_KEY}: ${show(EXPORTED_LABEL_VALUE)}`;

/** What the rules read of one CRD. */
interface CrdFacts {
  readonly index: number;
  readonly name: string;
  /** The value of the exported label; undefined when the CRD has none. */
  readonly label: unknown;
  readonly scope: unknown;
  /** Names of the served versions; undefined when `spec.versions` is not a list. */
  readonly served: string[] | undefined;
  /** `spec.versions` as it is, for the schemas a reference path is checked against (KB217). */
  readonly versions: unknown;
}

/** A template or an export request, with its resources. */
interface Requester {
  readonly index: number;
  readonly kv: KindVersion;
  readonly manifest: Manifest;
  readonly resources: ExportedResource[];
}

interface ProviderIndex {
  /** CRDs of groups other than kube-bind's own. */
  readonly crdCount: number;
  /** CRDs labelled for export. */
  readonly exportedCount: number;
  readonly crdsByResource: Map<string, CrdFacts>;
  readonly requesters: Requester[];
  /** Template names, when the input holds any template. */
  readonly templateNames: Set<string>;
  readonly collections: Located[];
  readonly bindableRequests: Located[];
}

const TEMPLATE_KIND: KindVersion = 'APIServiceExportTemplate/v1alpha2';
const REQUESTER_KINDS = RESOURCE_LIST_KINDS.filter(kv => !kv.startsWith('APIServiceExport/'));
/** The kinds/versions the index reads (besides CRDs). */
const INDEXED_KINDS: readonly KindVersion[] = [...new Set([...REQUESTER_KINDS, TEMPLATE_KIND, 'Collection/v1alpha2', 'BindableResourcesRequest/v1alpha2'] as KindVersion[])];

function resourceKey(group: string, plural: string): string {
  return `${group}\u0000${plural}`;
}

function nameOf(m: Manifest): string | undefined {
  const name = own(own(m, 'metadata'), 'name');
  return typeof name === 'string' ? name : undefined;
}

function isV1Crd(m: Manifest): boolean {
  return own(m, 'apiVersion') === 'apiextensions.k8s.io/v1' && own(m, 'kind') === 'CustomResourceDefinition';
}

function crdFacts(index: number, m: Manifest): { key: string; facts: CrdFacts } | undefined {
  const read = specFacts(own(m, 'spec'));
  if (read === undefined) return undefined;
  const { group, plural, scope, served } = read;
  const labels = own(own(m, 'metadata'), 'labels');
  return {
    key: resourceKey(group, plural),
    facts: { index, name: nameOf(m) ?? `${plural}.${group}`, label: own(labels, EXPORTED_LABEL_KEY), scope, served, versions: own(own(m, 'spec'), 'versions') },
  };
}

const indexes = new WeakMap<readonly Located[], { group: string; index: ProviderIndex }>();

/** The index of `objects`, built once per run (the rules of one run get the same list). */
function indexOf(objects: readonly Located[], ctx: RuleContext): ProviderIndex {
  const cached = indexes.get(objects);
  if (cached !== undefined && cached.group === ctx.group) return cached.index;
  const index: ProviderIndex = {
    crdCount: 0, exportedCount: 0, crdsByResource: new Map(), requesters: [], templateNames: new Set(), collections: [], bindableRequests: [],
  };
  let crdCount = 0;
  let exportedCount = 0;
  // CRDs are among the census' others; no other object is read.
  for (const located of objectsAmong(objects, censusOf(objects, ctx.group), INDEXED_KINDS, true)) {
    const m = located.manifest;
    if (isV1Crd(m)) {
      // kube-bind's own CRDs (KubeBindCrds) say nothing about where the provider's CRDs are.
      if (own(own(m, 'spec'), 'group') === ctx.group) continue;
      crdCount++;
      const read = crdFacts(located.index, m);
      if (read === undefined) continue;
      if (read.facts.label === EXPORTED_LABEL_VALUE) exportedCount++;
      if (!index.crdsByResource.has(read.key)) index.crdsByResource.set(read.key, read.facts);
      continue;
    }
    const kv = kindVersionOf(m, ctx.group);
    if (kv === undefined) continue;
    if (REQUESTER_KINDS.includes(kv)) index.requesters.push({ index: located.index, kv, manifest: m, resources: exportedResources(m) });
    if (kv === TEMPLATE_KIND) {
      const name = nameOf(m);
      if (name !== undefined) index.templateNames.add(name);
    } else if (kv === 'Collection/v1alpha2') {
      index.collections.push(located);
    } else if (kv === 'BindableResourcesRequest/v1alpha2') {
      index.bindableRequests.push(located);
    }
  }
  const built = { ...index, crdCount, exportedCount };
  indexes.set(objects, { group: ctx.group, index: built });
  return built;
}

/**
 * What every rule of this family reads: the provider's objects and the CRDs
 * they resolve to; of a CRD, its export label, group, names, scope and
 * served versions; of a template or request, its resources and scope; of a
 * Collection and a BindableResourcesRequest, the template names.
 */
const READS: ObjectsRead = {
  kinds: ['APIServiceExportTemplate', 'APIServiceExportRequest', 'Collection', 'BindableResourcesRequest', 'CustomResourceDefinition'],
  fields: {
    metadata: { labels: { [EXPORTED_LABEL_KEY]: true } },
    spec: {
      group: true,
      scope: true,
      names: true,
      resources: { group: true, resource: true, versions: true },
      versions: { name: true, served: true },
      templates: { name: true },
      templateRef: { name: true },
    },
  },
};

/** `template "x"` or `request "y"`, for messages. */
function noun(r: Requester): string {
  return r.kv === TEMPLATE_KIND ? 'template' : 'request';
}

/** Each resolvable resource of each template or request with the CRD it resolves to (undefined when none in the input). */
function* resolved(index: ProviderIndex): Generator<{ requester: Requester; resource: ExportedResource; crd: CrdFacts | undefined }> {
  if (index.crdCount === 0) return;
  for (const requester of index.requesters) {
    for (const resource of requester.resources) {
      if (notCrdBacked(resource) !== undefined) continue; // KB201
      yield { requester, resource, crd: index.crdsByResource.get(resourceKey(resource.group, resource.resource)) };
    }
  }
}

const crdInInput: CrossObjectRule = defineRule({
  id: 'KB210',
  title: 'a template\'s or request\'s resources have their CRD in the input (matched by group and plural), when the input labels CRDs for export',
  source: `${RECONCILER}:346-356 validate, SchemaNotFound; :152 ensureBoundSchemas matches spec.group and spec.names.plural)`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    if (index.exportedCount === 0) return out;
    for (const { requester, resource, crd } of resolved(index)) {
      if (crd !== undefined) continue;
      out.push({
        index: requester.index,
        violation: violation(crdInInput, resource.path,
          `asks for ${describeGroupResource(resource.group, resource.resource)}, which no CRD of the input defines`,
          `kube-bind's backend refuses the bind (SchemaNotFound): add the CRD ${show(`${resource.resource}.${resource.group}`)} with the label ${EXPORTED_LABEL}, `
          + 'or fix the group or resource'),
      });
    }
    return out;
  },
});

const crdExported: CrossObjectRule = defineRule({
  id: 'KB211',
  title: `the CRD of each resource of a template or request is labelled ${EXPORTED_LABEL} (exactly that value)`,
  source: `${RECONCILER}:117-124 getExportedSchemas lists CRDs by the label selector ${EXPORTED_LABEL_KEY}=${EXPORTED_LABEL_VALUE}; SchemaNotFound)`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    for (const { requester, resource, crd } of resolved(indexOf(objects, ctx))) {
      if (crd === undefined || crd.label === EXPORTED_LABEL_VALUE) continue;
      const what = crd.label === undefined
        ? `which has no label ${EXPORTED_LABEL_KEY}`
        : `whose label ${EXPORTED_LABEL_KEY} is ${show(crd.label)}, not ${show(EXPORTED_LABEL_VALUE)}`;
      out.push({
        index: requester.index,
        violation: violation(crdExported, resource.path,
          `is defined by CRD ${show(crd.name)}, ${what}`,
          `kube-bind's backend sees only CRDs labelled ${EXPORTED_LABEL}, so the bind fails (SchemaNotFound): `
          + 'label the CRD (ExportedCrd.mark in cdk8s, or from-crd --template)'),
      });
    }
    return out;
  },
});

/** The scope of each template's or request's resources, when every one resolves to a CRD with a scope. */
function scopes(index: ProviderIndex): Map<Requester, Array<{ resource: ExportedResource; scope: string }>> {
  const out = new Map<Requester, Array<{ resource: ExportedResource; scope: string }>>();
  for (const { requester, resource, crd } of resolved(index)) {
    if (crd === undefined || typeof crd.scope !== 'string') continue;
    const list = out.get(requester);
    if (list === undefined) out.set(requester, [{ resource, scope: crd.scope }]);
    else list.push({ resource, scope: crd.scope });
  }
  return out;
}

const oneScope: CrossObjectRule = defineRule({
  id: 'KB212',
  title: 'all resources of a template or request have one scope',
  source: `${RECONCILER}:358-371 validate, DifferentScopes)`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    for (const [requester, list] of scopes(indexOf(objects, ctx))) {
      const first = list[0];
      for (const other of list.slice(1)) {
        if (other.scope === first.scope) continue;
        out.push({
          index: requester.index,
          violation: violation(oneScope, other.resource.path,
            `has scope ${show(other.scope)}, but ${first.resource.path} has scope ${show(first.scope)}`,
            `kube-bind's backend refuses a bind of mixed scopes (DifferentScopes): put the ${other.scope} resources in a ${noun(requester)} of their own `
            + '(from-crd --template writes one per scope)'),
        });
      }
    }
    return out;
  },
});

const scopeAgrees: CrossObjectRule = defineRule({
  id: 'KB213',
  title: 'a template\'s spec.scope is the scope of its resources',
  source: 'kube-bind backend (nothing reads a template\'s spec.scope: the scope comes from the CRDs, serviceexportrequest_reconcile.go:359)',
  severity: 'warning',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    for (const [requester, list] of scopes(indexOf(objects, ctx))) {
      if (requester.kv !== TEMPLATE_KIND || list.some(x => x.scope !== list[0].scope)) continue; // KB212
      const stated = own(own(requester.manifest, 'spec'), 'scope');
      if (typeof stated !== 'string' || stated === list[0].scope) continue;
      out.push({
        index: requester.index,
        violation: violation(scopeAgrees, 'spec.scope',
          `${show(stated)} differs from the scope of the template's resources, ${show(list[0].scope)}: kube-bind ignores spec.scope, so it only misleads a reader`,
          `set spec.scope: ${show(list[0].scope)}`),
      });
    }
    return out;
  },
});

const versionsServed: CrossObjectRule = defineRule({
  id: 'KB214',
  title: 'the versions a template or request lists are served by the CRD',
  source: `${RECONCILER}:151-161 copies the CRD into the BoundSchema; the konnector binds only versions it has)`,
  severity: 'error',
  scope: 'app',
  reads: READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    for (const { requester, resource, crd } of resolved(indexOf(objects, ctx))) {
      if (crd?.served === undefined) continue;
      const served = crd.served;
      for (const version of resource.versions) {
        if (served.includes(version.name)) continue;
        const path = item(field(resource.path, 'versions'), version.index);
        out.push({
          index: requester.index,
          violation: violation(versionsServed, path,
            `${show(version.name)} is not served by CRD ${show(crd.name)}${didYouMean(version.name, served)}: the consumer cannot bind that version`,
            served.length > 0 ? `list versions the CRD serves: ${served.map(v => show(v)).join(', ')}` : 'serve the version in the CRD (served: true)'),
        });
      }
    }
    return out;
  },
});

/** `spec.<field>` names of templates a collection or request names, with paths. */
function namedTemplates(m: Manifest, kv: 'Collection' | 'BindableResourcesRequest'): Array<{ path: string; name: string }> {
  const spec = own(m, 'spec');
  if (kv === 'BindableResourcesRequest') {
    const name = own(own(spec, 'templateRef'), 'name');
    return typeof name === 'string' && name !== '' ? [{ path: 'spec.templateRef.name', name }] : [];
  }
  const list = own(spec, 'templates');
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry, i) => {
    const name = own(entry, 'name');
    return typeof name === 'string' ? [{ path: field(item('spec.templates', i), 'name'), name }] : [];
  });
}

function missingTemplates(rule: CrossObjectRule, objects: readonly Located[], ctx: RuleContext, kind: 'Collection' | 'BindableResourcesRequest', consequence: string): Finding[] {
  const index = indexOf(objects, ctx);
  if (index.templateNames.size === 0) return [];
  const known = [...index.templateNames];
  const out: Finding[] = [];
  for (const { index: at, manifest } of kind === 'Collection' ? index.collections : index.bindableRequests) {
    for (const { path, name } of namedTemplates(manifest, kind)) {
      if (index.templateNames.has(name)) continue;
      out.push({
        index: at,
        violation: violation(rule, path, `${show(name)} names no APIServiceExportTemplate of the input${didYouMean(name, known)}`,
          `${consequence}: name one of the templates: ${known.slice(0, 5).map(n => show(n)).join(', ')}${known.length > 5 ? ', ...' : ''}`),
      });
    }
  }
  return out;
}

const collectionTemplatesExist: CrossObjectRule = defineRule({
  id: 'KB215',
  title: 'a Collection\'s templates exist (when the input holds templates)',
  source: 'kube-bind behaviour (a Collection is read for display; a missing template is left out)',
  severity: 'warning',
  scope: 'app',
  reads: READS,
  check: (objects, ctx) => missingTemplates(collectionTemplatesExist, objects, ctx, 'Collection', 'the collection shows nothing for it'),
});

const templateRefExists: CrossObjectRule = defineRule({
  id: 'KB216',
  title: 'a BindableResourcesRequest\'s templateRef names a template (when the input holds templates)',
  source: 'kube-bind backend (bindableresourcesrequest_controller.go:234-250: TemplateNotFound, phase Failed)',
  severity: 'error',
  scope: 'app',
  reads: READS,
  check: (objects, ctx) => missingTemplates(templateRefExists, objects, ctx, 'BindableResourcesRequest',
    'kube-bind\'s backend fails the request (TemplateNotFound) and does not retry'),
});

/** What KB217 reads: READS, and the claims' references of templates and requests and the schemas of CRDs. */
const REFERENCE_READS: ObjectsRead = {
  kinds: READS.kinds,
  fields: {
    ...READS.fields,
    spec: {
      ...(READS.fields.spec as { [field: string]: true }),
      versions: { name: true, served: true, schema: { openAPIV3Schema: 'shape' } },
      permissionClaims: { selector: { references: { group: true, resource: true, versions: true, jsonPath: true } } },
    },
  },
};

/** A claim's reference of a template or request, where it is, and the CRD of the resource it reads. */
interface ReadReference {
  readonly requester: Requester;
  readonly ref: { [key: string]: unknown };
  /** The path of its jsonPath. */
  readonly at: string;
  readonly crd: CrdFacts;
  readonly group: string;
  readonly resource: string;
}

/** Each reference of each claim of a template or v1alpha2 request whose resource's CRD the input has. */
function* references(index: ProviderIndex): Generator<ReadReference> {
  if (index.crdCount === 0) return;
  for (const requester of index.requesters) {
    const claims = own(own(requester.manifest, 'spec'), 'permissionClaims');
    if (!Array.isArray(claims)) continue;
    for (let c = 0; c < claims.length; c++) {
      const refs = own(own(claims[c], 'selector'), 'references');
      if (!Array.isArray(refs)) continue;
      for (let r = 0; r < refs.length; r++) {
        const ref = refs[r];
        const group = own(ref, 'group') ?? '';
        const resource = own(ref, 'resource');
        if (!isObject(ref) || typeof group !== 'string' || typeof resource !== 'string' || !isObject(own(ref, 'jsonPath'))) continue;
        const crd = index.crdsByResource.get(resourceKey(group, resource));
        if (crd === undefined) continue;
        yield { requester, ref, at: field(`spec.permissionClaims[${c}].selector.references[${r}]`, 'jsonPath'), crd, group, resource };
      }
    }
  }
}

const referencePathInCrd: CrossObjectRule = defineRule({
  id: 'KB217',
  title: 'a template\'s or request\'s claim reference jsonPath names a field the CRD of the referenced resource can hold (when that CRD is in the input)',
  // A warning: kube-bind evaluates the path with gjson on each referenced object and claims what it finds; a path that
  // names no field finds nothing (`if nameResult.Exists()`), so the claim silently claims nothing; a namespace path that finds
  // nothing is not compared (`&& namespaceResult.Exists()`), so the name is claimed in every namespace: nothing refuses either.
  source: 'kube-bind behaviour (pkg/resources/resources.go:108-128 at 6ac88b0f, matchesReferences: gjson.Get, then nameResult.Exists(), '
    + 'and the namespace compared only if namespaceResult.Exists()); '
    + 'Kubernetes structural schema pruning',
  severity: 'warning',
  scope: 'app',
  reads: REFERENCE_READS,
  check(objects, ctx) {
    const out: Finding[] = [];
    const index = indexOf(objects, ctx);
    // Read once per list of versions, and each schema's shape (validate's facts) parsed once.
    const parsed = new Map<string, unknown>();
    const byVersions = new Map<unknown, VersionFacts>();
    for (const { requester, ref, at, crd, group, resource } of references(index)) {
      if (!Array.isArray(crd.versions)) continue;
      let facts = byVersions.get(crd.versions);
      if (facts === undefined) byVersions.set(crd.versions, facts = versionFacts(crd.versions, parsed));
      if (facts.schemas.size === 0) continue;
      const versions = versionsRead(ref, own(own(requester.manifest, 'spec'), 'resources'), group, resource, facts);
      for (const key of ['name', 'namespace'] as const) {
        const expression = own(own(ref, 'jsonPath'), key);
        if (typeof expression !== 'string' || expression.trim() === '') continue;
        const problem = referencePathProblem(expression, facts, `CRD ${show(crd.name)}`, versions, key, own(own(ref, 'jsonPath'), 'name'));
        if (problem === undefined) continue;
        out.push({ index: requester.index, violation: violation(referencePathInCrd, field(at, key), problem.message, problem.hint) });
      }
    }
    return out;
  },
});

/** The rules across a provider's objects, in catalogue order. */
export const PROVIDER_OBJECT_RULES: readonly CrossObjectRule[] = [
  crdInInput,
  crdExported,
  oneScope,
  scopeAgrees,
  versionsServed,
  collectionTemplatesExist,
  templateRefExists,
  referencePathInCrd,
];
