import type { offline as bn } from '../bn/offline.js';

/** English messages: offline. */
export const offline: Record<keyof typeof bn, string> = {
  'offline.error.network': 'No connection. It will be sent again by itself when the connection returns.',
  'offline.error.server': 'The server has a temporary problem. It will be sent again by itself shortly.',
  'offline.error.refused': 'The server did not accept it.',
  'offline.error.fileMissing':
    'A file can no longer be found on this phone. Delete this application and make it again.',
  'offline.error.otherOfficer':
    'Waiting for {officer} to sign in on this device: the decision is sent only under their name.',
  'offline.error.officerUnknown':
    'This device does not record which officer made this decision, so it was not sent. Delete it and decide again.',
  'offline.storageLow':
    'This phone is running out of space. Free some space or export a backup so unsent applications are not lost.',
  'offline.indicator': 'Unsent: {count}',
  'offline.saved.title': 'Applications saved on this phone',
  'offline.saved.intro':
    'Without a connection an application is kept on this phone and sent by itself when the connection returns. Closing this page loses nothing.',
  'offline.saved.empty': 'No applications are saved on this phone.',
  'offline.saved.newApplication': 'Make a new application',
  'offline.status.saved': 'Saved on this phone, waiting to be sent',
  'offline.status.sending': 'Sending…',
  'offline.status.received': 'Received by the office',
  'offline.status.files-pending': 'Application received, files still to send',
  'offline.status.failed': 'Could not be sent',
  'offline.status.conflict': 'Someone else decided first',
  'offline.files': 'Files: {done}/{total}',
  'offline.createdAt': 'Saved at: {when}',
  'offline.number': 'Application number: {number}',
  'offline.reference': 'Reference number: {number}',
  'offline.reason': 'Reason: {reason}',
  'offline.lastTry': 'Last try: {reason}',
  'offline.retry': 'Send again',
  'offline.sendNow': 'Try to send now',
  'offline.edit': 'Correct and send again',
  'offline.delete': 'Delete',
  'offline.deleteConfirm':
    'Delete this application from this phone? If it has not reached the office it cannot be recovered.',
  'offline.print': 'Print the application ({form})',
  'offline.export': 'Download a backup file',
  'offline.exportHint':
    'The backup file holds every application and file kept on this phone. Keep it before clearing the browser.',
  'offline.update.available': 'A new version of the portal is available.',
  'offline.update.reload': 'Start the new version',
  'offline.update.waitUpload': 'The new version will start when the files have been sent.',
  'offline.update.later': 'Later',
};
