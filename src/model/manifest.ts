/**
 * Reading manifests without ever throwing: whatever YAML or a construct
 * produced, a rule reads it through these.
 */

/** A plain Kubernetes manifest, as parsed from YAML or produced by a construct. */
export type Manifest = { [key: string]: any };

export function isObject(v: unknown): v is { [key: string]: any } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Reads `obj[key]` only when it is an own property, so `__proto__` and friends stay data. */
export function own(obj: unknown, key: string): any {
  // Maps and lists alike: any object. Written out, as every rule calls it for every field it reads.
  if (typeof obj !== 'object' || obj === null) return undefined;
  return hasOwn.call(obj, key) ? (obj as any)[key] : undefined;
}

/**
 * A string of its own, holding no parent text. The YAML reader's strings are
 * slices of the document they were read from, and V8 keeps a slice's whole
 * parent text alive: whatever outlives its document (a cache key, a kept
 * finding) must not hold one. A JSON round trip makes a flat copy.
 */
export function flat(text: string): string {
  return text.length <= 12 ? text : JSON.parse(JSON.stringify(text));
}

export function has(obj: unknown, key: string): boolean {
  return typeof obj === 'object' && obj !== null && hasOwn.call(obj, key);
}
