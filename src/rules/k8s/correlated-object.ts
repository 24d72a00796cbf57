/**
 * How the API server pairs the values of an updated custom resource with
 * those of its stored state, to ratchet their validation: a mirror of
 * `CorrelatedObject` (apiserver pkg/cel/common/equality.go: Key, Index,
 * CachedDeepEqual) and of `MakeMapList` (maplist.go), Kubernetes 1.36, over
 * the JSON schema of the custom resource's CRD version.
 *
 * - A field is paired with the old object's field of the same name when both
 *   objects have it and the schema describes it (`properties`, or an
 *   `additionalProperties` schema).
 * - An item of a list is paired only in an `x-kubernetes-list-type: map`
 *   list, with the old item of the same keys (the first one); items of
 *   atomic lists, sets and untyped lists are never paired: such a list
 *   ratchets as a whole.
 * - A value is unchanged when it deep-equals its old value, lists and
 *   objects compared through their paired children: an object holding a key
 *   the schema does not describe (below `x-kubernetes-preserve-unknown-fields`)
 *   never counts as unchanged, as CachedDeepEqual finds no child for it.
 *
 * The values given are the objects as the server validates them (nulls
 * pruned, defaults applied: `servedValue`); keys the schema neither
 * describes nor preserves are those the server prunes, and are not looked at.
 * JSON numbers are compared as numbers: Go's unstructured int64 1 and
 * float64 1.0 are two values there, one here.
 */
import { deepEqual } from './values';
import { isObject } from '../../model/manifest';

type Schema = { readonly [key: string]: unknown };

/** Past this depth a value counts as changed, as no manifest nests that deep (the reader's limits). */
const MAX_DEPTH = 200;

export class CorrelatedObject {
  /** The root of an object: `isRoot` is set, since apiVersion, kind and metadata are not ratcheted there. */
  public static root(value: unknown, oldValue: unknown, schema: Schema): CorrelatedObject {
    return new CorrelatedObject(value, oldValue, schema, 0);
  }

  private comparison: boolean | undefined;
  /** The old items by key, made at the first item looked up (MakeMapList); undefined for other lists. */
  private oldItems: OldItems | undefined;
  private readonly children = new Map<string | number, CorrelatedObject | undefined>();

  private constructor(
    public readonly value: unknown,
    public readonly oldValue: unknown,
    private readonly schema: Schema,
    private readonly depth: number,
  ) {}

  /**
   * The child at `field`, paired with its old value; undefined when it
   * cannot be (Key). At the root, apiVersion and kind are never paired
   * (ratcheting.go: isTypeMetaField; cel validation.go's key), nor is
   * metadata: its schema has no properties, so CachedDeepEqual pairs none of
   * its keys, and ObjectMeta is validated on its own, unratcheted.
   */
  public key(field: string): CorrelatedObject | undefined {
    if (this.children.has(field)) return this.children.get(field);
    let child: CorrelatedObject | undefined;
    const isTypeMeta = this.depth === 0 && (field === 'apiVersion' || field === 'kind' || field === 'metadata');
    const schema = childSchema(this.schema, field);
    if (!isTypeMeta && schema !== undefined && isObject(this.value) && isObject(this.oldValue)
      && Object.hasOwn(this.value, field) && Object.hasOwn(this.oldValue, field)) {
      child = new CorrelatedObject(this.value[field], this.oldValue[field], schema, this.depth + 1);
    }
    this.children.set(field, child);
    return child;
  }

  /** The item at `index`, paired with the old item of the same keys in a map list; undefined otherwise (Index). */
  public index(index: number): CorrelatedObject | undefined {
    if (this.children.has(index)) return this.children.get(index);
    let child: CorrelatedObject | undefined;
    const items = this.schema.items;
    if (Array.isArray(this.value) && index < this.value.length && Array.isArray(this.oldValue) && isObject(items)
      && this.schema['x-kubernetes-list-type'] === 'map') {
      this.oldItems ??= new OldItems(this.schema, this.oldValue);
      const old = this.oldItems.get(this.value[index]);
      if (old !== undefined) child = new CorrelatedObject(this.value[index], old, items, this.depth + 1);
    }
    this.children.set(index, child);
    return child;
  }

  /** Whether the value is unchanged from its old value (CachedDeepEqual). */
  public unchanged(): boolean {
    this.comparison ??= this.compare();
    return this.comparison;
  }

  private compare(): boolean {
    if (this.depth > MAX_DEPTH) return false;
    // The root holds metadata, which is never paired (`key`): an object is never unchanged as a whole.
    if (this.depth === 0) return false;
    const value = this.value;
    const old = this.oldValue;
    if (Array.isArray(value) && Array.isArray(old)) {
      if (value.length !== old.length) return false;
      if (this.schema['x-kubernetes-list-type'] !== 'map') return deepEqual(value, old);
      for (let i = 0; i < value.length; i++) {
        if (this.index(i)?.unchanged() !== true) return false;
      }
      return true;
    }
    if (isObject(value) && isObject(old)) {
      const keys = keptKeys(this.schema, value);
      if (keys.length !== keptKeys(this.schema, old).length) return false;
      return keys.every(k => this.key(k)?.unchanged() === true);
    }
    if (Array.isArray(value) || Array.isArray(old) || isObject(value) || isObject(old)) return false;
    return deepEqual(value, old);
  }
}

/** The schema of `field` of an object of `schema`: its property, or the additionalProperties schema. */
function childSchema(schema: Schema, field: string): Schema | undefined {
  const properties = schema.properties;
  if (isObject(properties) && Object.hasOwn(properties, field)) return isObject(properties[field]) ? properties[field] as Schema : undefined;
  const additional = schema.additionalProperties;
  return isObject(additional) ? additional as Schema : undefined;
}

/** The keys of `value` the server keeps: described by the schema, or preserved (pruning drops the rest). */
function keptKeys(schema: Schema, value: { [key: string]: unknown }): string[] {
  const keepsAll = schema['x-kubernetes-preserve-unknown-fields'] === true || schema.additionalProperties === true;
  if (keepsAll || isObject(schema.additionalProperties)) return Object.keys(value);
  const properties = schema.properties;
  return Object.keys(value).filter(k => isObject(properties) && Object.hasOwn(properties, k));
}

/**
 * The items of an old map list, by their keys (maplist.go's mapListImpl):
 * an item without all its keys, or with a key that is not a scalar, has
 * none; of two items with the same keys, the first is found.
 */
class OldItems {
  private readonly byKey = new Map<string, unknown>();
  private readonly keys: string[];

  constructor(schema: Schema, items: readonly unknown[]) {
    const keys = Array.isArray(schema['x-kubernetes-list-map-keys']) ? schema['x-kubernetes-list-map-keys'] as unknown[] : [];
    this.keys = keys.filter((k): k is string => typeof k === 'string');
    if (this.keys.length !== keys.length || this.keys.length === 0) return;
    for (const item of items) {
      const key = this.keyOf(item);
      if (key !== undefined && !this.byKey.has(key)) this.byKey.set(key, item);
    }
  }

  public get(item: unknown): unknown {
    const key = this.keyOf(item);
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /** The keys of an item as one text, each with its type (CompositeKeyFor), or undefined when it has none. */
  private keyOf(item: unknown): string | undefined {
    if (!isObject(item) || this.keys.length === 0) return undefined;
    const parts: unknown[] = [];
    for (const k of this.keys) {
      if (!Object.hasOwn(item, k)) return undefined;
      const v = item[k];
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined;
      parts.push(typeof v, v);
    }
    return JSON.stringify(parts);
  }
}
