/**
 * The output formats by the name `--output` takes, each loaded only when
 * used: `validate` starts without the formats it does not write (SARIF's
 * rule catalogue loads every rule family).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { Reporter } from './reporter';

export const REPORTERS: { readonly [format: string]: Reporter } = {
  get text(): Reporter { return (require('./text') as typeof import('./text')).TEXT_REPORTER; },
  get json(): Reporter { return (require('./json') as typeof import('./json')).JSON_REPORTER; },
  get sarif(): Reporter { return (require('./sarif') as typeof import('./sarif')).SARIF_REPORTER; },
  get junit(): Reporter { return (require('./junit') as typeof import('./junit')).JUNIT_REPORTER; },
  get github(): Reporter { return (require('./github') as typeof import('./github')).GITHUB_REPORTER; },
};

/**
 * Whether to colour the output: never when NO_COLOR is set to anything
 * non-empty (no-color.org), always when FORCE_COLOR is set to anything but
 * "0" or "false", else only when standard output is a terminal.
 */
export function useColor(env: { readonly [name: string]: string | undefined }, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return isTTY;
}
