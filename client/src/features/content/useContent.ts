import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';

/**
 * One GET for a content screen: the answer, a failure to show in Bangla, and a way to try again
 * (spec README defect 5: the legacy left failed reads blank).
 */
export function useContent<T>(path: string): {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (update: (prev: T | undefined) => T | undefined) => void;
} {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    api<T>(path)
      .then((fresh) => live && setDataState(fresh))
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback((update: (prev: T | undefined) => T | undefined) => setDataState(update), []);
  return { data, error, loading, reload, setData };
}
