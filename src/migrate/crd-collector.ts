/**
 * CRDs to BoundSchemas one at a time, as a stream of them is read: each is
 * converted (`boundSchemaManifestFromCrd`), and a BoundSchema name made
 * before is told apart as the same CRD again (printed once) or another CRD
 * of that name (which one BoundSchema cannot hold). What is kept per name
 * is a digest of its spec and where it came from, never the schema.
 *
 * The collector says what each CRD gave; whether the BoundSchema is valid is
 * the rules' to judge, and reporting it the caller's.
 */
import { BoundSchemaManifestOptions, boundSchemaManifestFromCrd } from './bound-schema-manifest';
import { canonicalDigest } from './schema-difference';
import { Manifest, own } from '../model/manifest';

/** Where a CRD was read. */
export interface CrdOrigin {
  readonly file: string;
  readonly line: number;
}

/** A BoundSchema name already made: where its CRD was, and its spec's digest. */
export interface MadeSchema {
  readonly origin: CrdOrigin;
  readonly digest: string;
}

/** What one CRD gave, with the problems and notes of its conversion. */
export type CollectedCrd = { readonly problems: string[]; readonly notes: string[] } & (
  /** A BoundSchema, new. */
  | { readonly outcome: 'made'; readonly schema: Manifest; readonly name: string }
  /** No BoundSchema: the problems say why. */
  | { readonly outcome: 'refused' }
  /** The same CRD as one made before: nothing new. */
  | { readonly outcome: 'repeated'; readonly name: string; readonly earlier: CrdOrigin }
  /** Another CRD of a name made before, defined differently: not made. */
  | { readonly outcome: 'clash'; readonly name: string; readonly earlier: CrdOrigin });

export class CrdCollector {
  /**
   * @param made the names made so far; a caller that takes back what a
   *   broken file added passes a map that forgets them (see io/batch.ts).
   */
  constructor(private readonly options: BoundSchemaManifestOptions, private readonly made: Map<string, MadeSchema> = new Map()) {}

  public add(crd: unknown, origin: CrdOrigin): CollectedCrd {
    const { manifest: schema, problems, notes } = boundSchemaManifestFromCrd(crd, this.options);
    if (schema === undefined) return { outcome: 'refused', problems, notes };
    const name: string = own(own(schema, 'metadata'), 'name');
    const digest = canonicalDigest(own(schema, 'spec'));
    const earlier = this.made.get(name);
    if (earlier !== undefined) {
      return { outcome: earlier.digest === digest ? 'repeated' : 'clash', name, earlier: earlier.origin, problems, notes };
    }
    this.made.set(name, { origin: { file: origin.file, line: origin.line }, digest });
    return { outcome: 'made', schema, name, problems, notes };
  }
}
