/**
 * The checks of validateCustomResourceDefinitionSpec that a CustomResourceDefinition's
 * spec had no rule for (KB181-KB186, src/rules/kube-bind/crd.ts). Cases written from
 * the Kubernetes documentation of CustomResourceDefinitions and from the source.
 */
import { Manifest } from '../../src/model/manifest';
import { validateObject } from '../../src/rules';
import { bs, crd } from '../../src/rules/engine/scenario-kit';

const ids = (m: Manifest, id: string): string[] => validateObject(m).filter(v => v.rule === id).map(v => `${v.path} ${v.severity}`);
const messages = (m: Manifest, id: string): string[] => validateObject(m).filter(v => v.rule === id).map(v => v.message);

const SPEC_SCHEMA = {
  type: 'object',
  properties: {
    metadata: { type: 'object', properties: { name: { type: 'string' } } },
    spec: {
      type: 'object',
      properties: {
        color: { type: 'string', enum: ['red', 'blue'] },
        size: { type: 'integer' },
        ready: { type: 'boolean' },
        ratio: { type: 'number' },
        port: { 'x-kubernetes-int-or-string': true },
        tags: { type: 'array', items: { type: 'string' } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        when: { type: 'string', format: 'date-time' },
      },
    },
  },
};
const withFields = (...paths: string[]): Manifest => crd(['spec.versions.0.schema.openAPIV3Schema', SPEC_SCHEMA],
  ['spec.versions.0.selectableFields', paths.map(jsonPath => ({ jsonPath }))]);

describe('KB181: the empty spec is not valid', () => {
  test('an empty spec misses group, scope, plural, kind, singular, listKind and versions', () => {
    expect(ids(crd(['spec', {}]), 'KB181')).toEqual([
      'spec.group error', 'spec.scope error', 'spec.names.plural error', 'spec.names.kind error',
      'spec.names.singular error', 'spec.names.listKind error', 'spec.versions error',
    ]);
  });

  test('singular and listKind default from the kind (v1 defaults)', () => {
    expect(ids(crd(['spec.names', { plural: 'widgets', kind: 'Widget' }]), 'KB181')).toEqual([]);
  });

  test('without a kind, a given singular and listKind are kept', () => {
    expect(ids(crd(['spec.names', { plural: 'widgets', singular: 'widget', listKind: 'WidgetList' }]), 'KB181')).toEqual(['spec.names.kind error']);
  });

  test('an empty group is KB010\'s finding, not a second one here', () => {
    expect(ids(crd(['spec.group', '']), 'KB181')).toEqual([]);
    expect(ids(crd(['spec.group', '']), 'KB010')).toEqual(['spec.group error']);
  });
});

describe('KB182: scope is Cluster or Namespaced', () => {
  test.each(['Global', 'namespaced', 'Namespace', ''])('%p fails', scope => {
    expect(ids(crd(['spec.scope', scope]), 'KB182')).toEqual(['spec.scope error']);
  });

  test('a near miss is suggested', () => {
    expect(messages(crd(['spec.scope', 'Namespace']), 'KB182')[0]).toContain('(did you mean "Namespaced"?)');
  });
});

describe('KB183: every version has a schema', () => {
  test('only the version without one is reported', () => {
    const second = { name: 'v2', served: true, storage: false };
    expect(ids(crd(['spec.versions.1', second]), 'KB183')).toEqual(['spec.versions[1].schema.openAPIV3Schema error']);
  });
});

describe('KB184: preserveUnknownFields', () => {
  test('true is refused, and with it defaults and a conversion webhook', () => {
    const m = crd(['spec.preserveUnknownFields', true], ['spec.versions.0.schema.openAPIV3Schema.properties.size', { type: 'integer', default: 1 }],
      ['spec.conversion', { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com' }, conversionReviewVersions: ['v1'] } }]);
    expect(ids(m, 'KB184')).toEqual(['spec.preserveUnknownFields error', 'spec.preserveUnknownFields error', 'spec.conversion.strategy error']);
  });
});

describe('KB185: protected groups need the approval annotation', () => {
  const inGroup = (group: string, annotations?: Manifest): Manifest =>
    crd(['spec.group', group], ['metadata.name', `widgets.${group}`], ...(annotations ? [['metadata.annotations', annotations] as const] : []));

  test.each(['k8s.io', 'x.k8s.io', 'kubernetes.io', 'sigs.kubernetes.io'])('%p without it fails', group => {
    expect(ids(inGroup(group), 'KB185')).toEqual(['metadata.annotations[api-approved.kubernetes.io] error']);
  });

  test.each(['k8s.io.example.com', 'notk8s.io', 'example.com'])('%p is not protected', group => {
    expect(ids(inGroup(group), 'KB185')).toEqual([]);
  });

  test.each([
    ['a URL', 'https://github.com/kubernetes/enhancements/pull/1111', []],
    ['an unapproved reason', 'unapproved, experimental-only', []],
    ['anything else', 'approved', ['metadata.annotations[api-approved.kubernetes.io] error']],
    ['a URL without a host', 'https:///pull/1', ['metadata.annotations[api-approved.kubernetes.io] error']],
    // url.ParseRequestURI as Go has it: a space is no control byte, and a path may hold one; a host of a port only is a host.
    ['a URL and words after it', 'https://github.com/kubernetes/enhancements/pull/1111 approved in 1.36', []],
    ['a host that is a port only', 'https://:443/pull/1', []],
    ['a host Go cannot unescape', 'https://exa%mple.com/pull/1', ['metadata.annotations[api-approved.kubernetes.io] error']],
    ['a space in the host', 'https://git hub.com/pull/1', ['metadata.annotations[api-approved.kubernetes.io] error']],
    // Go 1.26 (go-release.ts): a bracketed host is an IPv6 address; another host's first colon starts its port.
    ['an IPv6 host', 'https://[2001:db8::1]:443/pull/1', []],
    ['an IPv4 address in brackets', 'https://[192.0.2.1]/pull/1', ['metadata.annotations[api-approved.kubernetes.io] error']],
    ['a host with two colons', 'https://github.com:443:1/pull/1', ['metadata.annotations[api-approved.kubernetes.io] error']],
  ])('%s', (_, value, expected) => {
    expect(ids(inGroup('x.k8s.io', { 'api-approved.kubernetes.io': value }), 'KB185')).toEqual(expected);
  });

  test('a BoundSchema of a protected group can never bind: kube-bind does not carry the annotation', () => {
    const m = bs(['spec.group', 'gateway.networking.k8s.io'], ['metadata.name', 'widgets.gateway.networking.k8s.io']);
    expect(ids(m, 'KB185')).toEqual(['spec.group error']);
  });
});

describe('KB186: selectableFields', () => {
  test.each(['.spec.color', '.spec.size', '.spec.ready', '.spec.when', '.spec.labels.team', '.spec[\'color\']'])('%p is selectable', path => {
    // Array notation is refused even for a named field: WithFieldPathAllowArrayNotation(false).
    const expected = path.includes('[') ? ['spec.versions[0].selectableFields[0].jsonPath error'] : [];
    expect(ids(withFields(path), 'KB186')).toEqual(expected);
  });

  test.each([
    ['.spec.ratio', 'must point to a field of type string, boolean or integer'],
    ['.spec.port', 'must point to a field of type string, boolean or integer'],
    ['.spec.tags', 'must point to a field of type string, boolean or integer'],
    ['.spec.missing', 'is an invalid path: does not refer to a valid field'],
    ['spec.color', 'is an invalid path: expected [ or . but got: spec'],
    ['.metadata.name', 'must not point to fields in metadata'],
  ])('%p fails: %s', (path, text) => {
    expect(messages(withFields(path), 'KB186').join('\n')).toContain(text);
  });

  test('duplicates and more than 8 fields', () => {
    expect(ids(withFields('.spec.color', '.spec.color'), 'KB186')).toEqual(['spec.versions[0].selectableFields[1].jsonPath error']);
    const nine = crd(['spec.versions.0.schema.openAPIV3Schema', { type: 'object', properties: { spec: { type: 'object', properties: Object.fromEntries([...Array(9).keys()].map(i => [`f${i}`, { type: 'string' }])) } } }],
      ['spec.versions.0.selectableFields', [...Array(9).keys()].map(i => ({ jsonPath: `.spec.f${i}` }))]);
    expect(ids(nine, 'KB186')).toEqual(['spec.versions[0].selectableFields error']);
  });

  test('selectableFields need a schema', () => {
    expect(ids(crd(['spec.versions.0.schema', undefined], ['spec.versions.0.selectableFields', [{ jsonPath: '.spec.color' }]]), 'KB186'))
      .toEqual(['spec.versions[0].selectableFields error']);
  });

  describe('of several versions, the server moves a schema or selectableFields the same in all to the spec (v1/conversion.go)', () => {
    const OTHER_SCHEMA = { ...SPEC_SCHEMA, properties: { ...SPEC_SCHEMA.properties, status: { type: 'object' } } };
    const version = (name: string, schema: unknown, paths: string[] | undefined): Manifest => ({
      name,
      served: true,
      storage: name === 'v1',
      schema: { openAPIV3Schema: schema },
      ...(paths !== undefined ? { selectableFields: paths.map(jsonPath => ({ jsonPath })) } : {}),
    });
    const versions = (...vs: Manifest[]): Manifest => crd(['spec.versions', vs]);

    test('both the same, or both different: each is read where it lands', () => {
      expect(ids(versions(version('v1', SPEC_SCHEMA, ['.spec.color']), version('v2', SPEC_SCHEMA, ['.spec.color'])), 'KB186')).toEqual([]);
      expect(ids(versions(version('v1', SPEC_SCHEMA, ['.spec.color']), version('v2', OTHER_SCHEMA, ['.spec.size'])), 'KB186')).toEqual([]);
      // Semantic.DeepEqual: no selectableFields equal an empty list, and `required: []` equals no required.
      expect(ids(versions(version('v1', SPEC_SCHEMA, []), version('v2', { ...SPEC_SCHEMA, required: [] }, undefined)), 'KB186')).toEqual([]);
    });

    test('the same schemas and different selectableFields are refused where selectableFields are set', () => {
      expect(ids(versions(version('v1', SPEC_SCHEMA, ['.spec.color']), version('v2', SPEC_SCHEMA, undefined)), 'KB186'))
        .toEqual(['spec.versions[0].selectableFields error']);
    });

    test('the same selectableFields and different schemas are refused (kubernetes#140689)', () => {
      expect(ids(versions(version('v1', SPEC_SCHEMA, ['.spec.color']), version('v2', OTHER_SCHEMA, ['.spec.color'])), 'KB186'))
        .toEqual(['spec.versions[0].selectableFields error', 'spec.versions[1].selectableFields error']);
    });
  });
});

describe('conversion of a CustomResourceDefinition (validateCustomResourceConversion)', () => {
  const two = (conversion: Manifest): Manifest => crd(['spec.versions.1', { name: 'v2', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object' } } }],
    ['spec.conversion', conversion]);
  const review = { conversionReviewVersions: ['v1'] };
  const all = (m: Manifest): string[] => validateObject(m).filter(v => v.severity === 'error').map(v => `${v.rule} ${v.path}`);

  test.each([
    ['an unknown strategy', { strategy: 'Convert' }, ['KB080 spec.conversion.strategy']],
    ['no strategy', {}, ['KB080 spec.conversion.strategy']],
    ['Webhook without a webhook', { strategy: 'Webhook' }, ['KB082 spec.conversion.webhook']],
    ['Webhook without a clientConfig', { strategy: 'Webhook', webhook: review }, ['KB090 spec.conversion.webhook.clientConfig']],
    ['url and service both', { strategy: 'Webhook', webhook: { ...review, clientConfig: { url: 'https://c.example.com', service: { name: 'c', namespace: 'n' } } } },
      ['KB090 spec.conversion.webhook.clientConfig']],
    ['neither url nor service', { strategy: 'Webhook', webhook: { ...review, clientConfig: { caBundle: 'Cg==' } } }, ['KB090 spec.conversion.webhook.clientConfig']],
    ['a service without name and namespace', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: {} } } },
      ['KB091 spec.conversion.webhook.clientConfig.service.name', 'KB091 spec.conversion.webhook.clientConfig.service.namespace']],
    ['port 0', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: { name: 'c', namespace: 'n', port: 0 } } } },
      ['KB091 spec.conversion.webhook.clientConfig.service.port']],
    ['a path with an empty segment', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: { name: 'c', namespace: 'n', path: '/a//b' } } } },
      ['KB091 spec.conversion.webhook.clientConfig.service.path']],
    ['a path not starting with /', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: { name: 'c', namespace: 'n', path: 'convert' } } } },
      ['KB091 spec.conversion.webhook.clientConfig.service.path']],
  ])('%s is refused', (_, conversion, expected) => {
    expect(all(two(conversion))).toEqual(expected);
  });

  test.each([
    ['None', { strategy: 'None' }],
    ['a service on the default port', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: { name: 'c', namespace: 'n' } } } }],
    ['a service path "/"', { strategy: 'Webhook', webhook: { ...review, clientConfig: { service: { name: 'c', namespace: 'n', path: '/', port: 65535 } } } }],
    ['a url', { strategy: 'Webhook', webhook: { ...review, clientConfig: { url: 'https://c.example.com:8443/convert' } } }],
  ])('%s is accepted', (_, conversion) => {
    expect(all(two(conversion))).toEqual([]);
  });
});

describe('ratcheting on update (updateContext): a check is relaxed only where the stored object already failed it', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { updateContext } = require('../../src/rules') as typeof import('../../src/rules');
  const kept = (previous: Manifest, next: Manifest, id: string): string[] =>
    validateObject(next, updateContext(previous, next)).filter(v => v.rule === id).map(v => v.path);

  test('preserveUnknownFields: true is allowed when the stored CRD had it, refused when it did not', () => {
    const legacy = crd(['spec.preserveUnknownFields', true]);
    expect(kept(legacy, legacy, 'KB184')).toEqual([]);
    expect(kept(crd(), legacy, 'KB184')).toEqual(['spec.preserveUnknownFields']);
  });

  test('a version without a schema is allowed when the stored CRD had one without, if it is not served or fields are not pruned', () => {
    const noSchema = crd(['spec.versions.0.schema', undefined]);
    const legacy = crd(['spec.versions.0.schema', undefined], ['spec.preserveUnknownFields', true]);
    const unserved = crd(['spec.versions', [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } },
      { name: 'v0', served: false, storage: false }]]);
    expect(kept(legacy, legacy, 'KB183')).toEqual([]);
    expect(kept(unserved, unserved, 'KB183')).toEqual([]);
    expect(kept(crd(), noSchema, 'KB183')).toEqual(['spec.versions[0].schema.openAPIV3Schema']);
  });

  test('pruning needs the schema of every served version, ratchet or not ("because otherwise all fields are pruned")', () => {
    const legacy = crd(['spec.versions.0.schema', undefined], ['spec.preserveUnknownFields', true]);
    const pruned = crd(['spec.versions.0.schema', undefined]);
    expect(kept(legacy, pruned, 'KB183')).toEqual(['spec.versions[0].schema.openAPIV3Schema']);
    expect(messages(pruned, 'KB183')).toEqual(['is required']);
    expect(validateObject(pruned, updateContext(legacy, pruned)).filter(v => v.rule === 'KB183').map(v => v.message))
      .toEqual(['is required because otherwise all fields are pruned']);
  });

  test('more than 8 selectable fields are allowed only while unchanged', () => {
    const fields = (n: number): Manifest => crd(['spec.versions.0.schema.openAPIV3Schema', { type: 'object', properties: { spec: { type: 'object', properties: Object.fromEntries([...Array(10).keys()].map(i => [`f${i}`, { type: 'string' }])) } } }],
      ['spec.versions.0.selectableFields', [...Array(n).keys()].map(i => ({ jsonPath: `.spec.f${i}` }))]);
    expect(kept(fields(9), fields(9), 'KB186')).toEqual([]);
    expect(kept(fields(9), fields(10), 'KB186')).toEqual(['spec.versions[0].selectableFields']);
  });
});

test('validate --previous ratchets: preserveUnknownFields the stored CRD had is no error', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fs = require('fs') as typeof import('fs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const os = require('os') as typeof import('os');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { main } = require('../../src/cli/main') as typeof import('../../src/cli/main');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Readable } = require('stream') as typeof import('stream');
  const dir = fs.mkdtempSync(`${os.tmpdir()}/crdval-`);
  const legacy = JSON.stringify(crd(['spec.preserveUnknownFields', true]));
  fs.writeFileSync(`${dir}/old.yaml`, legacy);
  fs.writeFileSync(`${dir}/new.yaml`, legacy);
  fs.writeFileSync(`${dir}/plain.yaml`, JSON.stringify(crd()));
  const run = async (previous: string): Promise<string> => {
    let out = '';
    const io = { stdout: { write: (s: string) => { out += s; return true; } }, stderr: { write: () => true }, stdin: Readable.from([]) };
    await main(['validate', '--previous', `${dir}/${previous}`, `${dir}/new.yaml`], io as any, { env: {} });
    return out;
  };
  try {
    expect(await run('old.yaml')).not.toContain('KB184');
    expect(await run('plain.yaml')).toContain('KB184');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('KB021: generateName is checked by the CRD\'s name function too (ValidateObjectMetaAccessor)', () => {
  test('a name and no generateName: only the name is compared', () => {
    expect(ids(crd(), 'KB021')).toEqual([]);
    expect(ids(crd(['metadata.name', 'widgets']), 'KB021')).toEqual(['metadata.name error']);
  });

  test('a generateName other than <plural>.<group> is refused, with a name or without', () => {
    expect(ids(crd(['metadata.generateName', 'widgets-']), 'KB021')).toEqual(['metadata.generateName error']);
    expect(ids(crd(['metadata.name', undefined], ['metadata.generateName', 'widgets-']), 'KB021')).toEqual(['metadata.generateName error', 'metadata.name error']);
  });

  test('generateName <plural>.<group> passes beside the name, but a name generated from it never matches', () => {
    expect(ids(crd(['metadata.generateName', 'widgets.example.com']), 'KB021')).toEqual([]);
    expect(ids(crd(['metadata.name', undefined], ['metadata.generateName', 'widgets.example.com']), 'KB021')).toEqual(['metadata.name error']);
    expect(messages(crd(['metadata.name', undefined], ['metadata.generateName', 'widgets.example.com']), 'KB021')[0])
      .toBe('is missing: the name generated from metadata.generateName (it and 5 random characters) is never "widgets.example.com"');
  });

  test('no name and no generateName is KB020\'s finding alone', () => {
    const m = crd(['metadata.name', undefined]);
    expect(ids(m, 'KB021')).toEqual([]);
    expect(ids(m, 'KB020')).toEqual(['metadata.name error']);
  });
});

describe('a null entry of a CRD\'s spec.versions is an empty version, as Go decodes it', () => {
  test('on a CRD: no name (KB042) and no schema (KB183), as the server says', () => {
    const m = crd(['spec.versions.1', null]);
    expect(ids(m, 'KB042')).toEqual(['spec.versions[1].name error']);
    expect(ids(m, 'KB183')).toEqual(['spec.versions[1].schema.openAPIV3Schema error']);
  });

  test('on a BoundSchema a null entry is the schema checker\'s finding alone (kube-bind\'s CRD refuses null)', () => {
    const m = bs(['spec.versions.1', null]);
    expect(ids(m, 'KB003')).toEqual(['spec.versions[1] error']);
    expect(ids(m, 'KB042')).toEqual([]);
  });
});
