/**
 * The finding for a metadata value of the wrong JSON type, which the API
 * server refuses before any validation: it decodes an object's metadata into
 * Go's ObjectMeta first (apiextensions-apiserver
 * `pkg/apiserver/schema/objectmeta/coerce.go`, `GetObjectMeta`), and a number
 * where a string belongs does not decode. In YAML such a value is one left
 * unquoted, so the hint says to quote it. Shared by KB020 (name, namespace)
 * and the metadata family (labels, annotations, finalizers, owners).
 */
import { show, yamlBooleanHint } from '../engine/messages';
import { Violation, violation } from '../engine/violation';
import { MetaError } from '../k8s/object-meta';

export function decodeViolation(rule: { readonly id: string; readonly severity: Violation['severity'] }, e: MetaError): Violation {
  const hint = typeof e.value === 'boolean' ? yamlBooleanHint(e.value)
    : typeof e.value === 'number' ? `quote it in YAML: ${JSON.stringify(String(e.value))}`
      : 'write it as the type Kubernetes expects';
  return violation(rule, e.path, `is ${show(e.value)}: it ${e.problems.join('; ')}, so the API server cannot decode the object's metadata`, hint);
}
