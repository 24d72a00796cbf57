import { Chart, ChartProps } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import {
  ApiServiceExport, ApiServiceExportV1Alpha1, BoundSchema, InformerScope, Isolation, KubeBindCrds, PermissionClaim,
  PrinterColumnType, Scope,
} from '../src';

/**
 * A provider that exports its `databases` API (group mangodb.example.com) to
 * consumer clusters through kube-bind.
 */
export class ProviderChart extends Chart {
  constructor(scope: Construct, id: string, props: ChartProps = { namespace: 'mangodb-system' }) {
    super(scope, id, props);

    // The kube-bind API itself. Cluster-scoped: the chart's namespace never reaches it.
    new KubeBindCrds(this, 'kube-bind');

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
