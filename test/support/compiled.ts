/**
 * The compiled library (lib/), for the suites that run the real program in a
 * child process: bin/cdk8s-kube-bind loads lib/cli/program.bundle.js (the
 * command line in one file, which the compile builds after jsii), and the
 * cdk8s-cli plugin lib/plugin/cdk8s-plugin.js. `npx projen test` compiles first; plain
 * `npx jest` does not, and a lib/ older than src/ would test yesterday's code
 * and pass. So a suite that needs lib/ asks `compiledLib()`, which throws,
 * naming the file and the fix, when lib/ is missing or older than src/.
 */
import * as fs from 'fs';
import * as path from 'path';

export const ROOT = path.join(__dirname, '..', '..');
export const BIN = path.join(ROOT, 'bin', 'cdk8s-kube-bind');
const SRC = path.join(ROOT, 'src');
const LIB = path.join(ROOT, 'lib');

/** The command line in one file: built from src/cli/program.ts and every module it loads. */
const BUNDLED = { source: path.join('cli', 'program.ts'), bundle: path.join('cli', 'program.bundle.js') };

/**
 * Why lib/ cannot be trusted: a source file whose compiled file is missing or
 * older than it. Undefined when every `src/**\/*.ts` has a newer `lib/**\/*.js`,
 * and, when src/ holds the program, lib/ its bundle, newer than every source.
 */
export function staleLib(src = SRC, lib = LIB): string | undefined {
  const files = sources(src);
  for (const file of files) {
    const compiled = path.join(lib, path.relative(src, file)).replace(/\.ts$/, '.js');
    if (!fs.existsSync(compiled)) return `${path.relative(ROOT, compiled)} does not exist`;
    if (fs.statSync(compiled).mtimeMs < fs.statSync(file).mtimeMs) {
      return `${path.relative(ROOT, compiled)} is older than ${path.relative(ROOT, file)}`;
    }
  }
  if (!files.includes(path.join(src, BUNDLED.source))) return undefined;
  const bundle = path.join(lib, BUNDLED.bundle);
  if (!fs.existsSync(bundle)) return `${path.relative(ROOT, bundle)} does not exist`;
  const built = fs.statSync(bundle).mtimeMs;
  const newer = files.find(file => built < fs.statSync(file).mtimeMs);
  return newer === undefined ? undefined : `${path.relative(ROOT, bundle)} is older than ${path.relative(ROOT, newer)}`;
}

/** lib/, checked: throws, saying what to run, when it is missing or stale. */
export function compiledLib(): string {
  const why = staleLib();
  if (why !== undefined) {
    throw new Error(`this suite runs the compiled program, and ${why}: run \`npx projen compile\` first (\`npx projen test\` does)`);
  }
  return LIB;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}
