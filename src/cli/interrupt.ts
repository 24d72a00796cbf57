/**
 * What the command line does when it is interrupted or ends: it removes the
 * temporary folder a command made (`io/temp-folder.ts`), which may hold a copy
 * of standard input, before the process goes.
 *
 * On SIGINT, SIGTERM or SIGHUP the run is abandoned where it stands (reading,
 * writing a temporary file, writing output, even to a closed pipe): the
 * handler runs between two steps of the event loop, removes the folders
 * synchronously and exits with 128 + the signal's number (130, 143, 129), the
 * status a shell gives a command a signal killed. From the handler to the
 * exit nothing else runs, so a second Ctrl-C cannot cut the removal short: it
 * waits for a handler that is this one, never the default action that would
 * kill the process with the folder still there.
 *
 * Installed once per process, by the program (`runProgram`, cli/program.ts) before it
 * loads any command; `main()` called in-process (tests, embedders) installs
 * nothing, leaving the host's signals alone.
 */
import * as fs from 'fs';
import { EXIT_TROUBLE } from './command';
import { removeLiveTempFolders, TEMP_FOLDER_PREFIX } from '../io/temp-folder';

/** The signals that interrupt a run; each exits with 128 + its number. */
export const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The exit status of a run each interrupt ends: 128 + the signal's number. */
export function interruptStatus(signal: typeof INTERRUPTS[number]): number {
  // `os` is loaded here, when an interrupt arrives or help is shown, not at every start (issue 23, start-up).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return 128 + (require('os') as typeof import('os')).constants.signals[signal];
}

/**
 * The paragraph of a command's --help on temporary files: `what` (lines
 * wrapped at 80 columns) it may write to TMPDIR, none when empty, and what
 * becomes of it.
 */
export function temporaryFilesHelp(what: readonly string[]): string[] {
  const signals = INTERRUPTS.join(', ');
  const statuses = INTERRUPTS.map(interruptStatus).join(', ');
  if (what.length === 0) {
    return [`Temporary files: none. Interrupted (${signals}), it exits with`, `status ${statuses} respectively.`];
  }
  return [
    ...what,
    `All of it is kept in one folder, ${TEMP_FOLDER_PREFIX}XXXXXX in TMPDIR, that only`,
    'you can read (0700, files 0600), removed when the command ends and when it is',
    `interrupted (${signals}: exit status ${statuses} respectively).`,
    'A folder that cannot be removed is named on stderr, with exit status 2.',
  ];
}

let installed = false;

/**
 * Removes what is left in TMPDIR on an interrupt and at exit. A folder that
 * cannot be removed is named on stderr, and the status is then 2.
 */
export function cleanUpOnInterruptAndExit(): void {
  if (installed) return;
  installed = true;
  for (const signal of INTERRUPTS) {
    process.on(signal, () => process.exit(removeAll() ? interruptStatus(signal) : EXIT_TROUBLE));
  }
  // A run that ended without removing its folder (an exception in the middle of it).
  process.on('exit', () => {
    if (!removeAll()) process.exitCode = EXIT_TROUBLE;
  });
}

/**
 * Ends the program with `status` once what it wrote has gone out. An interrupt
 * that arrived while the run's last stretch ran is still handled first: the
 * signal waits in libuv's signal pipe until the loop next polls, and a loop
 * with nothing left to do would exit without polling. One `setImmediate` is
 * not enough: when the run ended in a callback of a poll that had returned
 * before the signal came (a file read; the signal sent to a stopped process
 * that a write to a closed pipe then ended), it runs in that same turn, before
 * any poll. The second runs after the next poll.
 */
export function exitWith(status: number): void {
  process.exitCode = status;
  setImmediate(() => setImmediate(() => undefined));
}

/** Removes every live temporary folder; says on stderr which could not be. True when none is left. */
function removeAll(): boolean {
  const problems = removeLiveTempFolders();
  for (const problem of problems) {
    try {
      // Synchronous: process.stderr may be an asynchronous pipe, and the process exits next.
      fs.writeSync(2, `cdk8s-kube-bind: ${problem}\n`);
    } catch {
      // stderr is gone (a closed terminal, SIGHUP): the status still tells.
    }
  }
  return problems.length === 0;
}
