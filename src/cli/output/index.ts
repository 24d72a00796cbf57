/**
 * The output formats of `validate`, by the name `--output` takes. Adding a
 * format is one module implementing `Reporter` and one entry here; reading
 * and validation never change for it.
 */
import { GITHUB_REPORTER } from './github';
import { JSON_REPORTER } from './json';
import { JUNIT_REPORTER } from './junit';
import { Reporter } from './reporter';
import { SARIF_REPORTER } from './sarif';
import { TEXT_REPORTER } from './text';

export * from './reporter';
export { describeRule, RULES_DOC_URL } from './catalogue';
export { TEXT_REPORTER, JSON_REPORTER, SARIF_REPORTER, JUNIT_REPORTER, GITHUB_REPORTER };

export const REPORTERS: { readonly [format: string]: Reporter } = {
  text: TEXT_REPORTER,
  json: JSON_REPORTER,
  sarif: SARIF_REPORTER,
  junit: JUNIT_REPORTER,
  github: GITHUB_REPORTER,
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
