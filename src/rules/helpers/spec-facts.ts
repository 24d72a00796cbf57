/**
 * What the rules across objects read of a spec (templates, requests, exports),
 * read once per spec.
 */
import { isObject, own } from '../../model/manifest';

// ---------------------------------------------------------------------------
// Reading objects

/**
 * What a definition's spec says of its resource. Objects that differ only
 * in metadata (the same BoundSchema in every consumer namespace) share one
 * spec in the facts `validate` keeps, and so share one of these.
 */
export interface SpecFacts {
  readonly group: string;
  readonly plural: string;
  readonly scope: unknown;
  /** Names of the served versions; undefined when `spec.versions` is not a list. */
  readonly served: string[] | undefined;
}

/** The facts of a definition's spec (a string group and plural), or undefined. */
export function specFacts(spec: unknown): SpecFacts | undefined {
  const group = own(spec, 'group');
  const plural = own(own(spec, 'names'), 'plural');
  if (typeof group !== 'string' || typeof plural !== 'string') return undefined;
  const versions = own(spec, 'versions');
  const served = Array.isArray(versions)
    ? versions.flatMap(v => isObject(v) && own(v, 'served') === true && typeof own(v, 'name') === 'string' ? [own(v, 'name') as string] : [])
    : undefined;
  return { group, plural, scope: own(spec, 'scope'), served };
}
