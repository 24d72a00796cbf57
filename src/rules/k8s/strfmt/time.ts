/**
 * strfmt's "date" and "datetime" validators (kube-openapi
 * pkg/validation/strfmt/date.go IsDate and time.go IsDateTime, at the commit
 * Kubernetes 1.36 pins, 43fb72c5454a).
 */

/**
 * IsDate: Go's time.Parse("2006-01-02", s): a year of four digits (the first
 * must be a digit, and time's atoi refuses a sign after it), a two-digit
 * month 01-12, a two-digit day that exists in that month, nothing after.
 */
export function isDate(s: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day >= 1 && day <= days;
}

/**
 * DateTimePattern, on what follows the first "t": Go's `.` (any character but
 * a newline) before the fraction's digits, "z" or an offset whose numbers are
 * not range-checked.
 */
const TIME_PART = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** strings.ToLower for what can matter here: ASCII letters (a non-ASCII rune stays one rune in Go, and only `.` can match it). */
const asciiLower = (s: string): string => s.replace(/[A-Z]/g, c => c.toLowerCase());

/**
 * IsDateTime: at least four bytes; split on "t" after lowercasing, the first
 * part a date (IsDate), the second matching DateTimePattern with an hour up to
 * 23, minutes and seconds up to 59. Parts after a second "t" are ignored.
 */
export function isDateTime(s: string): boolean {
  if (Buffer.byteLength(s, 'utf8') < 4) return false;
  const parts = asciiLower(s).split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = TIME_PART.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}
