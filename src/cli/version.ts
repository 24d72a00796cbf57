/**
 * The package's own package.json, and the version in it. It is found from
 * this module's folder upwards, the first package.json on the way: two
 * folders up as TypeScript (src/cli) and compiled (lib/cli), and as well from
 * the command line built into one file (lib/cli/program.bundle.js), where
 * every module's folder is the bundle's.
 */
import * as fs from 'fs';
import * as path from 'path';

let manifest: { readonly found?: any } | undefined;

/** The package's package.json, parsed, or undefined when none can be read (a bundled copy without it). */
export function packageManifest(): any {
  manifest ??= { found: readManifest() };
  return manifest.found;
}

/** The `version` of package.json, or `unknown` when it cannot be read. */
export function packageVersion(): string {
  const version = packageManifest()?.version;
  return typeof version === 'string' ? version : 'unknown';
}

function readManifest(): any {
  for (let folder = __dirname; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json');
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        return undefined;
      }
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}
