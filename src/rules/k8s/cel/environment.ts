/**
 * The CEL environment a rule compiles in, as `prepareEnvSet` builds it
 * (apiextensions-apiserver pkg/apiserver/schema/cel/compilation.go): the
 * base environment (library.ts; parser-limits.ts; standard.ts, macros.ts and optional-entries.ts for what cel-js lacks), the object types of `self`'s DeclType, and
 * the variables `self` and `oldSelf` (`optional<self>` for a rule with
 * optionalOldSelf: true). One environment per distinct declared type,
 * kept: the libraries are declared once and cloned.
 */
import { CelEnvironment, newCelEnvironment, notEvaluated } from './cel-js';
import { DeclType, declTypeKey } from './decl-type';
import { declareKubernetesLibraries, declareNullComparison } from './library';
import { declareMissingMacros } from './macros';
import { declareOptionalEntry } from './optional-entries';
import { CEL_JS_COMPILE_LIMITS } from './parser-limits';
import { declareMissingStandardFunctions } from './standard';

let base: CelEnvironment | undefined;

/** The fields of each object type an environment declares, by type name (cel-js does not say them). */
const declaredFields = new WeakMap<CelEnvironment, Map<string, ReadonlySet<string>>>();

/** The fields of the object type `typeName` of `env`, or undefined for a type it did not declare here. */
export function fieldsOf(env: CelEnvironment, typeName: string): ReadonlySet<string> | undefined {
  return declaredFields.get(env)?.get(typeName);
}

function baseCelEnvironment(): CelEnvironment {
  if (base === undefined) {
    // cel-js' own check of homogeneous literals knows no exemption for format: compile.ts runs homogeneous.ts instead.
    base = newCelEnvironment(false, CEL_JS_COMPILE_LIMITS);
    declareMissingStandardFunctions(base);
    declareKubernetesLibraries(base);
    declareMissingMacros(base);
    declareOptionalEntry(base);
  }
  return base;
}

/** Registers the object types of `t` (children first) and returns the cel-js type text of `t`. */
function declare(env: CelEnvironment, t: DeclType, name: string, names: Map<string, string>): string {
  switch (t.kind) {
    case 'simple': return t.cel;
    case 'list': return `list<${declare(env, t.elem, `${name}.@items`, names)}>`;
    case 'map': return `map<string, ${declare(env, t.elem, `${name}.@values`, names)}>`;
    case 'object': {
      const key = declTypeKey(t);
      const known = names.get(key);
      if (known !== undefined) return known;
      const fields: { [field: string]: string } = {};
      for (const [fieldName, f] of t.fields) fields[fieldName] = declare(env, f.type, `${name}.${fieldName}`, names);
      // Like cel-go's names for DeclTypes (selfType<n>.spec...), never to be written in a rule; cel-js wants no '@'.
      const typeName = name.replace(/@/g, '');
      env.registerType(typeName, { ctor: class {}, fields });
      if (!declaredFields.has(env)) declaredFields.set(env, new Map());
      declaredFields.get(env)!.set(typeName, new Set(Object.keys(fields)));
      // cel-go compares any two values of one type with ==; cel-js has no == for registered types.
      env.registerOperator(`${typeName} == ${typeName}`, notEvaluated);
      declareNullComparison(env, typeName);
      names.set(key, typeName);
      return typeName;
    }
  }
}

const environments = new Map<string, CelEnvironment>();
/** A bound on the environments kept: each holds the types of one schema node. */
const MAX_ENVIRONMENTS = 500;

/** The environment where `self` (and `oldSelf`) have the type `self`. */
export function environmentFor(self: DeclType, optionalOldSelf: boolean): CelEnvironment {
  const key = `${optionalOldSelf ? 'o' : '-'}${declTypeKey(self)}`;
  let env = environments.get(key);
  if (env !== undefined) return env;
  env = baseCelEnvironment().clone();
  const selfType = declare(env, self, 'selfType', new Map());
  env.registerVariable('self', selfType);
  env.registerVariable('oldSelf', optionalOldSelf ? `optional<${selfType}>` : selfType);
  if (environments.size >= MAX_ENVIRONMENTS) environments.clear();
  environments.set(key, env);
  return env;
}
