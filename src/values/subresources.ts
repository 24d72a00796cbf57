/**
 * The `/scale` subresource, which lets `kubectl scale` and autoscalers drive the resource.
 */
export interface ScaleSubresource {
  /**
   * JSON path under `.spec` to the desired replicas, e.g. `.spec.replicas`. No array notation.
   */
  readonly specReplicasPath: string;

  /**
   * JSON path under `.status` to the observed replicas, e.g. `.status.replicas`. No array notation.
   */
  readonly statusReplicasPath: string;

  /**
   * JSON path under `.spec` or `.status` to a serialized label selector; needed by the HorizontalPodAutoscaler.
   *
   * @default - none
   */
  readonly labelSelectorPath?: string;
}

/**
 * The subresources a version serves.
 */
export interface Subresources {
  /**
   * Serve `/status`, so that status and spec are written through separate endpoints.
   *
   * @default false
   */
  readonly status?: boolean;

  /**
   * Serve `/scale`.
   *
   * @default - no scale subresource
   */
  readonly scale?: ScaleSubresource;
}

/** The manifest form of subresources: `status` an empty object when served. */
export interface SubresourcesManifest {
  status?: { [key: string]: never };
  scale?: ScaleSubresource;
}

/** The manifest form of subresources, or undefined when there are none. */
export function renderSubresources(subresources: Subresources | undefined): SubresourcesManifest | undefined {
  if (!subresources) return undefined;
  const out: SubresourcesManifest = {};
  if (subresources.status) out.status = {};
  if (subresources.scale) {
    const scale = subresources.scale;
    out.scale = {
      specReplicasPath: scale.specReplicasPath,
      statusReplicasPath: scale.statusReplicasPath,
      ...(scale.labelSelectorPath !== undefined ? { labelSelectorPath: scale.labelSelectorPath } : {}),
    };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
