import type { StaffRole } from '@portal/shared/constants';

/** Where each role's lists are (spec 3 §2), for "back" links and where a screen goes after a decision. */
export const UNSEEN_LIST: Partial<Record<StaffRole, string>> = {
  Chairman: '/admin-page/Unseen',
  UNO: '/admin-page/unounseen',
  BADC: '/admin-page/bunseen',
};
export const SEEN_LIST: Partial<Record<StaffRole, string>> = {
  Chairman: '/admin-page/Seen',
  UNO: '/admin-page/unoseen',
  BADC: '/admin-page/bseen',
};
export const HOME = '/admin-page';
