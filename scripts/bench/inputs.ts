/**
 * YAML inputs of the benchmark's reading rows, written as plain manifests
 * (no constructs): the realistic mix of what `validate` meets (exports of
 * both versions, BoundSchemas with 20 to 200-property schemas, claims), a
 * file of it grown to a given size, and a folder of large CRDs.
 */
import * as fs from 'fs';
import * as path from 'path';
import { dump } from 'js-yaml';
import { largeSchema, WIDGET_NAMES } from './workloads';

const GROUP = 'kube-bind.io';

function boundSchema(i: number, properties: number): any {
  const schema = largeSchema(properties);
  return {
    apiVersion: `${GROUP}/v1alpha2`,
    kind: 'BoundSchema',
    metadata: { name: `widgets.g${i}.example.com`, namespace: 'provider' },
    spec: {
      group: `g${i}.example.com`,
      names: { ...WIDGET_NAMES },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema }, subresources: { status: {} } }],
    },
  };
}

/** Exports the BoundSchema of its block of 10 (documents 6 and 7 of the block, alternately), so the mix is valid. */
function exportV1alpha2(i: number): any {
  const schema = i - (i % 10) + 6 + (i % 2);
  return {
    apiVersion: `${GROUP}/v1alpha2`,
    kind: 'APIServiceExport',
    metadata: { name: `export-${i}`, namespace: 'provider' },
    spec: {
      resources: [{ group: `g${schema}.example.com`, resource: 'widgets', versions: ['v1'] }],
      permissionClaims: [
        { group: '', resource: 'secrets', selector: { labelSelector: { matchLabels: { app: `a${i}` } } } },
        { group: '', resource: 'configmaps', selector: { labelSelector: { matchLabels: { app: `a${i}` } } } },
      ],
      informerScope: 'Namespaced',
      isolation: 'Prefixed',
    },
  };
}

function exportV1alpha1(i: number): any {
  const schema = largeSchema(20);
  return {
    apiVersion: `${GROUP}/v1alpha1`,
    kind: 'APIServiceExport',
    metadata: { name: `gadgets.h${i}.example.com`, namespace: 'provider' },
    spec: {
      group: `h${i}.example.com`,
      names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
      scope: 'Namespaced',
      informerScope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
}

/** The i-th document of the mix: per 10, 6 exports v1alpha2, 2 BoundSchemas (20–200 properties) and 2 v1alpha1 exports. */
function mixDocument(i: number): any {
  const slot = i % 10;
  if (slot < 6) return exportV1alpha2(i);
  if (slot < 8) return boundSchema(i, 20 + ((i * 37) % 181));
  return exportV1alpha1(i);
}

function yamlOf(manifest: any): string {
  return dump(manifest, { lineWidth: -1, noRefs: true });
}

/** Writes `count` documents of the mix. */
export function writeMix(file: string, count: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (let i = 0; i < count; i++) fs.writeSync(fd, `---\n${yamlOf(mixDocument(i))}`);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes documents of the mix until the file holds at least `bytes`. */
export function writeMixOfSize(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let i = 0;
  try {
    // Distinct names per block of 10,000, so cross-object checks see no duplicates.
    const block = Array.from({ length: 1000 }, (_, k) => `---\n${yamlOf(mixDocument(k))}`).join('');
    while (written < bytes) {
      const text = block.replace(/\.example\.com/g, `.b${i}.example.com`).replace(/export-(\d+)/g, `export-$1-b${i}`);
      fs.writeSync(fd, text);
      written += Buffer.byteLength(text);
      i++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return i * 1000;
}

/** Writes `count` CRDs with 200-property schemas over 3 versions, one file each. */
export function writeCrds(dir: string, count: number): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const schema = largeSchema(200);
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: `widgets.g${i}.example.com` },
      spec: {
        group: `g${i}.example.com`,
        names: { ...WIDGET_NAMES },
        scope: 'Namespaced',
        versions: ['v1', 'v1beta1', 'v1alpha1'].map((name, v) => ({ name, served: true, storage: v === 0, schema: { openAPIV3Schema: schema } })),
      },
    };
    fs.writeFileSync(path.join(dir, `crd-${String(i).padStart(4, '0')}.yaml`), yamlOf(crd));
  }
}

/**
 * Which files of the verdict corpus a mix takes: every file, the files whose every case is valid (the clean mix), or
 * the files with an invalid case (the findings-heavy mix: each such document has a finding or a few), by expected.json.
 */
export type VerdictFiles = 'all' | 'valid' | 'invalid';

/** The corpus's files (relative paths) whose cases are all valid, by its expected.json. */
function allValidFiles(root: string): ReadonlySet<string> {
  const cases = (JSON.parse(fs.readFileSync(path.join(root, 'expected.json'), 'utf8')) as { cases: Array<{ file: string; valid: boolean }> }).cases;
  const invalid = new Set(cases.filter(c => !c.valid).map(c => c.file));
  return new Set(cases.map(c => c.file).filter(f => !invalid.has(f)));
}

/** The verdict corpus (test/fixtures/verdicts): the held-out-style documents, in order, with the number of their file. */
export function verdictDocuments(root: string, which: VerdictFiles = 'all'): Array<{ file: number; text: string }> {
  const out: Array<{ file: number; text: string }> = [];
  const valid = which === 'all' ? undefined : allValidFiles(root);
  let file = 0;
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith('.yaml')) {
        const relative = path.relative(root, full).split(path.sep).join('/');
        if (valid !== undefined && valid.has(relative) !== (which === 'valid')) continue;
        for (const doc of fs.readFileSync(full, 'utf8').split(/^---[ \t]*$/m)) {
          if (/^[a-zA-Z]/m.test(doc)) out.push({ file, text: doc.replace(/^\n+/, '') });
        }
        file++;
      }
    }
  };
  walk(root);
  return out;
}

/**
 * A document moved to the namespaces of one copy: its top-level block
 * `metadata` gets `<namespace>-<suffix>` (a namespace of the corpus that is
 * not a plain name stays as it is, as it is what a case is about), or
 * `default-<suffix>` when it has none. Done on the text, so YAML 1.1 scalars,
 * duplicate keys and other oddities of the corpus stay as they are.
 */
function inNamespace(doc: string, suffix: string): string {
  if (/^kind:\s*CustomResourceDefinition\s*$/m.test(doc)) return doc;
  const metadata = /^metadata:[ \t]*\n/m.exec(doc);
  if (metadata === null) return doc;
  const start = metadata.index + metadata[0].length;
  const rest = doc.slice(start);
  const block = /^(?:[ \t]+.*\n|[ \t]*\n)*/.exec(rest)![0];
  const namespace = /^( +)namespace:(.*)$/m.exec(block);
  if (namespace !== null) {
    const name = namespace[2].trim();
    if (!/^[a-z0-9-]{1,40}$/.test(name)) return doc;
    const replaced = block.replace(namespace[0], `${namespace[1]}namespace: ${name}-${suffix}`);
    return doc.slice(0, start) + replaced + rest.slice(block.length);
  }
  const indent = /^( +)\S/m.exec(block)?.[1] ?? '  ';
  return `${doc.slice(0, start)}${indent}namespace: default-${suffix}\n${rest}`;
}

/** How much of the verdict corpus a repeated mix holds, and which of its files (see writeRepeatedMix). */
export interface MixSize {
  readonly bytes?: number;
  readonly copies?: number;
  readonly documents?: number;
  readonly files?: VerdictFiles;
}

/**
 * What `kubectl get apiserviceexports,boundschemas -A -o yaml` of a provider
 * cluster gives: the same objects (the verdict corpus, valid and invalid) in
 * every consumer's namespaces, copy after copy until the file holds `bytes`
 * (or `copies` copies, or at least `documents`), of every file of the corpus
 * or only of its valid or its invalid files (`files`). Each file of the corpus gets namespaces of its own in
 * each copy, so its objects meet only each other, as when the corpus is
 * checked file by file. Names repeat across namespaces, which the rules
 * across objects must index, not scan. Returns the number of documents.
 */
export function writeRepeatedMix(file: string, corpus: string, size: MixSize): number {
  const docs = verdictDocuments(corpus, size.files);
  // As many copies as make at least `documents`, when it is given.
  const copies = size.documents !== undefined ? Math.ceil(size.documents / docs.length) : size.copies;
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let copy = 0;
  try {
    while (copies !== undefined ? copy < copies : written < (size.bytes ?? 0)) {
      const text = docs.map(d => `---\n${inNamespace(d.text, `f${d.file}-c${copy}`)}`).join('');
      fs.writeSync(fd, text);
      written += Buffer.byteLength(text);
      copy++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return copy * docs.length;
}

/** A CRD of `plural` in `group`, with a 20-property schema. */
function smallCrd(group: string, plural: string): any {
  const kind = plural[0].toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      names: { kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase() },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: largeSchema(20) } }],
    },
  };
}

/**
 * CRDs for `from-crd`, as a provider's clusters give them, until the file
 * holds `bytes`: per copy, 8 CRDs of a group of its own (the same plurals,
 * hence the same names but for the group, in every copy) and 2 CRDs that
 * every copy repeats as they are (the same names, printed once).
 */
export function writeRepeatedCrds(file: string, bytes: number): number {
  const plurals = ['widgets', 'gadgets', 'gizmos', 'sprockets', 'doohickeys', 'thingamabobs', 'whatsits', 'contraptions'];
  const shared = ['widgets', 'gadgets'].map(p => `---\n${yamlOf(smallCrd('shared.example.com', p))}`).join('');
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let copy = 0;
  try {
    while (written < bytes) {
      const text = plurals.map(p => `---\n${yamlOf(smallCrd(`c${copy}.example.com`, p))}`).join('') + shared;
      fs.writeSync(fd, text);
      written += Buffer.byteLength(text);
      copy++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return copy * 10;
}
