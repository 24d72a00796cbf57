/**
 * The Go types of `apiextensions.k8s.io/v1` CustomResourceDefinition, as the
 * API server decodes a CRD into them (apiextensions-apiserver
 * pkg/apis/apiextensions/v1/types.go, types_jsonschema.go and marshal.go,
 * Kubernetes 1.36): their fields by JSON name, for `go-json.ts`.
 *
 * ObjectMeta is left out: the metadata family checks it (KB020, KB230-KB234).
 */
import {
  ANY_JSON, BOOL, BYTES, CustomDecode, FLOAT64, GoStruct, GoType, INT32, INT64, mapOf, sliceOf, STRING, struct, TIME,
} from './go-json';
import { isObject } from '../../model/manifest';

const NAMES = struct('CustomResourceDefinitionNames', () => ({
  plural: STRING, singular: STRING, shortNames: sliceOf(STRING), kind: STRING, listKind: STRING, categories: sliceOf(STRING),
}));

const VALIDATION_RULE = struct('ValidationRule', () => ({
  rule: STRING, message: STRING, messageExpression: STRING, reason: STRING, fieldPath: STRING, optionalOldSelf: BOOL,
}));

/** JSONSchemaPropsOrBool.UnmarshalJSON: an object is a schema (decoded again, not strictly), true or false a bool; nothing else. */
const schemaOrBool: CustomDecode = value => {
  if (isObject(value) && !Array.isArray(value)) return { type: JSON_SCHEMA_PROPS, strict: false };
  if (typeof value === 'boolean') return { ignored: true };
  return { refused: 'boolean or JSON schema expected' };
};

/** JSONSchemaPropsOrArray.UnmarshalJSON: an object is a schema, an array a list of them (neither decoded strictly); anything else is dropped. */
const schemaOrArray: CustomDecode = value => {
  if (Array.isArray(value)) return { type: sliceOf(JSON_SCHEMA_PROPS), strict: false };
  if (isObject(value)) return { type: JSON_SCHEMA_PROPS, strict: false };
  return { ignored: true };
};

/** JSONSchemaPropsOrStringArray.UnmarshalJSON: an object is a schema, an array a list of strings (not strictly); anything else is dropped. */
const schemaOrStrings: CustomDecode = value => {
  if (Array.isArray(value)) return { type: sliceOf(STRING), strict: false };
  if (isObject(value)) return { type: JSON_SCHEMA_PROPS, strict: false };
  return { ignored: true };
};

const PROPS_OR_BOOL: GoType = { kind: 'custom', name: 'JSONSchemaPropsOrBool', decode: schemaOrBool };

export const JSON_SCHEMA_PROPS: GoStruct = struct('JSONSchemaProps', () => ({
  'id': STRING,
  '$schema': STRING,
  '$ref': STRING,
  'description': STRING,
  'type': STRING,
  'format': STRING,
  'title': STRING,
  'default': ANY_JSON,
  'maximum': FLOAT64,
  'exclusiveMaximum': BOOL,
  'minimum': FLOAT64,
  'exclusiveMinimum': BOOL,
  'maxLength': INT64,
  'minLength': INT64,
  'pattern': STRING,
  'maxItems': INT64,
  'minItems': INT64,
  'uniqueItems': BOOL,
  'multipleOf': FLOAT64,
  'enum': sliceOf(ANY_JSON),
  'maxProperties': INT64,
  'minProperties': INT64,
  'required': sliceOf(STRING),
  'items': { kind: 'custom', name: 'JSONSchemaPropsOrArray', decode: schemaOrArray },
  'allOf': sliceOf(JSON_SCHEMA_PROPS),
  'oneOf': sliceOf(JSON_SCHEMA_PROPS),
  'anyOf': sliceOf(JSON_SCHEMA_PROPS),
  'not': JSON_SCHEMA_PROPS,
  'properties': mapOf(JSON_SCHEMA_PROPS),
  'additionalProperties': PROPS_OR_BOOL,
  'patternProperties': mapOf(JSON_SCHEMA_PROPS),
  'dependencies': mapOf({ kind: 'custom', name: 'JSONSchemaPropsOrStringArray', decode: schemaOrStrings }),
  'additionalItems': PROPS_OR_BOOL,
  'definitions': mapOf(JSON_SCHEMA_PROPS),
  'externalDocs': struct('ExternalDocumentation', () => ({ description: STRING, url: STRING })),
  'example': ANY_JSON,
  'nullable': BOOL,
  'x-kubernetes-preserve-unknown-fields': BOOL,
  'x-kubernetes-embedded-resource': BOOL,
  'x-kubernetes-int-or-string': BOOL,
  'x-kubernetes-list-map-keys': sliceOf(STRING),
  'x-kubernetes-list-type': STRING,
  'x-kubernetes-map-type': STRING,
  'x-kubernetes-validations': sliceOf(VALIDATION_RULE),
}));

const VERSION = struct('CustomResourceDefinitionVersion', () => ({
  name: STRING,
  served: BOOL,
  storage: BOOL,
  deprecated: BOOL,
  deprecationWarning: STRING,
  schema: struct('CustomResourceValidation', () => ({ openAPIV3Schema: JSON_SCHEMA_PROPS })),
  subresources: struct('CustomResourceSubresources', () => ({
    status: struct('CustomResourceSubresourceStatus', () => ({})),
    scale: struct('CustomResourceSubresourceScale', () => ({ specReplicasPath: STRING, statusReplicasPath: STRING, labelSelectorPath: STRING })),
  })),
  additionalPrinterColumns: sliceOf(struct('CustomResourceColumnDefinition', () => ({
    name: STRING, type: STRING, format: STRING, description: STRING, priority: INT32, jsonPath: STRING,
  }))),
  selectableFields: sliceOf(struct('SelectableField', () => ({ jsonPath: STRING }))),
}));

const CONVERSION = struct('CustomResourceConversion', () => ({
  strategy: STRING,
  webhook: struct('WebhookConversion', () => ({
    clientConfig: struct('WebhookClientConfig', () => ({
      url: STRING,
      service: struct('ServiceReference', () => ({ namespace: STRING, name: STRING, path: STRING, port: INT32 })),
      caBundle: BYTES,
    })),
    conversionReviewVersions: sliceOf(STRING),
  })),
}));

/** A CustomResourceDefinition, metadata aside (any value there is left to the metadata family). */
export const CUSTOM_RESOURCE_DEFINITION: GoStruct = struct('CustomResourceDefinition', () => ({
  apiVersion: STRING,
  kind: STRING,
  metadata: ANY_JSON,
  spec: struct('CustomResourceDefinitionSpec', () => ({
    group: STRING, names: NAMES, scope: STRING, versions: sliceOf(VERSION), conversion: CONVERSION, preserveUnknownFields: BOOL,
  })),
  status: struct('CustomResourceDefinitionStatus', () => ({
    conditions: sliceOf(struct('CustomResourceDefinitionCondition', () => ({
      type: STRING, status: STRING, lastTransitionTime: TIME, reason: STRING, message: STRING, observedGeneration: INT64,
    }))),
    acceptedNames: NAMES,
    storedVersions: sliceOf(STRING),
    observedGeneration: INT64,
  })),
}));
