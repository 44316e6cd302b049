import type { Page } from 'playwright-core';
import { bn } from '../../shared/src/i18n/index.js';
import { pdf, png } from './files.js';

/**
 * The new-licence form at /new-application (spec 1 §2-§5) as a citizen fills it on a phone: every
 * required field in Bangla digits and the six documents. Shared by the scenarios that submit it.
 */
export const NEW_LICENCE_DOCS = {
  photo: { name: 'photo.png', mimeType: 'image/png', buffer: png(1) },
  signature: { name: 'signature.png', mimeType: 'image/png', buffer: png(2) },
  nid: { name: 'nid.pdf', mimeType: 'application/pdf', buffer: pdf(3) },
  landRecord: { name: 'dolil.pdf', mimeType: 'application/pdf', buffer: pdf(4) },
  landTaxReceipt: { name: 'khajna.png', mimeType: 'image/png', buffer: png(5) },
  mouzaMap: { name: 'mouza.pdf', mimeType: 'application/pdf', buffer: pdf(6) },
};

export const APPLICANT_MOBILE = '01712345678';

export async function fillNewLicenceForm(page: Page, opts: { applicantName?: string } = {}): Promise<void> {
  await page.locator('#f-applicantName').fill(opts.applicantName ?? 'রহিম উদ্দিন');
  await page.locator('#f-fatherName').fill('করিম উদ্দিন');
  await page.locator('#f-mobile').fill('০১৭১২৩৪৫৬৭৮');
  await page.locator('#f-upazila').fill('শিবগঞ্জ');
  await page.locator('#f-village').fill('কানসাট');
  await page.locator('#f-union').fill('কানসাট');
  await page.locator('#f-postOffice').fill('কানসাট');
  await page.locator('#f-mouza').fill('কানসাট');
  await page.locator('#f-jlNumber').fill('১২');
  await page.locator('#f-khotian').fill('৩৪');
  await page.locator('#f-dagNumber').fill('৫৬');
  await page.locator('#f-wellClass').selectOption('deep');
  await page.locator('#f-wellSize').selectOption('1.0');
  await page.locator('#f-pumpType').selectOption('electric');
  await page.locator('#f-advanceFee').fill('৫০০');
  await page.locator('#f-latitude').fill('২৪.৬৮');
  await page.locator('#f-longitude').fill('৮৮.১৬');
  for (const [slot, file] of Object.entries(NEW_LICENCE_DOCS)) await page.locator(`#file-${slot}`).setInputFiles(file);
  await page.locator('input[name="agreed"]').check();
}

/** "Check your answers", then the button that queues the application (the "send" of docs/decisions/018-service-targets.md). */
export async function openReview(page: Page) {
  await page.getByRole('button', { name: bn['application.toReview'] }).click();
  const send = page.getByRole('button', { name: bn['application.review.submit'] });
  await send.waitFor();
  return send;
}
