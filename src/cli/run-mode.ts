/**
 * `validate --strict` and `--fail-on-skipped`: the flags, and strict field
 * validation applied to a validator's findings. What each finding becomes
 * under `--strict` is the rules' to say (`strictFindings`); failing on
 * skipped objects is the report's (`ReportTotals.exitStatus`).
 */
import type { StreamingValidator } from './check';
import type { ParsedArgs, ValidateFn } from './command';
import { strictFindings } from '../rules';
import type { RunMode } from './output/reporter';

export const STRICT_FLAG = {
  name: 'strict',
  description: 'strict field validation, as kubectl\'s default --validate=strict: an unknown field (KB009, KB223, KB224) is an error, not a warning',
};

export const FAIL_ON_SKIPPED_FLAG = {
  name: 'fail-on-skipped',
  description: 'an object of a kind this tool does not check fails the run (KB001), as kubeconform without -ignore-missing-schemas',
};

/** The modes the flags turn on, or undefined when none is. */
export function runModeFlags(args: ParsedArgs): RunMode | undefined {
  const strict = args.flags.get(STRICT_FLAG.name) === true;
  const failOnSkipped = args.flags.get(FAIL_ON_SKIPPED_FLAG.name) === true;
  return strict || failOnSkipped ? { strict, failOnSkipped } : undefined;
}

/** `validate` whose findings are reported under strict field validation. */
export function strictValidateFn(validate: ValidateFn): ValidateFn {
  return (objects, ctx) => validate(objects, ctx).map(strictFindings);
}

/** `validator` whose findings, of each object and across objects, are reported under strict field validation. */
export function strictStreaming(validator: StreamingValidator): StreamingValidator {
  const { perObject, acrossObjects } = validator;
  return {
    ...validator,
    perObject: (manifest, ctx, key) => strictFindings(perObject(manifest, ctx, key)),
    acrossObjects: (facts, ctx, found) => acrossObjects(facts, ctx, (index, v) => {
      const [strict] = strictFindings([v]);
      found(index, strict);
    }),
  };
}
