/**
 * The API approval of a protected group, as apiextensions-apiserver reads it
 * (pkg/apihelpers/helpers.go: `IsProtectedCommunityGroup`,
 * `GetAPIApprovalState`), for `validateAPIApproval`
 * (pkg/apis/apiextensions/validation/validation.go): a CRD in `k8s.io`,
 * `kubernetes.io` or a subdomain of either needs the annotation
 * `api-approved.kubernetes.io`, holding the URL of the approval or a reason
 * starting with "unapproved".
 */

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
 * Go's url.ParseRequestURI, then `len(url.Host) > 0 && len(url.Scheme) > 0`:
 * an absolute URL (`scheme:`), with `//host`, no fragment (ParseRequestURI
 * takes `#` as part of the path, but a space or a control character fails).
 */
function isRequestUriWithHost(value: string): boolean {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?]*)/.exec(value);
  if (match === null) return false;
  // Go refuses control characters and spaces anywhere in a URL, and an authority with an empty host.
  if (/[\u0000-\u0020\u007f]/.test(value)) return false;
  const authority = match[2];
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host !== '' && !host.startsWith(':');
}
