/** Bangla digits ০-৯ are accepted wherever digits are (docs/decisions/018-service-targets.md; enketo#35). */
const BN = '০১২৩৪৫৬৭৮৯';

/** Turns Bangla digits into Latin ones; everything else is left as it is. */
export function toLatinDigits(input: string): string {
  return input.replace(/[০-৯]/g, (d) => String(BN.indexOf(d)));
}

/** Turns Latin digits into Bangla ones, for printed documents and Bangla screens. */
export function toBanglaDigits(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => BN[Number(d)]!);
}

/**
 * A Bangladeshi mobile number as 01XXXXXXXXX, from what a person types:
 * Bangla or Latin digits, spaces or dashes, with or without +88 / 88. Null when it is not one.
 */
export function normaliseMobile(input: string): string | null {
  const digits = toLatinDigits(input)
    .replace(/[\s-]/g, '')
    .replace(/^\+?88(?=01)/, '');
  return /^01[3-9]\d{8}$/.test(digits) ? digits : null;
}

/** 01XXXXXXXXX → 8801XXXXXXXXX, the form the SMS gateway takes. */
export function mobileToInternational(mobile: string): string {
  return `88${mobile}`;
}
