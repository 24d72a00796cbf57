/**
 * The registry: every rule is declared with defineRule, once, with its
 * scenarios beside it in its family's `<family>.scenarios.ts`, and the
 * modules of the rules layer import each other without cycles.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FAMILIES, REGISTRY, isDeclared } from '../../src/rules';
import { familyScenarios } from '../../src/rules/scenarios';

describe('the registry', () => {
  test('every rule is made by defineRule, with a unique KB id', () => {
    expect(REGISTRY.filter(r => !isDeclared(r)).map(r => r.id)).toEqual([]);
    const ids = REGISTRY.map(r => r.id);
    expect(ids.filter(id => !/^KB\d{3}$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  test.each(Object.keys(FAMILIES).map(f => [f]))('the scenarios of %s name exactly its rules, each once', family => {
    const rules = FAMILIES[family].map(r => r.id).sort();
    const scenarios = familyScenarios(family).map(s => s.id).sort();
    expect(scenarios).toEqual(rules);
  });
});

describe('the modules of src/rules', () => {
  const dir = path.join(__dirname, '..', '..', 'src', 'rules');
  const imports = new Map<string, string[]>();
  for (const file of fs.readdirSync(dir).filter(f => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const local = [...text.matchAll(/^(?:import|export)[^;]*?from '\.\/([\w.-]+)';/gms)].map(m => `${m[1]}.ts`);
    imports.set(file, local);
  }

  test('import each other without cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of imports.keys()) visit(file, []);
    expect(imports.get('runner.ts')).toContain('registry.ts');
    expect(cycles).toEqual([]);
  });
});
