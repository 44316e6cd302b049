import type { ProblemBody } from '@portal/shared/problems';
import type { EditView, OverrideRequest } from '@portal/shared/schemas/register-edit';
import { ApiError } from '../../api/client';
import { staffApi, newClientActionId } from '../staff/staffApi';
import { markSignedOut } from '../staff/useMe';

/** The edit view's API (docs/decisions/038-edit-view-and-override.md), all online: an officer edits at the office. */
export const editPath = (id: string) => `/api/staff/register/applications/${encodeURIComponent(id)}`;

export function fetchEditView(id: string): Promise<EditView> {
  return staffApi<EditView>(`${editPath(id)}/edit`);
}

export function saveEditedFields(id: string, version: number, fields: Record<string, unknown>): Promise<EditView> {
  return staffApi<EditView>(`${editPath(id)}/edit`, { method: 'PUT', json: { version, fields } });
}

export function overrideStage(id: string, body: Omit<OverrideRequest, 'clientActionId'>): Promise<EditView> {
  return staffApi<EditView>(`${editPath(id)}/override`, {
    method: 'POST',
    json: { ...body, clientActionId: newClientActionId() },
  });
}

const NETWORK = () =>
  new ApiError(0, 'NETWORK', 'সংযোগ পাওয়া যাচ্ছে না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।', 'No connection.');

/**
 * One document as raw bytes with upload progress: fetch cannot report how much of a body has left
 * the phone, XMLHttpRequest can. Answers and refusals are read as api() reads them (ApiError with
 * the server's Bangla message).
 */
export function uploadDocument(
  id: string,
  slot: string,
  file: Blob & { name: string },
  onProgress: (fraction: number) => void,
): Promise<EditView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${editPath(id)}/files/${encodeURIComponent(slot)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    // Header values must be Latin-1; Bangla file names travel percent-encoded.
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name.slice(0, 255)));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(NETWORK());
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as EditView);
        return;
      }
      // As staffApi: the session ended, so the shell takes the officer to the sign-in page.
      if (xhr.status === 401) markSignedOut();
      const problem = (body as ProblemBody | undefined)?.error;
      reject(
        problem
          ? new ApiError(xhr.status, problem.code, problem.message, problem.messageEn, problem)
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, NETWORK().messageBn, NETWORK().messageEn),
      );
    };
    xhr.send(file);
  });
}
