/**
 * How bin/cdk8s-kube-bind loads the command line: the bundle the compile
 * builds (`lib/cli/program.bundle.js`, see scripts/bundle-cli.ts), compiled
 * with V8's code cache for it when the compile left one for this V8.
 *
 * Why: a one-document run spent about a third of its own CPU compiling the
 * bundle and the functions it runs (issue 34, start-up). A code cache holds
 * that work done once; V8 checks it against the source and its own version
 * and flags, and rejects a cache that does not match, so a stale or foreign
 * cache costs reading it, never a wrong result. Node 20 has no compile cache
 * of its own (`module.enableCompileCache` came with Node 22).
 *
 * The cache is keyed by V8's version and the CPU architecture in its file
 * name: a Node that did not build it finds no file and reads nothing. Nothing
 * is ever written at run time.
 */
import { readFileSync } from 'fs';
import { createRequire } from 'module';
import { basename, dirname, join } from 'path';
import { Script } from 'vm';
import type * as Program from './program';

/** The command line in one file, beside this module. */
export const PROGRAM_BUNDLE = join(__dirname, 'program.bundle.js');

/** The code cache of the bundle for this V8 (`program.bundle.<v8 version>-<arch>.cache`), beside it. */
export function codeCacheFile(bundle: string = PROGRAM_BUNDLE): string {
  return join(dirname(bundle), `${basename(bundle, '.js')}.${process.versions.v8}-${process.arch}.cache`);
}

/** The compiled bundle and what it exports. */
export interface CompiledProgram {
  readonly script: Script;
  readonly program: typeof Program;
}

/**
 * What Node wraps a CommonJS module in. The compile writes the bundle inside it (scripts/bundle-cli.ts), so the
 * file is one function expression that V8 compiles as it was read: wrapping it here made V8 copy the whole source
 * into one new string before compiling it.
 */
export const MODULE_WRAPPER: readonly [string, string] = ['(function (exports, require, module, __filename, __dirname) {', '\n});'];

/**
 * Compiles the bundle and runs it as Node runs a CommonJS module (`require`
 * resolving from the bundle's folder), with `cachedData` when given. The
 * bundle has no dynamic `import()`, which a script compiled here could not
 * resolve. It is ASCII (scripts/bundle-cli.ts escapes the rest), so it is
 * read as Latin-1, which skips UTF-8's decoding.
 */
export function compileProgram(cachedData?: Buffer, bundle: string = PROGRAM_BUNDLE): CompiledProgram {
  const script = new Script(readFileSync(bundle, 'latin1'), { filename: bundle, cachedData });
  const module = { exports: {} as typeof Program };
  script.runInThisContext().call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { script, program: module.exports };
}

/** The program, with the code cache for this V8 when there is one. */
export function loadProgram(): typeof Program {
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeCacheFile());
  } catch {
    // No cache for this V8 (another Node than the compile's): compiled from source as usual.
  }
  return compileProgram(cachedData).program;
}
