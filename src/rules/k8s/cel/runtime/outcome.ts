/**
 * What a library function of the runtime throws, besides a value: an error
 * cel-go raises too (the text is cel-go's, and the default is refused with
 * it), or a case this runtime does not decide (the rule is left to the
 * server). Both are Errors of cel-js' realm, so that cel-js' `&&`, `||` and
 * macros absorb them as they absorb cel-go's errors.
 */
import { celRealm } from './realm';

const thrown = new WeakMap<Error, 'cel-go' | 'undecided'>();

/** An error cel-go raises with `message` (its Err text, e.g. "min called on empty list"). */
export function celGoError(message: string): Error {
  const error = new (celRealm().Error)(message);
  thrown.set(error, 'cel-go');
  return error;
}

function undecided(why: string): Error {
  const error = new (celRealm().Error)(`left to the server: ${why}`);
  thrown.set(error, 'undecided');
  return error;
}

/** Which of the two `error` is, if it is one of them. */
export function thrownKind(error: unknown): 'cel-go' | 'undecided' | undefined {
  return typeof error === 'object' && error !== null ? thrown.get(error as Error) : undefined;
}

/**
 * A library's functions at run time, by name: `<receiver>.<function>` for a
 * method (`list.isSorted`, `string.find`, `kubernetes.Quantity.add`), the
 * namespace's type for a namespaced one (`k8s.SetsNamespace.contains`, called
 * without the namespace), the bare name for a global one (`quantity`). Each
 * checks its arguments' kinds at run time (every rule is evaluated with
 * `self` as dyn).
 */
export interface RuntimeFunctions {
  readonly [name: string]: (...args: any[]) => unknown;
}

/** Called when an undecided error is made: an evaluation tracks it even when cel-js absorbs it. */
let onUndecided: (() => void) | undefined;

/** What `f` returned or threw, and whether an undecided case was met during it (absorbed by cel-js or not). */
export function trackingUndecided(f: () => unknown): { readonly value?: unknown; readonly error?: unknown; readonly undecided: boolean } {
  let met = false;
  const outer = onUndecided;
  onUndecided = () => {
    met = true;
  };
  try {
    const value = f();
    return { value, undecided: met };
  } catch (error) {
    return { error: error ?? new Error('undefined thrown'), undecided: met };
  } finally {
    onUndecided = outer;
  }
}

/** Throws an undecided error (and notes that one was met). */
export function leaveToServer(why: string): never {
  onUndecided?.();
  throw undecided(why);
}
