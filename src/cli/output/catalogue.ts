/**
 * The rule catalogue as the formats that describe rules (SARIF) need it:
 * every rule of the registry (per-object, across objects, updates) by id,
 * the id under which unreadable input is reported, and where each rule is
 * explained.
 */
import { READABLE_INPUT_ID } from './reporter';
import { REGISTRY, Severity } from '../../rules';
import { packageManifest } from '../version';

export interface RuleDescription {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  readonly severity: Severity;
}

/**
 * Input that cannot be read (a YAML syntax error, binary data, a missing
 * file, a document over the limits): not a rule over objects, but reported
 * where findings are, under an id of its own, so CI formats never drop it.
 */
export const READABLE_INPUT: RuleDescription = {
  id: READABLE_INPUT_ID,
  title: 'Every input can be read: an existing file or folder of UTF-8 YAML, well-formed, within the size and nesting limits',
  source: 'YAML 1.1 as kubectl reads it (sigs.k8s.io/yaml v1.6.0, go-yaml v2: its scanner\'s tab rules included, src/io/go-yaml-tabs.ts)',
  severity: 'error',
};

let byId: Map<string, RuleDescription> | undefined;

/** The catalogue entry of a rule id, or undefined for an id the catalogue does not hold. */
export function describeRule(id: string): RuleDescription | undefined {
  if (byId === undefined) {
    byId = new Map([[READABLE_INPUT.id, READABLE_INPUT]]);
    for (const rule of REGISTRY) byId.set(rule.id, { id: rule.id, title: rule.title, source: rule.source, severity: rule.severity });
  }
  return byId.get(id);
}

/** The catalogue's path in the repository; each rule is a section of it, anchored by its lowercased id. */
export const RULES_DOC = 'docs/rules.md';

let docBase: string | undefined;

/**
 * The page that explains a rule: `<repository>/blob/main/docs/rules.md#kb031`.
 * The repository is package.json's `repository.url` (what projen writes from
 * `repositoryUrl`), so the links follow the package wherever it is published
 * from, and no second copy of the address can go stale.
 */
export function ruleDocUrl(id: string): string {
  // Without package.json (a bundled copy), the catalogue's path is all that can be said.
  docBase ??= repositoryUrl() !== undefined ? `${repositoryUrl()}/blob/main/${RULES_DOC}` : RULES_DOC;
  return `${docBase}#${id.toLowerCase()}`;
}

let repository: { readonly url?: string } | undefined;

/** The repository's web address, from package.json. */
export function repositoryUrl(): string | undefined {
  repository ??= { url: readRepositoryUrl() };
  return repository.url;
}

function readRepositoryUrl(): string | undefined {
  const manifest = packageManifest();
  const field = manifest?.repository;
  const url = typeof field === 'string' ? field : field?.url;
  if (typeof url !== 'string') return undefined;
  // git+https://github.com/o/r.git and github:o/r as npm allows them, as a web address.
  return url.replace(/^git\+/, '').replace(/^github:/, 'https://github.com/').replace(/\.git$/, '');
}
