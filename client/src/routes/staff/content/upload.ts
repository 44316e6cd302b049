import { staffApi } from '../../../features/staff/staffApi';

/** Sends one file as raw bytes (the server sniffs its type and limits its size; docs/decisions/018-service-targets.md one file per request). */
export function uploadFile<T>(path: string, file: File, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  return staffApi<T>(path, {
    method,
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
}
