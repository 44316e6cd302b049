import { ApiError } from '../../api/client';

/**
 * Fetches a CSV export and hands it to the browser as a download with the server's file name.
 * Fetched (not a plain link) so that a refusal or a lost connection is shown in Bangla instead of
 * a broken download; a refusal is thrown as the API's error.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  // A lost connection rejects with a TypeError, which the caller names in Bangla.
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code: string; message: string; messageEn: string };
    } | null;
    const e = body?.error;
    throw new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? '', e?.messageEn ?? '');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
