/**
 * The structural-schema requirements Kubernetes' CRD validation puts on an
 * `openAPIV3Schema`, as far as they can be decided from the schema alone.
 * The consumer cluster runs them when it turns an APIServiceExport v1alpha1
 * or a BoundSchema into a real CRD. Every check names the Kubernetes
 * function it mirrors, all in apiextensions-apiserver:
 * - `validateCustomResourceDefinitionValidation`,
 *   `ValidateCustomResourceDefinitionOpenAPISchema`,
 *   `specStandardValidatorV3.validate` and `validateMapListKeysMapSet` in
 *   pkg/apis/apiextensions/validation/validation.go;
 * - `structuralschema.ValidateStructural` (`validateStructuralInvariants`,
 *   `validateStructuralMetadataInvariants`, `validateValueValidation`,
 *   `validateNestedValueValidation`) in pkg/apiserver/schema/validation.go;
 * - `structuraldefaulting.ValidateDefaults` in
 *   pkg/apiserver/schema/defaulting/validation.go (each default against
 *   kube-openapi's validator: schema-value.ts);
 * - the JSON decoding of `JSONSchemaProps` (a value of the wrong Go type
 *   never reaches validation: the request is refused while decoding; a
 *   keyword written as null is not set, decoded-schema.ts), and Go's zero
 *   values where validation.go compares a node with them (isSetInGo).
 * A check that cannot name its function does not belong here.
 *
 * The user's schema is data: keys such as `__proto__`, `constructor` or
 * `$ref` are read with `own` and never used to index a plain object.
 */
import { hasValidationRules } from './cel/has-rules';
import { decodedSchema, isSetInGo, JUNCTOR_KEYWORDS } from './decoded-schema';
import { re2PatternError } from './regex';
import { valueProblem } from './schema-value';
import { followFieldPath } from './valid-field-path';
import { keyPath } from './values';
import { isObject, own } from '../../model/manifest';
import type { SchemaCheckOption } from '../engine/crd-validation-options';
import { didYouMean, show, yamlBooleanHint } from '../engine/messages';
import { field, isAtOrBelow, item } from '../engine/paths';

/** Which family of requirement an issue breaks; each maps to one rule id. */
export type StructuralIssueKind =
  /** The root node: type object, not nullable, few keywords with /status, metadata/apiVersion/kind. */
  | 'root'
  /** Every specified node has a valid type that agrees with its properties/items. */
  | 'type'
  /** JSON-Schema keywords Kubernetes does not support. */
  | 'keyword'
  /** Malformed `x-kubernetes-*` extensions. */
  | 'extension'
  /** What allOf/anyOf/oneOf/not may not say. */
  | 'junctor'
  /** x-kubernetes-validations rules that do not compile (cel/schema-rules.ts). */
  | 'cel'
  /** x-kubernetes-validations rules whose estimated cost is over a limit (cel/schema-rules.ts). */
  | 'cel-cost';

export interface StructuralIssue {
  readonly kind: StructuralIssueKind;
  readonly path: string;
  readonly message: string;
  readonly hint?: string;
  /**
   * The options of validation.go's validationOptions without which the server
   * does not run this check (all must be on): ValidateCustomResourceDefinitionUpdate
   * turns one off when the stored object already failed it
   * (engine/crd-validation-options.ts). Undefined: the server always runs it.
   */
  readonly requires?: readonly SchemaCheckOption[];
  /**
   * The option the stored object turns off by failing this check
   * (specHasInvalidTypes, specHasNonStructuralSchema, hasNonAtomicSetType,
   * hasInvalidMapListKeysMapSet, schemaHasUnprunedDefaults). Undefined: a
   * check gated by an option whose failure relaxes nothing (ValidateDefaults'
   * value checks, the CEL rules).
   */
  readonly marks?: SchemaCheckOption;
  /** A CEL expression's own cost over its limit, which the server does not check in a version whose schema an update leaves unchanged. */
  readonly perExpressionCost?: true;
}

/** Issues of ValidateStructural (pkg/apiserver/schema/validation.go), which requireStructuralSchema gates. */
const STRUCTURAL = { requires: ['requireStructuralSchema'], marks: 'requireStructuralSchema' } as const;
/** Issues of ValidateDefaults and of the CEL rules, checked only on a structural schema. */
const AFTER_STRUCTURAL = { requires: ['requireStructuralSchema'] } as const;
/** ValidateDefaults' pruning check, run under requirePrunedDefaults. */
const PRUNED = { requires: ['requireStructuralSchema', 'requirePrunedDefaults'], marks: 'requirePrunedDefaults' } as const;
/** specStandardValidatorV3.validate's type check, run under requireValidPropertyType. */
const VALID_TYPE = { requires: ['requireValidPropertyType'], marks: 'requireValidPropertyType' } as const;
/** The set items check of ValidateCustomResourceDefinitionOpenAPISchema, run under requireAtomicSetType. */
const ATOMIC_SET = { requires: ['requireAtomicSetType'], marks: 'requireAtomicSetType' } as const;
/** validateMapListKeysMapSet, run under requireMapListKeysMapSetValidation. */
const MAP_LIST_KEYS = { requires: ['requireMapListKeysMapSetValidation'], marks: 'requireMapListKeysMapSetValidation' } as const;

export interface StructuralOptions {
  /** Whether the version serves /status (restricts the root keywords). */
  readonly statusSubresource: boolean;
}

const OPENAPI_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const LIST_TYPES = ['atomic', 'set', 'map'];
const MAP_TYPES = ['atomic', 'granular'];

/** Root keywords Kubernetes allows when /status is served: allowedFieldsAtRootSchema in validation.go. */
const ROOT_KEYWORDS_WITH_STATUS = new Set([
  'description', 'type', 'format', 'title', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'multipleOf', 'required',
  'items', 'properties', 'externalDocs', 'example', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-validations',
]);

const nonEmptyList = (value: unknown): boolean => !Array.isArray(value) || value.length > 0;

/**
 * Keywords a value validation (inside allOf/anyOf/oneOf/not) must leave to the structural part:
 * validateNestedValueValidation's ForbiddenGenerics and ForbiddenExtensions, each when it finds it set. The
 * pointers (default, x-kubernetes-list-type, x-kubernetes-map-type) are set by any value, `default: ""` too;
 * additionalProperties by a schema or true (false leaves it nil, newNestedValueValidation);
 * x-kubernetes-preserve-unknown-fields only by true (false is refused as such, checkExtensions).
 */
const FORBIDDEN_IN_JUNCTORS: ReadonlyArray<{ key: string; isSet: (value: unknown) => boolean }> = [
  { key: 'type', isSet: value => value !== '' },
  { key: 'additionalProperties', isSet: value => value !== false },
  { key: 'default', isSet: () => true },
  { key: 'title', isSet: value => value !== '' },
  { key: 'description', isSet: value => value !== '' },
  { key: 'nullable', isSet: value => value !== false },
  { key: 'x-kubernetes-preserve-unknown-fields', isSet: value => value === true },
  { key: 'x-kubernetes-embedded-resource', isSet: value => value !== false },
  { key: 'x-kubernetes-int-or-string', isSet: value => value !== false },
  { key: 'x-kubernetes-list-type', isSet: () => true },
  { key: 'x-kubernetes-list-map-keys', isSet: nonEmptyList },
  { key: 'x-kubernetes-map-type', isSet: () => true },
  { key: 'x-kubernetes-validations', isSet: nonEmptyList },
];

/** The reasons an x-kubernetes-validations rule may give (apiextensions' supportedValidationReason). */
const VALIDATION_REASONS = ['FieldValueRequired', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueDuplicate'];

/** A map keyword with at least one entry (validation.go's `len(schema.X) != 0`). */
const nonEmptyMap = (value: unknown): boolean => !isObject(value) || Object.keys(value).length > 0;

/**
 * specStandardValidatorV3.validate: keywords refused as "not supported", each when validation.go finds it set:
 * id when not empty, definitions and patternProperties with an entry, the pointer and map keywords whatever
 * their value (`$ref: ""` and `dependencies: {}` are refused). A null was dropped by decodedSchema.
 * `breaksStructural`: when NewStructural's validateUnsupportedFields refuses it too (`$ref` and dependencies
 * only when not empty), which makes a stored schema non-structural (schemaIsNonStructural).
 */
const UNSUPPORTED_KEYWORDS: ReadonlyArray<{
  key: string; reason: string; isSet: (value: unknown) => boolean; breaksStructural: (value: unknown) => boolean;
}> = [
  { key: '$ref', reason: 'references are not supported: inline the referenced schema', isSet: () => true, breaksStructural: value => value !== '' },
  { key: 'id', reason: 'id is not supported', isSet: value => value !== '', breaksStructural: value => value !== '' },
  { key: 'definitions', reason: 'definitions are not supported: inline the schemas', isSet: nonEmptyMap, breaksStructural: nonEmptyMap },
  { key: 'dependencies', reason: 'dependencies are not supported (use x-kubernetes-validations)', isSet: () => true, breaksStructural: nonEmptyMap },
  { key: 'patternProperties', reason: 'patternProperties is not supported (use additionalProperties)', isSet: nonEmptyMap, breaksStructural: nonEmptyMap },
  { key: 'additionalItems', reason: 'additionalItems is not supported', isSet: () => true, breaksStructural: () => true },
];

/** What a stored schema failing NewStructural turns off (specHasNonStructuralSchema), on a check that is not gated by it. */
const NON_STRUCTURAL = { marks: 'requireStructuralSchema' } as const;

const UNSUPPORTED_KEYWORD_NAMES = new Set([...UNSUPPORTED_KEYWORDS.map(k => k.key), '$schema']);

const MAX_DEPTH = 100;

/** Every structural problem of `schema`, the openAPIV3Schema found at `path`. */
export function structuralSchemaIssues(written: unknown, path: string, options: StructuralOptions): StructuralIssue[] {
  const out: StructuralIssue[] = [];
  // What the server validates: the schema as it decodes it, where a keyword written as null is not set.
  const schema = decodedSchema(written);
  if (!isObject(schema) || Object.keys(schema).length === 0) {
    out.push({
      kind: 'root',
      path,
      message: `must be a schema object with type: object, got ${isObject(schema) ? 'an empty object' : JSON.stringify(schema) ?? 'nothing'}`,
      hint: 'Kubernetes requires a structural openAPIV3Schema for every version, for example {type: object, properties: {spec: {type: object}}}',
      // An empty schema decodes and fails ValidateStructural ("must not be empty at the root"); anything else fails decoding.
      ...(isObject(schema) ? STRUCTURAL : {}),
    });
    return out;
  }
  checkRoot(schema, path, options, out);
  walk(schema, path, { root: true, junctor: false, underAdditionalProperties: false, insideResourceMeta: false, depth: 0 }, out);
  if (hasValidationRules(schema)) for (const issue of celIssues(schema, path, out)) out.push(issue);
  return out;
}

/**
 * The rules compiled as the server compiles them (cel/schema-rules.ts), loaded
 * only for a schema with rules. ValidateCustomResourceDefinitionValidation
 * compiles no rule when ValidateStructural or ValidateDefaults fail (the
 * root, type and junctor issues here), and
 * ValidateCustomResourceDefinitionOpenAPISchema skips a node's rules when
 * the node or a node below it has a schema error (keyword and extension issues).
 */
function celIssues(schema: unknown, path: string, found: readonly StructuralIssue[]): StructuralIssue[] {
  if (found.some(issue => issue.kind === 'root' || issue.kind === 'type' || issue.kind === 'junctor')) return [];
  const errorPaths = found.map(issue => issue.path);
  const blocked = (nodePath: string): boolean => errorPaths.some(p => isAtOrBelow(p, nodePath));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cel = require('./cel/schema-rules') as typeof import('./cel/schema-rules');
  return cel.celSchemaIssues(schema, path, blocked).map(issue => ({
    kind: issue.kind === 'cost' ? 'cel-cost' : 'cel',
    path: issue.path,
    message: issue.message,
    ...(issue.hint !== undefined ? { hint: issue.hint } : {}),
    ...(issue.perExpression === true ? { perExpressionCost: true } : {}),
    ...AFTER_STRUCTURAL,
  }));
}

interface Position {
  readonly root: boolean;
  /** Inside allOf/anyOf/oneOf/not: a value validation, not the structural part. */
  readonly junctor: boolean;
  /**
   * Below an additionalProperties: structuraldefaulting.ValidateDefaults does not follow additionalProperties
   * ("defaults are forbidden there" says its comment, but only inside resource metadata are they), so the
   * server checks no default there against its schema.
   */
  readonly underAdditionalProperties: boolean;
  /**
   * Inside the metadata, apiVersion or kind of the resource root or of an embedded resource
   * (ValidateCustomResourceDefinitionOpenAPISchema's insideResourceMeta).
   */
  readonly insideResourceMeta: boolean;
  /**
   * Inside an embedded resource's metadata, apiVersion or kind: the steps from the embedded resource down to
   * here (a property name, or 0 for items), to build the object a default lands in (ValidateDefaults' insideMeta).
   */
  readonly embeddedMeta?: readonly (string | 0)[];
  readonly depth: number;
}

/** The fields of a resource that ObjectMeta and TypeMeta own (validation.go's metaFields). */
const META_FIELDS = ['metadata', 'kind', 'apiVersion'];

function checkRoot(schema: { [key: string]: any }, path: string, options: StructuralOptions, out: StructuralIssue[]): void {
  const type = own(schema, 'type');
  // mirrors validateStructuralInvariants at rootLevel ("must be object at the root", "must not be empty at the root",
  // which x-kubernetes-preserve-unknown-fields or x-kubernetes-int-or-string waive) and, with /status,
  // validateCustomResourceDefinitionValidation ("only \"object\" is allowed as the type at the root").
  const typeWaived = (type === undefined || type === '')
    && (own(schema, 'x-kubernetes-preserve-unknown-fields') === true || own(schema, 'x-kubernetes-int-or-string') === true);
  if (type !== 'object' && !typeWaived) {
    // With /status, a type that is set is checked by validateCustomResourceDefinitionValidation whatever the options.
    const always = options.statusSubresource && type !== undefined && type !== '';
    out.push({
      kind: 'root',
      path: field(path, 'type'),
      message: `${type === undefined ? 'is missing' : JSON.stringify(type)}: the root of a custom resource schema must be type: object`,
      hint: 'set type: object at the root',
      ...(always ? {} : STRUCTURAL),
    });
  }
  // mirrors validateCustomResourceDefinitionValidation: "nullable cannot be true at the root".
  if (own(schema, 'nullable') === true) {
    out.push({ kind: 'root', path: field(path, 'nullable'), message: 'must not be true at the root', hint: 'remove nullable from the root' });
  }
  // mirrors validateCustomResourceDefinitionValidation: with /status only allowedFieldsAtRootSchema may differ from
  // their Go zero value (reflect.DeepEqual): `maxProperties: 0` or `enum: []` are set, `description: ""` is not.
  if (options.statusSubresource) {
    for (const key of Object.keys(schema)) {
      // nullable: true at the root has its own finding above.
      if (ROOT_KEYWORDS_WITH_STATUS.has(key) || key === 'nullable' || !isSetInGo(schema, key)) continue;
      out.push({
        kind: 'root',
        path: keyPath(path, key),
        message: 'is not allowed at the root of the schema when the /status subresource is enabled',
        hint: `move it below properties, or drop it; allowed at the root: ${[...ROOT_KEYWORDS_WITH_STATUS].join(', ')}`,
      });
    }
  }
  // mirrors validateStructuralInvariants: additionalProperties (even false) "must not be used at the root".
  if (own(schema, 'additionalProperties') !== undefined) {
    out.push({
      kind: 'root',
      path: field(path, 'additionalProperties'),
      message: `${show(own(schema, 'additionalProperties'))} must not be used at the root`,
      hint: 'a custom resource is an object with apiVersion, kind, metadata, spec...: declare its fields under properties',
      ...STRUCTURAL,
    });
  }
  checkResourceMeta(schema, path, 'root', out);
  const properties = own(schema, 'properties');
  if (!isObject(properties)) return;
  // mirrors ValidateCustomResourceDefinitionOpenAPISchema: withForbiddenDefaults("in top-level <name>"), applied by
  // specStandardValidatorV3.validate to every node below.
  for (const name of ['apiVersion', 'kind', 'metadata']) {
    const found = firstDefault(own(properties, name), keyPath(field(path, 'properties'), name), 0);
    if (found !== undefined) {
      out.push({ kind: 'type', path: found, message: `must not be set: defaults are not allowed in top-level ${name}`, hint: 'remove the default' });
    }
  }
  const metadata = own(properties, 'metadata');
  if (!isObject(metadata)) return;
  const metadataPath = keyPath(field(path, 'properties'), 'metadata');
  // mirrors validateStructuralMetadataInvariants at the root: nothing but properties name and generateName may be
  // specified (type and default aside, which it clears: the default is refused above).
  const metadataProperties = own(metadata, 'properties');
  if (isObject(metadataProperties)) {
    for (const name of Object.keys(metadataProperties)) {
      const propPath = keyPath(field(metadataPath, 'properties'), name);
      if (name !== 'name' && name !== 'generateName') {
        out.push({
          kind: 'root',
          path: propPath,
          message: 'is not allowed: a schema may only restrict metadata.name and metadata.generateName',
          hint: 'Kubernetes validates the rest of metadata itself; remove this property',
          ...STRUCTURAL,
        });
      }
    }
  }
  for (const key of Object.keys(metadata)) {
    if (key === 'type' || key === 'properties' || key === 'default' || !setInStructural(metadata, key)) continue;
    out.push({
      kind: 'root',
      path: keyPath(metadataPath, key),
      message: 'is not allowed: at the root, metadata may only restrict name and generateName',
      ...STRUCTURAL,
    });
  }
}

/**
 * mirrors validateStructuralInvariants where it checks metadata (at the root and at every
 * x-kubernetes-embedded-resource): properties kind and apiVersion "must be string", and metadata "must be object"
 * (validateStructuralMetadataInvariants). A property without a type has none of them.
 */
function checkResourceMeta(node: { [key: string]: any }, path: string, kind: StructuralIssueKind, out: StructuralIssue[]): void {
  const properties = own(node, 'properties');
  if (!isObject(properties)) return;
  for (const name of ['apiVersion', 'kind', 'metadata']) {
    const prop = own(properties, name);
    if (!isObject(prop)) continue;
    const expected = name === 'metadata' ? 'object' : 'string';
    const type = own(prop, 'type');
    if (type === expected) continue;
    out.push({
      kind,
      path: field(keyPath(field(path, 'properties'), name), 'type'),
      message: `${type === undefined || type === '' ? 'is missing' : show(type)}: ${name} must be of type ${expected}`,
      hint: `the API server reads ${name} as ${expected === 'object' ? 'an object' : 'a string'} in every resource: set type: ${expected}`,
      ...STRUCTURAL,
    });
  }
}

/** Keywords the structural schema does not hold: NewStructural refuses them when set, and validation.go reports them. */
const NOT_IN_STRUCTURAL = new Set(['id', '$schema', '$ref', 'patternProperties', 'dependencies', 'additionalItems', 'definitions']);

/**
 * Whether keyword `key` of a decoded schema node is set in its structural schema (NewStructural,
 * pkg/apiserver/schema/convert.go): enum and the junctors are built by appending, so an empty list is not set;
 * items is set by a schema, not by a list; everything else as in JSONSchemaProps (isSetInGo).
 */
function setInStructural(node: { [key: string]: any }, key: string): boolean {
  const value = own(node, key);
  if (NOT_IN_STRUCTURAL.has(key)) return false;
  if (key === 'enum' || key === 'allOf' || key === 'anyOf' || key === 'oneOf') return Array.isArray(value) && value.length > 0;
  if (key === 'items') return isObject(value);
  if (key === 'properties') return isObject(value) && Object.keys(value).length > 0;
  if (key === 'x-kubernetes-preserve-unknown-fields') return value === true;
  return isSetInGo(node, key);
}

function walk(node: unknown, path: string, pos: Position, out: StructuralIssue[]): void {
  if (pos.depth > MAX_DEPTH) return;
  // mirrors the JSON decoding of JSONSchemaProps: a schema that is not an object is refused before validation.
  if (!isObject(node)) {
    out.push({ kind: 'type', path, message: `must be a schema object, got ${show(node)}`, hint: 'write a map such as {type: string}' });
    return;
  }
  const present = keysPresent(node);
  checkKeywords(node, path, present.unsupported, out);
  // ValidateCustomResourceDefinitionOpenAPISchema checks every node, inside allOf/anyOf/oneOf/not too.
  checkPropertiesBesideAdditional(node, path, out);
  // Every check of checkExtensions starts from an x-kubernetes-* key of the node: most nodes have none.
  if (present.extensions) checkExtensions(node, path, out);
  if (pos.junctor) {
    checkJunctorNode(node, path, out);
  } else {
    checkStructuralNode(node, path, pos, out);
    // mirrors specStandardValidatorV3.validate: "must not be used inside of resource meta".
    if (pos.insideResourceMeta && own(node, 'x-kubernetes-embedded-resource') === true) {
      out.push({ kind: 'extension', path: field(path, 'x-kubernetes-embedded-resource'), message: 'must not be used inside of resource meta' });
    }
    if (!pos.underAdditionalProperties) checkDefault(node, path, pos, out);
    else if (pos.embeddedMeta !== undefined) forbiddenMetaDefault(node, path, out);
  }

  // One position for every child but the meta fields of a resource: positions are never changed.
  const itemSteps = pos.embeddedMeta === undefined ? undefined : [...pos.embeddedMeta, 0 as const];
  const child: Position = { ...pos, root: false, embeddedMeta: itemSteps, depth: pos.depth + 1 };
  const embedded = !pos.junctor && own(node, 'x-kubernetes-embedded-resource') === true;
  const properties = own(node, 'properties');
  if (properties !== undefined) {
    if (!isObject(properties)) {
      // mirrors the JSON decoding of JSONSchemaProps.Properties (a map of schemas).
      out.push({ kind: 'type', path: field(path, 'properties'), message: 'must be a map of schemas', hint: 'map each field name to its schema, e.g. properties: {size: {type: integer}}' });
    } else {
      for (const name of Object.keys(properties)) {
        walk(own(properties, name), keyPath(field(path, 'properties'), name), propertyPosition(pos, child, embedded, name), out);
      }
    }
  }
  const items = own(node, 'items');
  if (isObject(items)) walk(items, field(path, 'items'), child, out);
  const additional = own(node, 'additionalProperties');
  if (isObject(additional)) walk(additional, field(path, 'additionalProperties'), { ...child, underAdditionalProperties: true }, out);

  if (!present.junctors) return;
  // The two int-or-string patterns are left unchecked whether or not x-kubernetes-int-or-string is set.
  const skipAnyOf = isIntOrStringAnyOf(own(node, 'anyOf'));
  const allOf = own(node, 'allOf');
  const skipFirstAllOfAnyOf = isIntOrStringAnyOf(own(own(allOf, '0'), 'anyOf'));
  for (const junctor of JUNCTOR_KEYWORDS) {
    const branches = own(node, junctor);
    if (branches === undefined) continue;
    if (!Array.isArray(branches)) {
      // mirrors the JSON decoding of JSONSchemaProps (allOf/anyOf/oneOf are lists of schemas).
      out.push({ kind: 'type', path: field(path, junctor), message: 'must be a list of schemas', hint: `write ${junctor} as a YAML list, one schema per "- " item` });
      continue;
    }
    // mirrors isIntOrStringAnyOfPattern and isIntOrStringAllOfPattern (pkg/apiserver/schema/validation.go).
    if (junctor === 'anyOf' && skipAnyOf) continue;
    branches.forEach((branch, i) => {
      const branchPath = item(field(path, junctor), i);
      if (junctor === 'allOf' && i === 0 && skipFirstAllOfAnyOf && isObject(branch)) {
        walk(withoutKey(branch, 'anyOf'), branchPath, { ...pos, junctor: true, depth: pos.depth + 1 }, out);
        return;
      }
      walk(branch, branchPath, { ...pos, junctor: true, depth: pos.depth + 1 }, out);
    });
  }
  const not = own(node, 'not');
  if (not !== undefined) walk(not, field(path, 'not'), { ...pos, junctor: true, depth: pos.depth + 1 }, out);
}

/**
 * The position of property `name` of a node at `pos`: the meta fields of the root or of an embedded resource
 * are inside resource meta (ValidateCustomResourceDefinitionOpenAPISchema, withInsideResourceMeta), and an
 * embedded resource's start the steps of ValidateDefaults' surrounding object.
 */
function propertyPosition(pos: Position, child: Position, embedded: boolean, name: string): Position {
  if ((pos.root || embedded) && !pos.junctor && META_FIELDS.includes(name)) {
    return { ...child, insideResourceMeta: true, embeddedMeta: embedded ? [name] : undefined };
  }
  return pos.embeddedMeta === undefined ? child : { ...child, embeddedMeta: [...pos.embeddedMeta, name] };
}

/** Which families of keys a schema node has, read in one pass over its keys (most nodes have two or three). */
function keysPresent(node: { [key: string]: any }): { extensions: boolean; junctors: boolean; unsupported: boolean } {
  let extensions = false;
  let junctors = false;
  let unsupported = false;
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-kubernetes-')) extensions = true;
    else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf' || key === 'not') junctors = true;
    else if (UNSUPPORTED_KEYWORD_NAMES.has(key)) unsupported = true;
  }
  return { extensions, junctors, unsupported };
}

function checkKeywords(node: { [key: string]: any }, path: string, unsupported: boolean, out: StructuralIssue[]): void {
  // mirrors specStandardValidatorV3.validate (validation.go).
  for (const { key, reason, isSet, breaksStructural } of unsupported ? UNSUPPORTED_KEYWORDS : []) {
    const value = own(node, key);
    if (value !== undefined && isSet(value)) {
      out.push({ kind: 'keyword', path: keyPath(path, key), message: reason, ...(breaksStructural(value) ? NON_STRUCTURAL : {}) });
    }
  }
  // mirrors NewStructural (pkg/apiserver/schema/convert.go: validateUnsupportedFields), which no validator of
  // validation.go repeats: a $schema that is not empty makes the schema non-structural.
  const dialect = unsupported ? own(node, '$schema') : undefined;
  if (dialect !== undefined && dialect !== '') {
    out.push({
      kind: 'keyword',
      path: keyPath(path, '$schema'),
      message: `${show(dialect)}: $schema is not supported`,
      hint: 'remove it: a CRD schema is always Kubernetes\' OpenAPI v3 dialect',
      ...STRUCTURAL,
    });
  }
  // mirrors ValidateCustomResourceDefinitionOpenAPISchema: "uniqueItems cannot be set to true".
  if (own(node, 'uniqueItems') === true) {
    out.push({
      kind: 'keyword',
      path: field(path, 'uniqueItems'),
      message: 'cannot be true (its cost is quadratic)',
      hint: 'use x-kubernetes-list-type: set instead',
    });
  }
  // mirrors specStandardValidatorV3.validate: "type cannot be set to null" and "items must be a schema object and not an array".
  if (own(node, 'type') === 'null') {
    out.push({ kind: 'keyword', path: field(path, 'type'), message: 'cannot be "null"', hint: 'use nullable: true on the field instead' });
  }
  // An empty list leaves no schema and no error here (the array's items are then missing).
  if (Array.isArray(own(node, 'items')) && own(node, 'items').length > 0) {
    out.push({ kind: 'keyword', path: field(path, 'items'), message: 'must be one schema, not a list of schemas (tuples are not supported)', ...NON_STRUCTURAL });
  }
  // mirrors validateValueValidation (pkg/apiserver/schema/validation.go): regexp.Compile(pattern), also inside junctors.
  const pattern = own(node, 'pattern');
  if (typeof pattern === 'string' && pattern !== '') {
    const reason = re2PatternError(pattern);
    if (reason !== undefined) {
      out.push({
        kind: 'keyword',
        path: field(path, 'pattern'),
        message: `${JSON.stringify(pattern)} must be a valid regular expression: ${reason}`,
        hint: 'Kubernetes compiles patterns with Go\'s regexp package (RE2 syntax: no lookarounds or backreferences)',
        ...STRUCTURAL,
      });
    }
  }
}

/**
 * mirrors specStandardValidatorV3.validate (requireValidPropertyType): type must be one of openapiV3Types. The
 * validator runs on every node, inside allOf/anyOf/oneOf/not too (SchemaHasInvalidTypes looks there as well).
 */
function invalidType(node: { [key: string]: any }, path: string, out: StructuralIssue[]): boolean {
  const type = own(node, 'type');
  if (type === undefined || type === '' || type === 'null' || (typeof type === 'string' && OPENAPI_TYPES.includes(type))) return false;
  out.push({
    kind: 'type',
    path: field(path, 'type'),
    message: `${show(type)} is not an OpenAPI type${didYouMean(type, OPENAPI_TYPES)}`,
    hint: `use one of ${OPENAPI_TYPES.join(', ')}; for any value, leave type out and set x-kubernetes-preserve-unknown-fields: true`,
    ...VALID_TYPE,
  });
  return true;
}

function checkStructuralNode(node: { [key: string]: any }, path: string, pos: Position, out: StructuralIssue[]): void {
  const type = own(node, 'type');
  const intOrString = own(node, 'x-kubernetes-int-or-string') === true;
  const preserve = own(node, 'x-kubernetes-preserve-unknown-fields') === true;
  if (invalidType(node, path, out)) return;
  // mirrors validateStructuralInvariants: "must not be empty for specified object fields / array items".
  if ((type === undefined || type === '') && !intOrString && !preserve && !pos.root) {
    out.push({
      kind: 'type',
      path: field(path, 'type'),
      message: 'is missing: every field of a structural schema must declare its type',
      hint: 'add a type, or x-kubernetes-preserve-unknown-fields: true to accept any value, or x-kubernetes-int-or-string: true',
      ...STRUCTURAL,
    });
  }
  // Kubernetes has no rule tying properties to type object or items to type array: only an array must have items.
  const items = own(node, 'items');
  // mirrors validateStructuralInvariants (pkg/apiserver/schema/validation.go): "items: Required value: must be specified".
  // `items: []` leaves no schema (NewStructural); a list of schemas is refused as such (checkKeywords).
  if (type === 'array' && !isObject(items) && !(Array.isArray(items) && items.length > 0)) {
    out.push({
      kind: 'type',
      path: field(path, 'items'),
      message: 'is missing: a structural array must declare the schema of its items',
      hint: 'add items with the schema of one element, e.g. items: {type: string}',
      ...STRUCTURAL,
    });
  }
  if (own(node, 'x-kubernetes-embedded-resource') === true) checkEmbeddedResource(node, path, out);
  if (intOrString) checkIntOrString(node, path, out);
}

/** mirrors ValidateCustomResourceDefinitionOpenAPISchema: "additionalProperties and properties are mutual exclusive". */
function checkPropertiesBesideAdditional(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  const properties = own(node, 'properties');
  const additional = own(node, 'additionalProperties');
  if (isObject(properties) && Object.keys(properties).length > 0 && (additional === false || isObject(additional))) {
    out.push({
      kind: 'type',
      path: field(path, 'additionalProperties'),
      message: 'and properties are mutually exclusive',
      hint: 'properties describe a struct, additionalProperties a map: pick one',
    });
  }
}

/**
 * mirrors validateStructuralInvariants on an x-kubernetes-embedded-resource: type object, no additionalProperties
 * (not even false), properties unless x-kubernetes-preserve-unknown-fields is true, and the resource's kind,
 * apiVersion and metadata typed as at the root.
 */
function checkEmbeddedResource(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  if (own(node, 'type') !== 'object') {
    out.push({ kind: 'extension', path: field(path, 'type'), message: 'must be "object" when x-kubernetes-embedded-resource is true', ...STRUCTURAL });
  }
  if (own(node, 'additionalProperties') !== undefined) {
    out.push({
      kind: 'extension',
      path: field(path, 'additionalProperties'),
      message: `${show(own(node, 'additionalProperties'))} must not be used if x-kubernetes-embedded-resource is true`,
      hint: 'an embedded resource is an object with apiVersion, kind and metadata: declare its fields under properties, '
        + 'or set x-kubernetes-preserve-unknown-fields: true',
      ...STRUCTURAL,
    });
  }
  const properties = own(node, 'properties');
  if ((!isObject(properties) || Object.keys(properties).length === 0) && own(node, 'x-kubernetes-preserve-unknown-fields') !== true) {
    out.push({
      kind: 'extension',
      path: field(path, 'properties'),
      message: 'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      hint: 'declare the fields of the embedded resource, or set x-kubernetes-preserve-unknown-fields: true',
      ...STRUCTURAL,
    });
  }
  checkResourceMeta(node, path, 'extension', out);
}

/** mirrors validateExtensions (pkg/apiserver/schema/validation.go): x-kubernetes-int-or-string excludes the other two. */
function checkIntOrString(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  for (const flag of ['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource']) {
    if (own(node, flag) !== true) continue;
    out.push({
      kind: 'extension',
      path: field(path, flag),
      message: 'must be false if x-kubernetes-int-or-string is true',
      hint: 'an int-or-string value is an integer or a string, never an object: remove one of the two',
      ...STRUCTURAL,
    });
  }
}

function checkExtensions(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  checkValidationRules(node, path, out);
  const type = own(node, 'type');
  const preserve = own(node, 'x-kubernetes-preserve-unknown-fields');
  // mirrors ValidateCustomResourceDefinitionOpenAPISchema: x-kubernetes-preserve-unknown-fields "must be true or undefined".
  if (preserve !== undefined && preserve !== true) {
    out.push({
      kind: 'extension',
      path: field(path, 'x-kubernetes-preserve-unknown-fields'),
      message: `${JSON.stringify(preserve)} must be true or absent`,
      hint: 'remove it: fields are pruned unless it is true',
      // NewStructural (newExtensions) refuses it too.
      ...NON_STRUCTURAL,
    });
  }
  // mirrors the JSON decoding of JSONSchemaProps (both are bools).
  for (const flag of ['x-kubernetes-int-or-string', 'x-kubernetes-embedded-resource']) {
    const value = own(node, flag);
    if (value !== undefined && typeof value !== 'boolean') {
      out.push({ kind: 'extension', path: field(path, flag), message: `${JSON.stringify(value)} must be a boolean` });
    }
  }
  // Kubernetes has no rule against a type beside x-kubernetes-int-or-string: none is checked here.
  // mirrors ValidateCustomResourceDefinitionOpenAPISchema: x-kubernetes-map-type is atomic or granular, on type object.
  const mapType = own(node, 'x-kubernetes-map-type');
  if (mapType !== undefined) {
    if (typeof mapType !== 'string' || !MAP_TYPES.includes(mapType)) {
      out.push({ kind: 'extension', path: field(path, 'x-kubernetes-map-type'), message: `${JSON.stringify(mapType)} must be "atomic" or "granular"` });
    }
    if (type !== 'object') {
      out.push({ kind: 'extension', path: field(path, 'type'), message: 'must be "object" when x-kubernetes-map-type is set' });
    }
  }
  checkListExtensions(node, path, out);
}

function checkListExtensions(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  const type = own(node, 'type');
  const listType = own(node, 'x-kubernetes-list-type');
  const keys = own(node, 'x-kubernetes-list-map-keys');
  const items = own(node, 'items');
  const listTypePath = field(path, 'x-kubernetes-list-type');
  const keysPath = field(path, 'x-kubernetes-list-map-keys');
  // mirrors ValidateCustomResourceDefinitionOpenAPISchema: list type atomic, set or map, on type array; map keys
  // require list type map; set items atomic (requireAtomicSetType); map keys exist, are scalar and unique.
  if (listType !== undefined) {
    if (typeof listType !== 'string' || !LIST_TYPES.includes(listType)) {
      out.push({ kind: 'extension', path: listTypePath, message: `${JSON.stringify(listType)} must be one of "atomic", "set", "map"` });
    }
    if (type !== 'array') {
      out.push({ kind: 'extension', path: field(path, 'type'), message: 'must be "array" when x-kubernetes-list-type is set' });
    }
  }
  // mirrors the JSON decoding of JSONSchemaProps.XListMapKeys ([]string).
  if (keys !== undefined && !(Array.isArray(keys) && keys.every(k => typeof k === 'string'))) {
    out.push({ kind: 'extension', path: keysPath, message: 'must be a list of property names' });
    return;
  }
  const keyList: string[] = Array.isArray(keys) ? keys : [];
  if (keyList.length > 0 && listType !== 'map') {
    out.push({ kind: 'extension', path: listTypePath, message: 'must be "map" when x-kubernetes-list-map-keys is set' });
  }
  // mirrors validateMapListKeysMapSet: items of set and map lists, and map keys, are not nullable; keys are required or defaulted.
  if ((listType === 'map' || listType === 'set') && own(items, 'nullable') === true) {
    out.push({ kind: 'extension', path: field(field(path, 'items'), 'nullable'), message: `must not be true in a list of type ${listType}`, ...MAP_LIST_KEYS });
  }
  if (listType === 'set' && isObject(items)) {
    const itemType = own(items, 'type');
    if (itemType === 'object' && own(items, 'x-kubernetes-map-type') !== 'atomic') {
      out.push({ kind: 'extension', path: field(field(path, 'items'), 'x-kubernetes-map-type'), message: 'must be "atomic" for objects in a list of type set', ...ATOMIC_SET });
    }
    if (itemType === 'array' && own(items, 'x-kubernetes-list-type') !== undefined && own(items, 'x-kubernetes-list-type') !== 'atomic') {
      out.push({ kind: 'extension', path: field(field(path, 'items'), 'x-kubernetes-list-type'), message: 'must be "atomic" for lists in a list of type set', ...ATOMIC_SET });
    }
  }
  if (listType !== 'map') return;
  if (keyList.length === 0) {
    out.push({ kind: 'extension', path: keysPath, message: 'must name at least one key property when x-kubernetes-list-type is map' });
  }
  if (!isObject(items) || own(items, 'type') !== 'object') {
    out.push({ kind: 'extension', path: field(path, 'items'), message: 'must be a schema of type object when x-kubernetes-list-type is map' });
    return;
  }
  const itemProperties = own(items, 'properties');
  const required = own(items, 'required');
  const seen = new Set<string>();
  for (const key of keyList) {
    if (seen.has(key)) out.push({ kind: 'extension', path: keysPath, message: `lists ${JSON.stringify(key)} twice` });
    seen.add(key);
    const keySchema = own(itemProperties, key);
    const keySchemaPath = keyPath(field(field(path, 'items'), 'properties'), key);
    if (!isObject(keySchema)) {
      out.push({ kind: 'extension', path: keysPath, message: `names ${JSON.stringify(key)}, which is not a property of the items` });
      continue;
    }
    const keyType = own(keySchema, 'type');
    if (keyType === 'object' || keyType === 'array') {
      out.push({ kind: 'extension', path: field(keySchemaPath, 'type'), message: 'must be a scalar type: it is a key of a list of type map' });
    }
    if (!(Array.isArray(required) && required.includes(key)) && !Object.prototype.hasOwnProperty.call(keySchema, 'default')) {
      out.push({
        kind: 'extension',
        path: keySchemaPath,
        message: 'must be required or have a default: it is a key of a list of type map',
        hint: `add ${JSON.stringify(key)} to ${field(field(path, 'items'), 'required')}`,
        ...MAP_LIST_KEYS,
      });
    }
    if (own(keySchema, 'nullable') === true) {
      out.push({ kind: 'extension', path: field(keySchemaPath, 'nullable'), message: 'must not be true: it is a key of a list of type map', ...MAP_LIST_KEYS });
    }
  }
}

/** mirrors validateNestedValueValidation (pkg/apiserver/schema/validation.go): "must be empty/undefined/false to be structural", "must not be specified in a nested context". */
function checkJunctorNode(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  invalidType(node, path, out);
  for (const { key, isSet } of FORBIDDEN_IN_JUNCTORS) {
    const value = own(node, key);
    if (value === undefined || !isSet(value)) continue;
    out.push({
      kind: 'junctor',
      path: field(path, key),
      message: 'is not allowed inside allOf/anyOf/oneOf/not',
      hint: 'declare it on the field itself (the structural part of the schema); junctors may only add value validations',
      ...STRUCTURAL,
    });
  }
  // At any depth: validateNestedValueValidation looks for metadata in every nested value validation.
  if (isObject(own(node, 'properties')) && Object.prototype.hasOwnProperty.call(own(node, 'properties'), 'metadata')) {
    out.push({
      kind: 'junctor',
      path: keyPath(field(path, 'properties'), 'metadata'),
      message: 'must not be restricted inside allOf/anyOf/oneOf/not',
      ...STRUCTURAL,
    });
  }
}

/**
 * x-kubernetes-validations: mirrors ValidateCustomResourceDefinitionOpenAPISchema (rule, message,
 * messageExpression, reason in supportedValidationReason, fieldPath). The rules are compiled after the
 * walk (celIssues).
 */
function checkValidationRules(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  const rules = own(node, 'x-kubernetes-validations');
  if (rules === undefined) return;
  const rulesPath = field(path, 'x-kubernetes-validations');
  if (!Array.isArray(rules)) {
    out.push({ kind: 'extension', path: rulesPath, message: 'must be a list of {rule, message} entries' });
    return;
  }
  rules.forEach((entry, i) => {
    const at = item(rulesPath, i);
    const rule = own(entry, 'rule');
    const message = own(entry, 'message');
    const add = (key: string, text: string, hint?: string): void => {
      out.push({ kind: 'extension', path: field(at, key), message: `${text}`, ...(hint !== undefined ? { hint } : {}) });
    };
    if (typeof rule !== 'string' || rule.trim() === '') {
      add('rule', 'is not specified: every validation needs a CEL rule');
      return;
    }
    if (typeof message === 'string' && message !== '' && message.trim() === '') add('message', 'must be non-empty if specified');
    else if (typeof message === 'string' && /[\n\r]/.test(message.trim())) add('message', 'must not contain line breaks');
    else if (/[\n\r]/.test(rule.trim()) && (typeof message !== 'string' || message.trim() === '')) add('message', 'must be specified because the rule contains line breaks');
    const messageExpression = own(entry, 'messageExpression');
    if (typeof messageExpression === 'string' && messageExpression !== '' && messageExpression.trim() === '') add('messageExpression', 'must be non-empty if specified');
    const reason = own(entry, 'reason');
    if (reason !== undefined && reason !== null && !VALIDATION_REASONS.includes(reason)) {
      add('reason', `${JSON.stringify(reason)} must be one of ${VALIDATION_REASONS.map(r => `"${r}"`).join(', ')}`);
    }
    const fieldPath = own(entry, 'fieldPath');
    if (typeof fieldPath === 'string' && fieldPath !== '' && fieldPath.trim() === '') add('fieldPath', 'must be non-empty if specified');
    else if (typeof fieldPath === 'string' && /[\n\r]/.test(fieldPath)) add('fieldPath', 'must not contain line breaks');
    // mirrors pathValid (validation.go): cel.ValidFieldPath from the rule's node, array notation allowed, on the
    // structural schema of that node; where NewStructural refuses the node, pathValid answers valid. No option
    // gates it: the stored object plays no part (and a spec with a rule needs structural schemas whatever it had,
    // specHasKubernetesExtensions), only the new node's own NewStructural.
    if (typeof fieldPath === 'string' && fieldPath.trim() !== '' && !/[\n\r]/.test(fieldPath) && !newStructuralRefuses(node, 0)) {
      const followed = followFieldPath(fieldPath, node, true);
      if ('error' in followed) {
        add('fieldPath', `${JSON.stringify(fieldPath)} must be a valid path: ${followed.error}`,
          'fieldPath is relative to the node that declares the rule, e.g. .spec.replicas or [\'key\'], and must name a declared field; '
          // validation.go compiles a node's rules only `if len(allErrs.SchemaErrors) == 0`: this error hides theirs.
          + 'Kubernetes compiles the rules of this node only when it has no such error, so a rule here that does not compile shows once this is fixed');
      }
    }
  });
}

/**
 * Whether NewStructural (pkg/apiserver/schema/convert.go) refuses a decoded schema node: it, or a schema it
 * builds from below it (properties, items, additionalProperties, and through newNestedValueValidation
 * allOf/anyOf/oneOf/not), sets a keyword validateUnsupportedFields refuses, a non-empty $schema, items as a
 * list of schemas, or x-kubernetes-preserve-unknown-fields other than true (newExtensions).
 */
function newStructuralRefuses(node: unknown, depth: number): boolean {
  if (!isObject(node) || depth > MAX_DEPTH) return false;
  for (const { key, breaksStructural } of UNSUPPORTED_KEYWORDS) {
    const value = own(node, key);
    if (value !== undefined && breaksStructural(value)) return true;
  }
  const dialect = own(node, '$schema');
  if ((dialect !== undefined && dialect !== '') || own(node, 'x-kubernetes-preserve-unknown-fields') === false) return true;
  const items = own(node, 'items');
  if (Array.isArray(items) ? items.length > 0 : newStructuralRefuses(items, depth + 1)) return true;
  if (newStructuralRefuses(own(node, 'additionalProperties'), depth + 1) || newStructuralRefuses(own(node, 'not'), depth + 1)) return true;
  const properties = own(node, 'properties');
  if (isObject(properties) && Object.keys(properties).some(name => newStructuralRefuses(own(properties, name), depth + 1))) return true;
  return JUNCTOR_KEYWORDS.some(junctor => {
    const branches = own(node, junctor);
    return Array.isArray(branches) && branches.some(branch => newStructuralRefuses(branch, depth + 1));
  });
}

/** The path of the first `default` at or below `node`, if any. */
function firstDefault(node: unknown, path: string, depth: number): string | undefined {
  if (!isObject(node) || depth > MAX_DEPTH) return undefined;
  if (Object.prototype.hasOwnProperty.call(node, 'default') && own(node, 'default') !== null) return field(path, 'default');
  const properties = own(node, 'properties');
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      const found = firstDefault(own(properties, name), keyPath(field(path, 'properties'), name), depth + 1);
      if (found !== undefined) return found;
    }
  }
  for (const key of ['items', 'additionalProperties']) {
    const found = firstDefault(own(node, key), field(path, key), depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * mirrors structuraldefaulting.ValidateDefaults (pkg/apiserver/schema/defaulting/validation.go): a default
 * results in valid metadata where it lands in an embedded resource (schemaobjectmeta.Coerce and Validate),
 * validates against its schema and survives pruning.
 */
function checkDefault(node: { [key: string]: any }, path: string, pos: Position, out: StructuralIssue[]): void {
  // A null default counts as no default in Kubernetes' structural schema.
  if (!Object.prototype.hasOwnProperty.call(node, 'default') || own(node, 'default') === null) return;
  const value = own(node, 'default');
  const meta = defaultMetaErrors(node, value, pos);
  if (meta !== undefined) {
    out.push({
      kind: 'type',
      path: field(path, 'default'),
      message: `${show(value)} must result in valid metadata: ${meta}`,
      hint: 'the server builds the embedded object this default lands in and checks its apiVersion, kind and metadata as an object\'s: fix the default',
      ...AFTER_STRUCTURAL,
    });
    return;
  }
  // requirePrunedDefaults: pruning must leave the default as it is (not inside metadata, where the server builds the object).
  const pruned = pos.embeddedMeta === undefined ? unprunedField(node, value, '', 0, pos.root) : undefined;
  if (pruned !== undefined) {
    out.push({
      kind: 'type',
      path: field(path, 'default'),
      message: `${show(value)} must not have unknown fields: ${pruned === '' ? 'it' : pruned.replace(/^\./, '')} is not in the schema and would be pruned`,
      hint: 'declare the field in the schema (or x-kubernetes-preserve-unknown-fields: true), or remove it from the default',
      ...PRUNED,
    });
  }
  const problem = valueProblem(node, value);
  if (problem === undefined) {
    checkDefaultAgainstRules(node, path, value, out);
    return;
  }
  out.push({
    kind: 'type',
    path: field(path, 'default'),
    message: `${show(value)} is not valid for its own schema: ${problem}`,
    hint: typeof value === 'boolean' && own(node, 'type') === 'string'
      ? yamlBooleanHint(value)
      : 'Kubernetes validates every default against the schema (types, formats, bounds, enum, allOf/anyOf/oneOf/not) and prunes unknown fields '
        + 'when the CRD is created: fix the default or the schema',
    ...AFTER_STRUCTURAL,
  });
}

/**
 * mirrors ValidateDefaults' last step: a default that validates against its schema is run through the
 * schema's CEL rules (cel.NewValidator, with the default as old value, then without one); a rule that
 * evaluates to false or fails to evaluate refuses it. cel/default-rules.ts is loaded only when the node
 * or a node below it has rules.
 */
function checkDefaultAgainstRules(node: { [key: string]: any }, path: string, value: unknown, out: StructuralIssue[]): void {
  if (!hasValidationRules(node)) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const rules = require('./cel/default-rules') as typeof import('./cel/default-rules');
  const failure = rules.defaultRuleFailure(node, value);
  if (failure === undefined) return;
  const where = failure.at === '' ? '' : ` at ${failure.at.replace(/^\./, '')}`;
  out.push({
    kind: 'type',
    path: field(path, 'default'),
    message: failure.kind === 'false'
      ? `${show(value)} fails the rule ${show(failure.rule)}${where}: ${failure.message}`
      : `${show(value)} makes the rule ${show(failure.rule)} fail to evaluate${where}: ${failure.message}`,
    hint: failure.kind === 'false'
      ? 'the server checks every default against the x-kubernetes-validations rules of its schema when the CRD is created: fix the default or the rule'
      : 'the server evaluates the rules on every default when the CRD is created, and an evaluation error refuses it: '
        + 'fix the default, or guard the rule (has(), size(), a check before dividing)',
    ...AFTER_STRUCTURAL,
  });
}

/**
 * The metadata errors of a default, as ValidateDefaults finds them: inside an embedded resource's metadata,
 * apiVersion or kind, the default set into an object of apiVersion validation/v1 and kind Validation
 * (NewRootObjectFunc().WithTypeMeta) and that object checked; elsewhere the default itself, at each embedded
 * resource its schema holds (schemaobjectmeta.Validate).
 */
function defaultMetaErrors(node: { [key: string]: any }, value: unknown, pos: Position): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const embedded = require('./embedded-resource') as typeof import('./embedded-resource');
  let errors: import('./object-meta').MetaError[];
  if (pos.embeddedMeta !== undefined) {
    const surrounding: { [key: string]: unknown } = { apiVersion: 'validation/v1', kind: 'Validation' };
    setAt(surrounding, pos.embeddedMeta, value);
    errors = embedded.embeddedResourceErrors(surrounding, '');
  } else {
    errors = [];
    // ValidateDefaults validates the root as a resource (isResourceRoot): its default must carry apiVersion and kind.
    embeddedIn(node, value, '', 0, (resource, at) => errors.push(...embedded.embeddedResourceErrors(resource, at)), pos.root);
  }
  return errors.length === 0 ? undefined : embedded.describeMetaErrors(errors.map(e => ({ ...e, path: e.path.replace(/^\./, '') || '<default>' })));
}

/** Sets `value` at `steps` below `target`, making the objects and lists on the way. */
function setAt(target: { [key: string]: unknown }, steps: readonly (string | 0)[], value: unknown): void {
  let at: any = target;
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const next = last ? value : steps[i + 1] === 0 ? [] : {};
    if (step === 0) at.push(next);
    else Object.defineProperty(at, step, { value: next, enumerable: true, writable: true, configurable: true });
    at = next;
  });
}

/** Calls `found` with each object of `value` that its schema marks x-kubernetes-embedded-resource (schemaobjectmeta.validate's walk). */
type FoundResource = (resource: { [key: string]: unknown }, path: string) => void;

function embeddedIn(schema: unknown, value: unknown, path: string, depth: number, found: FoundResource, resourceRoot = false): void {
  if (!isObject(schema) || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => embeddedIn(own(schema, 'items'), v, `${path}[${i}]`, depth + 1, found));
    return;
  }
  if (!isObject(value)) return;
  if (own(schema, 'x-kubernetes-embedded-resource') === true || resourceRoot) found(value, path);
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  for (const key of Object.keys(value)) {
    const child = isObject(properties) && isObject(own(properties, key)) ? own(properties, key) : additional;
    embeddedIn(child, own(value, key), `${path}.${key}`, depth + 1, found);
  }
}

/** mirrors ValidateCustomResourceDefinitionOpenAPISchema: withForbiddenDefaults("inside additionalProperties applying to object metadata"). */
function forbiddenMetaDefault(node: { [key: string]: any }, path: string, out: StructuralIssue[]): void {
  if (!Object.prototype.hasOwnProperty.call(node, 'default') || own(node, 'default') === null) return;
  out.push({
    kind: 'type',
    path: field(path, 'default'),
    message: 'must not be set inside additionalProperties applying to object metadata',
    hint: 'pruning cannot tell a defaulted metadata entry from a given one: remove the default',
  });
}

/**
 * The first field of `value` that pruning (pkg/apiserver/schema/pruning/algorithm.go: Prune) removes under
 * `schema`: one that no property declares, where there is no additionalProperties and no
 * x-kubernetes-preserve-unknown-fields (an embedded resource keeps its apiVersion, kind and metadata whole).
 */
function unprunedField(schema: unknown, value: unknown, path: string, depth: number, resourceRoot = false): string | undefined {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unprunedField(own(schema, 'items'), value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const properties = own(schema, 'properties');
  const additional = own(schema, 'additionalProperties');
  const embedded = own(schema, 'x-kubernetes-embedded-resource') === true || resourceRoot;
  for (const key of Object.keys(value)) {
    // Prune leaves an embedded resource's apiVersion, kind and metadata alone, without descending.
    if (embedded && META_FIELDS.includes(key)) continue;
    const child = isObject(properties) ? own(properties, key) : undefined;
    if (isObject(child) || isObject(additional)) {
      const found = unprunedField(isObject(child) ? child : additional, own(value, key), `${path}.${key}`, depth + 1);
      if (found !== undefined) return found;
    } else if (additional === undefined && own(schema, 'x-kubernetes-preserve-unknown-fields') !== true) {
      return `${path}.${key}`;
    }
  }
  return undefined;
}

/**
 * `anyOf: [{type: integer}, {type: string}]`, in this order and with nothing else set in either branch: mirrors
 * isIntOrStringAnyOfPattern (pkg/apiserver/schema/validation.go), a reflect.DeepEqual with intOrStringAnyOf.
 */
function isIntOrStringAnyOf(anyOf: unknown): boolean {
  return Array.isArray(anyOf) && anyOf.length === 2 && onlyTyped(anyOf[0], 'integer') && onlyTyped(anyOf[1], 'string');
}

/** A branch whose NestedValueValidation (newNestedValueValidation) holds the type `type` and nothing else. */
function onlyTyped(branch: unknown, type: string): boolean {
  if (!isObject(branch) || own(branch, 'type') !== type) return false;
  return Object.keys(branch).every(key => {
    if (key === 'type') return true;
    const value = own(branch, key);
    // A nested value validation keeps properties when given (even {}), and additionalProperties unless false.
    if (key === 'properties') return value === undefined;
    if (key === 'additionalProperties') return value === undefined || value === false;
    // The keywords a structural schema does not hold are refused on their own (checkKeywords) when set.
    return !setInStructural(branch, key);
  });
}

function withoutKey(obj: { [key: string]: any }, key: string): { [key: string]: any } {
  const copy: { [key: string]: any } = Object.create(null);
  for (const k of Object.keys(obj)) {
    if (k !== key) Object.defineProperty(copy, k, { value: own(obj, k), enumerable: true });
  }
  return copy;
}
