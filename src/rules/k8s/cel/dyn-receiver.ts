/**
 * The arguments of a method called on a dyn value. cel-go's checker matches
 * every overload of the method against the receiver and the arguments
 * (checker/checker.go resolveOverload, cel-go 0.26): a dyn receiver is
 * assignable to any receiver type, but the arguments must still be
 * assignable to one overload's, or it fails with noMatchingOverload
 * (`dyn(1).startsWith(1)`: no `startsWith` takes an int). cel-js 8 skips
 * the arguments of a method on a dyn receiver whenever all the overloads of
 * the method return one type (operators.js, rcall); this check asks cel-js'
 * own overload matching the question it skipped.
 */
import { firstInAst } from './ast-walk';
import { celGoOffset } from './cel-go-position';
import type { CelAstNode, CelTypeDeclaration } from './cel-js';
import { celGoName } from './go-type-names';

/** What cel-js' check leaves on a method call node (operators.js, rcall.check). */
interface CheckedMethodCall extends CelAstNode {
  readonly candidates?: {
    readonly macro: unknown;
    readonly returnType: unknown;
    findFunction(argTypes: readonly CelTypeDeclaration[], receiverType: CelTypeDeclaration): unknown;
  };
  readonly argTypes?: readonly CelTypeDeclaration[];
}

/** The first method call on a dyn receiver whose arguments no overload of the method takes, with cel-go's words and column. */
export function dynReceiverMismatch(ast: unknown): { message: string; start: number | undefined } | undefined {
  return firstInAst(ast, n => {
    if (n.op !== 'rcall') return undefined;
    const call = n as CheckedMethodCall;
    const [name, receiver] = n.args as [string, CelAstNode];
    const receiverType = receiver?.checkedType;
    const { candidates, argTypes } = call;
    // A macro has its own check; where the overloads' return types differ, cel-js matched the arguments itself.
    if (receiverType?.kind !== 'dyn' || candidates === undefined || argTypes === undefined || candidates.macro || !candidates.returnType) return undefined;
    if (candidates.findFunction(argTypes, receiverType)) return undefined;
    return { message: `found no matching overload for '${name}' applied to 'dyn.(${argTypes.map(celGoName).join(', ')})'`, start: celGoOffset(n) };
  });
}
