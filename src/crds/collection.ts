/**
 * Collection (v1alpha2, cluster-scoped): a named list of templates, which
 * kube-bind's UI shows together.
 */
import { JsonSchema, array, object, string } from './schema-builders';
import { ageColumn, conditionsSchema, customResourceDefinition, resourceRoot, versionEntry } from './shared';
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
  return customResourceDefinition({
    group,
    kind: 'Collection',
    plural: 'collections',
    singular: 'collection',
    scope: 'Cluster',
    category: PROVIDER_CATEGORY,
    conversion: false,
    versions: [versionEntry({
      name: 'v1alpha2',
      served: true,
      storage: true,
      printerColumns: [
        // Upstream's column reads a field its schema does not have; kept to stay equal.
        { name: 'Description', type: 'string', jsonPath: '.spec.description' },
        { name: 'Templates', type: 'string', jsonPath: '.spec.templates[*].name' },
        ageColumn(),
      ],
      schema: collectionSchema(),
    })],
  });
}
