/**
 * `parseDocument` over a stream of documents that repeat but for their
 * namespace (`kubectl get apiserviceexports,boundschemas -A` of a provider
 * cluster: the same objects in every consumer's namespace). Reading YAML is
 * the largest part of such a run; a document whose text is an earlier one's
 * but for the plain scalar of `metadata.namespace` is that document's object
 * with that namespace, so it is copied instead of read again.
 */
import { load } from './js-yaml';
import { Manifest, ParsedDocument, ShapeLimits, parseDocument } from './parse';
import { quickValueText } from './plain-value';
import { DocumentText } from './split';
import { KUBECTL_YAML_SCHEMA } from './yaml11';
import { RepeatTable } from '../model/repeat-table';

/** A namespace as the server takes it (a DNS-1123 label): a plain scalar with nothing YAML reads specially in it. */
const DNS_LABEL = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/;
/** Documents longer than this are read each time: their text would weigh in the table. */
const MAX_DOCUMENT_CHARS = 64 * 1024;
/** The table keeps at most this much text (the oldest go first): memory stays flat however long the stream. */
const MAX_TABLE_CHARS = 512 * 1024;
/**
 * When the table is full, copying goes on only if one lookup in this many
 * found its document: keying and copying 5,000 distinct documents of the
 * bench's generated mix cost a quarter of their run.
 */
const MIN_HITS_PER_LOOKUP = 8;
/** An anchor, a tag or a YAML .inf/.nan: such a document is read each time (what it reads to is not plain data to copy). */
const NOT_PLAIN = /[&!]|\.(?:inf|nan)\b/i;

/** What a document read to: its one object, and the line of that object below the document's first line. */
interface Known {
  readonly manifest: Manifest;
  readonly lineBelow: number;
}

/**
 * `parseDocument`, remembering the documents read (one per run of a command
 * that streams, made with its second document: see `streamParser` in read.ts).
 */
export class RepeatedDocuments {
  /** Off once it filled up with few hits: documents do not repeat here, and keying and copying them only costs. */
  private readonly known = new RepeatTable<Known>(MAX_TABLE_CHARS, MIN_HITS_PER_LOOKUP);

  public parse(file: string, doc: DocumentText, limits: ShapeLimits): ParsedDocument {
    const text = doc.text;
    if (this.known.isOff || doc.oversized !== undefined || text.length > MAX_DOCUMENT_CHARS || NOT_PLAIN.test(text)) {
      return parseDocument(file, doc, limits);
    }
    const namespace = quickValueText(text, 'metadata', 'namespace');
    if (namespace === undefined || !DNS_LABEL.test(namespace.value)) return parseDocument(file, doc, limits);
    const key = `${text.slice(0, namespace.at)}\u0000${text.slice(namespace.at + namespace.value.length)}`;
    const known = this.known.get(key);
    // The same scalar alone is read as its text (not a number, a boolean, a date): then the document reads as the
    // earlier one with this namespace, the rest of its text being the same.
    if (known !== undefined && load(namespace.value, { schema: KUBECTL_YAML_SCHEMA }) === namespace.value) {
      const manifest = copyPlain(known.manifest) as Manifest;
      manifest.metadata.namespace = namespace.value;
      return { objects: [{ index: doc.index, line: doc.line + known.lineBelow, manifest }], diagnostics: [], syntax: false };
    }
    const parsed = parseDocument(file, doc, limits);
    const [only] = parsed.objects;
    const one = !parsed.syntax && parsed.diagnostics.length === 0 && parsed.objects.length === 1 && only.item === undefined;
    if (known !== undefined || !one) return parsed;
    const metadata = only.manifest.metadata;
    if (typeof metadata !== 'object' || metadata === null || metadata.namespace !== namespace.value) return parsed;
    // A copy: the object handed over is its reader's to keep or change.
    const copy = copyPlain(only.manifest);
    if (copy === undefined) return parsed;
    this.known.set(key, { manifest: copy as Manifest, lineBelow: only.line - doc.line });
    return parsed;
  }
}

/**
 * A deep copy of JSON-like data as js-yaml reads it (plain objects, arrays,
 * strings, numbers, booleans, null), keys in their order; undefined when it
 * holds anything else, or a `__proto__` key (which plain assignment would
 * not copy as a key).
 */
function copyPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? undefined : value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyPlain(value[i]);
      if (item === undefined) return undefined;
      out[i] = item;
    }
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return undefined;
    const item = copyPlain((value as Record<string, unknown>)[key]);
    if (item === undefined) return undefined;
    out[key] = item;
  }
  return out;
}
