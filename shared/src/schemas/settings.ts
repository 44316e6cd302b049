import { z } from 'zod';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, isTileUrl } from '../geo/tiles.js';
import { servedTileArchiveSchema } from './tiles.js';
import { holidaysSchema, stageTargetsSchema } from './deadline-settings.js';

const onOff = z.enum(['ON', 'OFF']);
const seenUnseen = z.enum(['Seen', 'Unseen']);
export const STAGES = [
  'StepOne',
  'StepTwo',
  'StepThree',
  'Pending',
  'Approvable',
  'NotApprovable',
  'Approved',
  'Decline',
] as const;
export const stageSchema = z.enum(STAGES);
export type Stage = (typeof STAGES)[number];

/**
 * Site settings (spec 2 §3 baseData). Legacy names are kept here because the Admin knows them
 * by these names on the base-setting screen. smsToken is write-only: GET answers it masked.
 * Every sms_* switch is read where its text is queued; the legacy sms_application_validation
 * switched nothing (the one-time code is always sent) and was removed: a stored copy is ignored
 * (docs/decisions/025-amendment-and-consent.md).
 */
export const siteSettingsSchema = z.object({
  websiteName: z.string().max(200).default(''),
  websiteTitle: z.string().max(200).default('উপজেলা সেচ নলকূপ লাইসেন্স'),
  description: z.string().max(1000).default(''),
  authorName: z.string().max(200).default(''),
  address: z.string().max(200).default(''), // upazila
  jilla: z.string().max(200).default(''), // district
  phone1: z.string().max(40).default(''),
  phone2: z.string().max(40).default(''),
  email1: z.string().max(200).default(''),
  email2: z.string().max(200).default(''),
  copyright: z.string().max(300).default(''),
  headline: z.string().max(1000).default(''),
  webUrl: z.string().max(300).default(''),
  gmap: z.string().max(1000).default(''),
  officeLatitude: z.coerce.number().min(20).max(27).default(23.8103),
  officeLongitude: z.coerce.number().min(88).max(93).default(90.4125),
  /** The tiles of every map and their credit, shown as plain text (docs/decisions/029-map-picker-and-live-map.md). */
  mapTileUrl: z.string().trim().max(500).refine(isTileUrl, { error: 'map.v.tileUrl' }).default(DEFAULT_TILE_URL),
  mapTileAttribution: z.string().trim().max(300).default(DEFAULT_TILE_ATTRIBUTION),
  /** The Admin's word that the tile host allows offline copies (field packs); OpenStreetMap's does not (decision 033). */
  mapTilesPackable: z.boolean().default(false),
  staffMobile: z.string().max(1000).default(''),
  others1: onOff.default('ON'), // online application open
  others2: z.string().max(1000).default('এই মুহূর্তে অনলাইনে নতুন আবেদন গ্রহণ বন্ধ আছে।'), // closed message
  licenseOnline: onOff.default('ON'),
  autoForwardChairman: seenUnseen.default('Unseen'),
  autoForwardUNO: seenUnseen.default('Unseen'),
  autoForwardBADC: seenUnseen.default('Unseen'),
  destination: stageSchema.default('StepOne'),
  sms_new_application_submit: onOff.default('ON'),
  sms_renew_application_submit: onOff.default('ON'),
  sms_application_recheck: onOff.default('ON'),
  sms_application_approved: onOff.default('ON'),
  sms_application_decline: onOff.default('ON'),
  sms_application_suspend: onOff.default('ON'),
  /** A reminder text before a licence's validity ends, once per licence and period (decision 022). */
  sms_licence_expiry: onOff.default('ON'),
  /** How many days before the end of validity the reminder goes (1..365). */
  licence_expiry_reminder_days: z.coerce.number().int().min(1).max(365).default(30),
  /** The approval and decline texts of a name or plot change (spec 3 §2 change review). */
  sms_change_approved: onOff.default('ON'),
  sms_change_decline: onOff.default('ON'),
  /** Gateway URL and token; configuration (SMS_GATEWAY_URL/TOKEN) wins when set. Never sent to a browser. */
  smsGatewayUrl: z.string().max(500).default(''),
  smsToken: z.string().max(500).default(''),
  /** Working-day targets per stage and the holidays they skip (docs/decisions/040-stage-deadlines.md). */
  stageTargets: stageTargetsSchema,
  holidays: holidaysSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /api/admin/settings: as stored, but the token only as a mask ("••••1234") and whether it is set. */
export const adminSettingsResponseSchema = siteSettingsSchema.extend({ smsTokenSet: z.boolean() });
/**
 * PUT /api/admin/settings: every field; an empty smsToken (or the mask) keeps the stored one, and
 * clearSmsToken removes it. A new smsGatewayUrl needs the token typed again while one is stored
 * (docs/decisions/015-abuse-limits-and-exports.md).
 */
export const updateSettingsSchema = siteSettingsSchema.partial().extend({ clearSmsToken: z.boolean().optional() });

/** GET /api/public/settings: what any visitor may read. */
const publicSiteSettings = siteSettingsSchema.pick({
  websiteName: true,
  websiteTitle: true,
  description: true,
  address: true,
  jilla: true,
  phone1: true,
  phone2: true,
  email1: true,
  copyright: true,
  headline: true,
  webUrl: true,
  gmap: true,
  officeLatitude: true,
  officeLongitude: true,
  mapTileUrl: true,
  mapTileAttribution: true,
  others1: true,
  others2: true,
  licenseOnline: true,
});
export const publicSettingsSchema = publicSiteSettings.extend({
  /** The portal's own tile archive, when it serves one and the Admin kept the default tile address (decision 033). */
  mapTileArchive: servedTileArchiveSchema.nullable().default(null),
  /**
   * This address is the national one (no office; docs/decisions/057-offices.md): its staff pages
   * offer no new account, since an account is made for an office.
   */
  national: z.boolean().default(false),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const localityKindSchema = z.enum(['union', 'post']);
export const localitySchema = z.object({ id: z.number().int(), kind: localityKindSchema, name: z.string() });
export type Locality = z.infer<typeof localitySchema>;
export const localityInputSchema = z.object({
  kind: localityKindSchema,
  name: z.string().trim().min(1, { error: 'v.required' }).max(120),
});
export const localityListSchema = z.object({ unions: z.array(localitySchema), posts: z.array(localitySchema) });
