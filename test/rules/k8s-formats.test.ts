import { TEST_CA_PEM } from './helpers';
import { contextFor, validateObject } from '../../src/rules';
import { bs, twoVersions, webhook } from '../../src/rules/engine/scenario-kit';
import { decodeBase64, isBase64, isRfc3339, looksLikePem, parsePemBundle } from '../../src/rules/k8s/formats';
import { isOpenApiByte } from '../../src/rules/k8s/strfmt/registry';

test.each(['2024-01-01T00:00:00Z', '2024-02-29T23:59:59.999999999Z', '2024-01-01T00:00:00-07:30'])('%s is RFC 3339', v => {
  expect(isRfc3339(v)).toBe(true);
});

test.each(['', '2024-01-01', '2024-01-01T00:00:00', '2024-13-01T00:00:00Z', '2024-04-31T00:00:00Z', '2100-02-29T00:00:00Z',
  '2024-01-01T00:00:60Z', '2024-01-01T00:00:00+24:00', '2024-01-01t00:00:00Z'])('%p is not RFC 3339', v => {
  expect(isRfc3339(v)).toBe(false);
});

test('base64 as Go decodes it', () => {
  expect(isBase64('')).toBe(true);
  expect(isBase64('aGk=')).toBe(true);
  expect(isBase64('aGVs\nbG8=')).toBe(true);
  expect(isBase64('aGk')).toBe(false);
  expect(isBase64('a-_b')).toBe(false);
  expect(decodeBase64('aGk=')).toBe('hi');
  expect(decodeBase64('%%')).toBeUndefined();
});

test('PEM bundles', () => {
  expect(looksLikePem(TEST_CA_PEM)).toBe(true);
  expect(parsePemBundle(TEST_CA_PEM)).toEqual({ blocks: [{ type: 'CERTIFICATE', wellFormed: true }], problems: [] });
  expect(parsePemBundle('-----BEGIN CERTIFICATE-----\nMAA=\n-----END X509 CRL-----').problems).toHaveLength(1);
  expect(parsePemBundle('junk')).toEqual({ blocks: [], problems: [] });
});

describe('format: byte as the API server checks a custom resource (kube-openapi strfmt, govalidator.IsBase64)', () => {
  test('the empty string and line breaks fail; padded base64 passes', () => {
    expect(isOpenApiByte('')).toBe(false);
    expect(isOpenApiByte('aGVsbG8=')).toBe(true);
    expect(isOpenApiByte('aGVs\nbG8=')).toBe(false);
    expect(isOpenApiByte('aGVsbG8')).toBe(false);
  });

  test('an empty caBundle is refused (KB006), with the fix: leave it out', () => {
    const found = validateObject(bs(twoVersions, webhook({ clientConfig: { url: 'https://convert.example.com/convert', caBundle: '' } })), contextFor())
      .filter(v => v.rule === 'KB006');
    expect(found.map(v => v.path)).toEqual(['spec.conversion.webhook.clientConfig.caBundle']);
    expect(found[0].hint).toContain('leave the field out');
    expect(validateObject(bs(twoVersions, webhook()), contextFor()).filter(v => v.rule === 'KB006')).toEqual([]);
  });
});
