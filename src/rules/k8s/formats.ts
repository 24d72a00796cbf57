/**
 * The string formats Kubernetes' Go types insist on when they decode JSON:
 * RFC 3339 timestamps (metav1.Time), base64 byte strings (`[]byte`), PEM
 * certificate bundles. The OpenAPI formats of a schema (`format: byte`,
 * `date-time`...) are strfmt/registry.ts'.
 */

import { isDate } from './strfmt/time';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Whether `value` is an RFC 3339 date-time as Go's `time.Parse(time.RFC3339)`
 * accepts it: mirrors metav1.Time's UnmarshalJSON (apimachinery
 * pkg/apis/meta/v1/time.go), which decodes every timestamp field: uppercase `T` and `Z`, real calendar dates,
 * hours 0-23, seconds 0-59 (Go has no leap seconds).
 */
export function isRfc3339(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [hour, minute, second] = [m[4], m[5], m[6]].map(Number);
  // The date part as time.Parse reads "2006-01-02" (strfmt/time.ts' isDate: a real calendar date).
  if (!isDate(`${m[1]}-${m[2]}-${m[3]}`)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[9] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return false;
  return true;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether `value` is standard, padded base64, as Go's
 * `base64.StdEncoding` decodes it (which skips CR and LF): mirrors
 * encoding/json's decoding of a `[]byte` field such as caBundle.
 */
export function isBase64(value: string): boolean {
  return BASE64.test(value.replace(/[\r\n]/g, ''));
}

/** Decodes standard base64 to a binary string; undefined when it is not base64. */
export function decodeBase64(value: string): string | undefined {
  if (!isBase64(value)) return undefined;
  return Buffer.from(value.replace(/[\r\n]/g, ''), 'base64').toString('latin1');
}

/** Whether text looks like PEM rather than base64 of it (the usual mistake with caBundle). */
export function looksLikePem(value: string): boolean {
  return /-----BEGIN [A-Z0-9 ]+-----/.test(value);
}

/** One block of a PEM bundle. */
export interface PemBlock {
  readonly type: string;
  /** Whether the body decodes as base64 to something shaped like DER (an ASN.1 SEQUENCE). */
  readonly wellFormed: boolean;
}

/** What a PEM bundle holds, and what is wrong with it. */
export interface PemBundle {
  readonly blocks: PemBlock[];
  /** Problems that make Go's `pem.Decode` stop or skip content. */
  readonly problems: string[];
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;

/**
 * Splits PEM text into its blocks, checking each body the way
 * `x509.CertPool.AppendCertsFromPEM` would need it: mirrors ValidateCABundle
 * (k8s.io/apiserver pkg/util/webhook/validation.go, through client-go's
 * transport.TLSConfigFor), which validateCustomResourceConversion calls.
 */
export function parsePemBundle(text: string): PemBundle {
  const blocks: PemBlock[] = [];
  const problems: string[] = [];
  let rest = '';
  let last = 0;
  for (const m of text.matchAll(PEM_BLOCK)) {
    rest += text.slice(last, m.index);
    last = (m.index ?? 0) + m[0].length;
    const [, beginType, body, endType] = m;
    if (beginType !== endType) {
      problems.push(`block "BEGIN ${beginType}" ends with "END ${endType}"`);
      continue;
    }
    // PEM headers ("Proc-Type: ...") may precede the body; base64 never contains ':', so they are easy to drop.
    const payload = body.split(/\r?\n/).map(l => l.trim()).filter(l => !l.includes(':')).join('');
    const der = decodeBase64(payload);
    blocks.push({ type: beginType, wellFormed: der !== undefined && der.length > 0 && der.charCodeAt(0) === 0x30 });
  }
  rest += text.slice(last);
  if (/-----(BEGIN|END) /.test(rest)) problems.push('has an unterminated or unmatched PEM boundary line');
  return { blocks, problems };
}

/**
 * Why a caBundle (its base64 text, as a manifest holds the bytes) is refused,
 * or undefined: mirrors ValidateCABundle (k8s.io/apiserver
 * pkg/util/webhook/validation.go), that is client-go's cert.ParseCertsPEM:
 * CERTIFICATE blocks without headers must parse, and at least one must be
 * there. A body that is not DER stands for x509.ParseCertificate's error.
 */
export function caBundleError(base64: string): string | undefined {
  const text = decodeBase64(base64);
  if (text === undefined) return 'is not base64';
  const certificates = parsePemBundle(text).blocks.filter(b => b.type === 'CERTIFICATE');
  if (certificates.some(b => !b.wellFormed)) return 'holds a CERTIFICATE block that is not an x509 certificate';
  return certificates.length === 0 ? 'data does not contain any valid RSA or ECDSA certificates' : undefined;
}
