import { useCallback, useState } from 'react';
import type { MessageKey } from '@portal/shared';

export type GeoState =
  { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; accuracy: number } | { kind: 'error'; key: MessageKey };

/**
 * One press fills latitude and longitude from the phone's GPS (spec 1 §2 gMap; product brief
 * "captures GPS for gMap"). Refusal, no fix and a timeout each get their own Bangla message,
 * and typing by hand always stays possible.
 */
export function useGeolocation(onPosition: (latitude: string, longitude: string) => void) {
  const [state, setState] = useState<GeoState>({ kind: 'idle' });
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'error', key: 'application.gps.unsupported' });
      return;
    }
    setState({ kind: 'working' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onPosition(pos.coords.latitude.toFixed(6), pos.coords.longitude.toFixed(6));
        setState({ kind: 'done', accuracy: Math.round(pos.coords.accuracy) });
      },
      (err) => {
        const key: MessageKey =
          err.code === err.PERMISSION_DENIED
            ? 'application.gps.denied'
            : err.code === err.TIMEOUT
              ? 'application.gps.timeout'
              : 'application.gps.unavailable';
        setState({ kind: 'error', key });
      },
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  }, [onPosition]);
  return { state, locate };
}
