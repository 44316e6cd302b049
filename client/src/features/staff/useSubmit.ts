import { useCallback, useState } from 'react';
import { useFormat } from './format';
import { fieldErrors } from './TextField';

/**
 * The state a staff form keeps around one request: busy while it runs, the server's message in the
 * reader's language and its field messages when it fails. One hook so every form answers a failed
 * request the same way (issue 22 asked the repeated copies gone).
 */
export function useSubmit() {
  const f = useFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  /** The form's own checks before any request: clears the last message, shows these; true when none. */
  const check = useCallback((problems: Record<string, string>) => {
    setError(null);
    setFields(problems);
    return Object.keys(problems).length === 0;
  }, []);

  /** Runs the request; field messages stay until the form clears them (some keep them on success). */
  const submit = useCallback(
    async (run: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await run();
      } catch (err) {
        setError(f.error(err));
        setFields(fieldErrors(err));
      } finally {
        setBusy(false);
      }
    },
    [f],
  );

  return { busy, error, fields, setError, setFields, check, submit };
}
