/**
 * The ConversionReview versions the API server sends a conversion webhook
 * (apiextensions-apiserver validation.go, Kubernetes 1.36:
 * acceptedConversionReviewVersions, isAcceptedConversionReviewVersion).
 */

/** Mirrors acceptedConversionReviewVersions. */
export const CONVERSION_REVIEW_VERSIONS: readonly string[] = ['v1', 'v1beta1'];

/** Mirrors hasValidConversionReviewVersionOrEmpty: an empty list, or one with a version the server knows. */
export function hasValidConversionReviewVersionOrEmpty(versions: unknown): boolean {
  if (!Array.isArray(versions) || versions.length === 0) return true;
  return versions.some(v => typeof v === 'string' && CONVERSION_REVIEW_VERSIONS.includes(v));
}
