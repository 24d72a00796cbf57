/**
 * BoundSchema: the provider-side mirror of a CRD that a binding created on a
 * consumer cluster, with the consumer's status reflected back.
 */
import {
  JsonSchema,
  atomicList,
  integer,
  object,
  opaqueObject,
  string,
  stringEnum,
  validated,
} from './schema-builders';
import {
  ageColumn,
  conditionsSchema,
  crdGroupSchema,
  crdNamesSchema,
  crdScopeSchema,
  crdVersionsSchema,
  customResourceDefinition,
  resourceRoot,
  storedVersionsSchema,
  versionEntry,
} from './shared';
import { CONVERSION_STRATEGIES, INFORMER_SCOPES } from '../model';

/** kube-bind's CEL rule on `spec.conversion`; KB081 quotes its message. */
export const CONVERSION_WEBHOOK_CEL = {
  // The double space is upstream's; CEL ignores it, equality checks do not.
  rule: "(self.strategy == 'None' && !has(self.webhook))  || (self.strategy == 'Webhook' && has(self.webhook))",
  message: 'Webhook must be specified if strategy=Webhook',
} as const;

function conversionSchema(): JsonSchema {
  const webhook = object({
    clientConfig: object({
      caBundle: string({ format: 'byte', description: 'PEM CA bundle for the webhook server certificate; system roots when empty.' }),
      url: string({ format: 'uri', description: 'https:// URL of the webhook.' }),
    }, { description: 'How to reach the conversion webhook.' }),
    conversionReviewVersions: atomicList(string(), { description: 'ConversionReview versions the webhook understands, preferred first.' }),
  }, { description: 'The conversion webhook; required with strategy Webhook.' });

  return validated(
    object({
      strategy: stringEnum(CONVERSION_STRATEGIES, { description: 'None (only apiVersion changes) or Webhook.' }),
      webhook,
    }, { description: 'How objects are converted between versions.' }),
    CONVERSION_WEBHOOK_CEL,
  );
}

/**
 * kube-bind's Go type carries the scope enum twice (once on the type, once on
 * the field), which controller-gen renders as two `allOf` branches. (Its Go
 * type is the resource scope's; the values are informerScope's, the same two.)
 */
function informerScopeSchema(): JsonSchema {
  return string({
    allOf: [{ enum: [...INFORMER_SCOPES] }, { enum: [...INFORMER_SCOPES] }],
    description: 'Whether the informer for the resource watches the whole cluster or single namespaces.',
  });
}

export function boundSchemaV1alpha2Schema(): JsonSchema {
  const spec = object({
    conversion: conversionSchema(),
    group: crdGroupSchema(),
    informerScope: informerScopeSchema(),
    names: crdNamesSchema('Kind and resource names of the resource.'),
    scope: crdScopeSchema(),
    versions: crdVersionsSchema(opaqueObject({ description: 'Validation and pruning schema of this version, kept as given.' })),
  }, {
    description: 'The CustomResourceDefinition spec of the bound resource.',
    required: ['group', 'informerScope', 'names', 'scope', 'versions'],
  });

  const status = object({
    acceptedNames: crdNamesSchema('The names actually served on the consumer cluster.'),
    conditions: conditionsSchema('Observations of the bound resource on the consumer cluster.'),
    instantiations: integer({ description: 'How many objects of the resource exist on the consumer side.' }),
    storedVersions: storedVersionsSchema(),
  }, { description: 'What the consumer cluster reports about the bound resource.' });

  // Unlike APIServiceExport, upstream does not require spec here.
  return resourceRoot({ spec, status }, { description: 'Schema of a resource bound from a provider into a consumer cluster.' });
}

export function buildBoundSchemaCrd(group: string): { [key: string]: any } {
  return customResourceDefinition({
    group,
    kind: 'BoundSchema',
    plural: 'boundschemas',
    singular: 'boundschema',
    shortNames: ['bs'],
    versions: [
      versionEntry({ name: 'v1alpha2', served: true, storage: true, printerColumns: [ageColumn()], schema: boundSchemaV1alpha2Schema() }),
    ],
  });
}
