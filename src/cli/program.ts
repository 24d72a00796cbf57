/**
 * The program behind `bin/cdk8s-kube-bind`: what used to be the bin script's
 * own lines, in one module, so that the command line is built into one file
 * (`lib/cli/program.bundle.js`, see scripts/bundle-cli.ts) and a start
 * resolves and compiles one file rather than some seventy (issue 23,
 * start-up); bin/cdk8s-kube-bind loads it with V8's code cache for it
 * (load-program.ts). The packages it requires (yaml, re2js) are loaded from
 * node_modules when they are needed; js-yaml's single-file build is in it.
 */
import { EXIT_TROUBLE } from './command';
import { cleanUpOnInterruptAndExit, exitWith } from './interrupt';
import { main } from './main';

/** `main`, for the compile's step that runs the bundle once to make its code cache (scripts/bundle-cli.ts). */
export { main };

/**
 * Runs the command line `argv` (without node and the script) as the
 * installed program: temporary folders are removed on SIGINT, SIGTERM, SIGHUP
 * and at exit, set up before any command can make one, and the process ends
 * with the command's exit status.
 */
export function runProgram(argv: readonly string[]): void {
  cleanUpOnInterruptAndExit();
  // main() never rejects and returns the exit status; a rejection would be a bug of this file.
  main(argv).then(
    code => exitWith(code),
    (err: unknown) => {
      process.stderr.write(`cdk8s-kube-bind: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      exitWith(EXIT_TROUBLE);
    },
  );
}
