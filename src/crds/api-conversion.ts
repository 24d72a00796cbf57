/**
 * APIConversion (v1alpha2, cluster-scoped): rules that convert the objects
 * of a bound resource between its versions, field by field.
 */
import { consumerVersion } from './consumer-shared';
import { array, mapList, object, string } from './schema-builders';
import { ageColumn, customResourceDefinition, resourceRoot } from './shared';
import { VERSION_NAME_PATTERN } from '../model';

/** The category upstream lists APIConversion under (it comes from kcp). */
const KCP_CATEGORY = 'kcp';

export function buildApiConversionCrd(group: string): { [key: string]: any } {
  const version = (description: string) => string({ minLength: 1, pattern: VERSION_NAME_PATTERN, description });
  const rule = object({
    destination: string({ minLength: 1, description: 'JSONPath of the field written in the target version.' }),
    field: string({ minLength: 1, description: 'JSONPath of the field read in the source version.' }),
    transformation: string({ description: 'CEL expression applied to the value, if any.' }),
  }, { required: ['destination', 'field'] });
  const conversion = object({
    from: version('The version converted from.'),
    preserve: array(string(), { description: 'JSONPaths kept as they are.' }),
    rules: mapList(rule, ['destination'], { description: 'How each field moves.' }),
    to: version('The version converted to.'),
  }, { required: ['from', 'rules', 'to'] });
  const schema = resourceRoot({
    spec: object({
      conversions: mapList(conversion, ['from', 'to'], { description: 'One entry per pair of versions.' }),
    }, { description: 'The conversions of one resource.', required: ['conversions'] }),
  }, { description: 'Field-by-field conversions between the versions of a resource.' });
  return customResourceDefinition({
    group,
    kind: 'APIConversion',
    plural: 'apiconversions',
    singular: 'apiconversion',
    scope: 'Cluster',
    category: KCP_CATEGORY,
    versions: [consumerVersion({ name: 'v1alpha2', storage: true, status: false, printerColumns: [ageColumn()], schema })],
  });
}
