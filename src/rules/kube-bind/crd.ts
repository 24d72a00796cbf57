/**
 * CustomResourceDefinitions (`apiextensions.k8s.io/v1`) as `validate` checks
 * them. A CRD's spec has the shape of a BoundSchema's (group, names, scope,
 * versions, conversion), so the rules that mirror Kubernetes' own CRD
 * validation apply to it as they are (their `appliesTo` lists
 * `CustomResourceDefinition/v1`); what the spec alone demands does not. This
 * file adds what is particular to CRDs: the name Kubernetes requires, and a
 * note for what kube-bind could not carry if the CRD were exported.
 */
import { CRD_KIND_VERSION, KindVersion } from '../../model/kinds';
import { isObject, Manifest, own } from '../../model/manifest';
import { RESOURCE_SCOPES } from '../../model/values';
import { crdValidationOptions } from '../engine/crd-validation-options';
import { perObject } from '../engine/memo';
import { didYouMean, show, yamlBooleanHint } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { approvalStateOf, MAX_SELECTABLE_FIELDS } from '../helpers/crd-update-options';
import { carriableFindings, droppedFindings, isExportedCrd } from '../helpers/crds';
import { versionEntries } from '../helpers/version-schemas';
import { isProtectedCommunityGroup, KUBE_API_APPROVED_ANNOTATION } from '../k8s/api-approval';
import { CUSTOM_RESOURCE_DEFINITION } from '../k8s/crd-types';
import { decodeProblems, DecodeProblem, goString, problemPath } from '../k8s/go-json';
import { hasDefault, schemaHas } from '../k8s/schema-has';
import { followFieldPath } from '../k8s/valid-field-path';
import { goVersionName, hoisted, sameSelectableFields, sameVersionSchema } from '../k8s/version-hoisting';

/**
 * Mirrors `ValidateCustomResourceDefinition` in apiextensions-apiserver
 * `pkg/apis/apiextensions/validation/validation.go`: the object's name must
 * be `spec.names.plural + "." + spec.group`. Its name function is also what
 * apimachinery's `ValidateObjectMetaAccessor` checks a generateName with, as
 * a prefix: a generateName must be that name too, and the name generated
 * from it (generateName and 5 random characters, before validation) never is.
 */
const crdName: Rule = defineRule({
  id: 'KB021',
  title: 'A CustomResourceDefinition is named <spec.names.plural>.<spec.group>',
  source: 'Kubernetes CRD validation, 1.36 (apiextensions-apiserver validation.go: ValidateCustomResourceDefinition, nameValidationFn of metadata.name and, through apimachinery\'s ValidateObjectMetaAccessor, of metadata.generateName)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const spec = own(obj, 'spec');
    const plural = own(own(spec, 'names'), 'plural');
    const group = own(spec, 'group');
    const metadata = own(obj, 'metadata');
    const name = own(metadata, 'name');
    const generateName = own(metadata, 'generateName');
    // Missing or mistyped parts are the other rules' findings; a name is compared only with a complete expectation.
    if (typeof plural !== 'string' || plural === '' || typeof group !== 'string' || group === '') return [];
    const expected = `${plural}.${group}`;
    const out: Violation[] = [];
    const generates = typeof generateName === 'string' && generateName !== '';
    if (generates && generateName !== expected) {
      out.push(violation(crdName, 'metadata.generateName', `${show(generateName)} must be ${show(expected)}: the API server checks a CustomResourceDefinition's generateName as its name`,
        `remove generateName and set metadata.name: ${expected}`));
    }
    if (typeof name === 'string' && name !== '') {
      if (name !== expected) {
        out.push(violation(crdName, 'metadata.name', `${show(name)} must be ${show(expected)} (<spec.names.plural>.<spec.group>)`,
          `the API server refuses a CustomResourceDefinition named otherwise; rename it ${show(expected)}`));
      }
    } else if (generates && (name === undefined || name === null || name === '')) {
      // A missing name without generateName is KB020's finding.
      out.push(violation(crdName, 'metadata.name', `is missing: the name generated from metadata.generateName (it and 5 random characters) is never ${show(expected)}`,
        `set metadata.name: ${expected}, and remove generateName`));
    }
    return out;
  },
});

/**
 * What a BoundSchema cannot hold, so kube-bind could not export the CRD as it
 * is, and what kube-bind would leave out of it: information only, since the
 * CRD itself is valid. Each finding names the field and what to change before
 * exporting it (`from-crd` refuses the same fields, and notes what it drops).
 */
const carriable: Rule = defineRule({
  id: 'KB180',
  title: 'A CustomResourceDefinition kube-bind could export as it is (a BoundSchema holds one schema, a url webhook, no selectableFields)',
  source: 'spec §2.6, §8.2 (what a BoundSchema holds); kube-bind CRDToBoundSchema (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go at 6ac88b0f)',
  severity: 'info',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    // A CRD labelled for export gets the same findings as errors (KB220) and warnings (KB236, exported-crd.ts).
    return isExportedCrd(obj) ? [] : [...carriableFindings(carriable, obj, ctx), ...droppedFindings(carriable, obj, ctx)];
  },
});

/** The kinds whose group becomes a CustomResourceDefinition's on a cluster: the CRD itself, and kube-bind's definitions of one. */
const DEFINITION_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2', CRD_KIND_VERSION];

/** Set to something: absent and null (which the server's decoding drops) both mean "not given". */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Mirrors the `field.Required` checks of `validateCustomResourceDefinitionSpec`
 * (apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go),
 * after v1's `SetDefaults_CustomResourceDefinitionSpec` (pkg/apis/apiextensions/v1/defaults.go)
 * has defaulted singular to the lowercased kind and listKind to `<kind>List`.
 * An empty string is the other rules' finding (KB010 the group, KB011 the plural,
 * KB013 the kind); this one says what is missing altogether, so that an empty
 * spec is not reported valid.
 */
const requiredParts: Rule = defineRule({
  id: 'KB181',
  title: 'A CustomResourceDefinition\'s spec has a group, a scope, names (plural and kind) and versions',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, field.Required of group, scope, names and versions; v1 defaults.go: SetDefaults_CustomResourceDefinitionSpec)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const spec = own(obj, 'spec');
    const names = own(spec, 'names');
    const out: Violation[] = [];
    const missing = (path: string, hint: string): void => {
      out.push(violation(requiredParts, path, 'is required', hint));
    };
    if (!given(own(spec, 'group'))) missing('spec.group', 'set the API group, a domain you own such as "widgets.example.com"');
    if (!given(own(spec, 'scope'))) missing('spec.scope', 'set scope: Namespaced or scope: Cluster');
    if (!given(own(names, 'plural'))) missing('spec.names.plural', 'set the lowercase plural resource name, such as "widgets"');
    const kind = goString(own(names, 'kind'));
    if (!given(own(names, 'kind'))) missing('spec.names.kind', 'set the CamelCase kind, such as "Widget"');
    // v1 defaults singular from kind and listKind from kind: without a kind, both stay empty and are required too.
    if (kind === '') {
      if (goString(own(names, 'singular')) === '') missing('spec.names.singular', 'it defaults to the lowercased kind: set names.kind (or singular itself)');
      if (goString(own(names, 'listKind')) === '') missing('spec.names.listKind', 'it defaults to <kind>List: set names.kind (or listKind itself)');
    }
    const versions = own(spec, 'versions');
    if (!Array.isArray(versions) || versions.length === 0) {
      out.push(violation(requiredParts, 'spec.versions', 'must list at least one version, exactly one of them with storage: true',
        'add a version such as {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}'));
    }
    return out;
  },
});

/** Kubernetes' ResourceScope values, which kube-bind's scope enum states too. */
const SCOPES = RESOURCE_SCOPES;

/** Mirrors `validateEnumStrings(spec.scope, [Cluster, Namespaced], required)` in validateCustomResourceDefinitionSpec. */
const scopeValue: Rule = defineRule({
  id: 'KB182',
  title: 'A CustomResourceDefinition\'s spec.scope is Cluster or Namespaced',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, validateEnumStrings of spec.scope)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const scope = own(own(obj, 'spec'), 'scope');
    // A missing scope is KB181's finding.
    if (!given(scope) || SCOPES.includes(scope)) return [];
    if (scope === '') return [violation(scopeValue, 'spec.scope', 'must not be empty', 'set scope: Namespaced or scope: Cluster')];
    return [violation(scopeValue, 'spec.scope', `${show(scope)} is not supported: it must be "Cluster" or "Namespaced"${didYouMean(scope, SCOPES)}`,
      'Namespaced objects live in a namespace, Cluster objects do not; the API server knows no other scope')];
  },
});

/** A version entry of spec.versions and its path. */
interface VersionAt {
  readonly entry: { [key: string]: any };
  readonly path: string;
}

/** The versions as the server reads them, a null entry as an empty version (version-schemas.ts: versionEntries). */
function versionsOf(obj: Manifest): readonly VersionAt[] {
  return versionEntries(obj) ?? [];
}

function hasSchema(v: VersionAt): boolean {
  return isObject(own(own(v.entry, 'schema'), 'openAPIV3Schema'));
}

/**
 * Mirrors `validateCustomResourceDefinitionSpec` under `opts.requireOpenAPISchema`:
 * every version has `schema.openAPIV3Schema`. On update the server requires it
 * of every version only when the stored CRD already had a schema in every
 * version (`requireOpenAPISchema(oldCRDSpec)`): this rule ratchets. Without
 * that option it still requires it of every served version unless
 * spec.preserveUnknownFields is true, "because otherwise all fields are pruned".
 */
const schemaRequired: Rule = defineRule({
  id: 'KB183',
  title: 'Every version of a CustomResourceDefinition has schema.openAPIV3Schema',
  source: 'Kubernetes CRD validation, 1.36 (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, requireOpenAPISchema; ratcheted on update by requireOpenAPISchema(oldCRDSpec), where served versions still need one unless preserveUnknownFields is true)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    const hint = 'describe the version\'s objects, at least {type: object, x-kubernetes-preserve-unknown-fields: true} to keep any field';
    const missing = versionsOf(obj).filter(v => !hasSchema(v));
    const at = (v: VersionAt): string => field(field(v.path, 'schema'), 'openAPIV3Schema');
    if (crdValidationOptions(ctx).requireOpenAPISchema) return missing.map(v => violation(schemaRequired, at(v), 'is required', hint));
    // Relaxed on update; pruning (preserveUnknownFields not true) still needs the schema of each served version.
    if (own(own(obj, 'spec'), 'preserveUnknownFields') === true) return [];
    return missing.filter(v => own(v.entry, 'served') === true)
      .map(v => violation(schemaRequired, at(v), 'is required because otherwise all fields are pruned', hint));
  },
});

/**
 * Mirrors `validatePreserveUnknownFields`: `spec.preserveUnknownFields: true` is
 * refused unless the stored CRD already had it (ratcheted on update). While it
 * is true, the spec checks of validateCustomResourceDefinitionSpec that need
 * pruning also fail: defaults in a schema, a conversion strategy other than None.
 */
const preserveUnknownFields: Rule = defineRule({
  id: 'KB184',
  title: 'spec.preserveUnknownFields is not true (pruning is on in apiextensions.k8s.io/v1)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validatePreserveUnknownFields, ratcheted on update; validateCustomResourceDefinitionSpec: defaults and conversion need pruning)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    const spec = own(obj, 'spec');
    if (own(spec, 'preserveUnknownFields') !== true) return [];
    // validatePreserveUnknownFields is a no-op when the stored CRD had it true; the checks that need pruning still run.
    const out = crdValidationOptions(ctx).storedPreserveUnknownFields ? [] : [violation(preserveUnknownFields, 'spec.preserveUnknownFields', 'cannot be true',
      'remove it, and set x-kubernetes-preserve-unknown-fields: true in spec.versions[*].schema.openAPIV3Schema where unknown fields must be kept')];
    if (versionsOf(obj).some(v => schemaHas(own(own(v.entry, 'schema'), 'openAPIV3Schema'), hasDefault))) {
      out.push(violation(preserveUnknownFields, 'spec.preserveUnknownFields', 'must be false in order to use defaults in the schema',
        'remove preserveUnknownFields, or the defaults'));
    }
    const strategy = own(own(spec, 'conversion'), 'strategy');
    if (typeof strategy === 'string' && strategy !== 'None' && strategy !== '') {
      out.push(violation(preserveUnknownFields, 'spec.conversion.strategy', `${show(strategy)} must be None if spec.preserveUnknownFields is true`,
        'remove preserveUnknownFields, or set strategy: None'));
    }
    return out;
  },
});

/**
 * Mirrors `validateAPIApproval`: a group in `k8s.io` or `kubernetes.io` needs
 * the annotation api-approved.kubernetes.io. On update the server lets the
 * approval state stay what it was (ratcheted). kube-bind writes the consumer's
 * CRD from a BoundSchema or a v1alpha1 export with a name and nothing else in
 * metadata (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go, BoundSchemaToCRD):
 * the annotation is never carried, so such a definition can never bind.
 */
const apiApproved: Rule = defineRule({
  id: 'KB185',
  title: `A CRD in a protected group (*.k8s.io, *.kubernetes.io) carries the ${KUBE_API_APPROVED_ANNOTATION} annotation (which kube-bind cannot carry)`,
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateAPIApproval; apihelpers: IsProtectedCommunityGroup, GetAPIApprovalState); kube-bind BoundSchemaToCRD',
  severity: 'error',
  scope: 'object',
  appliesTo: DEFINITION_KINDS,
  check: (obj, ctx) => {
    const group = own(own(obj, 'spec'), 'group');
    if (typeof group !== 'string' || !isProtectedCommunityGroup(group)) return [];
    const path = `metadata.annotations[${KUBE_API_APPROVED_ANNOTATION}]`;
    if (own(obj, 'kind') !== 'CustomResourceDefinition') {
      return [violation(apiApproved, 'spec.group',
        `${show(group)} is a protected Kubernetes group: the consumer cluster refuses a CustomResourceDefinition in it without the ${KUBE_API_APPROVED_ANNOTATION} annotation, which kube-bind does not write`,
        'kube-bind creates the consumer\'s CRD with a name and nothing else in metadata, so this resource can never be bound: export it under a group of your own domain')];
    }
    const state = approvalStateOf(obj);
    // On update, an approval state that does not change is never refused (validateAPIApproval).
    if (state === 'approved' || state === 'bypassed' || state === crdValidationOptions(ctx).storedApprovalState) return [];
    const value = own(own(own(obj, 'metadata'), 'annotations'), KUBE_API_APPROVED_ANNOTATION);
    return [state === 'missing'
      ? violation(apiApproved, path, `is required: ${show(group)} is a protected group (*.k8s.io, *.kubernetes.io)`,
        'set it to the URL of the approved Kubernetes API review (see https://github.com/kubernetes/enhancements/pull/1111), or to a reason starting with "unapproved", or use a group of your own domain')
      : violation(apiApproved, path, `${show(value)} must be a URL or a reason starting with "unapproved"`,
        'set it to the URL of the approved API review, such as "https://github.com/kubernetes/enhancements/pull/1111", or to "unapproved, ..." with a reason')];
  },
});


/**
 * Mirrors `ValidateCustomResourceSelectableFields` (and the check before it in
 * validateCustomResourceDefinitionVersion: selectableFields need a schema):
 * each jsonPath names a field of the version's schema (cel.ValidFieldPath
 * without array notation), not in metadata, of type string, boolean or
 * integer, each once, and at most 8. On update, more than 8 are allowed
 * while they are unchanged from the stored CRD where the server holds them,
 * at the spec when moved there or in their version
 * (findTooManySelectableFieldsAllowed).
 */
const selectableFields: Rule = defineRule({
  id: 'KB186',
  title: 'selectableFields name string, boolean or integer fields of the schema (not in metadata), each once, at most 8',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceSelectableFields, allowedSelectableFieldSchema, findTooManySelectableFieldsAllowed; cel.ValidFieldPath; '
    + 'v1/conversion.go: Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec); changed since 1.30: selectableFields are served since Kubernetes 1.31 (CustomResourceFieldSelectors, GA in 1.32)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  check: (obj, ctx) => {
    const hoistingFindings = selectableFieldsSplitFromSchema(versionsOf(obj));
    if (hoistingFindings !== undefined) return hoistingFindings;
    const out: Violation[] = [];
    const tooManyAllowed = crdValidationOptions(ctx).allowTooManySelectableFields;
    // validation.go checks a list moved to the spec under the key "" (validateCustomResourceDefinitionSpec), a
    // version's own under its name (validateCustomResourceDefinitionVersion): one key for all when moved.
    const movedToSpec = hoisted(versionsOf(obj).map(v => v.entry), sameSelectableFields, 'selectableFields');
    for (const v of versionsOf(obj)) {
      const list = own(v.entry, 'selectableFields');
      if (!Array.isArray(list) || list.length === 0) continue;
      const listPath = field(v.path, 'selectableFields');
      const schema = own(own(v.entry, 'schema'), 'openAPIV3Schema');
      if (!isObject(schema)) {
        out.push(violation(selectableFields, listPath, `may only be set when ${field(v.path, 'schema.openAPIV3Schema')} is set`,
          'add the version\'s schema, which must hold the selected fields'));
        continue;
      }
      const unique = new Set<string>();
      list.forEach((entry: unknown, i: number) => {
        const jsonPathPath = field(item(listPath, i), 'jsonPath');
        const jsonPath = goString(own(entry, 'jsonPath'));
        if (jsonPath === undefined) return; // not a string: the decoding refuses it, as the schema rules say
        if (jsonPath === '') {
          out.push(violation(selectableFields, jsonPathPath, 'is required', 'name a field such as ".spec.color"'));
          return;
        }
        const found = followFieldPath(jsonPath, schema, false);
        if ('error' in found) {
          out.push(violation(selectableFields, jsonPathPath, `${show(jsonPath)} is an invalid path: ${found.error}`,
            'write a path of the schema\'s fields in dot notation, such as ".spec.color" (no [..] indexes)'));
          return;
        }
        if (found.steps[0] === 'metadata') {
          out.push(violation(selectableFields, jsonPathPath, `${show(jsonPath)} must not point to fields in metadata`,
            'metadata.name and metadata.namespace are selectable already; select a field of spec or status'));
        }
        const type = own(found.schema, 'type');
        if (type !== 'string' && type !== 'boolean' && type !== 'integer') {
          out.push(violation(selectableFields, jsonPathPath,
            `${show(jsonPath)} must point to a field of type string, boolean or integer${given(type) ? `, not ${show(type)}` : ' (it has no type)'}`,
            'select a scalar field; enum strings and strings with a format are allowed'));
        }
        const key = found.steps.join('\u0000');
        if (unique.has(key)) {
          out.push(violation(selectableFields, jsonPathPath, `${show(jsonPath)} is a duplicate`, 'list each field once'));
        } else {
          unique.add(key);
        }
      });
      if (unique.size > MAX_SELECTABLE_FIELDS && !tooManyAllowed.includes(movedToSpec ? '' : goVersionName(v.entry))) {
        out.push(violation(selectableFields, listPath, `selects ${unique.size} fields; it may select at most ${MAX_SELECTABLE_FIELDS}`,
          `keep the ${MAX_SELECTABLE_FIELDS} fields clients filter on most`));
      }
    }
    return out;
  },
});

/**
 * Mirrors Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec (k8s/version-hoisting.ts)
 * as validation.go then reads it: of several versions, a schema the same in all is moved to the spec and cleared in
 * each, and so are the same selectableFields, each on its own. When only the schemas move,
 * validateCustomResourceDefinitionVersion finds selectableFields in a version without a schema; when only the
 * selectableFields move, validateCustomResourceDefinitionSpec finds them at the spec without a spec-level schema
 * (kubernetes/kubernetes#140689). Either way the server checks no path: these are the only findings.
 */
function selectableFieldsSplitFromSchema(versions: readonly VersionAt[]): Violation[] | undefined {
  if (versions.length < 2) return undefined;
  const entries = versions.map(v => v.entry);
  const schemasMoved = hoisted(entries, sameVersionSchema, 'schema');
  if (schemasMoved === hoisted(entries, sameSelectableFields, 'selectableFields')) return undefined;
  const why = schemasMoved
    ? 'every version has the same schema, so the API server moves it out of the versions and then refuses selectableFields left in a version '
      + 'without one ("may only be set when `version.schema.openAPIV3Schema` is not included")'
    : 'every version has these same selectableFields while the schemas differ, so the API server moves them to the spec and then refuses them there '
      + 'without a spec-level schema ("may only be set when validations.schema is included")';
  return versions.filter(v => Array.isArray(own(v.entry, 'selectableFields')) && own(v.entry, 'selectableFields').length > 0)
    .map(v => violation(selectableFields, field(v.path, 'selectableFields'), `cannot be read by the API server: ${why}`,
      schemasMoved
        ? 'give every version the same selectableFields (the API server then reads them at the spec, with the shared schema)'
        : 'make the versions\' selectableFields differ, or their schemas equal (the API server then reads both at the spec)'));
}

/** What decoding the CRD into its Go types refuses or drops, read once per object for both rules below. */
const decodingOf = perObject((obj: Manifest): DecodeProblem[] => decodeProblems(obj, CUSTOM_RESOURCE_DEFINITION));

/** How to write `value` as a `expected`: YAML's unquoted words and numbers are the usual cause. */
function decodingHint(value: unknown, expected: string | undefined): string {
  if (expected === 'string' && typeof value === 'boolean') return yamlBooleanHint(value);
  if (expected === 'string' && typeof value === 'number') return `quote it in YAML: ${JSON.stringify(String(value))}`;
  if (expected === 'bool' && typeof value === 'string') return 'write true or false, unquoted';
  if (expected?.startsWith('int') && typeof value === 'string') return 'write the number unquoted';
  return `write it as a ${expected ?? 'value of its type'} (apiextensions.k8s.io/v1, \`kubectl explain customresourcedefinitions\`)`;
}

/**
 * Mirrors the API server's decoding of a request (apimachinery
 * pkg/runtime/serializer/json: Serializer.Decode, sigs.k8s.io/json): a value
 * of the wrong JSON type does not decode into the CRD's Go types, and the
 * server answers 400 before any validation, whatever the field validation.
 */
const crdDecodes: Rule = defineRule({
  id: 'KB222',
  title: 'A CustomResourceDefinition decodes into apiextensions.k8s.io/v1\'s Go types: every field has the JSON type its Go field takes',
  source: 'Kubernetes API machinery (apimachinery pkg/runtime/serializer/json: Serializer.Decode; sigs.k8s.io/json: UnmarshalCaseSensitivePreserveInts; '
    + 'apiextensions-apiserver pkg/apis/apiextensions/v1: types.go, marshal.go)',
  severity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  foundBy: 'decoding',
  refusedFirst: true,
  check: obj => decodingOf(obj).filter(p => p.kind === 'type').map(p => violation(crdDecodes, problemPath(p),
    `is ${show(p.value)}: ${p.detail}, so the API server cannot decode the CustomResourceDefinition and refuses it`,
    decodingHint(p.value, p.expected))),
});

/**
 * Mirrors strict field validation of a built-in kind (sigs.k8s.io/json
 * UnmarshalStrict, which kubectl's default --validate=strict asks for): a
 * key no Go field carries is dropped, with a warning, and refused under
 * strict. Below a type that decodes itself again without strictness
 * (JSONSchemaPropsOrBool, ...OrArray, ...OrStringArray: `items`,
 * `additionalProperties`, `dependencies`) it is dropped unreported.
 */
const crdKnownFields: Rule = defineRule({
  id: 'KB223',
  title: 'A CustomResourceDefinition holds only the fields of apiextensions.k8s.io/v1 (the server drops others; under strict field validation it refuses them)',
  source: 'Kubernetes API machinery (sigs.k8s.io/json: UnmarshalStrict, unknown fields; apiextensions-apiserver pkg/apis/apiextensions/v1: types.go, marshal.go)',
  severity: 'warning',
  strictSeverity: 'error',
  scope: 'object',
  appliesTo: [CRD_KIND_VERSION],
  foundBy: 'decoding',
  check: obj => decodingOf(obj).filter(p => p.kind === 'unknown').map(p => {
    const key = String(p.path[p.path.length - 1]);
    return violation(crdKnownFields, problemPath(p), `is not a field of ${p.fieldsOf}${didYouMean(key, p.known ?? [])}: the server drops it, `
      + 'or refuses the object under strict field validation',
    `remove it, or spell it as ${p.fieldsOf} does; \`kubectl explain customresourcedefinitions --recursive\` lists the fields`);
  }),
});

export const CRD_RULES: readonly Rule[] = [
  crdName, carriable, requiredParts, scopeValue, schemaRequired, preserveUnknownFields, apiApproved, selectableFields, crdDecodes, crdKnownFields,
];

