import { common } from './common.js';
import { problems } from './problems.js';
import { application } from './application.js';
import { intake } from './intake.js';
import { verification } from './verification.js';
import { review } from './review.js';
import { staff } from './staff.js';
import { decisions } from './decisions.js';
import { licence } from './licence.js';
import { auth } from './auth.js';
import { offline } from './offline.js';
import { sms } from './sms.js';
import { services } from './services.js';
import { content } from './content.js';
import { home } from './home.js';
import { licenceCheck } from './licenceCheck.js';
import { visits } from './visits.js';
import { fieldVisit } from './fieldVisit.js';
import { mapServer } from './map-server.js';
import { map } from './map.js';
import { tiles } from './tiles.js';
import { fieldPack } from './fieldPack.js';
import { register } from './register.js';
import { resolutions } from './resolutions.js';
import { registerEdit } from './registerEdit.js';
import { geoItems } from './geoItems.js';
import { oldRecords } from './oldRecords.js';
import { audit } from './audit.js';
import { deadlines } from './deadlines.js';
import { offices } from './offices.js';
import { areaRegister } from './areaRegister.js';
import { areaAccess } from './areaAccess.js';
import { boundaryMove } from './boundaryMove.js';

/** Every Bangla message, merged from the feature files beside this one. */
export const bn = {
  ...common,
  ...problems,
  ...application,
  ...intake,
  ...verification,
  ...review,
  ...staff,
  ...decisions,
  ...licence,
  ...auth,
  ...offline,
  ...sms,
  ...services,
  ...content,
  ...home,
  ...licenceCheck,
  ...visits,
  ...fieldVisit,
  ...mapServer,
  ...map,
  ...tiles,
  ...fieldPack,
  ...register,
  ...resolutions,
  ...registerEdit,
  ...geoItems,
  ...oldRecords,
  ...audit,
  ...deadlines,
  ...offices,
  ...areaRegister,
  ...areaAccess,
  ...boundaryMove,
};
