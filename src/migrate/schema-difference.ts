/**
 * The first difference between two JSON values, with what each side holds
 * there. The conversions use it to point at the exact field where two
 * schemas (or two outputs) part, in problems, notes and the CLI's conflict
 * messages; it compares everything, documentation included (for the
 * semantic comparison of spec §8.2 see `rules/schema-equality.ts`).
 */
import { createHash } from 'crypto';
import { isObject } from '../model/manifest';
import { show } from '../rules/engine/messages';
import { item } from '../rules/engine/paths';
import { MISSING } from '../rules/helpers/schema-equality';

/** Where two values differ (a path relative to where the comparison began) and what each side holds there. */
export interface SchemaDifference {
  readonly path: string;
  readonly left: unknown;
  readonly right: unknown;
}

/**
 * The first place where two JSON values differ, key order ignored (keys are
 * visited in sorted order), with the value on each side (`MISSING` for an
 * absent key or item). Iterative, so that deep nesting cannot exhaust the stack.
 */
export function schemaDifference(left: unknown, right: unknown, path: string): SchemaDifference | undefined {
  // Tasks run last-in first-out; children are pushed in reverse so that the first difference in document order wins.
  const tasks: Array<SchemaDifference & { readonly found?: true }> = [{ path, left, right }];
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    if (task.found) return { path: task.path, left: task.left, right: task.right };
    const a = task.left;
    const b = task.right;
    if (Array.isArray(a) && Array.isArray(b)) {
      const next: Array<SchemaDifference & { readonly found?: true }> = [];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const at = item(task.path, i);
        if (i < a.length && i < b.length) next.push({ path: at, left: a[i], right: b[i] });
        else next.push({ path: at, left: i < a.length ? a[i] : MISSING, right: i < b.length ? b[i] : MISSING, found: true });
      }
      tasks.push(...next.reverse());
    } else if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      const next: Array<SchemaDifference & { readonly found?: true }> = [];
      for (const key of keys) {
        const inA = Object.prototype.hasOwnProperty.call(a, key);
        const inB = Object.prototype.hasOwnProperty.call(b, key);
        const at = /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? `${task.path}.${key}` : `${task.path}[${key}]`;
        if (inA && inB) next.push({ path: at, left: a[key], right: b[key] });
        else next.push({ path: at, left: inA ? a[key] : MISSING, right: inB ? b[key] : MISSING, found: true });
      }
      tasks.push(...next.reverse());
    } else if (!(Object.is(a, b) || a === b)) {
      return { path: task.path, left: a, right: b };
    }
  }
  return undefined;
}

/** A value of a difference as a message shows it: `missing` for an absent key. */
export function showSide(value: unknown): string {
  return value === MISSING ? 'missing' : show(value);
}

/**
 * A digest of a value that two values share exactly when `schemaDifference`
 * finds no difference between them (key order ignored): the first CRD of a
 * name is compared with later ones without keeping its schema.
 */
export function canonicalDigest(value: unknown): string {
  const hash = createHash('sha256');
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      hash.update('[');
      for (const entry of v) {
        walk(entry);
        hash.update(',');
      }
      hash.update(']');
    } else if (typeof v === 'object' && v !== null) {
      hash.update('{');
      for (const key of Object.keys(v).sort()) {
        hash.update(JSON.stringify(key));
        hash.update(':');
        walk((v as Record<string, unknown>)[key]);
        hash.update(',');
      }
      hash.update('}');
    } else {
      // Strings, numbers (0 and -0 alike, as ===), booleans, null; undefined never comes from YAML.
      hash.update(v === undefined ? 'undefined' : JSON.stringify(v));
    }
  };
  walk(value);
  return hash.digest('hex');
}
