/**
 * Versions: `spec.versions` of an APIServiceExport v1alpha1 or a
 * BoundSchema, checked as Kubernetes checks a CRD's versions (one storage
 * version, deprecation warnings, structural schemas) plus the spec's and
 * kube-bind's own demands (served is required, schemas equal in every served or stored version).
 *
 * Version names are checked as Kubernetes checks them (KB042). On CRDs an
 * absent name and a repeated one are KB042's and KB045's findings; on
 * kube-bind's kinds they are the CRD schema's (KB002, KB007), which ratchet
 * on update as kube-bind's API server does. "At least one version" comes
 * from the CRD schema (KB007) on kube-bind's kinds and from KB181 on CRDs.
 */
import { CRD_KIND_VERSION, isCrd, KindVersion, kindVersionOf } from '../../model/kinds';
import { has, isObject, Manifest, own } from '../../model/manifest';
import { CrdValidationOptions, crdValidationOptions } from '../engine/crd-validation-options';
import { didYouMean, lengthProblem, show } from '../engine/messages';
import { field, item } from '../engine/paths';
import { Rule, RuleContext, defineRule } from '../engine/rule';
import { Violation, violation } from '../engine/violation';
import { structuralIssuesOf } from '../helpers/schema-issues';
import { differingVersionSchemas, schemasMovedToSpec, versionEntries, versionSchema } from '../helpers/version-schemas';
import { deprecationNotes } from '../k8s/deprecation';
import { goString } from '../k8s/go-json';
import { dns1035LabelErrors, suggestDns1035Label } from '../k8s/names';
import { RECOGNIZED_STRING_FORMATS, unrecognizedFormats } from '../k8s/strfmt/supported';
import type { StructuralIssue, StructuralIssueKind } from '../k8s/structural';
import { deepEqual, utf8Length } from '../k8s/values';
import { goVersionName } from '../k8s/version-hoisting';

const CRD_KINDS: readonly KindVersion[] = ['APIServiceExport/v1alpha1', 'BoundSchema/v1alpha2'];
// The same, and CustomResourceDefinitions: for the rules that mirror Kubernetes' own CRD validation.
const K8S_KINDS: readonly KindVersion[] = [...CRD_KINDS, 'CustomResourceDefinition/v1'];
const MAX_DEPRECATION_WARNING_BYTES = 256;

/** Whether every entry of spec.versions is an object (otherwise counting rules stay silent). */
function allEntriesAreObjects(obj: Manifest): boolean {
  const versions = own(own(obj, 'spec'), 'versions');
  return Array.isArray(versions) && versions.every(isObject);
}

const storage: Rule = defineRule({
  id: 'KB030',
  title: 'Exactly one version has storage: true',
  source: 'spec §8.1; Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, one storage version)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const entries = versionEntries(obj);
    if (entries === undefined || entries.length === 0 || !allEntriesAreObjects(obj)) return [];
    // A mistyped storage flag is reported by KB003; counting around it would only add noise.
    if (entries.some(v => has(v.entry, 'storage') && typeof own(v.entry, 'storage') !== 'boolean')) return [];
    const stored = entries.filter(v => own(v.entry, 'storage') === true);
    if (stored.length === 0) {
      return [violation(storage, 'spec.versions', 'has no version with storage: true; exactly one must be the storage version',
        'set storage: true on one version (usually the newest stable one) and storage: false on the others')];
    }
    return stored.slice(1).map(v => violation(storage, field(v.path, 'storage'),
      `is true, but ${field(stored[0].path, 'storage')} already is: exactly one version may be the storage version`,
      'set storage: false on all versions but one'));
  },
});

const servedPresent: Rule = defineRule({
  id: 'KB031',
  title: 'Every version says whether it is served',
  source: 'spec §2.3',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => (versionEntries(obj) ?? [])
    .filter(v => !has(v.entry, 'served') || own(v.entry, 'served') === null)
    .map(v => violation(servedPresent, field(v.path, 'served'),
      'is missing; the spec requires it',
      'add served: true (kube-bind\'s server would default it to true, but the spec marks it required, so say it explicitly)')),
});

const someServed: Rule = defineRule({
  id: 'KB032',
  title: 'At least one version is served',
  source: 'spec §2.3',
  severity: 'warning',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: obj => {
    const entries = versionEntries(obj);
    if (entries === undefined || entries.length === 0 || !allEntriesAreObjects(obj)) return [];
    const served = entries.map(v => own(v.entry, 'served'));
    if (served.some(s => s !== false && s !== true && s !== undefined && s !== null)) return [];
    // Absent (or null) served defaults to true on the server.
    if (served.some(s => s !== false)) return [];
    return [violation(someServed, 'spec.versions', 'has no served version: the resource would have no API endpoint on the consumer cluster',
      'set served: true on at least one version; Kubernetes accepts a CRD that serves nothing, but nothing could use it')];
  },
});

const deprecationWarningNeedsDeprecated: Rule = defineRule({
  id: 'KB033',
  title: 'deprecationWarning is set only on deprecated versions',
  source: 'spec §8.4; Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionVersion, validateDeprecationWarning)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => (versionEntries(obj) ?? [])
    .filter(v => typeof own(v.entry, 'deprecationWarning') === 'string' && own(v.entry, 'deprecated') !== true)
    .map(v => violation(deprecationWarningNeedsDeprecated, field(v.path, 'deprecationWarning'),
      `is set, but ${field(v.path, 'deprecated')} ${own(v.entry, 'deprecated') === undefined ? 'is not set' : `is ${show(own(v.entry, 'deprecated'))}`}: it may only be set when deprecated is true`,
      'set deprecated: true, or remove deprecationWarning')),
});

const deprecationWarningText: Rule = defineRule({
  id: 'KB034',
  title: 'deprecationWarning is non-empty, at most 256 bytes and printable',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateDeprecationWarning)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const v of versionEntries(obj) ?? []) {
      const text = own(v.entry, 'deprecationWarning');
      // When deprecated is not true, KB033 says the only thing Kubernetes says.
      if (typeof text !== 'string' || own(v.entry, 'deprecated') !== true) continue;
      const path = field(v.path, 'deprecationWarning');
      if (text === '') {
        out.push(violation(deprecationWarningText, path, 'must not be empty', 'write a warning, or remove the field to get the default one'));
        continue;
      }
      const bytes = utf8Length(text);
      if (bytes > MAX_DEPRECATION_WARNING_BYTES) {
        out.push(violation(deprecationWarningText, path, `is ${bytes} bytes long; it must be at most ${MAX_DEPRECATION_WARNING_BYTES}`, 'shorten the warning'));
      }
      const chars = [...text];
      const bad = chars.findIndex(ch => !/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(ch));
      if (bad >= 0) {
        const code = chars[bad].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
        out.push(violation(deprecationWarningText, path,
          `has a non-printable character (U+${code}) at position ${bad}: only printable characters are allowed`,
          'keep the warning on one line, without tabs or control characters'));
      }
    }
    return out;
  },
});

const schemasEqual: Rule = defineRule({
  id: 'KB035',
  title: 'Every served or stored version has the same openAPIV3Schema (documentation aside)',
  source: 'spec §8.2',
  severity: 'error',
  scope: 'object',
  appliesTo: CRD_KINDS,
  check: (obj, ctx) => differingVersionSchemas(obj, ctx).map(d => violation(schemasEqual, d.path,
    // The first version by its entry alone (`spec.versions[0]'s`): both paths end alike, and the message stays short.
    `differs from ${d.firstPath.replace(/\.schema\.openAPIV3Schema$/, '')}'s${d.at === '' ? '' : ` (first difference at ${d.at})`}`,
    'the schemas of all served or stored versions must be equal (description, example and externalDocs aside): kube-bind cannot convert objects between versions (its API defers that to CEL version migration), so the spec requires one schema: '
    + 'copy the same schema into every version, or set served: false and storage: false on a version that differs (it is then not exported)')),
});

/** Whether the server runs the check of `issue` under `options`: every option it requires is on. */
function runsUnder(issue: StructuralIssue, options: CrdValidationOptions): boolean {
  return issue.requires === undefined || issue.requires.every(option => options[option]);
}

/** What the structural-schema walk finds of one kind, reported as `rule`'s, less what an update relaxes (crd-validation-options.ts). */
function structuralFindings(rule: Rule, kind: StructuralIssueKind, obj: Manifest, ctx: RuleContext): Violation[] {
  const out: Violation[] = [];
  const options = crdValidationOptions(ctx);
  for (const issue of structuralIssuesOf(obj, ctx)) {
    // A check the server does not run under this update's options (relaxed because the stored object failed it).
    if (issue.kind !== kind || !runsUnder(issue, options)) continue;
    out.push(violation(rule, issue.path, issue.message, issue.hint));
  }
  return out;
}

const schemaRoot: Rule = defineRule({
  id: 'KB036',
  title: 'The openAPIV3Schema root is type: object (and obeys the root restrictions of /status and metadata)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionValidation; schema/validation.go: validateStructuralInvariants, '
    + 'validateStructuralMetadataInvariants; ratcheted on update by requireStructuralSchema(oldCRDSpec))',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(schemaRoot, 'root', obj, ctx),
});

const schemaTypes: Rule = defineRule({
  id: 'KB037',
  title: 'Every field of the openAPIV3Schema declares a valid type, and every array its items',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: specStandardValidatorV3.validate, withForbiddenDefaults; schema/validation.go: validateStructuralInvariants; '
    + 'defaulting/validation.go: ValidateDefaults, with kube-openapi\'s SchemaValidator and strfmt.Default (43fb72c5454a), schema/objectmeta: Validate, validateEmbeddedResource for defaults in embedded resources and cel.NewValidator for the rules; '
    + 'ratcheted on update by requireValidPropertyType and requireStructuralSchema(oldCRDSpec))',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(schemaTypes, 'type', obj, ctx),
});

const schemaKeywords: Rule = defineRule({
  id: 'KB038',
  title: 'The openAPIV3Schema uses no unsupported keyword ($ref, definitions, patternProperties, uniqueItems...)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionOpenAPISchema, specStandardValidatorV3.validate; '
    + 'schema/convert.go: NewStructural for $schema)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(schemaKeywords, 'keyword', obj, ctx),
});

const schemaExtensions: Rule = defineRule({
  id: 'KB039',
  title: 'x-kubernetes-* extensions in the openAPIV3Schema are well-formed',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionOpenAPISchema, validateMapListKeysMapSet; '
    + 'schema/validation.go: validateStructuralInvariants and validateExtensions for x-kubernetes-embedded-resource and x-kubernetes-int-or-string; CEL compiled as apiserver pkg/cel does; '
    + 'ratcheted on update by requireAtomicSetType and requireMapListKeysMapSetValidation(oldCRDSpec))',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(schemaExtensions, 'extension', obj, ctx),
});

const schemaJunctors: Rule = defineRule({
  id: 'KB040',
  title: 'allOf/anyOf/oneOf/not only add value validations',
  source: 'Kubernetes CRD validation (schema/validation.go: validateNestedValueValidation; ratcheted on update by requireStructuralSchema(oldCRDSpec))',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(schemaJunctors, 'junctor', obj, ctx),
});

const deprecationNote: Rule = defineRule({
  id: 'KB041',
  title: 'A deprecated version: the warning clients will receive',
  source: 'Kubernetes CRD versioning (deprecated versions, Warning header)',
  severity: 'info',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => {
    // deprecationNotes lists the served deprecated versions in spec.versions order; pair each with its index.
    const notes = deprecationNotes(obj, ctx.group);
    const versions = own(own(obj, 'spec'), 'versions');
    const indexes: number[] = [];
    (Array.isArray(versions) ? versions : []).forEach((v: unknown, i: number) => {
      if (isObject(v) && typeof own(v, 'name') === 'string' && own(v, 'deprecated') === true && own(v, 'served') !== false) indexes.push(i);
    });
    const out: Violation[] = [];
    notes.forEach((note, n) => {
      const index = indexes[n];
      // An empty deprecationWarning is KB034's error: there is no warning to quote.
      if (index === undefined || own(versions[index], 'name') !== note.version || note.warning === '') return;
      const path = item('spec.versions', index);
      out.push(note.isDefault
        ? violation(deprecationNote, path,
          `${show(note.version)} is deprecated: clients receive the API server's default warning ${show(note.warning)}`,
          'set deprecationWarning to tell clients what to use instead and until when the version is served')
        : violation(deprecationNote, path,
          `${show(note.version)} is deprecated: clients receive its deprecationWarning ${show(note.warning)}`));
    });
    return out;
  },
});

/** A version's name as Kubernetes reads it: absent or null is "" (Go's zero value), another type does not decode. */
function versionNameOf(entry: { [key: string]: any }): string | undefined {
  return goString(own(entry, 'name'));
}

const versionName: Rule = defineRule({
  id: 'KB042',
  title: 'Version names are DNS-1035 labels (lowercase letters, digits and "-", starting with a letter, at most 63 characters)',
  source: 'Kubernetes CRD validation (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, IsDNS1035Label of each version name, an absent one read as "")',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: obj => {
    const out: Violation[] = [];
    for (const v of versionEntries(obj) ?? []) {
      const name = versionNameOf(v.entry);
      if (name === undefined) continue;
      const path = field(v.path, 'name');
      // Kubernetes reads an absent name as "", which IsDNS1035Label refuses: say what is missing rather than quote a regex.
      if (own(v.entry, 'name') === undefined || own(v.entry, 'name') === null) {
        // On kube-bind's kinds an absent name is KB002's finding.
        if (isCrd(obj)) out.push(violation(versionName, path, 'is required: every version has a name, a DNS-1035 label', 'name the version, such as "v1", "v2beta1" or "v1alpha1"'));
        continue;
      }
      const errors = dns1035LabelErrors(name);
      if (errors.length === 0) continue;
      const guess = suggestDns1035Label(name);
      const fix = guess !== undefined && guess !== name ? ` (did you mean ${show(guess)}?)` : '';
      out.push(violation(versionName, path,
        `${show(name.length > 70 ? name.slice(0, 67) + '...' : name)} must be a DNS-1035 label${lengthProblem(errors)}${fix}`,
        `use a name such as "v1", "v2beta1" or "v1alpha1": a version name ${errors.join('; ')}`));
    }
    return out;
  },
});

/**
 * Mirrors validateCustomResourceDefinitionSpec's `uniqueNames` (Kubernetes
 * 1.36): the server answers `spec.versions: Invalid value: ...: must contain
 * unique version names`; this rule names the entry that repeats a name. Names
 * are compared as Go reads them, an absent one as "".
 */
const versionNamesUnique: Rule = defineRule({
  id: 'KB045',
  title: 'A CustomResourceDefinition\'s version names are unique',
  source: 'Kubernetes CRD validation, 1.36 (apiextensions-apiserver validation.go: validateCustomResourceDefinitionSpec, "must contain unique version names")',
  severity: 'error',
  scope: 'object',
  // On kube-bind's kinds, spec.versions is a map list keyed by name: KB007 reports a repeated name, ratcheted as the server does.
  appliesTo: [CRD_KIND_VERSION],
  check: obj => {
    const out: Violation[] = [];
    const firstAt = new Map<string, string>();
    for (const v of versionEntries(obj) ?? []) {
      const name = versionNameOf(v.entry);
      if (name === undefined) continue;
      const first = firstAt.get(name);
      if (first === undefined) {
        firstAt.set(name, v.path);
        continue;
      }
      out.push(violation(versionNamesUnique, field(v.path, 'name'), `${show(name)} duplicates ${first}: version names must be unique`,
        'rename or remove one of them: each version is served at /apis/<group>/<version>, so a name can be defined once'));
    }
    return out;
  },
});

const celRulesCompile: Rule = defineRule({
  id: 'KB043',
  title: 'x-kubernetes-validations rules and messageExpressions compile as the API server compiles them',
  source: 'Kubernetes CRD validation, 1.36 (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionOpenAPISchema; schema/cel/compilation.go: Compile, compileRule; '
    + 'apiserver pkg/cel/common/schemas.go: SchemaDeclType; pkg/cel/environment/base.go and pkg/cel/library; cel-go 0.26: the parser\'s limits, the checker, the AST validators '
    + 'of cel/validator.go and ext/formatting.go, ext/comprehensions.go)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => structuralFindings(celRulesCompile, 'cel', obj, ctx),
});

/**
 * KB044's findings: under suppressPerExpressionCost (validation.go:
 * suppressExpressionCostForUnchangedSchema, set on update for the versions of
 * findVersionsWithUnchangedSchemas) a schema's per-expression costs are not
 * checked; its total is. Keyed as validation.go validates the schema: one
 * every version shares is moved to the spec and validated once there, under
 * the first version's name (spec.Version, validateCustomResourceDefinitionSpec);
 * otherwise each version's under its own (validateCustomResourceDefinitionVersion).
 * The walk reports a schema repeated in several versions once, at the first:
 * such a finding stays while any version holding that schema changed, at
 * that version's path.
 */
function celCostFindings(obj: Manifest, ctx: RuleContext): Violation[] {
  const options = crdValidationOptions(ctx);
  const unchanged = new Set(options.versionsWithUnchangedSchemas);
  const issues = structuralIssuesOf(obj, ctx).filter(issue => issue.kind === 'cel-cost' && runsUnder(issue, options));
  const report = (issue: StructuralIssue, path: string = issue.path): Violation => violation(celRulesCost, path, issue.message, issue.hint);
  if (issues.length === 0) return [];
  const entries = versionEntries(obj) ?? [];
  if (schemasMovedToSpec(obj, ctx)) {
    const suppressed = entries.length > 0 && unchanged.has(goVersionName(entries[0].entry));
    return issues.filter(issue => !(suppressed && issue.perExpressionCost === true)).map(issue => report(issue));
  }
  const kv = kindVersionOf(obj, ctx.group);
  const schemas = unchanged.size === 0 ? [] : entries.flatMap(v => {
    const found = versionSchema(kv, v);
    return found !== undefined ? [{ ...found, suppressed: unchanged.has(goVersionName(v.entry)) }] : [];
  });
  const out: Violation[] = [];
  for (const issue of issues) {
    const at = issue.perExpressionCost === true ? schemas.find(s => issue.path.startsWith(s.path)) : undefined;
    if (at === undefined || !at.suppressed) {
      out.push(report(issue));
      continue;
    }
    const changed = schemas.find(s => !s.suppressed && deepEqual(s.schema, at.schema));
    if (changed !== undefined) out.push(report(issue, changed.path + issue.path.slice(at.path.length)));
  }
  return out;
}

const celRulesCost: Rule = defineRule({
  id: 'KB044',
  title: 'The estimated cost of x-kubernetes-validations rules is within the API server\'s limits',
  source: 'Kubernetes CRD validation, 1.36 (apiextensions-apiserver validation.go: ValidateCustomResourceDefinitionOpenAPISchema and ValidateCustomResourceDefinitionValidation, '
    + 'StaticEstimatedCostLimit, StaticEstimatedCRDCostLimit, getExpressionCost, TotalCost; cel-go checker/cost.go: Cost; apiserver pkg/cel/library/cost.go: CostEstimator; '
    + 'on update, suppressExpressionCostForUnchangedSchema for the versions of findVersionsWithUnchangedSchemas, a schema moved to the spec under spec.Version)',
  severity: 'error',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: celCostFindings,
});

/** What to write instead of a format the server does not recognize on a node of `type`. */
function unrecognizedFormatHint(format: string, type: string): string {
  switch (type) {
    case '':
    case 'string':
      return `use one of the string formats Kubernetes 1.36 checks${didYouMean(format, RECOGNIZED_STRING_FORMATS)}, check the value with a pattern or x-kubernetes-validations, or drop format`;
    case 'integer':
      return `use int32 or int64${didYouMean(format, ['int32', 'int64'])}, or drop format and bound the value with minimum and maximum`;
    case 'number':
      return `use float or double${didYouMean(format, ['float', 'double'])}, or drop format`;
    default:
      return `format is recognized on strings, integers and numbers only: drop it from this ${type}`;
  }
}

const unrecognizedFormat: Rule = defineRule({
  id: 'KB046',
  title: 'Every format of the openAPIV3Schema is one the API server recognizes (it warns on create and checks nothing for another)',
  source: 'Kubernetes CRD strategy, 1.34+ (apiextensions-apiserver pkg/registry/customresourcedefinition/strategy.go: WarningsOnCreate, getUnrecognizedFormatsInSchema; '
    + 'pkg/apiserver/validation/formats.go: GetUnrecognizedFormats, StripUnsupportedFormatsPostProcessorForVersion at 1.36)',
  severity: 'warning',
  scope: 'object',
  appliesTo: K8S_KINDS,
  check: (obj, ctx) => {
    // WarningsOnUpdate warns only of formats the stored CRD did not have, which an update does not show here: create only.
    if (ctx.crdUpdate !== undefined) return [];
    const kv = kindVersionOf(obj, ctx.group);
    return (versionEntries(obj) ?? []).flatMap(v => {
      const schema = versionSchema(kv, v);
      return schema === undefined ? [] : unrecognizedFormats(schema.schema, schema.path).map(found => violation(unrecognizedFormat, found.path,
        `${show(found.format)} is not a format recognized on ${found.type === '' ? 'a node without a type' : `type ${found.type}`}: `
          + `the API server warns unrecognized format ${JSON.stringify(found.format)} on create and checks nothing for it`,
        unrecognizedFormatHint(found.format, found.type)));
    });
  },
});

export const VERSION_RULES: readonly Rule[] = [
  storage,
  servedPresent,
  someServed,
  deprecationWarningNeedsDeprecated,
  deprecationWarningText,
  schemasEqual,
  schemaRoot,
  schemaTypes,
  schemaKeywords,
  schemaExtensions,
  schemaJunctors,
  deprecationNote,
  versionName,
  celRulesCompile,
  celRulesCost,
  versionNamesUnique,
  unrecognizedFormat,
];
