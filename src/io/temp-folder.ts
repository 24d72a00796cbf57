/**
 * The one temporary folder of a run, and the list of those not yet removed.
 *
 * Standard input is often `kubectl get -o yaml`, Secrets included, and a copy
 * of it waits here: the folder must never outlive the run. The command that
 * makes a folder removes it when it ends; what an interrupt or a crash cuts
 * short is removed by `removeLiveTempFolders`, which the command line calls on
 * SIGINT, SIGTERM, SIGHUP and at exit (`cli/interrupt.ts`).
 */
import * as fs from 'fs';
import * as path from 'path';

/** The name of every run's folder starts so: `cdk8s-kube-bind-` and six characters `mkdtemp` picks. */
export const TEMP_FOLDER_PREFIX = 'cdk8s-kube-bind-';

/** A temporary file or folder could not be made, written or removed: trouble of the run, not of its input. */
export class TempFileError extends Error {}

/** Folders made and not yet removed, in this process. */
const live = new Set<string>();

/**
 * A fresh temporary folder for one run's files, made when the first file is
 * asked for (a small run makes none); `remove()` deletes it with what it holds.
 * `mkdtemp` makes it readable by its owner only (0700) under a name no other
 * run can have, so two runs at once never share a file.
 */
export class TempFolder {
  private made: string | undefined;
  private failed = false;

  /**
   * A folder to be made in `parent`: by default the system's temporary folder
   * (TMPDIR), looked up when the folder is made, so that a run that makes none
   * does not load `os` (issue 23, start-up).
   */
  constructor(private readonly parent?: string) {}

  /** The folder, made now if not yet; undefined when none can be made. */
  public get folder(): string | undefined {
    if (this.made === undefined && !this.failed) {
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const parent = this.parent ?? (require('os') as typeof import('os')).tmpdir();
        this.made = fs.mkdtempSync(path.join(parent, TEMP_FOLDER_PREFIX));
        live.add(this.made);
      } catch {
        this.failed = true;
      }
    }
    return this.made;
  }

  /** The path of a file named `name` in the folder; undefined when no folder can be made. */
  public file(name: string): string | undefined {
    const folder = this.folder;
    return folder === undefined ? undefined : path.join(folder, name);
  }

  /** Deletes the folder and its files; throws a `TempFileError` naming it when it cannot. */
  public remove(): void {
    const folder = this.made;
    this.made = undefined;
    if (folder === undefined) return;
    // Reported once: a folder that cannot be removed now is not tried again at exit.
    live.delete(folder);
    const problem = removeFolder(folder);
    if (problem !== undefined) throw new TempFileError(problem);
  }
}

/**
 * Removes every folder made in this process and not yet removed: what a run
 * cut short by a signal or a crash leaves. Synchronous, so nothing else runs
 * halfway through. Returns a message for each folder it could not remove.
 */
export function removeLiveTempFolders(): string[] {
  const problems: string[] = [];
  for (const folder of [...live]) {
    live.delete(folder);
    const problem = removeFolder(folder);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

/** Deletes `folder` with what it holds; a message naming it when that fails. */
function removeFolder(folder: string): string | undefined {
  try {
    fs.rmSync(folder, { recursive: true, force: true });
    return undefined;
  } catch (e) {
    return `cannot remove the temporary folder ${folder} (${messageOf(e)}): it may hold a copy of what was read; remove it by hand`;
  }
}

/** The message of what a call of `fs` threw (an Error, of this realm or not). */
export function messageOf(e: unknown): string {
  const message = (e as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : String(e);
}
