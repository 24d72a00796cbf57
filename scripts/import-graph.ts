/**
 * Checks the import graph of src/ against the layers CONTRIBUTING.md
 * describes, and prints every breach with the chain of imports that makes it:
 * - no import cycles (type-only imports and lazy `require()`s count: a cycle
 *   of types still ties two files together for a reader);
 * - a file's layer is its folder (LAYERS); the top of src/ holds only the index;
 * - a file imports from its own layer and the layers below, never from a
 *   layer above (a back-arrow);
 * - outside `src/rules`, a file imports the families, the registry and the
 *   runner through the rules' index; the engine, the Kubernetes mirrors and
 *   the shared helpers it may import directly (a module that needs a message
 *   helper or a name check then does not load every family: `require` of the
 *   library loads the rules only when a construct is validated);
 *   inside, the engine, the Kubernetes mirrors, the shared helpers and the
 *   families are layers too (RULE_LAYERS), and no family imports another;
 * - the layers below the L1 imports never reach cdk8s or constructs, even
 *   through another file, so the CLI and update checks can use them without
 *   a cdk8s app.
 * Exits 1 on a breach. Run: `npx ts-node --project tsconfig.dev.json scripts/import-graph.ts`.
 * `importBreaches` is the check alone, over a graph of repository-relative
 * paths, for its test.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const root = path.join(__dirname, '..');
const src = path.join(root, 'src');

/**
 * The layers, from the bottom up, each a list of folders of src/: a file's
 * layer is its folder, and the top of src/ holds only `index.ts` (the public
 * API, above every layer). This list is the one place the order is stated.
 */
const LAYERS: ReadonlyArray<{ readonly name: string; readonly folders: readonly string[] }> = [
  { name: 'model', folders: ['model'] },
  { name: 'crds', folders: ['crds'] },
  { name: 'rules', folders: ['rules'] },
  // The public value types: plain data and its rendering, shared by migrate/ and the constructs.
  { name: 'values', folders: ['values'] },
  { name: 'lifecycle and migrate', folders: ['lifecycle', 'migrate'] },
  { name: 'io', folders: ['io'] },
  // The typed L1 classes, generated from src/crds: the first layer on cdk8s.
  { name: 'L1 imports', folders: ['imports'] },
  // What ties the constructs to cdk8s and the rules (construct validation, the consumer view).
  { name: 'glue', folders: ['glue'] },
  { name: 'constructs', folders: ['constructs'] },
  // The front ends: the command line, and the cdk8s-cli validation plugin beside it.
  { name: 'cli and plugin', folders: ['cli', 'plugin'] },
];
/**
 * The rules' own layers, from the bottom up, as folders of src/rules/: the
 * engine, the Kubernetes mirrors, the helpers the families share, kube-bind's
 * rule families; the top of src/rules/ (the registry, the runner, the index)
 * assembles them. A family never imports another family.
 */
const RULE_LAYERS: readonly string[] = ['engine', 'k8s', 'helpers', 'kube-bind', ''];
const RULE_FAMILIES = 'src/rules/kube-bind/';
/** The first layer that may reach cdk8s. */
const ON_CDK8S = LAYERS.findIndex(l => l.name === 'L1 imports');
const CDK8S = ['cdk8s', 'constructs'];
const RULES_INDEX = 'src/rules/index.ts';
/** The rules' folders a file outside src/rules/ may import directly: none of them loads a family. */
const RULES_OPEN_TO_ALL = ['src/rules/engine/', 'src/rules/k8s/', 'src/rules/helpers/'];
const PUBLIC_INDEX = 'src/index.ts';

/** The folder of src/ a file is in ('' at the top), and below that its sub-folder. */
function foldersOf(file: string): [string, string] {
  const parts = file.split('/').slice(1, -1);
  return [parts[0] ?? '', parts[1] ?? ''];
}

/** The layer of a file of src/ (a path relative to the repository), as an index into LAYERS; the public index is above all. */
function layerOf(file: string): number {
  if (file === PUBLIC_INDEX) return LAYERS.length;
  const at = LAYERS.findIndex(l => l.folders.includes(foldersOf(file)[0]));
  return at >= 0 ? at : -1;
}

function layerName(at: number): string {
  return at === LAYERS.length ? 'index' : LAYERS[at].name;
}

/** Within src/rules/: the sub-layer of a file, as an index into RULE_LAYERS. */
function ruleLayerOf(file: string): number {
  return RULE_LAYERS.indexOf(foldersOf(file)[1]);
}

function under(file: string, prefixes: readonly string[]): boolean {
  return prefixes.some(p => (p.endsWith('/') ? file.startsWith(p) : file === p));
}

/**
 * Every breach of the layers in `graph`: its keys are the files of src/, its
 * values what each imports (files of src/ and package names), all relative
 * to the repository root.
 */
export function importBreaches(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const files = [...graph.keys()];
  const breaches: string[] = [];

  // Cycles: strongly connected components (Tarjan) of more than one file, or a file importing itself.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) {
      const members = new Set(component);
      breaches.push(`import cycle:\n${component.sort().map(f => `    ${f} -> ${graph.get(f)!.filter(g => members.has(g)).join(', ')}`).join('\n')}`);
    }
  };
  for (const f of files) if (!index.has(f)) connect(f);

  /** The shortest chain of imports from `start` to a file or package that `isTarget` accepts. */
  const chainTo = (start: string, isTarget: (name: string) => boolean): string[] | undefined => {
    const previous = new Map<string, string>([[start, '']]);
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (previous.has(w)) continue;
        previous.set(w, v);
        if (isTarget(w)) {
          const chain = [w];
          for (let at = v; at !== ''; at = previous.get(at)!) chain.unshift(at);
          return chain;
        }
        queue.push(w);
      }
    }
    return undefined;
  };

  for (const f of files) {
    if (layerOf(f) < 0) breaches.push(`outside the layers: ${f} (a file of src/ lives in the folder of its layer)`);
  }
  for (const f of files) {
    for (const g of graph.get(f)!.filter(d => graph.has(d))) {
      if (layerOf(f) < 0 || layerOf(g) < 0) continue;
      if (layerOf(g) > layerOf(f)) {
        breaches.push(`back-arrow: ${f} (${layerName(layerOf(f))}) -> ${g} (${layerName(layerOf(g))})`);
      }
      const inRules = under(f, ['src/rules/']) && under(g, ['src/rules/']);
      if (under(g, ['src/rules/']) && !under(f, ['src/rules/']) && g !== RULES_INDEX && !under(g, RULES_OPEN_TO_ALL)) {
        breaches.push(`past the rules index: ${f} -> ${g} (import from src/rules, or from its engine, k8s or helpers folders)`);
      }
      if (inRules && ruleLayerOf(g) > ruleLayerOf(f)) {
        breaches.push(`back-arrow in the rules: ${f} (${RULE_LAYERS[ruleLayerOf(f)] || 'top'}) -> ${g} (${RULE_LAYERS[ruleLayerOf(g)] || 'top'})`);
      }
      if (inRules && f !== g && under(f, [RULE_FAMILIES]) && under(g, [RULE_FAMILIES]) && !g.endsWith('.scenarios.ts')) {
        breaches.push(`family to family: ${f} -> ${g} (move what both need to src/rules/helpers/)`);
      }
    }
  }
  for (const f of files.filter(g => layerOf(g) >= 0 && layerOf(g) < ON_CDK8S)) {
    const chain = chainTo(f, n => CDK8S.includes(n));
    if (chain) breaches.push(`${layerName(layerOf(f))} reaches cdk8s: ${chain.join(' -> ')}`);
  }
  return breaches;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** What a file imports: other files of src/ by path, packages by name. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return [...new Set(info.importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.')) return fileName.split('/')[0];
    const base = path.resolve(path.dirname(file), fileName);
    return rel([`${base}.ts`, path.join(base, 'index.ts')].find(c => fs.existsSync(c)) ?? base);
  }))];
}

if (require.main === module) {
  const files = sourceFiles(src);
  const breaches = importBreaches(new Map(files.map(f => [rel(f), importsOf(f)])));
  for (const b of breaches) console.log(b);
  console.log(`${files.length} files under src/, ${breaches.length} breach(es)`);
  process.exitCode = breaches.length > 0 ? 1 : 0;
}
