/**
 * Hostile values shared by the hostile-input and property tests: keys that
 * name Object.prototype members, and a witness that no prototype changed.
 */

/** Keys that break code writing `obj[key] = value` or reading `obj[key]` without an own-property check. */
export const PROTOTYPE_KEYS = [
  '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf',
  '__defineGetter__', '__lookupGetter__', 'toJSON', 'then', 'resolve', 'value', '$ref',
] as const;

/**
 * An OpenAPI schema in which every hostile key appears as a property name, as
 * a property of a `default`, in `required`, and nested; built with JSON.parse,
 * so `__proto__` is an own key as it is in parsed YAML.
 */
export function hostileSchema(): any {
  const properties = PROTOTYPE_KEYS
    .filter(k => k !== '$ref')
    .map(k => `${JSON.stringify(k)}:{"type":"string"}`)
    .join(',');
  const defaults = PROTOTYPE_KEYS.map(k => `${JSON.stringify(k)}:"d-${k}"`).join(',');
  return JSON.parse(`{
    "type":"object",
    "properties":{
      "spec":{"type":"object","required":["__proto__","constructor"],"properties":{${properties}}},
      "settings":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"default":{${defaults}}},
      "nested":{"type":"object","properties":{"__proto__":{"type":"object","properties":{"constructor":{"type":"object","properties":{"value":{"type":"string"}}}}}}}
    }
  }`);
}

/** A snapshot of the built-in prototypes a prototype pollution would touch. */
export function prototypeWitness(): string {
  const describe = (o: object) => Object.getOwnPropertyNames(o).sort().join(',');
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map(describe).join('|')
    + `|${JSON.stringify(Object.getOwnPropertyDescriptors(Object.prototype), (_, v) => (typeof v === 'function' ? v.name : v))}`;
}

/** JSON with sorted keys, every own key included (`__proto__` too): equal data, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map(k => `${JSON.stringify(k)}:${canonicalJson((value as any)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Every object in `value` has a standard prototype (Object.prototype or Array.prototype). */
export function allPrototypesStandard(value: unknown): boolean {
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype && value.every(allPrototypesStandard);
  if (value !== null && typeof value === 'object') {
    return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).every(k => allPrototypesStandard((value as any)[k]));
  }
  return true;
}
