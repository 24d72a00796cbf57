import * as fs from 'fs';
import { Construct } from 'constructs';
import { declarePreviousObjects } from '../glue/validation';
import type * as ParseModule from '../io/parse';
import type * as ReadModule from '../io/read';

/**
 * Properties of an `UpdateCheck`.
 */
export interface UpdateCheckProps {
  /**
   * The previous objects, as plain manifests (`List` objects are unpacked).
   *
   * @default - none
   */
  readonly previousObjects?: Array<{ [key: string]: any }>;

  /**
   * YAML files holding the previous objects (multi-document files and
   * `kubectl ... -o yaml` Lists are fine).
   *
   * @default - none
   */
  readonly previousFiles?: string[];
}

/**
 * Makes `cdk8s synth` fail on an unsafe update. Every kube-bind object of the
 * app is compared with the object of the same kind, namespace and name among
 * the previous objects (what is live: for example the output of
 * `kubectl get apiserviceexports,boundschemas -A -o yaml`): a stored version
 * dropped from `spec.versions`, a field kube-bind makes immutable changed, or
 * the storage version moved. It renders nothing itself.
 */
export class UpdateCheck extends Construct {
  public constructor(scope: Construct, id: string, props: UpdateCheckProps = {}) {
    super(scope, id);
    if (props.previousObjects !== undefined) this.addPreviousObjects(props.previousObjects);
    for (const file of props.previousFiles ?? []) this.addPreviousFile(file);
  }

  /**
   * Adds previous objects, as plain manifests (`List` objects are unpacked).
   */
  public addPreviousObjects(previous: Array<{ [key: string]: any }>): void {
    if (!Array.isArray(previous)) {
      throw new Error(`UpdateCheck ${this.node.path}: previousObjects must be a list of manifests, got ${typeof previous}`);
    }
    declarePreviousObjects(this, unpackLists(previous));
  }

  /**
   * Adds the previous objects held in a YAML file.
   */
  public addPreviousFile(path: string): void {
    let text: string;
    try {
      text = fs.readFileSync(path, 'utf8');
    } catch (e) {
      throw new Error(`UpdateCheck ${this.node.path}: cannot read ${path}: ${(e as Error).message}`);
    }
    // The YAML reader (the I/O layer the CLI uses too) is loaded here, not when the library is required.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { parseFile }: typeof ParseModule = require('../io/parse');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { DEFAULT_LIMITS }: typeof ReadModule = require('../io/read');
    const parsed = parseFile(path, text, DEFAULT_LIMITS);
    const errors = parsed.diagnostics.filter(d => d.severity === 'error');
    if (errors.length > 0) {
      throw new Error(`UpdateCheck ${this.node.path}: ${errors.map(d => `${d.file}:${d.line ?? '?'}: ${d.message}`).join('; ')}`);
    }
    declarePreviousObjects(this, parsed.objects.map(o => o.manifest));
  }
}

function unpackLists(manifests: any[]): any[] {
  return manifests.flatMap(m => (m && typeof m === 'object' && Array.isArray(m.items) && typeof m.kind === 'string' && m.kind.endsWith('List') ? m.items : [m]));
}
