/**
 * The one registry: every rule, in catalogue order, family by family. A
 * family is one file of rules (`<family>.ts`, exporting its rules in order)
 * with its scenarios beside it (`<family>.scenarios.ts`). Adding a rule
 * touches its family file and its scenarios; adding a family is one line in
 * `FAMILY_LIST` (families.ts). The runners load only the families their
 * objects need, through `rulesFor` (`validateUpdate` runs the update family,
 * `UPDATE_RULES`, the same list).
 */
import { FAMILY_LIST } from './families';
import { AnyRule, CrossObjectRule, Rule } from './rule';

/** Every family, keyed by its file name (`<key>.ts`, `<key>.scenarios.ts`), in catalogue order (`FAMILY_LIST`), all loaded. */
export const FAMILIES: { readonly [family: string]: readonly AnyRule[] } = Object.fromEntries(FAMILY_LIST.map(f => [f.name, f.rules()]));

/** Every rule: of one object, across the objects of an app, and of updates. */
export const REGISTRY: readonly AnyRule[] = Object.values(FAMILIES).flat();

/** Every per-object rule, in catalogue order. */
export const RULES: readonly Rule[] = REGISTRY.filter((r): r is Rule => r.scope === 'object');

/** Every rule that looks at several objects at once. */
export const CROSS_RULES: readonly CrossObjectRule[] = REGISTRY.filter((r): r is CrossObjectRule => r.scope === 'app');
