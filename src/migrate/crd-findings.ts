/**
 * The problems and notes found while reading one CRD, and the small field
 * readers every part of the reading shares.
 *
 * Reading collects every finding instead of stopping at the first, so each
 * reader reports its own finding and returns undefined; the caller goes on
 * and withholds the result at the end when any problem was found.
 */
import { didYouMean, oneOf, show } from '../rules/engine/messages';
import { field, item } from '../rules/engine/paths';

export class CrdFindings {
  /** What kube-bind or Kubernetes refuses, or what a BoundSchema cannot hold. */
  public readonly problems: string[] = [];
  /** What is carried over with a change (a default written out, a field dropped). */
  public readonly notes: string[] = [];

  /** @param label how every finding names the CRD (see `crdLabel`) */
  public constructor(private readonly label: string) {}

  public problem(path: string, text: string, hint?: string): void {
    this.problems.push(`${this.label}: ${path === '' ? '' : path + ' '}${text}${hint !== undefined ? ` (${hint})` : ''}`);
  }

  public note(path: string, text: string): void {
    this.notes.push(`${this.label}: ${path === '' ? '' : path + ' '}${text}`);
  }

  /** How many problems so far: a reader compares it before and after to know whether its part failed. */
  public get problemCount(): number {
    return this.problems.length;
  }

  /** One problem per key of `obj` not in `known`, with `why(key)` and a did-you-mean. */
  public unknownKeys(obj: { [key: string]: any }, path: string, known: readonly string[], why: (key: string) => string): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      this.problem(field(path, key), `${why(key)}${didYouMean(key, known)}`);
    }
  }

  public nonEmptyString(value: unknown, path: string): string | undefined {
    if (value === undefined || value === '') {
      this.problem(path, value === undefined ? 'is missing' : 'is empty');
      return undefined;
    }
    if (typeof value !== 'string') {
      this.problem(path, `must be a string, got ${show(value)}`);
      return undefined;
    }
    return value;
  }

  public enumValue(value: unknown, path: string, allowed: readonly string[]): string | undefined {
    if (typeof value === 'string' && allowed.includes(value)) return value;
    this.problem(path, value === undefined ? `is missing: it ${oneOf(allowed)}` : `${show(value)} ${oneOf(allowed)}${didYouMean(value, allowed)}`);
    return undefined;
  }

  public requiredString(value: unknown, path: string): string | undefined {
    if (value === undefined) {
      this.problem(path, 'is missing');
      return undefined;
    }
    return this.optionalString(value, path);
  }

  public optionalString(value: unknown, path: string): string | undefined {
    if (value === undefined || typeof value === 'string') return value;
    this.problem(path, `must be a string, got ${show(value)}`);
    return undefined;
  }

  public optionalBoolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value;
    this.problem(path, `must be true or false, got ${show(value)}`);
    return undefined;
  }

  public optionalStrings(value: unknown, path: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.problem(path, `must be a list of strings, got ${show(value)}`);
      return undefined;
    }
    const bad = value.findIndex(v => typeof v !== 'string');
    if (bad >= 0) {
      this.problem(item(path, bad), `must be a string, got ${show(value[bad])}`);
      return undefined;
    }
    return [...value];
  }
}
