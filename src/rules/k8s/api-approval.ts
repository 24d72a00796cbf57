/**
 * The API approval of a protected group, as apiextensions-apiserver reads it
 * (pkg/apihelpers/helpers.go: `IsProtectedCommunityGroup`,
 * `GetAPIApprovalState`), for `validateAPIApproval`
 * (pkg/apis/apiextensions/validation/validation.go): a CRD in `k8s.io`,
 * `kubernetes.io` or a subdomain of either needs the annotation
 * `api-approved.kubernetes.io`, holding the URL of the approval or a reason
 * starting with "unapproved".
 */
import * as goUrl from './go-net-url';

export const KUBE_API_APPROVED_ANNOTATION = 'api-approved.kubernetes.io';

/** Mirrors IsProtectedCommunityGroup. */
export function isProtectedCommunityGroup(group: string): boolean {
  return group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
}

/** The states of GetAPIApprovalState. */
export type ApiApprovalState = 'missing' | 'bypassed' | 'approved' | 'invalid';

/**
 * Mirrors GetAPIApprovalState: missing (absent or empty), bypassed (starts
 * with "unapproved"), approved (a URL with a scheme and a host, as Go's
 * url.ParseRequestURI reads it), otherwise invalid.
 */
export function apiApproval(annotation: string | undefined): ApiApprovalState {
  if (annotation === undefined || annotation === '') return 'missing';
  if (annotation.startsWith('unapproved')) return 'bypassed';
  return isRequestUriWithHost(annotation) ? 'approved' : 'invalid';
}

/**
 * Go's url.ParseRequestURI (k8s/go-net-url.ts, the one port of it),
 * then `len(url.Host) > 0 && len(url.Scheme) > 0`.
 */
function isRequestUriWithHost(value: string): boolean {
  const parsed = goUrl.parseRequestURI(goUrl.bytesOf(value));
  return typeof parsed !== 'string' && parsed.host !== '' && parsed.scheme !== '';
}
