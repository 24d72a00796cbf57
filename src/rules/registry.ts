/**
 * The one registry: every rule, in catalogue order, family by family. A
 * family is one file of rules (`<family>.ts`, exporting its rules in order)
 * with its scenarios beside it (`<family>.scenarios.ts`). Adding a rule
 * touches its family file and its scenarios; adding a family is one line in
 * `FAMILIES`. The runners read their rules from here (`validateUpdate` runs
 * the update family, `UPDATE_RULES`, the same list).
 */
import { AnyRule, CrossObjectRule, FieldsRead, Rule } from './engine/rule';
import { CLAIM_RULES } from './kube-bind/claims';
import { CONDITION_RULES } from './kube-bind/conditions';
import { CONVERSION_RULES } from './kube-bind/conversion';
import { CRD_RULES } from './kube-bind/crd';
import { CROSS_OBJECT_RULES } from './kube-bind/cross-object';
import { EXPORT_RULES } from './kube-bind/export';
import { EXPORTED_CRD_RULES } from './kube-bind/exported-crd';
import { METADATA_RULES } from './kube-bind/metadata';
import { NAME_RULES } from './kube-bind/names';
import { PRINTER_COLUMN_RULES } from './kube-bind/printer-columns';
import { PROVIDER_OBJECT_RULES } from './kube-bind/provider-objects';
import { REFERENCE_PATH_RULES } from './kube-bind/reference-paths';
import { SCHEMA_RULES } from './kube-bind/schema';
import { SCOPE_RULES } from './kube-bind/scope';
import { SUBRESOURCE_RULES } from './kube-bind/subresources';
import { TEMPLATE_RULES } from './kube-bind/template';
import { UPDATE_RULES } from './kube-bind/updates';
import { VERSION_RULES } from './kube-bind/versions';

/** Every family, keyed by its file name (`<key>.ts`, `<key>.scenarios.ts`), in catalogue order. */
export const FAMILIES: { readonly [family: string]: readonly AnyRule[] } = {
  'schema': SCHEMA_RULES,
  'names': NAME_RULES,
  'versions': VERSION_RULES,
  'printer-columns': PRINTER_COLUMN_RULES,
  'subresources': SUBRESOURCE_RULES,
  'scope': SCOPE_RULES,
  'conversion': CONVERSION_RULES,
  'conditions': CONDITION_RULES,
  'export': EXPORT_RULES,
  'claims': CLAIM_RULES,
  'crd': CRD_RULES,
  'cross-object': CROSS_OBJECT_RULES,
  'reference-paths': REFERENCE_PATH_RULES,
  'updates': UPDATE_RULES,
  'template': TEMPLATE_RULES,
  'provider-objects': PROVIDER_OBJECT_RULES,
  'exported-crd': EXPORTED_CRD_RULES,
  'metadata': METADATA_RULES,
};

/** Every rule: of one object, across the objects of an app, and of updates. */
export const REGISTRY: readonly AnyRule[] = Object.values(FAMILIES).flat();

/** Every per-object rule, in catalogue order. */
export const RULES: readonly Rule[] = REGISTRY.filter((r): r is Rule => r.scope === 'object');

/** Every rule that looks at several objects at once. */
export const CROSS_RULES: readonly CrossObjectRule[] = REGISTRY.filter((r): r is CrossObjectRule => r.scope === 'app');

/**
 * The kinds of object that the rules across objects and the update rules
 * read, from their own declarations (`reads`, and the kinds an update rule
 * applies to): a front-end hands those rules the objects of these kinds, and
 * may leave out the rest.
 */
export const KINDS_READ_ACROSS_OBJECTS: ReadonlySet<string> = new Set([
  ...CROSS_RULES.flatMap(rule => rule.reads.kinds),
  ...REGISTRY.flatMap(rule => (rule.scope === 'update' ? rule.appliesTo.map(kv => kv.slice(0, kv.indexOf('/'))) : [])),
]);

/**
 * The fields the rules across objects read, from their declarations: every
 * rule's `reads.fields`, merged (a field kept whole by one rule is kept whole).
 */
export const FIELDS_READ_ACROSS_OBJECTS: FieldsRead = CROSS_RULES.reduce((all, rule) => mergeFields(all, rule.reads.fields), {} as FieldsRead);

function mergeFields(a: FieldsRead, b: FieldsRead): FieldsRead {
  const out: { [field: string]: true | 'shape' | FieldsRead } = { ...a };
  for (const [field, read] of Object.entries(b)) {
    const had = out[field];
    out[field] = had === undefined || read === true ? read
      : had === true ? true
        : typeof had === 'object' && typeof read === 'object' ? mergeFields(had, read)
          : read === had ? read : true;
  }
  return out;
}
