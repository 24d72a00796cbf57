/**
 * metav1.ObjectMeta as the API server decodes it (k8s.io/apimachinery
 * pkg/apis/meta/v1/types.go, Kubernetes 1.36), for `go-json.ts`: with
 * sigs.k8s.io/json's UnmarshalStrict for a built-in kind, and for a custom
 * resource in apiextensions-apiserver's `objectmeta.GetObjectMetaWithOptions`
 * (ReturnUnknownFieldPaths under strict field validation).
 */
import { ANY_JSON, BOOL, GoStruct, INT64, mapOf, sliceOf, STRING, struct, TIME } from './go-json';

export const OBJECT_META: GoStruct = struct('ObjectMeta', () => ({
  name: STRING,
  generateName: STRING,
  namespace: STRING,
  selfLink: STRING,
  uid: STRING,
  resourceVersion: STRING,
  generation: INT64,
  creationTimestamp: TIME,
  deletionTimestamp: TIME,
  deletionGracePeriodSeconds: INT64,
  labels: mapOf(STRING),
  annotations: mapOf(STRING),
  ownerReferences: sliceOf(struct('OwnerReference', () => ({
    apiVersion: STRING, kind: STRING, name: STRING, uid: STRING, controller: BOOL, blockOwnerDeletion: BOOL,
  }))),
  finalizers: sliceOf(STRING),
  managedFields: sliceOf(struct('ManagedFieldsEntry', () => ({
    manager: STRING, operation: STRING, apiVersion: STRING, time: TIME, fieldsType: STRING, fieldsV1: ANY_JSON, subresource: STRING,
  }))),
}));
