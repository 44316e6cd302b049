import { useEffect, useState } from 'react';
import { packDocument } from './store';

/**
 * The address a document opens from: the field pack's copy when the phone has it (an object URL,
 * so it opens with no signal), else the server's private URL (docs/decisions/031-field-pack.md).
 * The pack's bytes were checked against the file's SHA-256 when they were stored, so they are the
 * server's file, and using them online too spends no data.
 */
export function usePackFileUrl(file: { id: string; url: string } | undefined): string | undefined {
  const [local, setLocal] = useState<{ id: string; url: string } | null>(null);
  const id = file?.id;
  useEffect(() => {
    if (!id) return;
    let live = true;
    let url: string | null = null;
    void packDocument(id).then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setLocal({ id, url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setLocal(null);
    };
  }, [id]);
  if (!file) return undefined;
  return local?.id === file.id ? local.url : file.url;
}
