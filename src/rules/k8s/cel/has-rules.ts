/**
 * Whether a schema has any x-kubernetes-validations rule where the API
 * server compiles rules (properties, items, additionalProperties): the
 * schema walk loads the CEL compiler (and cel-js) only then.
 */
import { isObject, own } from '../../../model/manifest';

const MAX_DEPTH = 100;

export function hasValidationRules(schema: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > MAX_DEPTH) return false;
  const rules = own(schema, 'x-kubernetes-validations');
  if (Array.isArray(rules) && rules.length > 0) return true;
  const properties = own(schema, 'properties');
  if (isObject(properties) && Object.keys(properties).some(k => hasValidationRules(own(properties, k), depth + 1))) return true;
  return hasValidationRules(own(schema, 'items'), depth + 1) || hasValidationRules(own(schema, 'additionalProperties'), depth + 1);
}
