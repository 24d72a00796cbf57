import { TEST_CA_PEM, at, base64, findings, runAll, validBoundSchema, violationsOf } from './helpers';
import { Manifest } from '../../src/model/manifest';
import { crd } from '../../src/rules/engine/scenario-kit';
import { webhookUrlErrors } from '../../src/rules/kube-bind/conversion';

const W = 'spec.conversion.webhook';

function withConversion(conversion: unknown): Manifest {
  const obj = validBoundSchema();
  obj.spec.conversion = conversion;
  return obj;
}

function webhook(clientConfig: Manifest = { url: 'https://convert.example.com/widgets' }, extra: Manifest = {}): Manifest {
  return withConversion({ strategy: 'Webhook', webhook: { clientConfig, conversionReviewVersions: ['v1'], ...extra } });
}

describe('valid conversions', () => {
  test.each([
    ['None', { strategy: 'None' }],
    ['a webhook', { strategy: 'Webhook', webhook: { clientConfig: { url: 'https://convert.example.com:8443/widgets' }, conversionReviewVersions: ['v1', 'v1beta1'] } }],
    ['a webhook with a CA bundle', {
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://convert.example.com', caBundle: base64(TEST_CA_PEM) }, conversionReviewVersions: ['v1'] },
    }],
    ['a CA bundle of two certificates', {
      strategy: 'Webhook',
      webhook: { clientConfig: { url: 'https://10.0.0.1/convert', caBundle: base64(TEST_CA_PEM + TEST_CA_PEM) }, conversionReviewVersions: ['v1'] },
    }],
  ])('%s has no violations', (_, conversion) => {
    expect(runAll(withConversion(conversion))).toEqual([]);
  });

  test('no conversion at all', () => {
    expect(runAll(validBoundSchema())).toEqual([]);
  });
});

describe('KB080 strategy is required', () => {
  test('passes with a strategy', () => {
    expect(findings('KB080', withConversion({ strategy: 'None' }))).toEqual([]);
  });

  test('a webhook without strategy', () => {
    const v = violationsOf('KB080', withConversion({ webhook: { clientConfig: { url: 'https://x.example.com' } } }));
    expect(v.map(x => [x.path, x.severity])).toEqual([['spec.conversion.strategy', 'error']]);
    expect(v[0].hint).toBe('set strategy: Webhook');
  });

  test('an empty conversion: kube-bind\'s CEL rule reads strategy', () => {
    expect(findings('KB080', withConversion({}))).toEqual([at('KB080', 'spec.conversion.strategy')]);
  });
});

describe('KB081 None has no webhook', () => {
  test('passes None alone', () => {
    expect(findings('KB081', withConversion({ strategy: 'None' }))).toEqual([]);
  });

  test('fails None with a webhook, whose content is then not checked', () => {
    const obj = withConversion({ strategy: 'None', webhook: { clientConfig: { url: 'http://x' } } });
    expect(findings('KB081', obj)).toEqual([at('KB081', W)]);
    expect(runAll(obj).map(v => v.rule)).toEqual(['KB081']);
  });

  test('on a CRD, what the webhook sets is refused, not an empty webhook (validateCustomResourceConversion)', () => {
    const none = (given: unknown): Manifest => crd(['spec.conversion', { strategy: 'None', webhook: given }]);
    expect(findings('KB081', none({}))).toEqual([]);
    expect(findings('KB081', none({ conversionReviewVersions: [] }))).toEqual([]);
    expect(findings('KB081', none({ clientConfig: {} }))).toEqual([at('KB081', `${W}.clientConfig`)]);
    expect(findings('KB081', none({ conversionReviewVersions: ['v1'] }))).toEqual([at('KB081', `${W}.conversionReviewVersions`)]);
  });
});

describe('KB082 Webhook needs a webhook', () => {
  test('passes with a webhook', () => {
    expect(findings('KB082', webhook())).toEqual([]);
  });

  test('fails without', () => {
    expect(findings('KB082', withConversion({ strategy: 'Webhook' }))).toEqual([at('KB082', W)]);
  });
});

describe('KB083 a webhook needs a URL', () => {
  test('passes with a URL', () => {
    expect(findings('KB083', webhook())).toEqual([]);
  });

  test('no clientConfig', () => {
    expect(findings('KB083', withConversion({ strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'] } }))).toEqual([at('KB083', `${W}.clientConfig`)]);
  });

  test('a clientConfig without url (service is not part of kube-bind\'s schema)', () => {
    const v = violationsOf('KB083', webhook({ service: { name: 'converter', namespace: 'x' } }));
    expect(v.map(x => x.path)).toEqual([`${W}.clientConfig.url`]);
    expect(v[0].hint).toContain('no clientConfig.service');
  });
});

describe('KB084 URL shape', () => {
  test('passes https with port and path', () => {
    expect(findings('KB084', webhook({ url: 'https://convert.example.com:8443/a/b' }))).toEqual([]);
  });

  test.each([
    ['http', 'http://convert.example.com', 'https'],
    ['no scheme', 'convert.example.com/convert', 'absolute URL'],
    ['user info', 'https://user:secret@convert.example.com', 'user information'],
    ['empty user info', 'https://@convert.example.com', 'user information'],
    ['a query', 'https://convert.example.com/?v=1', 'query'],
    ['a fragment', 'https://convert.example.com/#x', 'fragment'],
    ['no host', 'https:///convert', 'host'],
    ['an opaque URL', 'https:convert.example.com', 'host'],
    ['empty', '', 'empty'],
    ['surrounding spaces', ' https://convert.example.com', 'whitespace'],
  ])('%s', (_, url, words) => {
    const v = violationsOf('KB084', webhook({ url }));
    expect(v.map(x => [x.rule, x.path])).toEqual([['KB084', `${W}.clientConfig.url`]]);
    expect(v[0].message).toContain(words);
  });

  test('http suggests https', () => {
    const [v] = violationsOf('KB084', webhook({ url: 'http://convert.example.com' }));
    expect(v.message).toContain('must use scheme "https", not "http"');
    expect(v.hint).toContain('use "https://convert.example.com"');
  });

  test('several problems are listed together', () => {
    expect(webhookUrlErrors('http://u@x.example.com/?a=1#f').errors).toHaveLength(4);
  });
});

describe('KB085 localhost URLs', () => {
  test('passes a real host', () => {
    expect(findings('KB085', webhook())).toEqual([]);
  });

  test.each(['https://localhost:9443/convert', 'https://127.0.0.1/convert', 'https://[::1]:8443', 'https://api.localhost'])('%s is a warning', url => {
    expect(findings('KB085', webhook({ url }))).toEqual([at('KB085', `${W}.clientConfig.url`, 'warning')]);
  });

  test('an invalid URL is left to KB084', () => {
    expect(findings('KB085', webhook({ url: 'http://localhost' }))).toEqual([]);
  });
});

describe('KB086 caBundle content', () => {
  const P = `${W}.clientConfig.caBundle`;

  test('passes a base64 PEM certificate, and an empty bundle (system roots)', () => {
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(TEST_CA_PEM) }))).toEqual([]);
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: '' }))).toEqual([]);
  });

  test('raw PEM is KB006\'s finding, not KB086\'s', () => {
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: TEST_CA_PEM }))).toEqual([]);
  });

  test('base64 of something that is not PEM', () => {
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: base64('hello') }))).toEqual([at('KB086', P)]);
  });

  test('double base64 is recognised', () => {
    const v = violationsOf('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(base64(TEST_CA_PEM)) }));
    expect(v.map(x => x.path)).toEqual([P]);
    expect(v[0].hint).toContain('twice');
  });

  test('a private key in the bundle', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMAA=\n-----END PRIVATE KEY-----\n';
    const v = violationsOf('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(TEST_CA_PEM + key) }));
    expect(v.map(x => [x.path, x.severity])).toEqual([[P, 'error']]);
    expect(v[0].message).toContain('private keys');
  });

  test('a certificate whose body is broken', () => {
    const broken = TEST_CA_PEM.replace('MIIBfDCC', '!!!!');
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(broken) }))).toEqual([at('KB086', P)]);
  });

  test('an unterminated block', () => {
    const cut = TEST_CA_PEM.replace('-----END CERTIFICATE-----', '');
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(TEST_CA_PEM + cut) }))).toEqual([at('KB086', P)]);
  });

  test('other block types are only a warning next to a certificate', () => {
    const params = '-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n';
    expect(findings('KB086', webhook({ url: 'https://x.example.com', caBundle: base64(params + TEST_CA_PEM) }))).toEqual([at('KB086', P, 'warning')]);
  });
});

describe('KB087 conversionReviewVersions is required', () => {
  test('passes with [v1]', () => {
    expect(findings('KB087', webhook())).toEqual([]);
  });

  test.each([[undefined], [[]]])('fails with %p', conversionReviewVersions => {
    const obj = withConversion({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://x.example.com' }, conversionReviewVersions } });
    expect(findings('KB087', obj)).toEqual([at('KB087', `${W}.conversionReviewVersions`)]);
  });
});

describe('KB088 conversionReviewVersions entries', () => {
  const P = `${W}.conversionReviewVersions`;

  test('passes known versions', () => {
    expect(findings('KB088', webhook(undefined, { conversionReviewVersions: ['v1', 'v1beta1'] }))).toEqual([]);
  });

  test('a duplicate', () => {
    expect(findings('KB088', webhook(undefined, { conversionReviewVersions: ['v1', 'v1'] }))).toEqual([at('KB088', `${P}[1]`)]);
  });

  test('not a version name', () => {
    const v = violationsOf('KB088', webhook(undefined, { conversionReviewVersions: ['v1', 'V1beta1'] }));
    expect(v.map(x => [x.path, x.severity])).toEqual([[`${P}[1]`, 'error']]);
    expect(v[0].message).toContain('(did you mean "v1beta1"?)');
  });

  test('an unknown version is a warning', () => {
    expect(findings('KB088', webhook(undefined, { conversionReviewVersions: ['v1', 'v2'] }))).toEqual([at('KB088', `${P}[1]`, 'warning')]);
  });
});

describe('KB089 a known conversionReviewVersion', () => {
  test('passes when v1beta1 is listed', () => {
    expect(findings('KB089', webhook(undefined, { conversionReviewVersions: ['v2', 'v1beta1'] }))).toEqual([]);
  });

  test('fails when none is known', () => {
    expect(findings('KB089', webhook(undefined, { conversionReviewVersions: ['v2'] }))).toEqual([at('KB089', `${W}.conversionReviewVersions`)]);
  });
});
