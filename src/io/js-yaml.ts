/**
 * js-yaml, loaded from the single-file build its package ships
 * (`dist/js-yaml.js`) instead of its entry point, which requires some twenty
 * modules: resolving and compiling one file instead of twenty saves about
 * 8 ms of CPU at every start of the command line (issue 23, start-up). It is
 * the same version with the same API. Everything in src/ takes js-yaml from
 * here, so its classes exist once (js-yaml's `Schema` checks `instanceof Type`).
 * Where the build is missing (a bundler that moved the package), the entry
 * point serves. The command line's bundle carries that same build in place
 * of this module (scripts/bundle-cli.ts), so V8's code cache covers it.
 */
import * as fs from 'fs';
import * as path from 'path';
import type * as JsYaml from 'js-yaml';

/* eslint-disable @typescript-eslint/no-require-imports */
function loadJsYaml(): typeof JsYaml {
  // The folders Node looks in for the package, in its order, read directly: resolving `js-yaml/package.json`
  // goes through the package's "exports" map, whose resolver Node loads for it (~2 ms of start-up).
  for (const folder of require.resolve.paths('js-yaml') ?? []) {
    const pkg = path.join(folder, 'js-yaml');
    // The first folder holding the package is the one Node would take.
    if (!fs.existsSync(path.join(pkg, 'package.json'))) continue;
    try {
      return require(path.join(pkg, 'dist', 'js-yaml.js'));
    } catch {
      break;
    }
  }
  return require('js-yaml');
}
/* eslint-enable @typescript-eslint/no-require-imports */

const jsYaml = loadJsYaml();

export const load = jsYaml.load;
export const FAILSAFE_SCHEMA = jsYaml.FAILSAFE_SCHEMA;
export const Schema = jsYaml.Schema;
export type Schema = JsYaml.Schema;
export const Type = jsYaml.Type;
export type Type = JsYaml.Type;
export const YAMLException = jsYaml.YAMLException;
export type YAMLException = JsYaml.YAMLException;
export type LoadOptions = JsYaml.LoadOptions;
