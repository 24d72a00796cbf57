/**
 * The package's version, from its package.json: two folders up from this
 * module, both as TypeScript (src/cli) and compiled (lib/cli).
 */
import * as fs from 'fs';
import * as path from 'path';

let cached: string | undefined;

/** The `version` of package.json, or `unknown` when it cannot be read (a bundled copy without it). */
export function packageVersion(): string {
  if (cached === undefined) cached = readVersion();
  return cached;
}

function readVersion(): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    return typeof manifest?.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
