/**
 * Findings in `.status` as the API server meets them. A kind whose CRD has
 * the status subresource never has its `.status` validated on create or on
 * an update of the main resource: apiextensions-apiserver's
 * `customResourceStrategy.PrepareForCreate` (pkg/registry/customresource/strategy.go,
 * Kubernetes 1.36) deletes `.status` before validation, and `PrepareForUpdate`
 * puts the stored status back in place of the one sent. Only a write to
 * `/status` is validated against the status schema
 * (`statusStrategy.ValidateUpdate`, status_strategy.go). So what a manifest
 * says in `.status` is silently dropped: a warning, never an error, that says so.
 *
 * Whether a kind has the status subresource is read from its CRD
 * (`statusSubresource`, crds/facts.ts). What the decoder finds before the
 * strategy runs (unknown fields under strict field validation) keeps its
 * severity: the rule declares `foundBy: 'decoding'`. Otherwise the hint says
 * what a write to /status would meet, finding by finding (`Violation.foundBy`,
 * else its rule's): the server refuses what its schema validation finds
 * (`schema`), and stores what only kube-bind's Go types cannot decode
 * (`go-types`), which kube-bind's controllers then fail to read.
 */
import { statusSubresource } from '../../crds/facts';
import { KindVersion } from '../../model/kinds';
import { Rule } from '../engine/rule';
import { FoundBy, Violation } from '../engine/violation';

/** `status`, `status.x`, `status[0]`: a path inside `.status`. */
function inStatus(path: string): boolean {
  return path.startsWith('status') && (path.length === 6 || path[6] === '.' || path[6] === '[');
}

/**
 * `found` (the findings of one `kv` object) with every error or warning in
 * `.status` made a warning that says the server drops it, when `kv`'s CRD has
 * the status subresource; `ruleOf` gives the rule of a finding. The same list
 * when nothing changes.
 */
export function statusAsServed(found: Violation[], kv: KindVersion, ruleOf: (id: string) => Rule | undefined): Violation[] {
  if (!found.some(v => inStatus(v.path)) || !statusSubresource(kv)) return found;
  const kind = kv.slice(0, kv.indexOf('/'));
  return found.map(v => {
    if (!inStatus(v.path) || v.severity === 'info') return v;
    const foundBy = v.foundBy ?? ruleOf(v.rule)?.foundBy;
    if (foundBy === 'decoding') return v;
    const why = `not stored: the ${kind} CRD has the status subresource, so the API server drops .status on create `
      + `and keeps the stored status on update${throughStatus(foundBy)}`;
    return {
      ...v,
      severity: 'warning',
      // The message stays one glance long; the why goes to the hint, before the rule's own fix.
      message: `${v.message} (the server drops .status on create)`,
      hint: v.hint === undefined || v.hint === '' ? why : `${why}; ${v.hint}`,
    };
  });
}

/** What a write of the value through /status would meet, by who finds it. */
function throughStatus(foundBy: FoundBy | undefined): string {
  switch (foundBy) {
    case 'schema':
      return '; a status update through the /status subresource would be refused';
    case 'go-types':
      return '; a status update through the /status subresource would be stored, but kube-bind\'s controllers could not decode it';
    default:
      return '';
  }
}
