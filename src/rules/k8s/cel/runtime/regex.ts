/**
 * `find` and `findAll` of Kubernetes' regex library (k8s.io/apiserver
 * pkg/cel/library/regex.go, Kubernetes 1.36): Go's `regexp.FindString` and
 * `FindAllString`, with RE2 (../../regex.ts). A pattern RE2 refuses is
 * cel-go's error "Illegal regex: <why>".
 */
import { celGoError, leaveToServer, RuntimeFunctions } from './outcome';
import { celList } from './realm';
import { re2CompileError, re2FindAll } from '../../regex';

function matchesOf(value: unknown, pattern: unknown, limit: unknown): string[] {
  if (typeof value !== 'string' || typeof pattern !== 'string' || typeof limit !== 'bigint') leaveToServer('find with arguments of other kinds');
  // Go's int(n): a limit past the string's length finds them all, as a negative one does.
  const n = limit < 0n ? -1 : limit > BigInt(value.length + 1) ? value.length + 1 : Number(limit);
  const found = re2FindAll(pattern, value, n);
  if (found === undefined) throw celGoError(`Illegal regex: ${re2CompileError(pattern)}`);
  return found;
}

export const FUNCTIONS: RuntimeFunctions = {
  'string.find': (value: unknown, pattern: unknown) => matchesOf(value, pattern, 1n)[0] ?? '',
  'string.findAll': (value: unknown, pattern: unknown, limit: unknown = -1n) => celList(matchesOf(value, pattern, limit)),
};
