/**
 * The passing and failing scenario of every rule of `names.ts`, beside it:
 * the tests run them through the CLI and the constructs, and docs/rules.md
 * quotes what the engine reports on the failing one.
 */
import { RuleScenarios, a1, a2, bs, one } from '../engine/scenario-kit';

export const SCENARIOS: readonly RuleScenarios[] = [
  { id: 'KB010', path: 'spec.group', fail: () => one(a1(['spec.group', 'example'])), pass: () => one(a1(['spec.group', 'widgets.example.com'])) },
  { id: 'KB011', path: 'spec.names.plural', fail: () => one(bs(['spec.names.plural', 'Widgets'])), pass: () => one(bs()) },
  { id: 'KB012', path: 'spec.names.singular', fail: () => one(bs(['spec.names.singular', 'Widget'])), pass: () => one(bs(['spec.names.singular', undefined])) },
  { id: 'KB013', path: 'spec.names.kind', fail: () => one(bs(['spec.names.kind', '1Widget'])), pass: () => one(bs()) },
  {
    id: 'KB014',
    path: 'spec.names.listKind',
    fail: () => one(bs(['spec.names.listKind', 'Widget List'])),
    pass: () => one(bs(['spec.names.listKind', undefined])),
  },
  { id: 'KB015', path: 'spec.names.listKind', fail: () => one(bs(['spec.names.listKind', 'Widget'])), pass: () => one(bs()) },
  { id: 'KB016', path: 'spec.names.shortNames[0]', fail: () => one(bs(['spec.names.shortNames', ['WD']])), pass: () => one(bs(['spec.names.shortNames', ['wd']])) },
  {
    id: 'KB017',
    path: 'spec.names.categories[0]',
    fail: () => one(bs(['spec.names.categories', ['My_Things']])),
    pass: () => one(bs(['spec.names.categories', ['all']])),
  },
  { id: 'KB018', path: 'metadata.name', fail: () => one(a1(['metadata.name', 'widgets'])), pass: () => one(a1()) },
  { id: 'KB019', path: 'metadata.name', fail: () => one(bs(['metadata.name', 'my-widgets'])), pass: () => one(bs()) },
  { id: 'KB020', path: 'metadata.name', fail: () => one(a2(['metadata.name', 'Widgets'])), pass: () => one(a2(['metadata.name', 'widgets.v2'])) },
];
