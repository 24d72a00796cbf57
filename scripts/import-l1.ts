/**
 * Generates the typed L1 classes in src/imports/ with `cdk8s import`, from our
 * own CRDs (src/crds), never from a downloaded file.
 *
 *   ts-node scripts/import-l1.ts           rewrite src/imports/
 *   ts-node scripts/import-l1.ts --check   fail when src/imports/ is stale
 *
 * Two adjustments make the generated classes fit a construct library:
 * - the storage version is listed first, because `cdk8s import` gives the
 *   unsuffixed class name to the first version (ApiServiceExport = v1alpha2);
 * - the generated `toJson()` overrides are removed. They re-map the already
 *   patched manifest through `toJson_*` functions that drop every key they do
 *   not know, which silently discards `addJsonPatch` escape hatches. Without
 *   them, ApiObject renders the props and applies the patches last. That is
 *   only sound when no property is renamed between TypeScript and JSON, which
 *   this script checks (the one rename, `openAPIV3Schema`, is avoided by typing
 *   a version's `schema` as an opaque object, as BoundSchema's already is).
 *
 * The constructs render through these classes (src/constructs/l1-kinds.ts) in
 * a kube-bind group of their own choosing: they pass `apiVersion` in the
 * props, which wins only because each generated constructor spreads the
 * props after its GVK. This script checks that it still does.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'yaml';
import {
  apiServiceExportCrd,
  apiServiceExportRequestCrd,
  apiServiceExportTemplateCrd,
  bindableResourcesRequestCrd,
  boundSchemaCrd,
  collectionCrd,
} from '../src/crds';

const ROOT = path.join(__dirname, '..');
const TARGET = path.join(ROOT, 'src', 'imports');
const FILE = 'kube-bind.io.ts';

function importInput(): string {
  const all = [
    apiServiceExportCrd(), boundSchemaCrd(),
    apiServiceExportTemplateCrd(), collectionCrd(), apiServiceExportRequestCrd(), bindableResourcesRequestCrd(),
  ];
  const crds = all.map(crd => {
    const versions: any[] = crd.spec.versions;
    versions.sort((a, b) => Number(b.storage) - Number(a.storage));
    for (const v of versions) {
      const versionItem = v.schema.openAPIV3Schema.properties?.spec?.properties?.versions?.items;
      if (versionItem?.properties?.schema) {
        versionItem.properties.schema = { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true };
      }
    }
    return crd;
  });
  return crds.map(c => stringify(c)).join('---\n');
}

/** One class per served version of our CRDs: 2 exports, 1 BoundSchema, 1 template, 1 collection, 2 requests, 1 BindableResourcesRequest. */
const EXPECTED_CLASSES = 8;

function adjust(source: string): string {
  const renames = [...source.matchAll(/^ {4}'([A-Za-z0-9_-]+)': obj\.([A-Za-z0-9_]+)[,?)]/gm)].filter(m => m[1] !== m[2]);
  if (renames.length > 0) {
    throw new Error(`cdk8s import renamed ${renames.map(m => `${m[1]} -> ${m[2]}`).join(', ')}; removing toJson() would emit the wrong keys`);
  }
  const spreads = source.match(/ {4}super\(scope, id, \{\n {6}\.\.\.[A-Za-z0-9]+\.GVK,\n {6}\.\.\.props,\n {4}\}\);\n/g) ?? [];
  if (spreads.length !== EXPECTED_CLASSES) {
    throw new Error(`expected ${EXPECTED_CLASSES} constructors that spread the props after the GVK, found ${spreads.length}: `
      + 'the constructs pass the apiVersion of their kube-bind group in the props (src/constructs/kube-bind-object.ts)');
  }
  const override = /\n {2}\/\*\*\n {3}\* Renders the object to Kubernetes JSON\.\n {3}\*\/\n {2}public override toJson\(\): any \{\n[\s\S]*?\n {2}\}\n/g;
  const count = (source.match(override) ?? []).length;
  if (count !== EXPECTED_CLASSES) {
    throw new Error(`expected ${EXPECTED_CLASSES} generated toJson() overrides, found ${count}: has cdk8s import changed its output?`);
  }
  return source.replace(override, '\n');
}

function generate(outDir: string): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-import-'));
  try {
    const input = path.join(work, 'kube-bind-crds.yaml');
    fs.writeFileSync(input, importInput());
    const cli = path.join(ROOT, 'node_modules', '.bin', 'cdk8s');
    execFileSync(cli, ['import', input, '--language', 'typescript', '--output', path.join(work, 'out')], { stdio: 'pipe' });
    const generated = adjust(fs.readFileSync(path.join(work, 'out', FILE), 'utf8'));
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, FILE), generated);
    return generated;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function main(): void {
  if (process.argv.includes('--check')) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-bind-import-check-'));
    try {
      const fresh = generate(scratch);
      const committedFile = path.join(TARGET, FILE);
      const committed = fs.existsSync(committedFile) ? fs.readFileSync(committedFile, 'utf8') : '';
      if (fresh !== committed) {
        console.error(`src/imports/${FILE} is stale: our CRDs changed. Run \`npx projen import\` and commit the result.`);
        process.exit(1);
      }
      console.log(`src/imports/${FILE} is current.`);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }
  generate(TARGET);
  console.log(`wrote src/imports/${FILE}`);
}

main();
