/**
 * What identifies a CustomResourceDefinition, and how messages name one.
 * Shared by every step of the CRD -> BoundSchema conversion, so that each
 * names the object the same way.
 */
import { CRD_KIND } from '../model/kinds';
import { own } from '../model/manifest';
import { show } from '../rules/engine/messages';

export { CRD_API_VERSION, CRD_KIND } from '../model/kinds';

/** `CustomResourceDefinition "widgets.example.com"`, or the best label the input allows. */
export function crdLabel(crd: unknown): string {
  const kindValue = own(crd, 'kind');
  const kind = typeof kindValue === 'string' && kindValue !== '' ? kindValue : CRD_KIND;
  const name = own(own(crd, 'metadata'), 'name');
  if (typeof name === 'string' && name !== '') return `${kind} ${show(name)}`;
  const spec = own(crd, 'spec');
  const plural = own(own(spec, 'names'), 'plural');
  const group = own(spec, 'group');
  if (typeof plural === 'string' && typeof group === 'string' && plural !== '') return `${kind} ${show(`${plural}.${group}`)}`;
  return `${kind} (unnamed)`;
}
