/**
 * The structural-schema walk of every version's schema of a CRD-like object
 * (k8s/structural.ts), kept once per object and schema: read by the version
 * rules, which report its issues, and by the update options
 * (`crd-update-options.ts`), which ask whether the stored object already had
 * an issue of a kind the server ratchets.
 */
import { versionEntries, versionSchema } from './version-schemas';
import { kindVersionOf } from '../../model/kinds';
import { has, Manifest, own } from '../../model/manifest';
import type { RepeatTable } from '../../model/repeat-table';
import { perObject } from '../engine/memo';
import { RuleContext } from '../engine/rule';
import { withFlatTexts } from '../engine/violation';
import type { StructuralIssue, StructuralOptions } from '../k8s/structural';
import { deepEqual } from '../k8s/values';

/**
 * Every issue the structural-schema walk finds in the versions of an object
 * for a kube-bind group, walked once per object and group while the rules of
 * one object run (five rules report its kinds of issue), not once per rule.
 */
const structuralIssuesByGroup = perObject((_: Manifest) => new Map<string, StructuralIssue[]>());

export function structuralIssuesOf(obj: Manifest, ctx: RuleContext): StructuralIssue[] {
  const byGroup = structuralIssuesByGroup(obj);
  let issues = byGroup.get(ctx.group);
  if (issues === undefined) byGroup.set(ctx.group, issues = walkVersionSchemas(obj, ctx));
  return issues;
}


/*
 * The structural-schema checker (with its CEL and RE2 checkers, a fifth of
 * the rules' code) is loaded when a first schema is walked: a run whose
 * objects embed no schema (v1alpha2 exports, the provider-side kinds) never
 * needs it (start-up: 4% of a one-document run's instructions).
 */
let structuralModule: typeof import('../k8s/structural') | undefined;

function structuralSchemaIssues(schema: unknown, path: string, options: StructuralOptions): StructuralIssue[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  structuralModule ??= require('../k8s/structural') as typeof import('../k8s/structural');
  return structuralModule.structuralSchemaIssues(schema, path, options);
}

/**
 * What the structural walk found in a schema, by its JSON text, where it sits
 * and whether /status is served: a file of exports repeats a few schemas many
 * times (the bench's held-out-style mix: 4,116 schemas, 42 distinct, 29 of
 * them with issues, which were walked again at each of their 448 copies), and
 * JSON.stringify reads a schema in an eighth of the walk's time. The issues
 * kept are copies (`withFlatTexts`), so that none holds the text of the document it
 * came from. JSON.stringify leaves out undefined values (a synth's objects
 * may hold some): a schema is kept only when its JSON's copy deep-equals it,
 * and a hit is confirmed with deepEqual against that copy. Bounded by the JSON kept
 * (the oldest go first), so a run over many large distinct schemas keeps
 * little; room for a few hundred small ones, as a table smaller than the
 * schemas a file cycles through would miss every time.
 */
const MAX_WALKED_SCHEMA_CHARS = 32 * 1024;
const MAX_WALKED_CHARS = 512 * 1024;
type Walked = { readonly schema: unknown; readonly issues: readonly StructuralIssue[] };
/** Made with the first schema walked, as the walk's own module: a run of v1alpha2 exports reads neither. */
let walkedSchemas: RepeatTable<Walked> | undefined;

function walkedTable(): RepeatTable<Walked> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return walkedSchemas ??= new (require('../../model/repeat-table') as typeof import('../../model/repeat-table')).RepeatTable<Walked>(MAX_WALKED_CHARS);
}

/** The JSON text of a value, or undefined when it has none (or is nested too deep to write). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) as string | undefined;
  } catch {
    return undefined;
  }
}

function structuralIssuesRemembered(schema: unknown, path: string, statusSubresource: boolean): StructuralIssue[] {
  const json = jsonOf(schema);
  // The issues' paths start with `path` (a version's, written by the rules, never holding a NUL): part of the key.
  const key = json !== undefined && json.length <= MAX_WALKED_SCHEMA_CHARS ? `${statusSubresource ? 's' : '-'}${path}\u0000${json}` : undefined;
  if (key !== undefined) {
    const walked = walkedTable().peek(key);
    if (walked !== undefined && deepEqual(walked.schema, schema)) return [...walked.issues];
  }
  const issues = structuralSchemaIssues(schema, path, { statusSubresource });
  const copy = key !== undefined ? JSON.parse(json!) : undefined;
  // Kept only when its JSON text says all of it: a schema holding undefined values must not answer for its JSON.
  if (key !== undefined && deepEqual(copy, schema)) {
    walkedTable().set(key, { schema: copy, issues: issues.map(withFlatTexts) });
  }
  return issues;
}


/** The structural issues of every version's schema, in version order, each distinct schema once. */
function walkVersionSchemas(obj: Manifest, ctx: RuleContext): StructuralIssue[] {
  const kv = kindVersionOf(obj, ctx.group);
  const out: StructuralIssue[] = [];
  const checked: Array<{ schema: unknown; statusSubresource: boolean }> = [];
  for (const v of versionEntries(obj) ?? []) {
    const found = versionSchema(kv, v);
    if (found === undefined) continue;
    const statusSubresource = has(own(v.entry, 'subresources'), 'status') && own(own(v.entry, 'subresources'), 'status') !== null;
    // Versions repeating an already checked schema would repeat its findings word for word.
    if (checked.some(c => c.statusSubresource === statusSubresource && deepEqual(c.schema, found.schema))) continue;
    checked.push({ schema: found.schema, statusSubresource });
    for (const issue of structuralIssuesRemembered(found.schema, found.path, statusSubresource)) out.push(issue);
  }
  return out;
}
