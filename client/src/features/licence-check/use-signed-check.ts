import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchOfficeKey, keptKey } from './office-key';
import { fetchLiveLicence, type LiveResult } from './live-check';
import { fromBase64Url, readSignedLicence, signatureValid, type SignedFacts } from './signed-licence';

/**
 * The check of a scanned licence link, offline first: the signature is checked against the key this
 * device kept as soon as the page opens; the published key is fetched (and kept) in the meantime,
 * and the live record is asked for only for a paper whose signature is valid or cannot be checked.
 * A paper that names its office (payload version 2) is checked against that office's key and
 * record, whichever office's site it is opened on; one that does not, against this site's office.
 */
export type Verdict =
  | { kind: 'checking' }
  /** Altered payload, forged signature, or a link that is not a licence's. */
  | { kind: 'forged' }
  | { kind: 'valid'; facts: SignedFacts }
  /** Signed with a key this portal does not publish (or for an office it does not know) and this device never saw. */
  | { kind: 'unknown-key'; facts: SignedFacts }
  /** No kept key and no network to fetch one. */
  | { kind: 'no-key'; facts: SignedFacts };

export interface SignedCheck {
  verdict: Verdict;
  /** Null while asking (or when not asked: forged, no fragment). */
  live: LiveResult | null;
}

export function useSignedCheck(fragment: string): SignedCheck {
  const [state, setState] = useState<SignedCheck>({ verdict: { kind: 'checking' }, live: null });
  useEffect(() => {
    let cancelled = false;
    const set = (next: SignedCheck) => {
      if (!cancelled) setState(next);
    };
    const licence = readSignedLicence(fragment);
    if (!licence) {
      set({ verdict: { kind: 'forged' }, live: null });
      return;
    }
    const { facts } = licence;
    const { office } = facts;
    const judge = (key: Uint8Array): Verdict =>
      signatureValid(licence, key) ? { kind: 'valid', facts } : { kind: 'forged' };
    const kept = keptKey(facts.keyId);
    let verdict: Verdict = kept ? judge(kept) : { kind: 'checking' };
    set({ verdict, live: null });

    void (async () => {
      if (!kept) {
        try {
          const published = await fetchOfficeKey(office);
          const raw = published.keyId === facts.keyId ? fromBase64Url(published.publicKey) : null;
          verdict = raw ? judge(raw) : { kind: 'unknown-key', facts };
        } catch (err) {
          // An office this portal does not know publishes no key here: not a network failure.
          const unknownOffice = err instanceof ApiError && err.status === 404;
          verdict = unknownOffice ? { kind: 'unknown-key', facts } : { kind: 'no-key', facts };
        }
        set({ verdict, live: null });
      } else {
        // Keep the device's copy fresh for the next offline check; the verdict above stands.
        fetchOfficeKey(office).catch(() => undefined);
      }
      if (verdict.kind === 'forged') return;
      set({ verdict, live: await fetchLiveLicence(facts.number, office) });
    })();
    return () => {
      cancelled = true;
    };
  }, [fragment]);
  return state;
}
