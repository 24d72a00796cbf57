/**
 * What `validate` keeps of each object for the rules across objects
 * (`src/rules/kube-bind/cross-object.ts`), so that memory does not grow with the size
 * of the schemas: a trimmed copy holding only the fields those rules read.
 *
 * What is kept is what the rules declare they read (`reads` of each rule
 * across objects, merged in `FIELDS_READ_ACROSS_OBJECTS`), with each
 * object's identity (apiVersion, kind, metadata.name and .namespace); an
 * object of a kind no such rule reads keeps its identity only. A schema the
 * rules read as a `'shape'` keeps only the fields that decide which fields an
 * object can hold (properties, items, additionalProperties, type and the
 * x-kubernetes-* markers that keep fields), as one JSON string: the run's
 * copier keeps one copy of equal strings, so the versions of one schema and
 * objects of one shape share it (kept as objects, the shapes tripled the peak
 * memory of a 200 MiB run). test/cli/streaming.test.ts checks that the rules
 * find the same with and without trimming.
 */
import { flat, Manifest } from '../model/manifest';
import { FIELDS_READ_ACROSS_OBJECTS, FieldsRead, KINDS_READ_ACROSS_OBJECTS } from '../rules';

const METADATA_FIELDS = ['name', 'namespace'] as const;
/** What of a schema node decides which fields an object can hold. */
const SHAPE_FIELDS = ['type', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource', 'x-kubernetes-int-or-string'] as const;
// Hostile nesting stops here; the reference check treats what is cut as unknown.
const MAX_SHAPE_DEPTH = 64;
/** Strings longer than this are keyed by number in `DetachedCopier.keyOf`. */
const LONG_STRING = 64;

function has(obj: unknown, key: string): obj is Record<string, unknown> {
  return typeof obj === 'object' && obj !== null && !Array.isArray(obj) && Object.prototype.hasOwnProperty.call(obj, key);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The own fields `keys` of `from` (a map), in a fresh map; anything but a map is kept as it is. */
function pick(from: unknown, keys: readonly string[]): unknown {
  if (!isMap(from)) return from;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (has(from, key)) out[key] = from[key];
  return out;
}

/**
 * Copies of facts that share no string with the parsed input, for the same
 * reason as `flat` (src/model/manifest.ts): a kept name must not hold its
 * document's text. Equal strings are copied once and shared: most facts
 * repeat (apiVersion, kind, namespace, scope, plural, version names), and
 * one copy of each keeps memory near the few strings that differ per object.
 * The facts are plain JSON values: maps, lists, strings, numbers, booleans
 * and null (no undefined, NaN or functions come from YAML).
 */
export class DetachedCopier {
  private readonly strings = new Map<string, string>();
  /** Copies of the parts of facts below their top level, by a key that says what they hold (`keyOf`). */
  private readonly parts = new Map<string, unknown>();
  /** A number for each long string, so that a part's key stays short (a schema shape is one long string). */
  private readonly longStrings = new Map<string, number>();

  public copy<T>(value: T): T {
    return this.copyValue(value) as T;
  }

  /**
   * A copy of an object's facts as `copy` makes, whose fields other than
   * `metadata` (the spec) are one copy shared with every earlier object whose
   * field held the same: the same objects repeated across namespaces (a
   * provider cluster's `kubectl get -A`) differ only by their metadata, and
   * would otherwise each hold a copy of the same spec. The facts are read,
   * never changed, so sharing is safe.
   */
  public copyFacts(facts: Manifest): Manifest {
    if (!isMap(facts)) return this.copy(facts);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(facts)) {
      const value = facts[key];
      out[this.string(key)] = key === 'metadata' || typeof value !== 'object' || value === null ? this.copyValue(value) : this.shared(value);
    }
    return out;
  }

  /** A copy of `value` (a map or list) as `copy` makes it, the same one for every equal value asked for. */
  public shared(value: object): unknown {
    const key = this.keyOf(value);
    if (this.parts.has(key)) return this.parts.get(key);
    const copy = this.copyValue(value);
    this.parts.set(key, copy);
    return copy;
  }

  /** JSON text of `value` with each long string replaced by its number: equal keys, equal values. */
  private keyOf(value: object): string {
    return JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v !== 'string') return v;
      // Every string value is marked, so a short one never reads as a long one's number.
      if (v.length <= LONG_STRING) return `s${v}`;
      let n = this.longStrings.get(v);
      if (n === undefined) this.longStrings.set(this.string(v), n = this.longStrings.size);
      return `l${n}`;
    });
  }

  private copyValue(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map(v => this.copyValue(v));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[this.string(key)] = this.copyValue((value as Record<string, unknown>)[key]);
    return out;
  }

  private string(text: string): string {
    let copy = this.strings.get(text);
    if (copy === undefined) {
      copy = flat(text);
      this.strings.set(copy, copy);
    }
    return copy;
  }
}

/** Longer specs (as JSON) are read each time (`specKey`). */
const MAX_SPEC_CHARS = 64 * 1024;

/**
 * What decides the facts `crossObjectFacts` reads of an object's spec: its
 * kind (some kinds keep no spec) and the spec's JSON text (read from YAML,
 * the spec holds no undefined that JSON would leave out); undefined for no
 * spec map, or one too long to key.
 */
export function specKey(manifest: Manifest): string | undefined {
  if (!isMap(manifest) || !has(manifest, 'spec') || !isMap(manifest.spec) || typeof manifest.kind !== 'string') return undefined;
  let json: string;
  try {
    json = JSON.stringify(manifest.spec);
  } catch {
    return undefined;
  }
  return json.length > MAX_SPEC_CHARS ? undefined : `${JSON.stringify(manifest.kind)}${json}`;
}
/** A copy of JSON data sharing no string with the parsed input (see `DetachedCopier`). */
export function detached<T>(value: T): T {
  return value === undefined ? value : new DetachedCopier().copy(value);
}

/** The identity of an object (apiVersion, kind, name, namespace): what reports show of it. */
export function identityOf(manifest: Manifest): Manifest {
  const out: Record<string, unknown> = {};
  if (has(manifest, 'apiVersion')) out.apiVersion = manifest.apiVersion;
  if (has(manifest, 'kind')) out.kind = manifest.kind;
  if (has(manifest, 'metadata')) out.metadata = pick(manifest.metadata, METADATA_FIELDS);
  return out;
}

/**
 * The fields of `manifest` the rules across objects read, as they declare
 * them (`reads` in src/rules), with its identity, in a fresh object sharing
 * no container with it.
 */
export function crossObjectFacts(manifest: Manifest, fields: FieldsRead = FIELDS_READ_ACROSS_OBJECTS): Manifest {
  const out = identityOf(manifest) as Record<string, unknown>;
  // An object of a kind no rule across objects reads (a Secret, a Deployment) keeps its identity only.
  if (!KINDS_READ_ACROSS_OBJECTS.has(manifest.kind)) return out;
  const read = pickRead(manifest, fields);
  if (!isMap(read)) return out;
  if (isMap(read.metadata) && isMap(out.metadata)) {
    // Labels none of which a rule reads are left out, not kept as an empty map on every labelled object.
    const { labels, ...rest } = read.metadata;
    out.metadata = { ...out.metadata, ...rest, ...(isMap(labels) && Object.keys(labels).length > 0 ? { labels } : {}) };
  }
  for (const key of Object.keys(read)) if (key !== 'metadata' && out[key] === undefined) out[key] = read[key];
  return out;
}

/**
 * The fields the rules across objects read but for schema shapes: what a
 * command that makes no permission claim keeps (the shapes serve only the
 * claims' reference paths, KB178), so its memory does not follow the size of
 * the schemas it converts.
 */
export const FIELDS_READ_WITHOUT_SHAPES: FieldsRead = withoutShapes(FIELDS_READ_ACROSS_OBJECTS);

function withoutShapes(fields: FieldsRead): FieldsRead {
  const out: { [field: string]: true | 'shape' | FieldsRead } = {};
  for (const [field, read] of Object.entries(fields)) {
    if (read === 'shape') continue;
    out[field] = read === true ? true : withoutShapes(read);
  }
  return out;
}

/**
 * The fields of `value` that `fields` names, in a fresh map: a list is read
 * item by item, and anything but a map or a list is kept as it is (a rule
 * that finds it is then as wrong as in the whole object).
 */
function pickRead(value: unknown, fields: FieldsRead): unknown {
  if (Array.isArray(value)) return value.map(item => pickRead(item, fields));
  if (!isMap(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    if (!has(value, key)) continue;
    const read = fields[key];
    out[key] = read === true ? value[key] : read === 'shape' ? shapeOf(value[key]) : pickRead(value[key], read);
  }
  return out;
}

/**
 * Shapes already made, by the JSON text of their schema: a run repeats a few
 * schemas many times (the bench's held-out-style mix: 4,116 schemas, 42
 * distinct), and JSON.stringify reads a schema several times faster than
 * `shapeJson` writes its shape. The shape is a function of the schema's JSON
 * text: the facts are read from parsed YAML, which holds no undefined (the one
 * value JSON would leave out that the walk would not). Bounded,
 * so a run over many large distinct schemas keeps little; the same string is
 * handed out for equal schemas, so the copier's tables find it at once.
 */
const SHAPES = new Map<string, string>();
const MAX_SHAPES = 64;
const MAX_SHAPE_SCHEMA_CHARS = 32 * 1024;

/** `shapeJson` of a schema, remembered by its JSON text. */
function shapeOf(schema: unknown): string {
  if (!isMap(schema)) return '{}';
  let json: string | undefined;
  try {
    json = JSON.stringify(schema);
  } catch {
    // Nested too deep to write: the walk cuts it at MAX_SHAPE_DEPTH.
    return shapeJson(schema, 0);
  }
  if (json === undefined || json.length > MAX_SHAPE_SCHEMA_CHARS) return shapeJson(schema, 0);
  let shape = SHAPES.get(json);
  if (shape === undefined) {
    shape = flat(shapeJson(schema, 0));
    if (SHAPES.size >= MAX_SHAPES) SHAPES.delete(SHAPES.keys().next().value as string);
    SHAPES.set(json, shape);
  }
  return shape;
}

/**
 * The JSON text of a schema node cut to the fields that decide which fields
 * an object can hold (`{}` for anything but a map, or below
 * `MAX_SHAPE_DEPTH`), written as the node is read: built as objects first
 * and then turned to text, each shape was made twice.
 */
function shapeJson(node: unknown, depth: number): string {
  if (!isMap(node) || depth > MAX_SHAPE_DEPTH) return '{}';
  const fields: string[] = [];
  for (const key of SHAPE_FIELDS) {
    // A scalar's type only says that nothing lies below it: too little for its cost in memory.
    if (key === 'type' && node.type !== 'object' && node.type !== 'array') continue;
    if (has(node, key)) addField(fields, key, JSON.stringify(node[key]));
  }
  if (isMap(node.properties)) {
    const properties: string[] = [];
    // `__proto__` is no field of a JSON object made by assignment (an earlier form of this): left out alike.
    for (const key of Object.keys(node.properties)) if (key !== '__proto__') addField(properties, key, shapeJson(node.properties[key], depth + 1));
    addField(fields, 'properties', `{${properties.join(',')}}`);
  }
  if (node.items !== undefined) addField(fields, 'items', shapeJson(node.items, depth + 1));
  if (node.additionalProperties === true || node.additionalProperties === false) addField(fields, 'additionalProperties', String(node.additionalProperties));
  else if (isMap(node.additionalProperties)) addField(fields, 'additionalProperties', shapeJson(node.additionalProperties, depth + 1));
  return `{${fields.join(',')}}`;
}

/** Adds the JSON field `key` with the JSON text `json` (JSON has no text for undefined: such a field is left out). */
function addField(fields: string[], key: string, json: string | undefined): void {
  if (json !== undefined) fields.push(`${JSON.stringify(key)}:${json}`);
}
