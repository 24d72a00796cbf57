/**
 * Checks the import graph of src/ against the layers CONTRIBUTING.md
 * describes, and prints every breach with the chain of imports that makes it:
 * - no import cycles (type-only imports and lazy `require()`s count: a cycle
 *   of types still ties two files together for a reader);
 * - a file imports from its own layer and the layers below, never from a
 *   layer above (a back-arrow): model, crds, rules, the value types, lifecycle
 *   and migrate, constructs and io, cli, from the bottom up;
 * - outside `src/rules`, a file imports the rules layer through its index;
 * - the layers below the constructs never reach cdk8s or constructs, even
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
 * The layers, from the bottom up: a folder (`src/x/`) or a file of the top of
 * src/. A file of src/ in none of them is a construct (layer `constructs`).
 */
const LAYERS: ReadonlyArray<{ readonly name: string; readonly members: readonly string[] }> = [
  { name: 'model', members: ['src/model/'] },
  { name: 'crds', members: ['src/crds/'] },
  { name: 'rules', members: ['src/rules/'] },
  // The public value types: plain data and its rendering, shared by migrate/ and the constructs.
  {
    name: 'value types',
    members: ['src/resource-names.ts', 'src/resource-version.ts', 'src/printer-column.ts', 'src/subresources.ts', 'src/conversion.ts'],
  },
  { name: 'lifecycle and migrate', members: ['src/lifecycle/', 'src/migrate/'] },
  { name: 'constructs and io', members: ['src/io/', 'src/imports/'] },
  // The cdk8s-cli plugin is a front end like the command line, only at the top so cdk8s-cli finds it.
  { name: 'cli', members: ['src/cli/', 'src/cdk8s-plugin.ts'] },
];
const CONSTRUCTS = LAYERS.findIndex(l => l.name === 'constructs and io');
const CDK8S = ['cdk8s', 'constructs'];
const RULES_INDEX = 'src/rules/index.ts';

/** The layer of a file of src/ (a path relative to the repository), as an index into LAYERS. */
function layerOf(file: string): number {
  const at = LAYERS.findIndex(l => under(file, l.members));
  return at >= 0 ? at : CONSTRUCTS;
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
    for (const g of graph.get(f)!.filter(d => graph.has(d))) {
      if (layerOf(g) > layerOf(f)) {
        breaches.push(`back-arrow: ${f} (${LAYERS[layerOf(f)].name}) -> ${g} (${LAYERS[layerOf(g)].name})`);
      }
      if (under(g, ['src/rules/']) && !under(f, ['src/rules/']) && g !== RULES_INDEX) {
        breaches.push(`past the rules index: ${f} -> ${g} (import from src/rules)`);
      }
    }
  }
  for (const f of files.filter(g => layerOf(g) < CONSTRUCTS)) {
    const chain = chainTo(f, n => CDK8S.includes(n));
    if (chain) breaches.push(`${LAYERS[layerOf(f)].name} reaches cdk8s: ${chain.join(' -> ')}`);
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
