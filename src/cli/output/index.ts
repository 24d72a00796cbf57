/**
 * The output formats of `validate`, by the name `--output` takes. Adding a
 * format is one module implementing `Reporter` and one entry in formats.ts; reading
 * and validation never change for it.
 */
import { GITHUB_REPORTER } from './github';
import { JSON_REPORTER } from './json';
import { JUNIT_REPORTER } from './junit';
import { SARIF_REPORTER } from './sarif';
import { TEXT_REPORTER } from './text';

export * from './reporter';
export { REPORTERS, useColor } from './formats';
export { describeRule, READABLE_INPUT, ruleDocUrl } from './catalogue';
export { TEXT_REPORTER, JSON_REPORTER, SARIF_REPORTER, JUNIT_REPORTER, GITHUB_REPORTER };
