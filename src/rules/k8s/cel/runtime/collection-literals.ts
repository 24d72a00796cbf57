/**
 * List and map literals evaluated as cel-go's evalList and evalMap
 * (interpreter/interpretable.go, cel-go v0.26.1), where cel-js' own
 * evaluation would answer otherwise (library.ts' prepareLiterals says
 * where):
 * - an optional entry (`[?x]`, `{?k: v}`; written OPTIONAL_ENTRY(x) for
 *   cel-js: ../optional-entries.ts) is left out when its optional is none
 *   and holds its value otherwise; a none entry of a map also removes an
 *   earlier entry of its key;
 * - a map literal keeps its keys as they are: cel-js turns the key 1 into
 *   "1" (and drops `__proto__`, `constructor` and `prototype`, which it
 *   cannot read as keys of an object either). Such a key is left to the
 *   server (a map here holds string keys); a key given twice takes its
 *   later value, as in cel-go.
 * Entries are evaluated in order, and the first error is the literal's.
 */
import { celOptionals } from '../cel-js';
import { leaveToServer } from './outcome';
import { celList, celMap } from './realm';

/** The part of cel-js' evaluator used here. */
interface Evaluator {
  run(node: unknown, ctx: unknown): unknown;
}

/** Whether `value` is one of cel-js' optionals. */
export function isCelOptional(value: unknown): value is { hasValue(): boolean; value(): unknown } {
  return value instanceof (celOptionals() as unknown as new () => unknown);
}

/** What OPTIONAL_ENTRY(x) evaluates to: x, marked as an optional entry for the literal around it. */
class OptionalEntry {
  constructor(readonly optional: unknown) {}
}

/** The evaluation of OPTIONAL_ENTRY(x) (a macro's evaluate: the evaluator, the call, the context). */
export function evaluateOptionalEntry(ev: Evaluator, call: { readonly args: readonly unknown[] }, ctx: unknown): OptionalEntry {
  return new OptionalEntry(ev.run(call.args[0], ctx));
}

/** An entry's value: itself, or an optional entry's value; undefined for none. */
function entryValue(value: unknown): { readonly value: unknown } | undefined {
  if (!(value instanceof OptionalEntry)) return { value };
  const optional = value.optional;
  // cel-go fails with its invalidOptionalEntryInit error, whose text holds the value as Go prints it.
  if (!isCelOptional(optional)) return leaveToServer('an optional entry whose value is no optional');
  return optional.hasValue() ? { value: optional.value() } : undefined;
}

/** evalList: the elements in order, an optional entry's value or nothing. */
export function evaluateListLiteral(ev: Evaluator, node: { readonly args: readonly unknown[] }, ctx: unknown): unknown[] {
  const out: unknown[] = [];
  for (const element of node.args) {
    const entry = entryValue(ev.run(element, ctx));
    if (entry !== undefined) out.push(entry.value);
  }
  return celList(out);
}

const OBJECT_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** evalMap: keys and values in order, an optional entry's value or the key's removal. */
export function evaluateMapLiteral(ev: Evaluator, node: { readonly args: ReadonlyArray<readonly [unknown, unknown]> }, ctx: unknown): object {
  const entries = new Map<string, unknown>();
  for (const [keyNode, valueNode] of node.args) {
    const key = ev.run(keyNode, ctx);
    if (typeof key !== 'string') return leaveToServer('a map literal with a key that is not a string');
    // An object with its own `constructor` is no map to cel-js; `__proto__` and `prototype` are kept out alike.
    if (OBJECT_NAMES.has(key)) return leaveToServer(`a map literal with the key ${key}`);
    const entry = entryValue(ev.run(valueNode, ctx));
    if (entry === undefined) entries.delete(key);
    else entries.set(key, entry.value);
  }
  return celMap(entries);
}
