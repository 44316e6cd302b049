import type { MessageKey } from '@portal/shared/i18n/index';
import { isMessageKey } from '../../i18n/messages';
import {
  RESOLUTION_SPAN_MAX,
  RESOLUTION_TITLE_MAX,
  resolutionInputSchema,
  type ParsedResolutionInput,
} from '@portal/shared/schemas/resolutions';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { TextField } from '../staff/TextField';

/**
 * The title and the range of application numbers, as the create form and the edit screen ask them
 * (spec 2 §2; docs/decisions/036-resolutions.md). Checked here with the server's own schema, so a
 * range that is not one is marked before anything is sent; the server checks again.
 */
export interface ResolutionDraft {
  title: string;
  rangeFrom: string;
  rangeTo: string;
}
export type ResolutionErrors = Partial<Record<keyof ResolutionDraft | 'html', MessageKey>>;

export function validateResolution(
  draft: ResolutionDraft,
  html: string,
): { input: ParsedResolutionInput | null; errors: ResolutionErrors } {
  const parsed = resolutionInputSchema.safeParse({ ...draft, html });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: ResolutionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'title') as keyof ResolutionErrors;
    errors[field] ??= isMessageKey(issue.message) ? issue.message : 'v.required';
  }
  return { input: null, errors };
}

/** The server's field messages arrive in Bangla already (ApiError.body.fields). */
export type FieldMessages = Partial<Record<keyof ResolutionDraft | 'html', string>>;

export function ResolutionFields({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string;
  draft: ResolutionDraft;
  onChange: (draft: ResolutionDraft) => void;
  errors: FieldMessages;
}) {
  const t = useT();
  const f = useFormat();
  const set = (key: keyof ResolutionDraft) => (value: string) => onChange({ ...draft, [key]: value });
  return (
    <div className="space-y-3">
      <TextField
        id={`${idPrefix}-title`}
        label={t('resolutions.field.title')}
        value={draft.title}
        onChange={set('title')}
        maxLength={RESOLUTION_TITLE_MAX}
        required
        error={errors.title}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-from`}
          label={t('resolutions.field.rangeFrom')}
          value={draft.rangeFrom}
          onChange={set('rangeFrom')}
          inputMode="numeric"
          maxLength={12}
          required
          error={errors.rangeFrom}
        />
        <TextField
          id={`${idPrefix}-to`}
          label={t('resolutions.field.rangeTo')}
          value={draft.rangeTo}
          onChange={set('rangeTo')}
          inputMode="numeric"
          maxLength={12}
          required
          error={errors.rangeTo}
        />
      </div>
      <p className="text-sm text-gray-600">{t('resolutions.field.rangeHint', { max: f.num(RESOLUTION_SPAN_MAX) })}</p>
    </div>
  );
}
