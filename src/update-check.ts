import * as fs from 'fs';
import { IConstruct } from 'constructs';
import type * as ParseModule from './io/parse';
import type * as ReadModule from './io/read';
import { declarePreviousObjects } from './validation';

/**
 * Makes `cdk8s synth` fail on an unsafe update. Every kube-bind object of the
 * app is compared with the object of the same kind, namespace and name among
 * the previous objects (what is live: for example the output of
 * `kubectl get apiserviceexports,boundschemas -A -o yaml`): a stored version
 * dropped from `spec.versions`, a field kube-bind makes immutable changed, or
 * the storage version moved.
 */
export class UpdateCheck {
  /**
   * Compares the app of `scope` with these previous manifests (plain objects;
   * `List` objects are unpacked).
   */
  public static against(scope: IConstruct, previous: any[]): void {
    if (!Array.isArray(previous)) {
      throw new Error(`UpdateCheck.against: previous must be a list of manifests, got ${typeof previous}`);
    }
    declarePreviousObjects(scope, unpackLists(previous));
  }

  /**
   * Compares the app of `scope` with the manifests in these YAML files
   * (multi-document files and `kubectl ... -o yaml` Lists are fine).
   */
  public static againstFiles(scope: IConstruct, paths: string[]): void {
    const previous: any[] = [];
    for (const path of paths) {
      let text: string;
      try {
        text = fs.readFileSync(path, 'utf8');
      } catch (e) {
        throw new Error(`UpdateCheck.againstFiles: cannot read ${path}: ${(e as Error).message}`);
      }
      // The YAML reader (the I/O layer the CLI uses too) is loaded here, not when the library is required.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { parseFile }: typeof ParseModule = require('./io/parse');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { DEFAULT_LIMITS }: typeof ReadModule = require('./io/read');
      const parsed = parseFile(path, text, DEFAULT_LIMITS);
      const errors = parsed.diagnostics.filter(d => d.severity === 'error');
      if (errors.length > 0) {
        throw new Error(`UpdateCheck.againstFiles: ${errors.map(d => `${d.file}:${d.line ?? '?'}: ${d.message}`).join('; ')}`);
      }
      previous.push(...parsed.objects.map(o => o.manifest));
    }
    declarePreviousObjects(scope, previous);
  }

  private constructor() {}
}

function unpackLists(manifests: any[]): any[] {
  return manifests.flatMap(m => (m && typeof m === 'object' && Array.isArray(m.items) && typeof m.kind === 'string' && m.kind.endsWith('List') ? m.items : [m]));
}
