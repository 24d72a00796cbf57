import { Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { chart, ofKind, widgetSchema } from './util';
import { ApiServiceExport, BoundSchema, IApiResource, Isolation, PermissionClaim, Scope } from '../src';
import { validateObject } from '../src/rules';

/**
 * What another cdk8s-plus-NN hands us: the same public shape, none of plus-27's
 * classes (its `Resource` has a protected `apiObject`, so TypeScript would not
 * take one for the other if we typed claims with plus-27's classes).
 */
class OtherPlusSecret extends Construct implements IApiResource {
  public readonly apiGroup = 'core';
  public readonly resourceType = 'secrets';
  public readonly kind = 'Secret';
  public constructor(scope: Construct, id: string, public readonly resourceName: string, public readonly metadata: { namespace?: string } = {}) {
    super(scope, id);
  }
}

function exportWith(c: Chart, claim: PermissionClaim): any {
  const schema = new BoundSchema(c, 'widgets', {
    group: 'widgets.example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: Scope.NAMESPACED,
    schema: widgetSchema(),
    versions: [{ name: 'v1' }],
  });
  new ApiServiceExport(c, 'export', { schemas: [schema], isolation: Isolation.NONE, permissionClaims: [claim] });
  return ofKind(c, 'APIServiceExport')[0];
}

describe('a named object given as the claim resource', () => {
  test('a kplus.Secret becomes a named-resource claim in its chart namespace, and validates clean', () => {
    const c = chart({ namespace: 'provider' });
    const secret = new kplus.Secret(c, 'creds', { metadata: { name: 'widget-creds' } });
    const m = exportWith(c, new PermissionClaim({ resource: secret }));
    expect(m.spec.permissionClaims).toEqual([{
      group: '',
      resource: 'secrets',
      selector: { namedResources: [{ name: 'widget-creds', namespace: 'provider' }] },
    }]);
    expect(validateObject(m)).toEqual([]);
  });

  test('the object\'s own metadata.namespace wins over the chart\'s', () => {
    const c = chart({ namespace: 'provider' });
    const secret = new kplus.Secret(c, 'creds', { metadata: { name: 'ca', namespace: 'kube-bind' } });
    expect(new PermissionClaim({ resource: secret }).toJson().selector).toEqual({ namedResources: [{ name: 'ca', namespace: 'kube-bind' }] });
  });

  test('outside a namespaced chart the name is kept without a namespace', () => {
    const c = chart();
    const cm = new kplus.ConfigMap(c, 'settings', { metadata: { name: 'settings' } });
    expect(new PermissionClaim({ resource: cm }).toJson()).toEqual({
      group: '', resource: 'configmaps', selector: { namedResources: [{ name: 'settings' }] },
    });
  });

  test('a named resource next to more selection keeps both', () => {
    const c = chart({ namespace: 'provider' });
    const sa = new kplus.ServiceAccount(c, 'sa', { metadata: { name: 'runner' } });
    const claim = new PermissionClaim({ resource: sa, matchLabels: { team: 'a' }, namedResources: [{ name: 'other', namespace: 'x' }] });
    expect(claim.toJson().selector).toEqual({
      labelSelector: { matchLabels: { team: 'a' } },
      namedResources: [{ name: 'runner', namespace: 'provider' }, { name: 'other', namespace: 'x' }],
    });
  });

  test('a resource without a name (kplus.ApiResource.SECRETS) claims the resource, selecting no one object', () => {
    expect(new PermissionClaim({ resource: kplus.ApiResource.SECRETS }).toJson()).toEqual({ group: '', resource: 'secrets', selector: {} });
  });
});

describe('objects of any cdk8s-plus-NN', () => {
  test('an object of another cdk8s-plus (same shape, other classes) is claimed by name, as resource and through addNamedResource', () => {
    const c = chart({ namespace: 'provider' });
    const asResource = new PermissionClaim({ resource: new OtherPlusSecret(c, 'a', 'first') });
    asResource.addNamedResource(new OtherPlusSecret(c, 'b', 'second', { namespace: 'elsewhere' }));
    expect(asResource.toJson()).toEqual({
      group: '',
      resource: 'secrets',
      selector: { namedResources: [{ name: 'first', namespace: 'provider' }, { name: 'second', namespace: 'elsewhere' }] },
    });
  });

  test('a plain object shaped like IApiResource works, the core group written "" whether given as "core" or ""', () => {
    const claim = new PermissionClaim({ resource: { apiGroup: '', resourceType: 'secrets' } });
    claim.addNamedResource({ apiGroup: 'core', resourceType: 'secrets', resourceName: 'loose' });
    expect(claim.toJson()).toEqual({ group: '', resource: 'secrets', selector: { namedResources: [{ name: 'loose' }] } });
  });

  test('a non-core group is kept as given', () => {
    const claim = new PermissionClaim({ resource: { apiGroup: 'widgets.example.com', resourceType: 'widgets', resourceName: 'w' } });
    expect(claim.toJson()).toEqual({ group: 'widgets.example.com', resource: 'widgets', selector: { namedResources: [{ name: 'w' }] } });
  });

  test('label expressions are plain data: a kplus.LabelExpression or an object literal, copied when added', () => {
    const values = ['gold'];
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS, matchExpressions: [{ key: 'tier', operator: 'In', values }] });
    claim.addMatchExpression(kplus.LabelExpression.exists('owner'));
    values.push('later');
    expect(claim.toJson().selector.labelSelector.matchExpressions).toEqual([
      { key: 'tier', operator: 'In', values: ['gold'] },
      { key: 'owner', operator: 'Exists' },
    ]);
  });

  test('a reference is copied when added, its versions and JSONPath included', () => {
    const versions = ['v1'];
    const jsonPath = { name: 'spec.secretRef.name' };
    const claim = new PermissionClaim({
      resource: kplus.ApiResource.SECRETS,
      references: [{ resource: kplus.ApiResource.CONFIG_MAPS, jsonPath, versions }],
    });
    versions.push('v2');
    (jsonPath as any).namespace = 'spec.secretRef.namespace';
    expect(claim.toJson().selector.references).toEqual([
      { group: '', resource: 'configmaps', jsonPath: { name: 'spec.secretRef.name' }, versions: ['v1'] },
    ]);
  });

  test('a reference reads its resource when added, as the claim reads its own', () => {
    const referencing = { apiGroup: 'core', resourceType: 'configmaps' };
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS, references: [{ resource: referencing, jsonPath: { name: 'spec.ref' } }] });
    referencing.resourceType = 'pods';
    expect(claim.toJson().selector.references).toEqual([{ group: '', resource: 'configmaps', jsonPath: { name: 'spec.ref' } }]);
  });
});

describe('what cannot be claimed is refused at once, naming the fix', () => {
  test('addNamedResource of a resource without a name', () => {
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS });
    expect(() => claim.addNamedResource(kplus.ApiResource.SECRETS))
      .toThrow(/addNamedResource got the resource core "secrets" without a resourceName; pass one object \(e\.g\. a kplus\.Secret\) or use addName/);
  });

  test('addNamedResource of an object of another resource', () => {
    const c = chart();
    const claim = new PermissionClaim({ resource: kplus.ApiResource.SECRETS });
    expect(() => claim.addNamedResource(new kplus.ConfigMap(c, 'cm', { metadata: { name: 'cm' } })))
      .toThrow(/PermissionClaim on core "secrets": addNamedResource got ConfigMap "cm" of core "configmaps"; claim core "configmaps" separately/);
  });

  test('a single object as a reference\'s resource', () => {
    const c = chart();
    const cm = new kplus.ConfigMap(c, 'cm', { metadata: { name: 'refs' } });
    expect(() => new PermissionClaim({ resource: kplus.ApiResource.SECRETS, references: [{ resource: cm, jsonPath: { name: 'data.secret' } }] }))
      .toThrow(/a reference reads every object of a resource, got the single object ConfigMap "refs"; pass its resource/);
  });

  test.each([
    ['null', null, /expected an API resource such as kplus\.ApiResource\.SECRETS.*got null/],
    ['a string', 'secrets', /expected an API resource.*got "secrets"/],
    ['an empty resourceType', { apiGroup: '', resourceType: '' }, /expected an API resource.*got an object without resourceType/],
    ['a non-string apiGroup', { apiGroup: 7, resourceType: 'secrets' }, /apiGroup of "secrets" must be a string, got 7/],
    ['an empty resourceName', { apiGroup: '', resourceType: 'secrets', resourceName: '' }, /resourceName of core "secrets" must be a non-empty string, got ""/],
  ])('%s as the resource', (_label, resource, message) => {
    expect(() => new PermissionClaim({ resource: resource as any })).toThrow(message);
  });
});
