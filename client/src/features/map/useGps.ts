import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';

export interface Fix {
  latitude: number;
  longitude: number;
  /** Metres, rounded: the radius the phone is 68% sure of. */
  accuracy: number;
}

export type GpsState =
  { kind: 'idle' } | { kind: 'working' } | { kind: 'fix'; fix: Fix } | { kind: 'error'; key: MessageKey };

/**
 * One press asks the phone for its position. Refusal, no fix and a timeout each have their own
 * Bangla message (the application catalogue's), and typing by hand always stays possible. The
 * caller decides what to do with the fix (a position outside Bangladesh is refused there).
 */
export function useGps(onFix: (fix: Fix) => void) {
  const [state, setState] = useState<GpsState>({ kind: 'idle' });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'error', key: 'application.gps.unsupported' });
      return;
    }
    setState({ kind: 'working' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (!live.current) return;
        const fix = {
          latitude: pos.coords.latitude,
          longitude: pos.coords.longitude,
          accuracy: Math.round(pos.coords.accuracy),
        };
        setState({ kind: 'fix', fix });
        onFix(fix);
      },
      (err) => {
        if (!live.current) return;
        const key: MessageKey =
          err.code === err.PERMISSION_DENIED
            ? 'application.gps.denied'
            : err.code === err.TIMEOUT
              ? 'application.gps.timeout'
              : 'application.gps.unavailable';
        setState({ kind: 'error', key });
      },
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 10_000 },
    );
  }, [onFix]);
  const clear = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, locate, clear };
}
