/**
 * How many text-message parts a message takes, as the counter under the message box says: a text in
 * the GSM alphabet fits 160 characters (153 a part when split), anything else, Bangla included, is
 * sent as UCS-2 with 70 (67) characters (the same arithmetic as server/src/modules/sms/messages.ts).
 */
const GSM = /^[\n\r A-Za-z0-9@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;

export function smsLength(text: string): number {
  return [...text].length;
}

export function smsParts(text: string): number {
  const n = smsLength(text);
  if (n === 0) return 0;
  const [single, part] = GSM.test(text) ? [160, 153] : [70, 67];
  return n <= single ? 1 : Math.ceil(n / part);
}
