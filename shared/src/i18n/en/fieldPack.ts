import type { fieldPack as bn } from '../bn/fieldPack.js';

/** English messages of the field pack. Same keys as ../bn/fieldPack.ts. */
export const fieldPack: Record<keyof typeof bn, string> = {
  'fieldPack.menu': 'Field pack',

  'fieldPack.select.start': 'Select for the field',
  'fieldPack.select.cancel': 'Stop selecting',
  'fieldPack.select.all': 'Select all in this list',
  'fieldPack.select.mine': 'Select all in my unseen and pending lists',
  'fieldPack.select.count': '{count} applications selected',
  'fieldPack.select.row': 'Select application no. {number}',
  'fieldPack.select.allFailed': 'Could not fetch the whole list: {message}',
  'fieldPack.col.select': 'Select',
  'fieldPack.col.offline': 'Offline',
  'fieldPack.badge.ready': '✓ Ready offline',
  'fieldPack.badge.preparing': 'Half downloaded',
  'fieldPack.prepare': 'Prepare for the field',

  'fieldPack.dialog.title': 'Keep on this phone for the field',
  'fieldPack.dialog.estimating': 'Fetching the applications to work out the size…',
  'fieldPack.dialog.count':
    '{count} applications: their details, documents, photo and the map around each well will be kept on this phone.',
  'fieldPack.dialog.documents': 'Documents and photos: about {size}',
  'fieldPack.dialog.tiles': 'Map: about {count} tiles, about {size} (zoom {from}–{to}, 1 km around each well)',
  'fieldPack.dialog.total': 'In all about {size}; limit {cap}',
  'fieldPack.dialog.noTiles':
    'There is no map source for offline use, so no map is downloaded. With no connection the map shows only what was viewed before.',
  'fieldPack.dialog.cut': 'To stay under the limit the map is kept up to zoom {zoom}; closer zooms are left out.',
  'fieldPack.dialog.dropped':
    'Everything with the map does not fit under the limit, so no map is downloaded; only the applications and documents are kept.',
  'fieldPack.dialog.refused':
    'The documents alone are about {size}, over the limit of {cap}. Choose fewer applications.',
  'fieldPack.dialog.noPosition': '{count} applications have no well position, so no map is kept for them.',
  'fieldPack.dialog.start': 'Start downloading',
  'fieldPack.dialog.close': 'Close',
  'fieldPack.dialog.progressLabel': 'Progress of the field download',
  'fieldPack.dialog.progress': '{done} / {total} parts downloaded ({size})',
  'fieldPack.dialog.done': '{count} applications now open with no connection.',
  'fieldPack.dialog.capReached': 'The size limit was reached, so part of the map was left out.',
  'fieldPack.dialog.failed':
    'The download stopped halfway. What arrived is on the phone; once connected, continue it from the “Field pack” screen.',
  'fieldPack.dialog.fetchFailed': 'Could not fetch the applications: {message}',
  'fieldPack.persist.granted':
    'The phone keeps this data for good; the browser will not delete it when space runs low.',
  'fieldPack.persist.denied':
    'The browser did not grant persistent storage: if the phone runs very short of space the kept data may be deleted. Release it when the work is done.',
  'fieldPack.persist.unknown': 'This browser does not say whether storage is persistent.',
  'fieldPack.storage.estimate': 'The portal uses {usage} on this phone; the browser can give about {quota}.',

  'fieldPack.page.title': 'Field pack',
  'fieldPack.page.prepareMine': 'Prepare every application in my unseen and pending lists',
  'fieldPack.page.gathering': 'Fetching the lists…',
  'fieldPack.page.nothingToPrepare': 'Your unseen and pending lists are empty.',
  'fieldPack.page.intro':
    'These applications are kept on this phone: their details, documents and map open with no connection. Release them when the field work is done.',
  'fieldPack.page.empty': 'Nothing kept yet. Choose applications on a BADC list and press “Prepare for the field”.',
  'fieldPack.page.total': '{count} applications, {size} in all',
  'fieldPack.page.row': 'Application no. {number}',
  'fieldPack.page.preparedAt': 'Kept {when}',
  'fieldPack.page.contents': '{documents} documents, {tiles} map tiles, {size}',
  'fieldPack.page.open': 'Open',
  'fieldPack.page.release': 'Release from this phone',
  'fieldPack.page.releaseConfirm': 'Release application no. {number} from this phone?',
  'fieldPack.page.releaseBody':
    'Its documents and map are deleted from the phone and will no longer open offline. The application on the server stays as it is.',
  'fieldPack.page.released': 'Application no. {number} was released from this phone.',
  'fieldPack.page.incomplete': 'Not fully downloaded',
  'fieldPack.page.resume': 'Download the rest',
  'fieldPack.page.resumeDone': 'The rest was downloaded.',
};
