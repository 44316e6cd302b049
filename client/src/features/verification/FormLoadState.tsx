import { useT } from '../../i18n/locale';
import { ProblemNotice } from './ProblemNotice';
import type { FormLoad } from './useCitizenForm';

/**
 * The verified application's form while it loads, or why it could not be read (with a retry). An
 * ended verification shows nothing here: useCitizenForm has already sent the person back to the
 * code form.
 */
export function FormLoadState({ load, retry }: { load: Exclude<FormLoad, { kind: 'ready' }>; retry: () => void }) {
  const t = useT();
  if (load.kind === 'loading') {
    return (
      <p role="status" className="p-4 text-center text-gray-600">
        {t('verification.loadingForm')}
      </p>
    );
  }
  return load.error.code === 'VERIFICATION_REQUIRED' ? null : <ProblemNotice error={load.error} onRetry={retry} />;
}
