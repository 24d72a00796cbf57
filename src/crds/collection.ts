/**
 * Collection (v1alpha2, cluster-scoped): a named list of templates, which
 * kube-bind's UI shows together.
 */
import { JsonSchema, array, object, string } from './schema-builders';
import { ageColumn, conditionsSchema, providerCrd, resourceRoot } from './shared';
import { PROVIDER_CATEGORY } from '../model';

export function collectionSchema(): JsonSchema {
  const spec = object({
    description: string({ description: 'What the collection groups, for people choosing one.' }),
    templates: array(object({
      name: string({ description: 'metadata.name of an APIServiceExportTemplate.' }),
    }, { required: ['name'] }), { minItems: 1, description: 'The templates of the collection.' }),
  }, { description: 'The templates shown together.', required: ['templates'] });
  const status = object({
    conditions: conditionsSchema('Observations of the collection.'),
  }, { description: 'What kube-bind observed about the collection.' });
  return resourceRoot({ spec, status }, { description: 'Templates grouped under one name.', required: ['spec'] });
}

export function buildCollectionCrd(group: string): { [key: string]: any } {
  return providerCrd({
    group,
    kind: 'Collection',
    scope: 'Cluster',
    category: PROVIDER_CATEGORY,
    printerColumns: [
      { name: 'Description', type: 'string', jsonPath: '.spec.description' },
      { name: 'Templates', type: 'string', jsonPath: '.spec.templates[*].name' },
      ageColumn(),
    ],
    schema: collectionSchema(),
  });
}
