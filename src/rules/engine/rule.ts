/**
 * What a rule is, and the one way to declare one: `defineRule`.
 *
 * A rule is one declaration: its id, title, severity, source, scope (one
 * object, all objects of an app, or an update), what it applies to, and its
 * check. Its passing and failing scenarios sit beside it, in
 * `<family>.scenarios.ts`; `registry.ts` lists the families.
 */
import type { CrdValidationOptions } from './crd-validation-options';
import { perObject } from './memo';
import { FoundBy, Severity, Violation } from './violation';
import { KindVersion } from '../../model/kinds';
import { Manifest } from '../../model/manifest';

/** What every check may know besides the object itself. */
export interface RuleContext {
  /** The API group the kube-bind kinds are served under (default `kube-bind.io`). */
  readonly group: string;
  /**
   * The backend's `--namespace-prefix`: the namespaces kube-bind creates for
   * a template's `spec.namespaces` start with it (default `kube-bind-`).
   */
  readonly namespacePrefix?: string;
  /**
   * On an update of a CRD-like object, what its stored state relaxes
   * (`ValidateCustomResourceDefinitionUpdate`'s options, derived once by
   * `updateContext` in runner.ts); undefined on create. Rules read it through
   * `crdValidationOptions(ctx)`.
   */
  readonly crdUpdate?: CrdValidationOptions;
  /**
   * On an update of a kube-bind object (a custom resource of kube-bind's
   * CRDs), its stored state, set by `updateContext` in runner.ts; undefined
   * on create. The runner drops the findings the API server ratchets against
   * it (`Rule.ratchet`).
   */
  readonly storedObject?: Manifest;
}

/**
 * What a rule's `ratchet` may ask about an update of a kube-bind object:
 * whether the value its finding is about is unchanged, as the API server
 * correlates the new object with the stored one (helpers/custom-resource-ratchet.ts).
 */
export interface RatchetQuery {
  /** The kind/version the object is checked as. */
  readonly kindVersion: KindVersion;
  readonly ctx: RuleContext;
  /** The stored object. */
  readonly stored: Manifest;
  /**
   * Whether the value at `path` (kubectl's notation, as the rules write
   * paths) is unchanged from the stored object: the deepest node on the way
   * to it that the server correlates with an old value deep-equals it.
   */
  unchangedAt(path: string): boolean;
}

/** Where a rule comes from, for docs/rules.md. */
export type RuleSource = string; // e.g. 'spec §2.3', 'kube-bind CRD (CEL)', 'Kubernetes CRD validation'

/** What every rule declares, whatever its scope. */
interface RuleHeader {
  /** Stable id, `KB` and three digits. Never reused for another meaning. */
  readonly id: string;
  /** One line saying what the rule protects. */
  readonly title: string;
  readonly source: RuleSource;
  /** The default severity of what this rule reports. */
  readonly severity: Severity;
  /**
   * The severity under strict field validation (`validate --strict`, the
   * plugin's `strict`), when it differs: what kubectl's default
   * `--validate=strict` makes the API server refuse rather than drop.
   */
  readonly strictSeverity?: Severity;
}

/** A check of one object. */
export interface Rule extends RuleHeader {
  readonly scope: 'object';
  /** The kinds/versions the rule applies to. */
  readonly appliesTo: readonly KindVersion[];
  /**
   * The rule judges whether an object is of its kinds/versions at all (KB001):
   * the runner gives it the objects no kind/version is recognised for, and
   * only those, since on a recognised object it has nothing to say.
   */
  readonly judgesKind?: boolean;
  /**
   * The findings of other rules this rule reports better, at the same path
   * and for the same cause (for example the generic schema checker's pattern
   * finding on a group this rule explains): the runner leaves them out of
   * the objects this rule applies to.
   */
  readonly supersedes?: readonly Superseded[];
  /**
   * Where the API server finds what this rule reports: `decoding` (field
   * validation of the request, before the strategy drops `.status` of a kind
   * with the status subresource: its findings in `.status` keep their
   * severity), `schema` (validation against the CRD's schema, after that: in
   * `.status` only a write to /status meets it), `go-types` (not the server:
   * kube-bind's Go types cannot decode the value). Unset: the server refuses
   * none of it (a rule of the spec, of kube-bind's behaviour). A finding may
   * say otherwise for itself (`Violation.foundBy`). Read by `statusAsServed`
   * (helpers/status-subresource.ts).
   */
  readonly foundBy?: FoundBy;
  /**
   * The rule reports a value the API server refuses before it validates
   * anything (one that does not decode): the findings of other rules at a
   * path it reports, or below it, are left out, as the server never checks
   * that value. Read by the runner.
   */
  readonly refusedFirst?: boolean;
  /**
   * Whether the API server drops the finding `v` on this update of a
   * kube-bind object, as custom-resource validation ratcheting does
   * (CRDValidationRatcheting, locked on since Kubernetes 1.33): a rule that
   * mirrors an OpenAPI constraint or a CEL rule of kube-bind's own CRD
   * declares it, and the runner asks it only on an update. Unset: never
   * dropped (a rule of the spec, of kube-bind's behaviour, of decoding or
   * metadata, or of the consumer's CRD: none of them the CRD's validation).
   */
  readonly ratchet?: (v: Violation, update: RatchetQuery) => boolean;
  /** Returns every violation in `obj`; never throws, whatever the input. */
  check(obj: Manifest, ctx: RuleContext): Violation[];
}

/** Findings of the rule `rule` at the paths `path` matches. */
export interface Superseded {
  readonly rule: string;
  readonly path: RegExp;
}

/** One object among several, for checks across objects. */
export interface Located {
  readonly index: number;
  readonly manifest: Manifest;
}

/**
 * Fields of an object, as a tree: `true` keeps a field as it is, a tree goes
 * on into its fields (into each item, for a list), and `'shape'` keeps only
 * what of an OpenAPI schema decides which fields an object can hold.
 */
export interface FieldsRead {
  readonly [field: string]: true | 'shape' | FieldsRead;
}

/** What a rule across objects reads: objects of these kinds (`kind`, of any version), these fields of them. */
export interface ObjectsRead {
  readonly kinds: readonly string[];
  readonly fields: FieldsRead;
}

/** A check across all objects of one app or one `validate` run. */
export interface CrossObjectRule extends RuleHeader {
  readonly scope: 'app';
  /**
   * What the check reads of the objects: what a front-end must hand it. The
   * constructs' validation renders the objects of these kinds that are not
   * ours, and the CLI keeps these fields of them (with each object's identity)
   * and nothing else (`rules/registry.ts`: KINDS_READ_ACROSS_OBJECTS,
   * FIELDS_READ_ACROSS_OBJECTS).
   */
  readonly reads: ObjectsRead;
  /** Returns violations keyed by the index of the object they belong to. */
  check(objects: readonly Located[], ctx: RuleContext): Array<{ index: number; violation: Violation }>;
}

/** A check of one update: the stored object against its next state. */
export interface UpdateRule extends RuleHeader {
  readonly scope: 'update';
  /** The kinds/versions of the next object the rule applies to. */
  readonly appliesTo: readonly KindVersion[];
  /** Returns every violation of the update; never throws, whatever the input. */
  check(previous: Manifest, next: Manifest, ctx: RuleContext): Violation[];
}

/** Any rule of the registry. */
export type AnyRule = Rule | CrossObjectRule | UpdateRule;

/** A pass over one object that returns the findings of several rules. */
export type PassFunction = (obj: Manifest, ctx: RuleContext) => Violation[];

/** The rules declared with one pass function, and that function. */
export interface SharedPass {
  /** The ids of the pass's rules, in the order declared. */
  readonly ids: readonly string[];
  /** The findings of all the pass's rules, in the order found. */
  run(obj: Manifest, ctx: RuleContext): Violation[];
}

/**
 * A rule of one object, declared with its own `check`, or with the shared
 * `pass` of its family: a function that walks the object once and returns
 * the findings of every rule declared with it (the rule's check is then its
 * findings among them).
 */
export type ObjectRuleDeclaration = Omit<Rule, 'check'> & (
  | { readonly pass?: undefined; check(obj: Manifest, ctx: RuleContext): Violation[] }
  | { readonly pass: PassFunction; readonly check?: undefined });

const DECLARED = new WeakSet<object>();
const PASS_OF = new WeakMap<Rule, SharedPass>();
const SHARED = new WeakMap<PassFunction, { readonly ids: string[]; readonly run: PassFunction; readonly findings: PassFunction }>();

/**
 * Declares a rule: the only way to make one the registry accepts (its test
 * checks `isDeclared`). Costs nothing per object: the declaration is the
 * rule, except that a rule declared with a shared `pass` gets a `check`
 * that takes its findings from one run of the pass per object.
 */
export function defineRule(declaration: ObjectRuleDeclaration): Rule;
export function defineRule(declaration: CrossObjectRule): CrossObjectRule;
export function defineRule(declaration: UpdateRule): UpdateRule;
export function defineRule(declaration: ObjectRuleDeclaration | CrossObjectRule | UpdateRule): AnyRule {
  let rule = declaration as AnyRule;
  if (declaration.scope === 'object' && declaration.pass !== undefined) {
    const { pass, check: _check, ...header } = declaration;
    const shared = sharedPassOf(pass);
    shared.ids.push(header.id);
    const findings = shared.findings;
    const id = header.id;
    const checked: Rule = { ...header, check: (obj, ctx) => foundBy(findings(obj, ctx), id) };
    PASS_OF.set(checked, shared);
    rule = checked;
  }
  DECLARED.add(rule);
  return rule;
}

/** Whether `rule` was made by `defineRule`. */
export function isDeclared(rule: object): boolean {
  return DECLARED.has(rule);
}

/** The shared pass a rule's findings come from, when it was declared with one. */
export function passOf(rule: Rule): SharedPass | undefined {
  return PASS_OF.get(rule);
}

/**
 * The shared pass of `pass`, whose findings are computed once per object
 * while the rules of one object run (`withRuleScope`), however many of its
 * rules are checked on their own (tests, docs). The runner calls the pass itself, once per object, for its
 * rules listed one after another in the catalogue.
 *
 * Why one pass: a synth checks thousands of objects, most of them before the
 * JIT has optimised the rules, and V8 optimises a function only after it has
 * run for a while. One loop over the claims reaches optimised code sooner,
 * and costs less before that, than eighteen small loops.
 */
function sharedPassOf(pass: PassFunction): { readonly ids: string[]; readonly run: PassFunction; readonly findings: PassFunction } {
  let shared = SHARED.get(pass);
  if (shared === undefined) {
    const memo = perObject((_obj: Manifest): { ctx?: RuleContext; found: Violation[] } => ({ found: [] }));
    const findings: PassFunction = (obj, ctx) => {
      const entry = memo(obj);
      if (entry.ctx !== ctx) {
        entry.found = pass(obj, ctx);
        entry.ctx = ctx;
      }
      return entry.found;
    };
    shared = { ids: [], run: pass, findings };
    SHARED.set(pass, shared);
  }
  return shared;
}

/** The findings of one rule among those of a shared pass. */
function foundBy(found: readonly Violation[], id: string): Violation[] {
  return found.length === 0 ? [] : found.filter(v => v.rule === id);
}
