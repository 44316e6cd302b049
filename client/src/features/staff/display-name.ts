import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

/**
 * What the portal calls a signed-in officer (docs/decisions/056-staff-names.md): their own name;
 * for an account made before names were asked, their role ("ইউএনও"). Never the e-mail address,
 * which is a login, not a way to address a person. `name` may be missing from a copy of the
 * account this phone kept before names existed.
 */
export function staffDisplayName(me: Pick<Me, 'role'> & { name?: string | null }, t: T): string {
  if (me.name) return me.name;
  return me.role ? t(`staff.role.${me.role}` as MessageKey) : t('staff.role.none');
}

/** The first letter a person would write of a name (a whole Bangla syllable such as "মো", not half of it). */
export function firstLetter(text: string): string {
  const trimmed = text.trim();
  // Firefox before 125 has no Segmenter: one code point is still a readable letter there.
  if (typeof Intl.Segmenter !== 'function') return Array.from(trimmed)[0] ?? '';
  const [first] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(trimmed);
  return first?.segment ?? '';
}
