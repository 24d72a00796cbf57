/**
 * Why kube-bind can never bind a resource of a protected Kubernetes group
 * (`*.k8s.io`, `*.kubernetes.io`; `isProtectedCommunityGroup`), said once for
 * the rules that find one: the consumer's API server refuses a CRD in such a
 * group without the api-approved.kubernetes.io annotation
 * (`validateAPIApproval`), and kube-bind's `BoundSchemaToCRD`
 * (sdk/apis/kubebind/v1alpha2/helpers/boundschema.go at 6ac88b0f) writes the
 * consumer's CRD with a name and nothing else in metadata, so never with it.
 */
import { KUBE_API_APPROVED_ANNOTATION } from '../k8s/api-approval';

/** Said in the message, after `<path> "<group>"`. */
export const PROTECTED_GROUP_CANNOT_BIND = 'is a protected Kubernetes group (*.k8s.io, *.kubernetes.io): kube-bind can never bind it';

/** The why and the fix, in the hint. */
export const PROTECTED_GROUP_FIX = `the consumer's API server refuses a CRD in it without the ${KUBE_API_APPROVED_ANNOTATION} annotation (validateAPIApproval), `
  + 'and kube-bind writes the consumer\'s CRD with a name and nothing else in metadata (BoundSchemaToCRD); serve the resource under a group of your own domain to export it';
