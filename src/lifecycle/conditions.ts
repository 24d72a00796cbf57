/**
 * Status conditions of APIServiceExports and BoundSchemas as typed values: a
 * builder that enforces the spec's rules, and readers over manifests.
 *
 * Public API compiled by jsii: no generics, overloads or unions in
 * signatures; data interfaces have readonly properties only.
 */
import { conditionProblems, describeConditionProblems, isConditionTrue, wellFormedConditions } from './condition-format';
import { ConditionSeverity, ConditionStatus } from '../model/enums';
import { own } from '../rules/values';


/** The fields of one condition. */
export interface ConditionOptions {
  /**
   * The condition type: CamelCase (`Ready`), or `<dns-subdomain>/CamelCase`
   * (`example.com/Ready`) for types that are not well known.
   */
  readonly type: string;

  /** Whether the condition holds. */
  readonly status: ConditionStatus;

  /**
   * How bad the condition is. Only allowed when `status` is `False`.
   *
   * @default - no severity
   */
  readonly severity?: ConditionSeverity;

  /**
   * Why the condition last changed, in CamelCase. May not be empty.
   *
   * @default - no reason
   */
  readonly reason?: string;

  /**
   * Human-readable details. May be empty.
   *
   * @default - no message
   */
  readonly message?: string;

  /**
   * When the status last changed, as an RFC 3339 date-time such as
   * `2025-01-31T12:00:00Z` (see `Condition.timestamp`). It is required so that
   * synthesized manifests do not change from one run to the next.
   */
  readonly lastTransitionTime: string;
}

/** One validated status condition. */
export class Condition {
  /**
   * Builds a condition, checking every rule of the spec.
   *
   * @throws when a field breaks a rule; the message names the field and the fix.
   */
  public static of(options: ConditionOptions): Condition {
    const raw = {
      type: own(options, 'type'),
      status: own(options, 'status'),
      severity: own(options, 'severity'),
      reason: own(options, 'reason'),
      message: own(options, 'message'),
      lastTransitionTime: own(options, 'lastTransitionTime'),
    };
    const problems = conditionProblems(raw);
    if (problems.length > 0) {
      throw new Error(`Invalid condition: ${describeConditionProblems(problems)}`);
    }
    return new Condition(raw);
  }

  /**
   * The well-formed conditions in `status.conditions` of a manifest, in
   * order. Entries that break a rule are skipped; an object without
   * conditions gives an empty list.
   */
  public static fromObject(manifest: any): Condition[] {
    return wellFormedConditions(manifest).map(c => new Condition(c));
  }

  /** The first well-formed condition of `type` in a manifest's status, if any. */
  public static find(manifest: any, type: string): Condition | undefined {
    return Condition.fromObject(manifest).find(c => c.type === type);
  }

  /** Whether a manifest's condition of `type` is present, well formed and `True`. */
  public static isTrue(manifest: any, type: string): boolean {
    return isConditionTrue(manifest, type);
  }

  /**
   * A date as Kubernetes writes `lastTransitionTime`: RFC 3339 in UTC, to the
   * second.
   */
  public static timestamp(date: Date): string {
    return date.toISOString().replace(/\.\d+Z$/, 'Z');
  }

  /** The condition type. */
  public readonly type: string;
  /** Whether the condition holds. */
  public readonly status: ConditionStatus;
  /** How bad the condition is, only when `status` is `False`. */
  public readonly severity?: ConditionSeverity;
  /** Why the condition last changed. */
  public readonly reason?: string;
  /** Human-readable details. */
  public readonly message?: string;
  /** When the status last changed (RFC 3339). */
  public readonly lastTransitionTime: string;

  private constructor(fields: { [key: string]: any }) {
    this.type = fields.type;
    this.status = fields.status as ConditionStatus;
    // kube-bind's conditions treat an empty severity as none.
    this.severity = fields.severity === '' || fields.severity === null ? undefined : fields.severity as ConditionSeverity | undefined;
    this.reason = fields.reason ?? undefined;
    this.message = fields.message ?? undefined;
    this.lastTransitionTime = fields.lastTransitionTime;
  }

  /** The condition as it appears in a manifest's `status.conditions`. */
  public toJson(): any {
    return {
      type: this.type,
      status: this.status,
      ...(this.severity !== undefined ? { severity: this.severity } : {}),
      ...(this.reason !== undefined ? { reason: this.reason } : {}),
      ...(this.message !== undefined ? { message: this.message } : {}),
      lastTransitionTime: this.lastTransitionTime,
    };
  }
}

/** Condition types kube-bind and Kubernetes set on these objects. */
export class ConditionTypes {
  /** Summary condition: the object is ready. Set on both kinds. */
  public static readonly READY = 'Ready';

  /** APIServiceExport: the export is connected to a binding on the consumer side. */
  public static readonly CONNECTED = 'Connected';
  /** APIServiceExport: the export is in sync with the definition on the provider side. */
  public static readonly PROVIDER_IN_SYNC = 'ProviderInSync';
  /** APIServiceExport: the export's schema is applied on the consumer side. */
  public static readonly CONSUMER_IN_SYNC = 'ConsumerInSync';

  /** BoundSchema: the schema is accepted and no drift was found. */
  public static readonly VALID = 'Valid';
  /** BoundSchema: the schema was rejected or drifted on the consumer side. */
  public static readonly INVALID = 'Invalid';

  /** Copied from the consumer's CustomResourceDefinition: the API is served. */
  public static readonly ESTABLISHED = 'Established';
  /** Copied from the consumer's CustomResourceDefinition: the names do not conflict. */
  public static readonly NAMES_ACCEPTED = 'NamesAccepted';
  /** Copied from the consumer's CustomResourceDefinition: the schema is not structural. */
  public static readonly NON_STRUCTURAL_SCHEMA = 'NonStructuralSchema';
  /** Copied from the consumer's CustomResourceDefinition: it is being deleted. */
  public static readonly TERMINATING = 'Terminating';
  /** Copied from the consumer's CustomResourceDefinition: `*.k8s.io` groups follow the API approval policy. */
  public static readonly KUBERNETES_API_APPROVAL_POLICY_CONFORMANT = 'KubernetesAPIApprovalPolicyConformant';

  private constructor() {}
}
