/**
 * The one thing cdk8s' renderer gets wrong with user data, and its workaround.
 *
 * cdk8s copies every key with `obj[key] = value` and recognises plain objects
 * by their `constructor`: a key named `__proto__` sets the copy's prototype and
 * vanishes from the output; a key named `constructor` makes `sanitizeValue`
 * throw ("can't render non-simple object of type 'undefined'"), or, beside a
 * `value` key, gets the object cut down to `{ value }` as if it were an
 * IntOrString. Both are legitimate user data: schema properties, defaults,
 * examples, label keys. test/hostile/prototype-keys.test.ts proves cdk8s still
 * does this; when that canary fails, this module can go.
 *
 * So such keys go through cdk8s under another name and get their own back
 * afterwards. The other name is the key with a NUL appended: a NUL is the
 * smallest UTF-16 code unit, so appending one never changes where a key sorts
 * among its siblings, and cdk8s' key order (sorted, or as given with
 * CDK8S_DISABLE_SORT) survives without sorting again. A user key that already
 * ends with a NUL gets one more, so that taking one off is exact.
 *
 * Everything else, tokens and `Lazy` values included, is left to cdk8s.
 */

const MARK = '\u0000';
const MARK_CODE = 0;

/** Whether cdk8s would mishandle `key`, or `key` would be mistaken for one renamed here. */
function renamed(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key.charCodeAt(key.length - 1) === MARK_CODE;
}

/** Whether `value` is a map of user data (not a token, a `Lazy` or another class instance, which cdk8s resolves). */
function isDataMap(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Renames the keys cdk8s would mishandle, copying only the objects that hold
 * one (or that have no prototype, which cdk8s cannot render either).
 * `renamedAny` says whether the last `rename` changed a key, so the rendering
 * knows whether to call `restoreKeys`, and `heldToken` whether it met a
 * token: read them right after `rename`, before anything renames again.
 */
export class KeyRenamer {
  /** Whether the last `rename` renamed at least one key. */
  public renamedAny = false;

  /**
   * Whether the last `rename` met anything but plain data (a token, a `Lazy`,
   * a function, another class instance): cdk8s resolves it at every
   * rendering, so the rendering may change without a mutator of the library.
   */
  public heldToken = false;

  /** `value` with every mishandled key renamed; `value` itself when there is none. */
  public rename(value: unknown): unknown {
    this.renamedAny = false;
    this.heldToken = false;
    return this.walk(value);
  }

  private walk(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) {
      if (typeof value === 'function') this.heldToken = true;
      return value;
    }
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v = this.walk(value[i]);
        if (v !== value[i]) (out ??= [...value])[i] = v;
      }
      return out ?? value;
    }
    if (!isDataMap(value)) {
      this.heldToken = true;
      return value;
    }
    const keys = Object.keys(value);
    let out: { [key: string]: unknown } | undefined = Object.getPrototypeOf(value) === null ? {} : undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = (value as any)[key];
      const w = this.walk(v);
      const rename = renamed(key);
      if (out === undefined && (rename || w !== v)) {
        out = {};
        for (let j = 0; j < i; j++) out[keys[j]] = (value as any)[keys[j]];
      }
      if (out === undefined) continue;
      if (rename) this.renamedAny = true;
      out[rename ? key + MARK : key] = w;
    }
    return out ?? value;
  }
}

/** `value` as cdk8s rendered it, with the keys `KeyRenamer` renamed given back, in the same order. */
export function restoreKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = restoreKeys(value[i]);
      if (v !== value[i]) (out ??= [...value])[i] = v;
    }
    return out ?? value;
  }
  const keys = Object.keys(value);
  let changed = false;
  const values: unknown[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const v = (value as any)[keys[i]];
    values[i] = restoreKeys(v);
    if (values[i] !== v || keys[i].endsWith(MARK)) changed = true;
  }
  if (!changed) return value;
  const out: { [key: string]: unknown } = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i].endsWith(MARK) ? keys[i].slice(0, -MARK.length) : keys[i];
    // Defined, not assigned: assigning `__proto__` would set the prototype.
    Object.defineProperty(out, key, { value: values[i], enumerable: true, writable: true, configurable: true });
  }
  return out;
}
