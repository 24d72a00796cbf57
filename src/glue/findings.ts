import { IConstruct } from 'constructs';
import { findingsWithin } from './validation';

/**
 * One finding of the rules on a construct, as a test reads it.
 */
export interface Finding {
  /** The rule's stable id, for example `KB009` (see docs/rules.md). */
  readonly ruleId: string;
  /** `error` (fails the synth), `warning` or `info` (printed, never fail). */
  readonly severity: string;
  /** The field of the object, in kubectl's notation (`spec.versions[1].storage`); empty for the object itself. */
  readonly path: string;
  /** What is wrong, after the path (the path and the message read `path: message`). */
  readonly message: string;
  /** How to fix it, when the rule says. */
  readonly hint?: string;
  /** The path of the construct the finding is reported on (`node.path`). */
  readonly constructPath: string;
}

/**
 * The findings of the rules on an app's constructs, for tests: what the
 * app's synth would report (errors that fail it, warnings and notes it
 * prints), as data, without synthesizing and without parsing a thrown
 * message. The rules run over the whole app (the checks across objects see
 * every chart); the findings returned are those on constructs within the
 * scope given.
 *
 * @example
 * expect(Findings.of(providerChart).map(f => f.ruleId)).toEqual([]);
 */
export class Findings {
  /**
   * The findings on `scope` and every construct below it, in the order the
   * constructs were checked. Nothing is printed.
   *
   * @param scope an app, a chart, or any construct of an app
   */
  public static of(scope: IConstruct): Finding[] {
    return findingsWithin(scope).map(({ construct, violation: v }) => ({
      ruleId: v.rule,
      severity: v.severity,
      path: v.path,
      message: v.message,
      ...(v.hint !== undefined ? { hint: v.hint } : {}),
      constructPath: construct.node.path,
    }));
  }

  private constructor() {}
}
