/**
 * `==` between optionals, which cel-js lacks (cel-go's Optional.Equal,
 * common/types/optional.go): two optional.none() are equal, a none and a
 * value are not, two values are equal when the values are (cel-go's Equal,
 * values.ts).
 */
import { leaveToServer, RuntimeFunctions } from './outcome';
import { celEquals } from './values';

interface CelOptional {
  hasValue(): boolean;
  value(): unknown;
}

function optionalOf(value: unknown): CelOptional {
  const o = value as Partial<CelOptional> | null;
  if (typeof o !== 'object' || o === null || typeof o.hasValue !== 'function' || typeof o.value !== 'function') leaveToServer('== of another kind of value');
  return o as CelOptional;
}

export const FUNCTIONS: RuntimeFunctions = {
  'optional.==': (a: unknown, b: unknown) => {
    const [x, y] = [optionalOf(a), optionalOf(b)];
    if (!x.hasValue() || !y.hasValue()) return x.hasValue() === y.hasValue();
    return celEquals(x.value(), y.value());
  },
};
