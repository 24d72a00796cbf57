/**
 * The validators strfmt borrows from govalidator (kube-openapi's copy,
 * pkg/internal/third_party/govalidator, at 43fb72c5454a): regexes written for
 * Go's RE2, where \s and \d are ASCII only, so they are spelled out here.
 */
import * as goUrl from '../go-net-url';

/** IsBase64: standard alphabet, padded, no line breaks, at least one group of four (so not empty). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
export const isBase64Text = (s: string): boolean => BASE64.test(s);

/** IsHexcolor. */
export const isHexColor = (s: string): boolean => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s);

const BYTE_0_255 = '(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])';
const SPACES = '[\\t\\n\\f\\r ]*';
const RGB = new RegExp(`^rgb\\(${SPACES}${BYTE_0_255}${SPACES},${SPACES}${BYTE_0_255}${SPACES},${SPACES}${BYTE_0_255}${SPACES}\\)$`);
/** IsRGBcolor. */
export const isRgbColor = (s: string): boolean => RGB.test(s);

/** IsSSN: eleven bytes, 3-2-4 digits, each separator a '-' or a space. */
export const isSsn = (s: string): boolean => s.length === 11 && /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/.test(s);

const CREDIT_CARD = /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/;

/** IsCreditCard: the digits alone (everything else dropped) match an issuer's pattern and pass the Luhn check. */
export function isCreditCard(s: string): boolean {
  const digits = s.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(digits)) return false;
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    sum += d >= 10 ? (d % 10) + 1 : d;
  });
  return sum % 10 === 0;
}

/** IsISBN's sanitizing: ASCII white space and '-' dropped. */
const sanitizedIsbn = (s: string): string => s.replace(/[\t\n\f\r -]+/g, '');

/** IsISBN10: nine digits and a check digit or an uppercase X, the weighted sum a multiple of 11. */
export function isIsbn10(s: string): boolean {
  const isbn = sanitizedIsbn(s);
  if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(isbn[i]);
  sum += 10 * (isbn[9] === 'X' ? 10 : Number(isbn[9]));
  return sum % 11 === 0;
}

/** IsISBN13: thirteen digits, the last the check digit of the 1-3 weighted sum. */
export function isIsbn13(s: string): boolean {
  const isbn = sanitizedIsbn(s);
  if (!/^[0-9]{13}$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(isbn[i]);
  return Number(isbn[12]) === (10 - (sum % 10)) % 10;
}

/** IsRequestURI: url.ParseRequestURI succeeds (k8s/go-net-url.ts). */
export function isRequestUri(s: string): boolean {
  return typeof goUrl.parseRequestURI(goUrl.bytesOf(s)) !== 'string';
}
