import { useCallback, useEffect, useState } from 'react';
import { staffApi } from '../staff/staffApi';

/**
 * One staff GET for the resolution screens: the answer, the failure to show in Bangla, and a way
 * to try again (spec README defect 5). Through staffApi, so an ended session goes to sign-in.
 */
export function useStaffGet<T>(path: string): {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
} {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setError(null);
    staffApi<T>(path, { signal: ctl.signal }).then(
      (fresh) => {
        if (ctl.signal.aborted) return;
        setData(fresh);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}
