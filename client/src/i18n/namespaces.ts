/**
 * Which message files (shared/src/i18n/bn/*.ts, "namespaces") hold the keys of each key prefix, so
 * that a key can fetch its own file (messages.ts). Most prefixes live in the file of their name;
 * the staff files also carry a few decision and problem texts of their own. namespaces.test.ts
 * checks this table against the files, so a new file or prefix cannot be forgotten here.
 */
export type Namespace =
  | 'application'
  | 'areaAccess'
  | 'areaRegister'
  | 'audit'
  | 'boundaryMove'
  | 'auth'
  | 'common'
  | 'content'
  | 'deadlines'
  | 'decisions'
  | 'fieldPack'
  | 'fieldVisit'
  | 'geoItems'
  | 'home'
  | 'intake'
  | 'licence'
  | 'licenceCheck'
  | 'map-server'
  | 'map'
  | 'offices'
  | 'offline'
  | 'oldRecords'
  | 'problems'
  | 'register'
  | 'registerEdit'
  | 'resolutions'
  | 'review'
  | 'services'
  | 'sms'
  | 'staff'
  | 'tiles'
  | 'verification'
  | 'visits';

export const NAMESPACES_BY_PREFIX: Record<string, readonly Namespace[]> = {
  app: ['common'],
  v: ['common'],
  common: ['common'],
  application: ['application'],
  areaMap: ['areaAccess'],
  areaRegister: ['areaRegister'],
  areaRoles: ['areaAccess'],
  audit: ['audit'],
  auth: ['auth'],
  boundaryMove: ['boundaryMove'],
  content: ['content'],
  deadlines: ['deadlines'],
  decisions: ['decisions', 'audit', 'register', 'registerEdit', 'visits'],
  fieldPack: ['fieldPack'],
  fieldVisit: ['fieldVisit'],
  geoItems: ['geoItems'],
  home: ['home'],
  intake: ['intake'],
  licence: ['licence'],
  licenceCheck: ['licenceCheck'],
  map: ['map', 'map-server'],
  offices: ['offices'],
  offline: ['offline'],
  oldRecords: ['oldRecords'],
  problem: ['problems', 'geoItems', 'oldRecords', 'register', 'resolutions', 'visits'],
  register: ['register'],
  registerEdit: ['registerEdit'],
  resolutions: ['resolutions'],
  review: ['review'],
  services: ['services'],
  sms: ['sms'],
  staff: ['staff'],
  tiles: ['tiles'],
  verification: ['verification'],
  visits: ['visits'],
};
