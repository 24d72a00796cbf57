/**
 * The package's own package.json, and the version in it: two folders up from
 * this module, as TypeScript (src/cli) and compiled (lib/cli) alike, and from
 * the command line built into one file, which lies in lib/cli too
 * (lib/cli/program.bundle.js). Every module that reads package.json reads it
 * here, so the bundle, where every module's folder is the bundle's, changes
 * none of them.
 */
import * as fs from 'fs';
import * as path from 'path';

let manifest: { readonly found?: any } | undefined;

/** The package's package.json, parsed, or undefined when it cannot be read (a bundled copy without it). */
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
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
