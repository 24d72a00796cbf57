/**
 * YAML out: manifests as a multi-document stream that every reader gets back
 * exactly, whatever the strings hold.
 *
 * kubectl and this CLI read YAML 1.1 (sigs.k8s.io/yaml), where `on`, `yes`,
 * `y`, `0755`, `1_000` and `1:20` are not strings; many other tools read 1.2. The `yaml` package's `compat: 'yaml-1.1'` quotes every string that
 * either schema would read as something else. What the package writes
 * unescaped although YAML forbids it raw (C1 and other control characters,
 * line and paragraph separators, a byte-order mark, lone surrogates) is
 * double-quoted and escaped here.
 */
import { CreateNodeOptions, Document, DocumentOptions, isMap, isScalar, Scalar, SchemaOptions, ToStringOptions, visit } from 'yaml';
import type { Manifest } from './parse';

const WRITE_OPTIONS: DocumentOptions & SchemaOptions & CreateNodeOptions = {
  version: '1.2',
  schema: 'core',
  compat: 'yaml-1.1',
  // An object reached twice (a YAML alias in the input) is written out twice, never as an anchor and alias.
  aliasDuplicateObjects: false,
};

const STRING_OPTIONS: ToStringOptions = {
  // No folding of long strings: one line per value, as kubectl writes them.
  lineWidth: 0,
  minContentWidth: 0,
};

/**
 * Characters YAML does not allow raw (outside c-printable), or that a YAML 1.1
 * reader takes for line breaks (NEL, LS, PS), plus the byte-order mark and
 * noncharacters U+FFFE/U+FFFF. Tab and line feed are fine.
 */
// With the u flag a well-formed surrogate pair is one character (not matched); a lone surrogate is matched.
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/u;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE_ALL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/gu;

/** The top-level keys written first, in this order; the others keep the object's own order. */
const LEADING_KEYS = ['apiVersion', 'kind', 'metadata'];

/**
 * One manifest as a YAML document (without `---`): apiVersion, kind and
 * metadata first, every other key in the object's own order.
 */
export function manifestToYaml(manifest: Manifest): string {
  const doc = new Document(manifest, WRITE_OPTIONS);
  if (isMap(doc.contents)) {
    const rank = (key: unknown): number => {
      const name = isScalar(key) ? key.value : key;
      const at = typeof name === 'string' ? LEADING_KEYS.indexOf(name) : -1;
      return at < 0 ? LEADING_KEYS.length : at;
    };
    // Array.prototype.sort is stable: keys of equal rank keep their order.
    doc.contents.items.sort((a, b) => rank(a.key) - rank(b.key));
  }
  let escaped = false;
  visit(doc, {
    Scalar(_, node: Scalar) {
      if (typeof node.value === 'string' && NEEDS_ESCAPE.test(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
        escaped = true;
      }
    },
  });
  const text = doc.toString(STRING_OPTIONS);
  // The package leaves these characters raw inside double quotes; every one of them is in a
  // double-quoted scalar now (forced above), where a \u escape means the same character.
  return escaped ? text.replace(NEEDS_ESCAPE_ALL, ch => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) : text;
}

/** Manifests as one multi-document YAML stream, `---` between documents; empty for none. */
export function manifestsToYaml(manifests: readonly Manifest[]): string {
  return manifests.map(manifestToYaml).join('---\n');
}

/**
 * Writes manifests one at a time as a multi-document stream (`---` between
 * documents), so a command can print each result as soon as it has it and
 * let it go: memory then follows one manifest, not the whole output.
 */
export class YamlStreamWriter {
  private count = 0;

  constructor(private readonly out: { write(chunk: string): unknown }) {}

  /** Writes one manifest as the next document; returns what the output's `write` returns (a promise to wait on, for a `ChunkedWriter`). */
  public write(manifest: Manifest): unknown {
    return this.writeRendered(manifestToYaml(manifest));
  }

  /** Writes the YAML of one manifest (`manifestToYaml`), rendered earlier, as the next document. */
  public writeRendered(yaml: string): unknown {
    return this.out.write((this.count++ > 0 ? '---\n' : '') + yaml);
  }

  /** How many documents were written. */
  public get written(): number {
    return this.count;
  }
}
