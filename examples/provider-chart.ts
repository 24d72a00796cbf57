import { ApiObject, Chart, ChartProps } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import {
  ApiServiceExport, ApiServiceExportTemplate, ApiServiceExportV1Alpha1, BoundSchema, Collection, ExportedCrd, InformerScope, Isolation,
  KubeBindCrds, PermissionClaim, PrinterColumnType, Scope,
} from '../src';

/**
 * A provider that exports its `databases` API (group mangodb.example.com) to
 * consumer clusters through kube-bind.
 */
export class ProviderChart extends Chart {
  constructor(scope: Construct, id: string, props: ChartProps = { namespace: 'mangodb-system' }) {
    super(scope, id, props);

    // The kube-bind API itself, templates and collections included. Cluster-scoped: the chart's namespace never reaches it.
    new KubeBindCrds(this, 'kube-bind', { providerKinds: true });

    // Today's flow: the provider's own CRD, labelled for export, and a template that offers it.
    // kube-bind's backend makes the BoundSchema and the export when a consumer binds the template.
    const backups = ExportedCrd.mark(new ApiObject(this, 'backups-crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'backups.mangodb.example.com' },
      spec: {
        group: 'mangodb.example.com',
        names: { kind: 'Backup', listKind: 'BackupList', plural: 'backups', singular: 'backup' },
        scope: 'Namespaced',
        versions: [{
          name: 'v1alpha1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    database: { type: 'string' },
                    schedule: { type: 'string' },
                    destinationSecretName: { type: 'string' },
                  },
                },
              },
            },
          },
        }],
      },
    }));
    const backupTemplate = new ApiServiceExportTemplate(this, 'backups-template', {
      metadata: { name: 'mangodb-backups' },
      description: 'Scheduled backups of MangoDB databases',
      crds: [backups],
      // The provider writes each backup into the secret the Backup names, in the consumer's cluster.
      permissionClaims: [new PermissionClaim({
        resource: kplus.ApiResource.SECRETS,
        references: [{
          resource: { apiGroup: 'mangodb.example.com', resourceType: 'backups' },
          jsonPath: { name: 'spec.destinationSecretName' },
        }],
      })],
      namespaces: ['mangodb-backups'],
    });
    new Collection(this, 'collection', {
      metadata: { name: 'mangodb' },
      description: 'Everything MangoDB offers',
      templates: [backupTemplate],
    });

    const databaseSchema = {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          required: ['tier'],
          properties: {
            tier: { type: 'string', enum: ['Dedicated', 'Shared'] },
            region: { type: 'string' },
            backup: { type: 'boolean', default: true },
            credentialsSecretRef: {
              type: 'object',
              properties: { name: { type: 'string' }, namespace: { type: 'string' } },
            },
          },
        },
        status: {
          type: 'object',
          properties: { phase: { type: 'string' } },
        },
      },
    };

    // The schema of the exported resource, as the consumer cluster will see it.
    const databases = new BoundSchema(this, 'databases', {
      group: 'mangodb.example.com',
      names: { kind: 'Database', plural: 'databases', shortNames: ['mdb'], categories: ['mangodb'] },
      scope: Scope.NAMESPACED,
      schema: databaseSchema,
      versions: [{ name: 'v1alpha1' }],
      subresources: { status: true },
      printerColumns: [
        { name: 'Tier', type: PrinterColumnType.STRING, jsonPath: '.spec.tier' },
        { name: 'Phase', type: PrinterColumnType.STRING, jsonPath: '.status.phase' },
      ],
    });

    // The export consumers bind to. It also claims, on each consumer cluster, the
    // secrets that Database objects name in .spec.credentialsSecretRef, plus the
    // shared CA bundle the provider publishes as a cdk8s-plus Secret.
    const caBundle = new kplus.Secret(this, 'ca-bundle', {
      metadata: { name: 'mangodb-ca' },
      stringData: { 'ca.crt': 'replaced by the provider at runtime' },
    });
    const secrets = new PermissionClaim({
      resource: kplus.ApiResource.SECRETS,
      references: [{
        resource: databases,
        jsonPath: { name: 'spec.credentialsSecretRef.name', namespace: 'spec.credentialsSecretRef.namespace' },
      }],
    });
    secrets.addNamedResource(caBundle);
    new ApiServiceExport(this, 'export', {
      metadata: { name: 'mangodb' },
      schemas: [databases],
      isolation: Isolation.PREFIXED,
      informerScope: InformerScope.CLUSTER,
      permissionClaims: [secrets],
    });

    // An older provider still on v1alpha1 exports: a cluster-scoped resource.
    new ApiServiceExportV1Alpha1(this, 'regions', {
      group: 'mangodb.example.com',
      names: { kind: 'Region', plural: 'regions' },
      scope: Scope.CLUSTER,
      informerScope: InformerScope.CLUSTER,
      clusterScopedIsolation: Isolation.PREFIXED,
      schema: {
        type: 'object',
        properties: { spec: { type: 'object', properties: { location: { type: 'string' } } } },
      },
      versions: [{ name: 'v1' }],
    });
  }
}
