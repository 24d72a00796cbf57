import { goToLower } from '../rules/k8s/names';

/**
 * The names of an exported custom resource (`spec.names`).
 */
export interface ResourceNames {
  /**
   * The kind, CamelCase and singular, e.g. `Database`.
   */
  readonly kind: string;

  /**
   * The plural, all lowercase, served under `/apis/<group>/<version>/<plural>`, e.g. `databases`.
   */
  readonly plural: string;

  /**
   * The singular, all lowercase.
   *
   * @default - `kind` in lowercase
   */
  readonly singular?: string;

  /**
   * The kind of the list.
   *
   * @default - `kind` followed by `List`
   */
  readonly listKind?: string;

  /**
   * Short names for `kubectl get <shortname>`, all lowercase.
   *
   * @default - none
   */
  readonly shortNames?: string[];

  /**
   * Categories the resource belongs to, for `kubectl get <category>` (e.g. `all`).
   *
   * @default - none
   */
  readonly categories?: string[];
}

/** The manifest form of `names`, with the server's defaults written out. */
export function renderNames(names: ResourceNames): ResourceNames {
  const kind = names.kind;
  return {
    kind,
    plural: names.plural,
    singular: names.singular ?? (typeof kind === 'string' ? goToLower(kind) : kind),
    listKind: names.listKind ?? `${kind}List`,
    ...(names.shortNames && names.shortNames.length > 0 ? { shortNames: [...names.shortNames] } : {}),
    ...(names.categories && names.categories.length > 0 ? { categories: [...names.categories] } : {}),
  };
}
