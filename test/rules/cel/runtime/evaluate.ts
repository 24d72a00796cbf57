/**
 * Rules evaluated on a value as ValidateDefaults evaluates them on a default
 * (src/rules/k8s/cel/default-rules.ts), for the runtime libraries' tests.
 * `holds` proves an expression decided true: it passes and its negation
 * fails; a rule the runtime left to the server would pass both ways.
 */
import { defaultRuleFailure, DefaultRuleFailure } from '../../../../src/rules/k8s/cel/default-rules';

export type Schema = { readonly [key: string]: unknown };

export function failure(schema: Schema, value: unknown, rule: string): DefaultRuleFailure | undefined {
  return defaultRuleFailure({ ...schema, 'x-kubernetes-validations': [{ rule }] }, value);
}

export function expectHolds(schema: Schema, value: unknown, expr: string): void {
  expect(failure(schema, value, expr)).toBeUndefined();
  expect(failure(schema, value, `!(${expr})`)).toMatchObject({ kind: 'false' });
}

/** The expression fails to evaluate with cel-go's error `error` (Kubernetes' "<error> evaluating rule: <rule>"). */
export function expectError(schema: Schema, value: unknown, expr: string, error: string): void {
  expect(failure(schema, value, expr)).toEqual({ at: '', rule: expr, kind: 'error', message: `${error} evaluating rule: ${expr}` });
}

/** The expression is left to the server: neither it nor its negation is reported. */
export function expectUndecided(schema: Schema, value: unknown, expr: string): void {
  expect(failure(schema, value, expr)).toBeUndefined();
  expect(failure(schema, value, `!(${expr})`)).toBeUndefined();
}

export const object = (properties: { [name: string]: Schema }): Schema => ({ type: 'object', properties });
export const listOf = (items: Schema): Schema => ({ type: 'array', items });
