/**
 * Names: the API group and the `names` block of the resource an
 * APIServiceExport v1alpha1 or a BoundSchema describes, checked as
 * Kubernetes checks a CRD's names (the consumer cluster creates that CRD),
 * plus kube-bind's rule that the object is named `<plural>.<group>`.
 *
 * The same rules run over `spec.names` and `status.acceptedNames`; as in
 * Kubernetes, only `spec.names` must have a non-empty plural.
 */
import { EXPORT_V1ALPHA1_CEL } from '../../crds/api-service-export';
import { clusterScoped } from '../../crds/facts';
import { CHECKED_KIND_VERSIONS, KindVersion, isCrdOfAnyVersion, kindVersionOf } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { lengthProblem, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, RuleContext, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { crdKindVersionOf } from '../helpers/crds';
import { decodeViolation } from '../helpers/metadata-decoding';
import {
  dns1035LabelErrors,
  goToLower,
  dns1123SubdomainErrors,
  isDns1123Label,
  isDns1123Subdomain,
  suggestDns1035Label,
  suggestDns1123Subdomain,
} from '../k8s/names';
import { validateNames, validateNamespace } from '../k8s/object-meta';

// The definitions a CRD is made of, and CustomResourceDefinitions themselves: the rules using it mirror Kubernetes' CRD validation.
const CRD_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2', 'CustomResourceDefinition/v1'];

interface NamesBlock {
  readonly names: { [key: string]: any };
  readonly path: string;
  /** `spec.names` (true) or `status.acceptedNames` (false). */
  readonly isSpec: boolean;
}

function namesBlocks(obj: Manifest): NamesBlock[] {
  const blocks: NamesBlock[] = [];
  const specNames = own(own(obj, 'spec'), 'names');
  if (isObject(specNames)) blocks.push({ names: specNames, path: 'spec.names', isSpec: true });
  // A CustomResourceDefinition's status is the server's: the registry's PrepareForCreate clears what a request
  // carries and PrepareForUpdate keeps the stored one (pkg/registry/customresourcedefinition/strategy.go), so
  // ValidateCustomResourceDefinitionStatus never reads the acceptedNames of a file.
  const accepted = isCrdOfAnyVersion(obj) ? undefined : own(own(obj, 'status'), 'acceptedNames');
  if (isObject(accepted)) blocks.push({ names: accepted, path: 'status.acceptedNames', isSpec: false });
  return blocks;
}

/** `(did you mean "x"?)` for a DNS-1035 label, or nothing. */
function labelSuggestion(value: string, transform: (s: string) => string = s => s): string {
  const guess = suggestDns1035Label(value);
  return guess !== undefined && transform(value) !== guess ? ` (did you mean ${show(guess)}?)` : '';
}

function labelViolation(rule: Rule, path: string, value: string, what: string, hint: string): Violation | undefined {
  const errors = dns1035LabelErrors(value);
  if (errors.length === 0) return undefined;
  // Kubernetes' wording of the label's form goes to the hint: the message stays one glance long.
  return violation(rule, path, `${show(value)} must be a lowercase DNS-1035 label${lengthProblem(errors)}${labelSuggestion(value)}`, `${hint}; it is ${what}, and it ${errors.join('; ')}`);
}

const group: Rule = defineRule({
  id: 'KB010',
  title: 'spec.group is a DNS subdomain with at least one dot (custom resources cannot live in the core group)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, spec.group)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const value = own(own(obj, 'spec'), 'group');
    if (typeof value !== 'string') return [];
    const path = 'spec.group';
    if (value === '') {
      return [violation(group, path,
        'is "" (the core group), which cannot hold custom resources: Kubernetes requires a CRD\'s group to be a DNS subdomain with at least one dot',
        'the spec allows the empty core group, but the consumer cluster turns group object into a CustomResourceDefinition, which Kubernetes rejects; use your own domain, such as "widgets.example.com"')];
    }
    const errors = dns1123SubdomainErrors(value);
    if (errors.length > 0) {
      const guess = suggestDns1123Subdomain(value);
      const fix = guess !== undefined && guess !== value && guess.includes('.') ? ` (did you mean ${show(guess)}?)` : '';
      return [violation(group, path, `${show(value)} must be a DNS subdomain${lengthProblem(errors)}${fix}`,
        `API groups are lowercase domain names such as "widgets.example.com": a group ${errors.join('; ')}`)];
    }
    if (!value.includes('.')) {
      return [violation(group, path, `${show(value)} must contain at least one dot`,
        `Kubernetes requires CRD groups to be domains; use something like ${show(`${value}.example.com`)}`)];
    }
    return [];
  },
});

const plural: Rule = defineRule({
  id: 'KB011',
  title: 'names.plural is a non-empty lowercase DNS-1035 label',
  source: 'spec §8.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const block of namesBlocks(obj)) {
      const value = own(block.names, 'plural');
      if (typeof value !== 'string') continue;
      const path = field(block.path, 'plural');
      if (value === '') {
        if (block.isSpec) out.push(violation(plural, path, 'must not be empty', 'set the lowercase plural resource name, such as "widgets"'));
        continue;
      }
      const v = labelViolation(plural, path, value, 'the resource name in URLs', 'plural names are lowercase, such as "widgets"');
      if (v) out.push(v);
    }
    return out;
  },
});

const singular: Rule = defineRule({
  id: 'KB012',
  title: 'names.singular, when set, is a lowercase DNS-1035 label',
  source: 'spec §8.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const block of namesBlocks(obj)) {
      const value = own(block.names, 'singular');
      // Empty means "default to the lowercased kind".
      if (typeof value !== 'string' || value === '') continue;
      const v = labelViolation(singular, field(block.path, 'singular'), value, 'the singular resource name', 'leave it out to default it to the lowercased kind');
      if (v) out.push(v);
    }
    return out;
  },
});

function kindLikeViolations(rule: Rule, obj: Manifest, key: 'kind' | 'listKind'): Violation[] {
  const out: Violation[] = [];
  for (const block of namesBlocks(obj)) {
    const value = own(block.names, key);
    const path = field(block.path, key);
    if (key === 'listKind' && block.isSpec && (value === undefined || value === null || value === '')) {
      const found = defaultedListKindViolation(rule, block, path);
      if (found) out.push(found);
      continue;
    }
    if (typeof value !== 'string') continue;
    if (value === '') {
      // An empty listKind defaults to <kind>List; an empty kind is never valid in spec.
      if (key === 'kind' && block.isSpec) out.push(violation(rule, path, 'must not be empty', 'set the CamelCase kind, such as "Widget"'));
      continue;
    }
    const errors = dns1035LabelErrors(goToLower(value));
    if (errors.length > 0) {
      out.push(violation(rule, path,
        `${show(value)} may have mixed case, but lowercased must be a DNS-1035 label${lengthProblem(errors)}`,
        `kinds are CamelCase words of letters and digits starting with a letter, such as "Widget"; lowercased, a kind ${errors.join('; ')}`));
    } else if (/^[a-z]/.test(value)) {
      const fixed = value[0].toUpperCase() + value.slice(1);
      out.push(violation(rule, path, `${show(value)} should be CamelCase, starting with an uppercase letter (did you mean ${show(fixed)}?)`,
        'Kubernetes accepts it, but kinds are conventionally CamelCase', 'warning'));
    }
  }
  return out;
}

/**
 * The consumer's API server defaults an unset listKind to `<kind>List` before
 * validating it, so a kind that is itself fine can still give a list kind
 * over the 63-character limit.
 */
function defaultedListKindViolation(rule: Rule, block: NamesBlock, path: string): Violation | undefined {
  const kindValue = own(block.names, 'kind');
  if (typeof kindValue !== 'string' || kindValue === '' || dns1035LabelErrors(goToLower(kindValue)).length > 0) return undefined; // KB013 speaks
  const defaulted = `${kindValue}List`;
  const errors = dns1035LabelErrors(goToLower(defaulted));
  if (errors.length === 0) return undefined;
  return violation(rule, path,
    `is not set, and its default ${show(defaulted)} (${defaulted.length} characters), lowercased, is not a DNS-1035 label`,
    `set a shorter listKind explicitly, or shorten ${field(block.path, 'kind')} to at most 59 characters; lowercased, a list kind ${errors.join('; ')}`);
}

const kind: Rule = defineRule({
  id: 'KB013',
  title: 'names.kind is set and, lowercased, a DNS-1035 label (conventionally CamelCase)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    return kindLikeViolations(kind, obj, 'kind');
  },
});

const listKind: Rule = defineRule({
  id: 'KB014',
  title: 'names.listKind (or its default <kind>List) is lowercased a DNS-1035 label',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    return kindLikeViolations(listKind, obj, 'listKind');
  },
});

const kindDiffersFromListKind: Rule = defineRule({
  id: 'KB015',
  title: 'names.kind and names.listKind differ',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const block of namesBlocks(obj)) {
      const kindValue = own(block.names, 'kind');
      const listKindValue = own(block.names, 'listKind');
      if (typeof kindValue !== 'string' || kindValue === '' || kindValue !== listKindValue) continue;
      const path = field(block.path, 'listKind');
      out.push(violation(kindDiffersFromListKind, path, `${show(listKindValue)} must differ from ${field(block.path, 'kind')}: clients could not tell objects from lists`,
        `use ${show(`${kindValue}List`)}, or leave listKind out to get that default`));
    }
    return out;
  },
});

function labelListViolations(rule: Rule, obj: Manifest, key: 'shortNames' | 'categories', what: string): Violation[] {
  const out: Violation[] = [];
  for (const block of namesBlocks(obj)) {
    const values = own(block.names, key);
    if (!Array.isArray(values)) continue;
    values.forEach((value, i) => {
      if (typeof value !== 'string') return;
      const path = item(field(block.path, key), i);
      const v = labelViolation(rule, path, value, what, `${key} entries are lowercase words such as "all" or "wd"`);
      if (v) out.push(v);
    });
  }
  return out;
}

const shortNames: Rule = defineRule({
  id: 'KB016',
  title: 'Every names.shortNames entry is a lowercase DNS-1035 label',
  source: 'spec §8.3; Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    return labelListViolations(shortNames, obj, 'shortNames', 'a short name for kubectl');
  },
});

const categories: Rule = defineRule({
  id: 'KB017',
  title: 'Every names.categories entry is a lowercase DNS-1035 label',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionNames)',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    return labelListViolations(categories, obj, 'categories', 'a category such as "all"');
  },
});

/** `<plural>.<group>` when both are strings, the name the object must (or should) have. */
function expectedName(obj: Manifest): string | undefined {
  const spec = own(obj, 'spec');
  const pluralValue = own(own(spec, 'names'), 'plural');
  const groupValue = own(spec, 'group');
  return typeof pluralValue === 'string' && typeof groupValue === 'string' ? `${pluralValue}.${groupValue}` : undefined;
}

const exportName: Rule = defineRule({
  id: 'KB018',
  title: 'An APIServiceExport v1alpha1 is named <spec.names.plural>.<spec.group>',
  source: 'kube-bind CRD (CEL)',
  severity: 'error',
  scope: 'object',
  appliesTo: ['APIServiceExport/v1alpha1'],
  check: obj => {
    const expected = expectedName(obj);
    if (expected === undefined) return [];
    const metadata = own(obj, 'metadata');
    const name = own(metadata, 'name');
    // kube-bind's server reports this rule with a wrong message (it names another field): quote it, so users recognise it.
    // Written only for a finding: most objects are named right.
    const serverSays = (): string => `the server reports this as ${show(EXPORT_V1ALPHA1_CEL.nameIsPluralDotGroup.message)} (kube-bind's CEL message for this rule)`;
    // The API server drops a null name before the CEL rule sees it: as good as missing.
    if (name === undefined || name === null) {
      const generated = typeof own(metadata, 'generateName') === 'string' ? ' (generateName cannot satisfy it)' : '';
      return [violation(exportName, 'metadata.name', `is missing; it must be ${show(expected)}${generated}`,
        `set metadata.name: ${expected}; ${serverSays()}`)];
    }
    if (typeof name !== 'string' || name === expected) return [];
    return [violation(exportName, 'metadata.name', `${show(name)} must be ${show(expected)} (<spec.names.plural>.<spec.group>)`,
      `rename the object to ${expected}, or fix spec.names.plural/spec.group; ${serverSays()}`)];
  },
});

const boundSchemaName: Rule = defineRule({
  id: 'KB019',
  title: 'A BoundSchema is named <spec.names.plural>.<spec.group>, like the CRD it mirrors',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinition, metadata.name)',
  severity: 'warning',
  scope: 'object',
  appliesTo: ['BoundSchema/v1alpha2'],
  check: obj => {
    const expected = expectedName(obj);
    const name = own(own(obj, 'metadata'), 'name');
    if (expected === undefined || typeof name !== 'string' || name === expected) return [];
    return [violation(boundSchemaName, 'metadata.name', `${show(name)} differs from ${show(expected)} (<spec.names.plural>.<spec.group>)`,
      `Kubernetes names the consumer's CRD ${expected} and kube-bind names BoundSchemas the same way; rename the object to match`)];
  },
});

const objectMetadata: Rule = defineRule({
  id: 'KB020',
  title: 'metadata.name (or generateName) is a DNS subdomain and the namespace of a namespaced object, when set, a DNS label (the API server requires it of every object)',
  source: 'Kubernetes API server (apimachinery objectmeta.go: ValidateObjectMetaAccessor with NameIsDNSSubdomain, the name function of custom resources and CRDs; '
    + 'ValidateNamespaceName; apiserver rest/meta.go: EnsureObjectNamespaceMatchesRequestNamespace clears a cluster-scoped object\'s namespace)',
  severity: 'error',
  scope: 'object',
  appliesTo: CHECKED_KIND_VERSIONS,
  check: (obj, ctx) => {
    const out: Violation[] = [];
    const metadata = own(obj, 'metadata');
    // KB018 reports a missing name on v1alpha1 exports, with the name it must have.
    const isV1alpha1Export = own(obj, 'apiVersion') === `${ctx.group}/v1alpha1` && own(obj, 'kind') === 'APIServiceExport';
    // The quick test first: most names are valid, and need no list of problems.
    const name = own(metadata, 'name');
    if (typeof name === 'string' && isDns1123Subdomain(name) && own(metadata, 'generateName') === undefined) {
      return namespaceViolations(own(metadata, 'namespace'), obj, ctx);
    }
    for (const e of validateNames(metadata, 'metadata')) {
      if (e.what === 'decode') {
        out.push(decodeViolation(objectMetadata, e));
      } else if (e.value === '' && e.path === 'metadata.name') {
        if (!isV1alpha1Export) {
          out.push(violation(objectMetadata, e.path, 'is missing: the API server requires a name (or generateName) for every object',
            'name the object, for example after the resource it describes'));
        }
      } else {
        const value = String(e.value);
        const guess = suggestDns1123Subdomain(value);
        const what = e.path === 'metadata.name' ? 'a name' : 'a generateName (the start of a name, which may end in "-")';
        out.push(violation(objectMetadata, e.path,
          `${show(value)} must be a DNS subdomain${lengthProblem(e.problems)}${guess !== undefined && guess !== value ? ` (did you mean ${show(guess)}?)` : ''}`,
          `the API server rejects objects whose name is not a lowercase DNS subdomain such as "widgets.example.com": ${what} ${e.problems.join('; ')}`));
      }
    }
    out.push(...namespaceViolations(own(metadata, 'namespace'), obj, ctx));
    return out;
  },
});

/**
 * Whether `obj` is of a cluster-scoped kind: a kube-bind kind whose CRD says
 * so (`clusterScoped`, crds/facts.ts), or a CustomResourceDefinition, which
 * Kubernetes serves cluster-scoped.
 */
function isClusterScoped(obj: Manifest, ctx: RuleContext): boolean {
  const kv = kindVersionOf(obj, ctx.group);
  return kv !== undefined ? clusterScoped(kv) : crdKindVersionOf(obj) !== undefined;
}

/**
 * The namespace as `validateObjectMetaAccessorWithOptsCommon` meets it. Of a
 * cluster-scoped object it never meets it: the request carries no namespace
 * and `EnsureObjectNamespaceMatchesRequestNamespace` (k8s.io/apiserver
 * pkg/registry/rest/meta.go, Kubernetes 1.36) clears the object's before
 * validation, so a namespace there is dropped, whatever it says, silently:
 * a note (a cdk8s chart's namespace reaches every ApiObject, a CRD too).
 * Only a value that does not decode into ObjectMeta is refused first.
 */
function namespaceViolations(namespace: unknown, obj: Manifest, ctx: RuleContext): Violation[] {
  // The quick test first: most objects have no namespace, or a namespaced kind's valid one.
  if (namespace === undefined || namespace === null || namespace === '') return [];
  if (typeof namespace === 'string' && isClusterScoped(obj, ctx)) {
    // Without the value: findings may not depend on a valid namespace (cli/repeated-objects.ts keys objects without it).
    return [violation({ id: objectMetadata.id, severity: 'info' }, 'metadata.namespace',
      `is ignored: ${String(own(obj, 'kind'))} is cluster-scoped, so the API server clears the namespace before it validates the object`,
      'remove metadata.namespace: a cluster-scoped object lives in no namespace')];
  }
  if (typeof namespace === 'string' && isDns1123Label(namespace)) return [];
  return validateNamespace(namespace, 'metadata.namespace').map(e => e.what === 'decode' ? decodeViolation(objectMetadata, e)
    : violation(objectMetadata, e.path, `${show(e.value)} must be a DNS label${lengthProblem(e.problems)}`,
      `namespace names are lowercase letters, digits and "-", at most 63 characters: a namespace ${e.problems.join('; ')}`));
}

export const NAME_RULES: Rule[] = [
  group,
  plural,
  singular,
  kind,
  listKind,
  kindDiffersFromListKind,
  shortNames,
  categories,
  exportName,
  boundSchemaName,
  objectMetadata,
];
