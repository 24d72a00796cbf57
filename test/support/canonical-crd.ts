/**
 * The canonical form of a CustomResourceDefinition as the API server sees it,
 * and its sha256 digest. Prose (`description` strings) and metadata
 * annotations (controller-gen's version stamp) do not count; keys are sorted,
 * so the order a file or a builder writes them in does not count either.
 *
 * The digest lets a fresh clone, which has no ../shared, still check that our
 * CRDs equal kube-bind's: the digest of kube-bind's CRDs is committed (a
 * fact about them, not a copy), and compared with the digest of ours.
 */
import { createHash } from 'crypto';

type Json = { [key: string]: any };

/**
 * Drops every `description` key holding a string. A `description` whose
 * value is an object is a property (the printer-column schema has one) and
 * stays.
 */
export function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'description' && typeof child === 'string') continue;
      out[key] = withoutDescriptions(child);
    }
    return out;
  }
  return value;
}

/** The CRD without prose and without metadata annotations. */
export function normalizedCrd(crd: Json): Json {
  const out = withoutDescriptions(crd) as Json;
  if (out.metadata) delete out.metadata.annotations;
  return out;
}

/** JSON with the keys of every object sorted: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map(k => `${JSON.stringify(k)}:${canonicalJson((value as Json)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of the canonical JSON of the normalized CRD. */
export function crdDigest(crd: Json): string {
  return createHash('sha256').update(canonicalJson(normalizedCrd(crd)), 'utf8').digest('hex');
}
