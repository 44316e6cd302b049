import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Real pictures for the demo data (docs/decisions/016-image-decoding-and-metadata.md): every
 * uploaded picture must decode, and people trying the portal should see what they will see in
 * use — a passport photo, a signature, scanned papers, a paddy field with its pump house. There
 * is no network and no licence-clean photo library at hand, so each picture is drawn here as an
 * SVG scene and saved as a JPEG at a real photo's size. Bangla text is set with the Noto fonts
 * shipped in server/assets/fonts (OFL), so the machine needs no fonts of its own. Everything is
 * drawn from a seed: a demo database looks the same every time.
 */

const fontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');

let fontsLoaded: Promise<void> | null = null;
/**
 * sharp's text input hands a font file to fontconfig for the whole process; the SVG renderer then
 * finds it by name like an installed font (checked with an empty fontconfig: tofu before, Bangla after).
 */
export function loadFonts(): Promise<void> {
  fontsLoaded ??= (async () => {
    for (const [family, file] of [
      ['Noto Sans Bengali', 'NotoSansBengali-Regular.ttf'],
      ['Noto Sans Bengali Bold', 'NotoSansBengali-Bold.ttf'],
      ['Noto Sans', 'NotoSans-Regular.ttf'],
      ['Noto Sans Bold', 'NotoSans-Bold.ttf'],
    ] as const) {
      await sharp({ text: { text: 'ক a', font: `${family} 12`, fontfile: path.join(fontDir, file) } })
        .png()
        .toBuffer();
    }
  })();
  return fontsLoaded;
}

/** A small deterministic random source (mulberry32), so the same seed draws the same picture. */
function random(seed: number): () => number {
  let a = (seed * 2654435761) >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * (hi - lo);
const r1 = (n: number) => Math.round(n * 10) / 10;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const bn = (n: number | string) => String(n).replace(/\d/g, (d) => BN_DIGITS[Number(d)]!);

/**
 * A soft shadow under a card or a sheet of paper, drawn without an SVG blur filter (librsvg's
 * feGaussianBlur over a page-sized shape was most of a picture's drawing time): the shape a few
 * times, each a little larger and fainter than the last, so that its edge fades out.
 */
function softShadow(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { rx?: number; opacity: number; spread: number },
): string {
  const steps = 6;
  let s = '';
  for (let i = steps; i >= 1; i--) {
    const g = (o.spread * i) / steps;
    s += `<rect x="${r1(x - g)}" y="${r1(y - g)}" width="${r1(w + 2 * g)}" height="${r1(h + 2 * g)}" rx="${r1((o.rx ?? 0) + g)}" fill="#000" opacity="${(o.opacity / steps).toFixed(3)}"/>`;
  }
  return s;
}

interface TextStyle {
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  latin?: boolean;
  extra?: string;
}
/** SVG text in the shipped fonts (Latin first for coordinates and English, Bangla otherwise). */
function t(x: number, y: number, content: string, s: TextStyle): string {
  const family = s.latin ? "'Noto Sans', 'Noto Sans Bengali'" : "'Noto Sans Bengali', 'Noto Sans'";
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="${family}" font-size="${s.size}" font-weight="${s.bold ? 700 : 400}" fill="${s.fill ?? '#111'}" text-anchor="${s.anchor ?? 'start'}" ${s.extra ?? ''}>${escapeXml(content)}</text>`;
}

/**
 * Film-like grain, laid the way a soft-light blend of mid-grey noise lays it: strongest in the
 * mid-tones, fading to nothing at black and white (a photographed white sheet stays white). One
 * field of gaussian noise, made once and read round and round, and a table of every (level, noise)
 * pair, so that a picture costs one lookup a byte. It runs on a thread of its own: sharp's
 * soft-light composite of a noise image cost a tenth of a second a picture on sharp's threads, and
 * the loop a few hundredths on the thread that runs the portal (docs/decisions/053-demo-seed.md).
 */
const GRAIN_THREAD = `
const { parentPort } = require('node:worker_threads');
const LENGTH = 1 << 21;
let field = null;
function noiseField() {
  if (field) return field;
  let a = (7 * 2654435761) >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  field = new Int8Array(LENGTH);
  for (let i = 0; i < LENGTH; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - rnd()));
    const angle = 2 * Math.PI * rnd();
    field[i] = Math.max(-127, Math.min(127, Math.round(r * Math.cos(angle) * 16)));
    field[i + 1] = Math.max(-127, Math.min(127, Math.round(r * Math.sin(angle) * 16)));
  }
  return field;
}
parentPort.on('message', ({ id, pixels, sigma }) => {
  const noise = noiseField();
  const table = new Uint8ClampedArray(256 * 256);
  for (let b = 0; b < 256; b++) {
    const weight = ((2 * sigma) / 16) * (b / 255) * (1 - b / 255);
    for (let n = -128; n < 128; n++) table[(b << 8) | (n & 255)] = b + n * weight;
  }
  const mask = LENGTH - 1;
  for (let i = 0; i < pixels.length; i++) pixels[i] = table[(pixels[i] << 8) | (noise[i & mask] & 255)];
  parentPort.postMessage({ id, pixels }, [pixels.buffer]);
});
`;

interface GrainThread {
  worker: Worker;
  waiting: Map<number, { resolve: (pixels: Uint8Array) => void; reject: (err: unknown) => void }>;
  next: number;
}
let grainThread: GrainThread | null = null;
function addGrain(pixels: Uint8Array, sigma: number): Promise<Uint8Array> {
  if (!grainThread) {
    // Plain JavaScript: the thread needs none of the process's loaders.
    const worker = new Worker(GRAIN_THREAD, { eval: true, execArgv: [] });
    const thread: GrainThread = { worker, waiting: new Map(), next: 0 };
    const fail = (err: unknown) => {
      for (const w of thread.waiting.values()) w.reject(err);
      thread.waiting.clear();
      grainThread = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the grain thread stopped (${code})`)));
    worker.on('message', ({ id, pixels }: { id: number; pixels: Uint8Array }) => {
      thread.waiting.get(id)?.resolve(pixels);
      thread.waiting.delete(id);
      // Idle, it is never the reason a process stays up.
      if (thread.waiting.size === 0) worker.unref();
    });
    grainThread = thread;
  }
  const thread = grainThread;
  const id = thread.next++;
  // A copy of its own to hand over: sharp's buffers may share their memory.
  const own = new Uint8Array(pixels);
  return new Promise((resolve, reject) => {
    if (thread.waiting.size === 0) thread.worker.ref();
    thread.waiting.set(id, { resolve, reject });
    thread.worker.postMessage({ id, pixels: own, sigma }, [own.buffer]);
  });
}

/** An SVG scene as a JPEG with a photograph's softness and light grain (flat colours look drawn). */
async function render(
  svg: string,
  opts: { grain?: number; quality?: number; blur?: number } = {},
): Promise<Uint8Array> {
  await loadFonts();
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const soft = opts.blur ? await sharp(data, raw).blur(opts.blur).raw().toBuffer() : data;
  const grained = opts.grain ? await addGrain(soft, opts.grain) : soft;
  const out = await sharp(grained, raw)
    .jpeg({ quality: opts.quality ?? 80 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

// ---------------------------------------------------------------------------------------------
// Applicants: passport photo and signature

const SKIN = ['#9c6644', '#a86f4c', '#b47b57', '#8d5a3b', '#c08a63', '#b07a55'];
const SHIRT = ['#f3f1ea', '#dfe7ef', '#2f4f6f', '#6b7b5a', '#e8dcc0', '#f1efe6'];
const ORNA = ['#7b1f3a', '#1f5f4a', '#5a3d8a', '#b5651d', '#2c5d8f', '#8a1c1c'];

/** The head and shoulders of a passport photo, without the backdrop (used on the ID card too). */
function person(seed: number, woman: boolean, cx: number, headY: number): string {
  const rnd = random(seed * 7919 + 17);
  const skin = pick(rnd, SKIN);
  const cloth = woman ? pick(rnd, ORNA) : pick(rnd, SHIRT);
  const old = rnd() < 0.35;
  const hair = old && !woman ? '#8f8f8a' : '#17120f';
  const brow = old && !woman ? '#4a4a46' : '#1b120c';
  const beard = !woman && rnd() < 0.5;
  const cap = !woman && rnd() < 0.3;
  const rx = between(rnd, 72, 80);
  const ry = between(rnd, 93, 101);
  const eyeY = headY - 6;
  const H = headY + 330;
  const shoulders = `M ${cx - 210} ${H} L ${cx - 210} ${headY + 225} Q ${cx - 150} ${headY + 167} ${cx - 58} ${headY + 147} L ${cx + 58} ${headY + 147} Q ${cx + 150} ${headY + 167} ${cx + 210} ${headY + 225} L ${cx + 210} ${H} Z`;
  const headCover = woman
    ? `<path d="M ${cx - rx - 6} ${headY - 10} Q ${cx - rx} ${headY - ry - 8} ${cx} ${headY - ry - 6} Q ${cx + rx} ${headY - ry - 8} ${cx + rx + 6} ${headY - 10} Q ${cx + rx - 8} ${headY - ry + 30} ${cx + 4} ${headY - ry + 22} L ${cx - 4} ${headY - ry + 22} Q ${cx - rx + 8} ${headY - ry + 30} ${cx - rx - 6} ${headY - 10} Z" fill="${hair}"/>
       <path d="M ${cx - rx - 22} ${headY + 60} Q ${cx - rx - 30} ${headY - ry - 18} ${cx} ${headY - ry - 22} Q ${cx + rx + 30} ${headY - ry - 18} ${cx + rx + 22} ${headY + 60} Q ${cx + rx + 8} ${headY - ry + 6} ${cx} ${headY - ry - 4} Q ${cx - rx - 8} ${headY - ry + 6} ${cx - rx - 22} ${headY + 60} Z" fill="${cloth}"/>`
    : cap
      ? `<path d="M ${cx - rx + 2} ${headY - ry + 38} Q ${cx} ${headY - ry - 40} ${cx + rx - 2} ${headY - ry + 38} Z" fill="#f5f5f0"/><path d="M ${cx - rx + 2} ${headY - ry + 38} Q ${cx} ${headY - ry + 26} ${cx + rx - 2} ${headY - ry + 38}" stroke="#cfcfc8" stroke-width="3" fill="none"/>`
      : `<path d="M ${cx - rx - 2} ${headY - 18} Q ${cx - rx - 6} ${headY - ry - 14} ${cx - 10} ${headY - ry - 10} Q ${cx + rx + 10} ${headY - ry - 12} ${cx + rx + 2} ${headY - 18} Q ${cx + rx - 12} ${headY - ry + 34} ${cx + 10} ${headY - ry + 26} Q ${cx - rx + 20} ${headY - ry + 30} ${cx - rx - 2} ${headY - 18} Z" fill="${hair}"/>`;
  return `
  <defs>
    <radialGradient id="face${seed}" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="${skin}" stop-opacity="0"/><stop offset="1" stop-color="#2a160c" stop-opacity="0.35"/></radialGradient>
    <linearGradient id="cloth${seed}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${cloth}"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
  </defs>
  ${woman ? `<path d="M ${cx - rx - 34} ${headY + 40} Q ${cx - rx - 40} ${headY - ry - 30} ${cx} ${headY - ry - 34} Q ${cx + rx + 40} ${headY - ry - 30} ${cx + rx + 34} ${headY + 40} L ${cx + rx + 60} ${headY + 175} L ${cx - rx - 60} ${headY + 175} Z" fill="${cloth}"/>` : ''}
  <rect x="${cx - 34}" y="${headY + ry - 30}" width="68" height="80" fill="${skin}"/>
  <rect x="${cx - 34}" y="${headY + ry - 30}" width="68" height="80" fill="#2a160c" opacity="0.22"/>
  <path d="${shoulders}" fill="url(#cloth${seed})"/>
  ${woman ? '' : `<path d="M ${cx - 40} ${headY + 147} L ${cx} ${headY + 215} L ${cx + 40} ${headY + 147}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="4"/><line x1="${cx}" y1="${headY + 215}" x2="${cx}" y2="${H}" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>`}
  <ellipse cx="${cx - rx + 2}" cy="${eyeY + 18}" rx="13" ry="24" fill="${skin}"/>
  <ellipse cx="${cx + rx - 2}" cy="${eyeY + 18}" rx="13" ry="24" fill="${skin}"/>
  <ellipse cx="${cx}" cy="${headY}" rx="${rx}" ry="${ry}" fill="${skin}"/>
  <ellipse cx="${cx}" cy="${headY}" rx="${rx}" ry="${ry}" fill="url(#face${seed})"/>
  ${headCover}
  <path d="M ${cx - 52} ${eyeY - 22} Q ${cx - 33} ${eyeY - 32} ${cx - 14} ${eyeY - 22}" stroke="${brow}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M ${cx + 14} ${eyeY - 22} Q ${cx + 33} ${eyeY - 32} ${cx + 52} ${eyeY - 22}" stroke="${brow}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <ellipse cx="${cx - 32}" cy="${eyeY}" rx="15" ry="8" fill="#f4efe8"/>
  <ellipse cx="${cx + 32}" cy="${eyeY}" rx="15" ry="8" fill="#f4efe8"/>
  <circle cx="${cx - 31}" cy="${eyeY}" r="6.5" fill="#24160e"/><circle cx="${cx + 33}" cy="${eyeY}" r="6.5" fill="#24160e"/>
  <circle cx="${cx - 29}" cy="${eyeY - 2}" r="1.8" fill="#fff" opacity="0.8"/><circle cx="${cx + 35}" cy="${eyeY - 2}" r="1.8" fill="#fff" opacity="0.8"/>
  <path d="M ${cx - 48} ${eyeY - 3} Q ${cx - 32} ${eyeY - 13} ${cx - 16} ${eyeY - 3}" stroke="#2a160c" stroke-width="2.5" fill="none"/>
  <path d="M ${cx + 16} ${eyeY - 3} Q ${cx + 32} ${eyeY - 13} ${cx + 48} ${eyeY - 3}" stroke="#2a160c" stroke-width="2.5" fill="none"/>
  <path d="M ${cx - 4} ${eyeY + 6} Q ${cx - 8} ${eyeY + 34} ${cx - 14} ${eyeY + 42} Q ${cx} ${eyeY + 50} ${cx + 14} ${eyeY + 42}" stroke="#2a160c" stroke-opacity="0.4" stroke-width="3" fill="none"/>
  ${beard ? `<path d="M ${cx - rx + 6} ${headY + 10} Q ${cx - rx + 10} ${headY + ry + 8} ${cx} ${headY + ry + 26} Q ${cx + rx - 10} ${headY + ry + 8} ${cx + rx - 6} ${headY + 10} Q ${cx + 30} ${headY + 62} ${cx} ${headY + 58} Q ${cx - 30} ${headY + 62} ${cx - rx + 6} ${headY + 10} Z" fill="${hair}" opacity="0.92"/>` : ''}
  <path d="M ${cx - 26} ${eyeY + 68} Q ${cx} ${eyeY + 78} ${cx + 26} ${eyeY + 68} Q ${cx} ${eyeY + 86} ${cx - 26} ${eyeY + 68} Z" fill="#7a3b2e" opacity="0.85"/>
  ${beard ? `<path d="M ${cx - 30} ${eyeY + 62} Q ${cx} ${eyeY + 50} ${cx + 30} ${eyeY + 62}" stroke="${hair}" stroke-width="9" fill="none" stroke-linecap="round"/>` : ''}`;
}

const studio = (W: number, H: number, cx: number, headY: number) => `
  <defs>
    <radialGradient id="studio" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="#e6eef7"/><stop offset="1" stop-color="#b9cde3"/></radialGradient>
    <radialGradient id="shade"><stop offset="0.55" stop-color="#5d6f86" stop-opacity="0.25"/><stop offset="1" stop-color="#5d6f86" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#studio)"/>
  <ellipse cx="${cx + 18}" cy="${headY + 40}" rx="150" ry="205" fill="url(#shade)"/>`;

/**
 * A studio passport photo (35×45 mm at 300 dpi, 413×531 px): head and shoulders on a pale blue
 * backdrop, with the name on a white strip below, as upazila studios print them.
 */
export async function passportPhoto(seed: number, name: string, woman: boolean): Promise<Uint8Array> {
  const W = 413;
  const H = 531;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${studio(W, H, W / 2, 205)}
  ${person(seed, woman, W / 2, 205)}
  <rect x="0" y="${H - 58}" width="${W}" height="58" fill="#fdfdfb"/>
  ${t(W / 2, H - 18, name, { size: 30, bold: true, anchor: 'middle', fill: '#1d1d1d' })}
</svg>`;
  return render(svg, { grain: 7, quality: 84, blur: 0.6 });
}

/** A signature in blue ballpoint on white paper: the name, slanted, with a flourish under it. */
export async function signature(seed: number, name: string): Promise<Uint8Array> {
  const rnd = random(seed * 104729 + 3);
  const W = 640;
  const H = 220;
  const y = between(rnd, 150, 165);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#fbfaf6"/>
  <g transform="translate(60 ${y - 30}) rotate(${r1(between(rnd, -7, -3))}) skewX(-18)">
    ${t(0, 0, name, { size: 62, fill: '#1a2f8a', extra: 'letter-spacing="-1" opacity="0.92"' })}
  </g>
  <path d="M 40 ${y + 24} C ${W * 0.3} ${y + 6}, ${W * 0.55} ${y + 40}, ${W - 70} ${y + 4}" stroke="#1a2f8a" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.85"/>
  <path d="M ${W - 130} ${y + 14} q 30 -60 50 -10 q 10 30 -30 24" stroke="#1a2f8a" stroke-width="2.5" fill="none" opacity="0.8"/>
</svg>`;
  return render(svg, { grain: 3, quality: 85 });
}

// ---------------------------------------------------------------------------------------------
// Applicants' papers: national ID card, khotian, land-tax receipt, mouza map

export interface Applicant {
  seed: number;
  name: string;
  father: string;
  woman: boolean;
  village: string;
  mouza: string;
  dag: string;
  /** The office's upazila and district, as the papers of its farmers print them. */
  upazila: string;
  district: string;
}

/** The front of a national ID card as a flatbed scan (the card a little askew on white). */
export async function nidScan(a: Applicant): Promise<Uint8Array> {
  const rnd = random(a.seed * 31 + 5);
  const W = 1100;
  const H = 720;
  const cw = 856;
  const ch = 540;
  const born = `${bn(String(Math.floor(between(rnd, 1, 28))).padStart(2, '0'))} ${pick(rnd, ['জানু', 'মার্চ', 'মে', 'আগ', 'অক্টো', 'ডিসে'])} ${bn(Math.floor(between(rnd, 1962, 1992)))}`;
  const idNo = `${Math.floor(between(rnd, 100, 999))} ${Math.floor(between(rnd, 100, 999))} ${Math.floor(between(rnd, 1000, 9999))}`;
  const guilloche = Array.from({ length: 14 }, (_, i) => {
    const y0 = 150 + i * 26;
    return `<path d="M 0 ${y0} Q ${cw / 4} ${y0 - 18} ${cw / 2} ${y0} T ${cw} ${y0}" stroke="#8fbf9a" stroke-width="1" fill="none" opacity="0.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4faf2"/><stop offset="1" stop-color="#e3f0e6"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="#f7f7f5"/>
  <g transform="translate(${(W - cw) / 2} ${(H - ch) / 2}) rotate(${r1(between(rnd, -2.5, 2.5))} ${cw / 2} ${ch / 2})">
    ${softShadow(6, 8, cw, ch, { rx: 28, opacity: 0.25, spread: 9 })}
    <rect width="${cw}" height="${ch}" rx="28" fill="url(#card)" stroke="#b9d4bf"/>
    ${guilloche}
    <circle cx="70" cy="66" r="36" fill="#0b6b3a"/><circle cx="66" cy="66" r="20" fill="#d62828"/>
    ${t(124, 58, 'গণপ্রজাতন্ত্রী বাংলাদেশ সরকার', { size: 30, bold: true, fill: '#0b4a2a' })}
    ${t(124, 86, "Government of the People's Republic of Bangladesh", { size: 17, latin: true, fill: '#0b4a2a' })}
    ${t(124, 116, 'জাতীয় পরিচয়পত্র', { size: 24, bold: true, fill: '#b3121f' })}
    ${t(330, 116, '/ National ID Card', { size: 18, latin: true, fill: '#b3121f' })}
    <line x1="24" y1="134" x2="${cw - 24}" y2="134" stroke="#0b6b3a" stroke-width="2"/>
    <svg x="36" y="160" width="200" height="250" viewBox="63 60 287 360" preserveAspectRatio="xMidYMid slice">
      ${studio(413, 531, 206, 205)}
      ${person(a.seed, a.woman, 206, 205)}
    </svg>
    <rect x="36" y="160" width="200" height="250" fill="none" stroke="#7a8f80"/>
    ${t(270, 200, 'নাম:', { size: 24, fill: '#333' })}${t(340, 200, a.name, { size: 28, bold: true })}
    ${t(270, 248, a.woman ? 'পিতা/স্বামী:' : 'পিতা:', { size: 24, fill: '#333' })}${t(a.woman ? 405 : 340, 248, a.father, { size: 26 })}
    ${t(270, 296, 'মাতা:', { size: 24, fill: '#333' })}${t(340, 296, pick(rnd, ['মোছাঃ আমেনা বেগম', 'রাবেয়া খাতুন', 'মোছাঃ হালিমা বেগম', 'জোহরা খাতুন']), { size: 26 })}
    ${t(270, 344, 'জন্ম তারিখ:', { size: 24, fill: '#333' })}${t(400, 344, born, { size: 26, fill: '#b3121f' })}
    ${t(270, 392, 'ID NO:', { size: 24, latin: true, fill: '#333' })}${t(360, 392, idNo, { size: 30, bold: true, latin: true, fill: '#b3121f' })}
    <path d="M 60 470 c 20 -30 40 10 60 -8 s 30 -14 50 4" stroke="#1a2f8a" stroke-width="2.5" fill="none"/>
    ${t(270, 480, `ঠিকানা: গ্রাম ${a.village}, ${a.upazila}, ${a.district}`, { size: 20, fill: '#333' })}
  </g>
</svg>`;
  return render(svg, { grain: 4, quality: 80 });
}

const paper = (W: number, H: number) => `
  <defs><linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf8ef"/><stop offset="1" stop-color="#f1ebd9"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#paper)"/>`;

function stamp(x: number, y: number, line1: string, line2: string, colour = '#5b3c9e'): string {
  return `<g transform="rotate(-12 ${x} ${y})" opacity="0.75">
    <circle cx="${x}" cy="${y}" r="92" fill="none" stroke="${colour}" stroke-width="5"/>
    <circle cx="${x}" cy="${y}" r="78" fill="none" stroke="${colour}" stroke-width="2"/>
    ${t(x, y - 8, line1, { size: 20, bold: true, anchor: 'middle', fill: colour })}
    ${t(x, y + 24, line2, { size: 18, anchor: 'middle', fill: colour })}
  </g>`;
}

/** A khotian (record of rights) page, scanned at 150 dpi (A4, 1240×1754). */
async function khotianPage(a: Applicant): Promise<Uint8Array> {
  const rnd = random(a.seed * 53 + 11);
  const W = 1240;
  const H = 1754;
  const rows = Array.from({ length: 4 }, (_, i) => ({
    dag: i === 0 ? a.dag : String(Number(a.dag.replace(/\D/g, '') || 50) + Math.floor(between(rnd, 3, 60))),
    kind: pick(rnd, ['নাল (ধানী)', 'নাল', 'বাড়ি', 'ভিটা', 'পুকুর']),
    acre: between(rnd, 0.08, 1.6).toFixed(2),
    share: pick(rnd, ['১.০০', '০.৫০', '০.৩৩', '১.০০']),
  }));
  const col = [90, 250, 560, 840, 1150];
  const tableTop = 640;
  const rowH = 70;
  const table = [
    `<rect x="${col[0]}" y="${tableTop}" width="${col[4]! - col[0]!}" height="${rowH * (rows.length + 1)}" fill="none" stroke="#222" stroke-width="2"/>`,
    ...col
      .slice(1, 4)
      .map(
        (x) => `<line x1="${x}" y1="${tableTop}" x2="${x}" y2="${tableTop + rowH * (rows.length + 1)}" stroke="#222"/>`,
      ),
    ...rows.map(
      (_, i) =>
        `<line x1="${col[0]}" y1="${tableTop + rowH * (i + 1)}" x2="${col[4]}" y2="${tableTop + rowH * (i + 1)}" stroke="#222"/>`,
    ),
    t(col[0]! + 16, tableTop + 46, 'দাগ নং', { size: 26, bold: true }),
    t(col[1]! + 16, tableTop + 46, 'জমির শ্রেণি', { size: 26, bold: true }),
    t(col[2]! + 16, tableTop + 46, 'পরিমাণ (একর)', { size: 26, bold: true }),
    t(col[3]! + 16, tableTop + 46, 'অংশ', { size: 26, bold: true }),
    ...rows.flatMap((r, i) => {
      const y = tableTop + rowH * (i + 1) + 46;
      return [
        t(col[0]! + 16, y, bn(r.dag), { size: 26, fill: '#1b2a6b' }),
        t(col[1]! + 16, y, r.kind, { size: 26, fill: '#1b2a6b' }),
        t(col[2]! + 16, y, bn(r.acre), { size: 26, fill: '#1b2a6b' }),
        t(col[3]! + 16, y, r.share, { size: 26, fill: '#1b2a6b' }),
      ];
    }),
  ].join('');
  const total = rows.reduce((s, r) => s + Number(r.acre), 0).toFixed(2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${paper(W, H)}
  ${t(W / 2, 150, 'বাংলাদেশ ফরম নং ৫৪৬২', { size: 24, anchor: 'middle', fill: '#444' })}
  ${t(W / 2, 220, 'খতিয়ান', { size: 56, bold: true, anchor: 'middle' })}
  ${t(W / 2, 280, 'রেকর্ড অব রাইটস (বি.এস.)', { size: 28, anchor: 'middle', fill: '#333' })}
  ${t(90, 380, `জেলা: ${a.district}     থানা: ${a.upazila}     মৌজা: ${a.mouza}     জে.এল. নং: ১২`, { size: 28 })}
  ${t(90, 440, `খতিয়ান নং: ${bn(Math.floor(between(rnd, 100, 2400)))}`, { size: 28, bold: true })}
  ${t(90, 520, `মালিকের নাম: ${a.name}`, { size: 30 })}
  ${t(90, 572, `পিতা/স্বামী: ${a.father}, সাং ${a.village}`, { size: 28, fill: '#333' })}
  ${table}
  ${t(col[1]! + 16, tableTop + rowH * (rows.length + 1) + 56, `মোট জমি: ${bn(total)} একর`, { size: 28, bold: true })}
  ${t(90, 1280, 'এই খতিয়ানের নকল মূল রেকর্ডের সঙ্গে মিলিয়ে সঠিক পাওয়া গেল।', { size: 26, fill: '#333' })}
  ${stamp(880, 1470, 'সহকারী কমিশনার (ভূমি)', `${a.upazila}, ${a.district}`)}
  <path d="M 780 1560 c 30 -40 60 10 90 -12 s 50 -20 90 6" stroke="#1a2f8a" stroke-width="3" fill="none"/>
  ${t(820, 1610, 'রেকর্ড কিপার', { size: 24, fill: '#333' })}
</svg>`;
  return render(svg, { grain: 5, quality: 72, blur: 0.4 });
}

/** The khotian as a phone scanner app saves it: a one-page A4 PDF holding the scanned page. */
export async function khotianPdf(a: Applicant): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('খতিয়ান');
  pdf.setProducer('demo seed');
  const jpg = await pdf.embedJpg(await khotianPage(a));
  const page = pdf.addPage([595.28, 841.89]);
  page.drawImage(jpg, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return pdf.save();
}

/** A land development tax receipt (dakhila), photographed on a table. */
export async function taxReceipt(a: Applicant): Promise<Uint8Array> {
  const rnd = random(a.seed * 97 + 29);
  const W = 1240;
  const H = 900;
  const year = bn(`${2024 + Math.floor(rnd() * 2)}-${25 + Math.floor(rnd() * 2)}`);
  const amount = bn(Math.floor(between(rnd, 2, 12)) * 50);
  const lines = [
    ['হোল্ডিং নং:', bn(Math.floor(between(rnd, 10, 900)))],
    ['মালিকের নাম:', a.name],
    ['মৌজা:', `${a.mouza}, জে.এল. নং ১২`],
    ['দাগ নং:', bn(a.dag)],
    ['বাংলা সন / অর্থবছর:', year],
    ['পরিশোধিত কর:', `${amount} টাকা মাত্র`],
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7a5230"/><stop offset="1" stop-color="#5a3a20"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#table)"/>
  ${Array.from({ length: 9 }, (_, i) => `<path d="M 0 ${60 + i * 100} Q ${W / 2} ${40 + i * 100 + rnd() * 30} ${W} ${70 + i * 100}" stroke="#3e2814" stroke-opacity="0.35" stroke-width="3" fill="none"/>`).join('')}
  <g transform="rotate(${r1(between(rnd, -3, 3))} ${W / 2} ${H / 2})">
    ${softShadow(110, 70, 1020, 760, { opacity: 0.35, spread: 12 })}
    <rect x="100" y="60" width="1020" height="760" fill="#f6f1e3"/>
    <rect x="130" y="90" width="960" height="700" fill="none" stroke="#9a2b2b" stroke-width="2"/>
    ${t(610, 150, 'ভূমি উন্নয়ন কর পরিশোধের রসিদ (দাখিলা)', { size: 36, bold: true, anchor: 'middle', fill: '#7a1c1c' })}
    ${t(610, 192, `ইউনিয়ন ভূমি অফিস, ${a.upazila}, ${a.district}`, { size: 24, anchor: 'middle', fill: '#444' })}
    ${t(1060, 236, `ক্রমিক নং ${bn(Math.floor(between(rnd, 1000, 99999)))}`, { size: 22, anchor: 'end', fill: '#9a2b2b' })}
    ${lines.map(([k, v], i) => t(170, 300 + i * 66, k!, { size: 28, fill: '#333' }) + t(500, 300 + i * 66, v!, { size: 30, fill: '#1b2a6b' })).join('')}
    ${stamp(930, 680, 'ইউনিয়ন ভূমি সহকারী', `কর্মকর্তা, ${a.upazila}`, '#2b5c9e')}
  </g>
</svg>`;
  return render(svg, { grain: 6, quality: 78, blur: 0.5 });
}

/** A page of the mouza (cadastral) map with the applicant's plot marked in red. */
export async function mouzaMap(a: Applicant): Promise<Uint8Array> {
  const rnd = random(a.seed * 131 + 7);
  const W = 1400;
  const H = 1000;
  const cols = 7;
  const rows = 5;
  const pts: [number, number][][] = [];
  for (let j = 0; j <= rows; j++) {
    pts.push([]);
    for (let i = 0; i <= cols; i++) {
      const edge = i === 0 || j === 0 || i === cols || j === rows;
      pts[j]!.push([
        120 + (i * (W - 240)) / cols + (edge ? 0 : between(rnd, -40, 40)),
        170 + (j * (H - 290)) / rows + (edge ? 0 : between(rnd, -30, 30)),
      ]);
    }
  }
  const mine = { i: Math.floor(between(rnd, 2, cols - 2)), j: Math.floor(between(rnd, 1, rows - 1)) };
  const base = Number(a.dag.replace(/\D/g, '') || 50) - mine.j * cols - mine.i;
  let plots = '';
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const q = [pts[j]![i]!, pts[j]![i + 1]!, pts[j + 1]![i + 1]!, pts[j + 1]![i]!];
      const isMine = i === mine.i && j === mine.j;
      const cx = q.reduce((s, p) => s + p[0], 0) / 4;
      const cy = q.reduce((s, p) => s + p[1], 0) / 4;
      plots += `<polygon points="${q.map((p) => p.map(r1).join(',')).join(' ')}" fill="${isMine ? 'url(#hatch)' : 'none'}" stroke="${isMine ? '#c62828' : '#333'}" stroke-width="${isMine ? 5 : 1.6}"/>`;
      plots += t(cx, cy + 10, bn(Math.max(1, base + j * cols + i)), {
        size: isMine ? 32 : 24,
        bold: isMine,
        anchor: 'middle',
        fill: isMine ? '#c62828' : '#333',
      });
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><pattern id="hatch" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="16" stroke="#e57373" stroke-width="5"/></pattern></defs>
  ${paper(W, H)}
  ${t(W / 2, 70, `মৌজা নকশা — ${a.mouza}, জে.এল. নং ১২, শিট নং ১`, { size: 36, bold: true, anchor: 'middle' })}
  ${t(W / 2, 116, `থানা ${a.upazila}, জেলা ${a.district} — স্কেল ১৬ ইঞ্চি = ১ মাইল`, { size: 24, anchor: 'middle', fill: '#444' })}
  <path d="M ${W - 260} ${H - 40} C ${W - 200} ${H - 300}, ${W - 120} ${H - 500}, ${W - 40} ${H - 620}" stroke="#5a86b8" stroke-width="18" fill="none" opacity="0.6"/>
  ${plots}
  <line x1="80" y1="${H - 60}" x2="80" y2="${H - 140}" stroke="#222" stroke-width="3"/><path d="M 70 ${H - 125} L 80 ${H - 150} L 90 ${H - 125} Z" fill="#222"/>
  ${t(80, H - 160, 'উ', { size: 26, bold: true, anchor: 'middle' })}
</svg>`;
  return render(svg, { grain: 4, quality: 78, blur: 0.4 });
}

// ---------------------------------------------------------------------------------------------
// The public site: slider, photo gallery, GEO database

function sky(W: number, horizon: number, warm: boolean): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${warm ? '#6f9fd0' : '#78aee0'}"/><stop offset="1" stop-color="${warm ? '#f3dcb0' : '#e4eef0'}"/></linearGradient>
  </defs><rect width="${W}" height="${horizon + 2}" fill="url(#sky)"/>`;
}

function clouds(rnd: () => number, W: number, horizon: number): string {
  return Array.from({ length: 6 }, () => {
    const x = between(rnd, 0, W);
    const y = between(rnd, horizon * 0.1, horizon * 0.6);
    const s = between(rnd, 0.6, 1.4);
    return `<g opacity="0.85"><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(130 * s)}" ry="${r1(36 * s)}" fill="url(#cloud)"/><ellipse cx="${r1(x + 50 * s)}" cy="${r1(y - 18 * s)}" rx="${r1(72 * s)}" ry="${r1(38 * s)}" fill="url(#cloud)"/></g>`;
  }).join('');
}

/** The tree line of a village on the horizon, with a few coconut and date palms above it. */
function treeLine(rnd: () => number, W: number, horizon: number, scale: number): string {
  let s = '';
  for (let x = -40; x < W + 40; x += between(rnd, 18, 40) * scale) {
    const r = between(rnd, 22, 48) * scale;
    s += `<circle cx="${r1(x)}" cy="${r1(horizon - r * 0.6)}" r="${r1(r)}" fill="${pick(rnd, ['#2f5a2a', '#35652d', '#3d7033', '#294f25'])}"/>`;
  }
  for (let k = 0; k < 7; k++) {
    const x = between(rnd, 0, W);
    const h = between(rnd, 90, 150) * scale;
    const lean = between(rnd, -14, 14) * scale;
    const top = horizon - h;
    s += `<path d="M ${r1(x)} ${horizon} Q ${r1(x + lean / 2)} ${r1(horizon - h / 2)} ${r1(x + lean)} ${r1(top)}" stroke="#4a3b2a" stroke-width="${r1(5 * scale)}" fill="none"/>`;
    for (let f = 0; f < 7; f++) {
      const ang = (f / 7) * Math.PI * 2;
      const len = 40 * scale;
      s += `<path d="M ${r1(x + lean)} ${r1(top)} q ${r1(Math.cos(ang) * len * 0.6)} ${r1(-12 * scale)} ${r1(Math.cos(ang) * len)} ${r1(Math.abs(Math.sin(ang)) * len * 0.5)}" stroke="#2d5a27" stroke-width="${r1(6 * scale)}" fill="none" stroke-linecap="round"/>`;
    }
  }
  return `<g>${s}</g>`;
}

/** Rows of paddy from the horizon to the camera, with the water of a flooded field between them. */
function paddy(rnd: () => number, W: number, H: number, horizon: number, ripe: boolean): string {
  const near = ripe ? '#b8962e' : '#3f8a2a';
  const far = ripe ? '#d2b65a' : '#86b94f';
  let s = `<linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${far}"/><stop offset="1" stop-color="${near}"/></linearGradient>`;
  s = `<defs>${s}</defs><rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#field)"/>`;
  const vx = W * between(rnd, 0.35, 0.65);
  for (let i = -30; i <= 30; i++) {
    const x = vx + i * W * 0.05;
    s += `<line x1="${r1(vx + i * 6)}" y1="${horizon}" x2="${r1(x * 1.0 + (x - vx) * 2)}" y2="${H}" stroke="${ripe ? '#8a6f1e' : '#2e6b20'}" stroke-opacity="0.35" stroke-width="${r1(2 + Math.abs(i) * 0.1)}"/>`;
    if (!ripe && i % 2 === 0)
      s += `<line x1="${r1(vx + i * 6 + 3)}" y1="${horizon}" x2="${r1(x + (x - vx) * 2 + W * 0.025)}" y2="${H}" stroke="#a9c6cf" stroke-opacity="0.35" stroke-width="2"/>`;
  }
  // Tufts grow with nearness (perspective).
  for (let k = 0; k < 700; k++) {
    const y = horizon + Math.pow(rnd(), 0.7) * (H - horizon);
    const depth = (y - horizon) / (H - horizon);
    const x = between(rnd, -20, W + 20);
    const h = 4 + depth * 38;
    const c = ripe
      ? pick(rnd, ['#c9a53a', '#a88a25', '#dcc46a'])
      : pick(rnd, ['#4f9a32', '#3c8227', '#69ad40', '#2f6e20']);
    s += `<path d="M ${r1(x)} ${r1(y)} l ${r1(-h * 0.25)} ${r1(-h)} M ${r1(x)} ${r1(y)} l ${r1(h * 0.05)} ${r1(-h * 1.1)} M ${r1(x)} ${r1(y)} l ${r1(h * 0.3)} ${r1(-h * 0.9)}" stroke="${c}" stroke-width="${r1(1 + depth * 2.5)}" stroke-linecap="round"/>`;
  }
  return s;
}

/** A deep tube-well's brick pump house with a tin roof, its outlet pouring into a concrete basin. */
function pumpHouse(x: number, y: number, s: number, label: string, upazila: string): string {
  const w = 260 * s;
  const h = 150 * s;
  const bricks = Array.from({ length: 9 }, (_, i) => {
    const yy = y - h + (i + 1) * (h / 10);
    return `<line x1="${r1(x)}" y1="${r1(yy)}" x2="${r1(x + w)}" y2="${r1(yy)}" stroke="#7a3a24" stroke-opacity="0.5" stroke-width="${r1(1.2 * s)}"/>`;
  }).join('');
  return `<g>
    <line x1="${r1(x + w + 90 * s)}" y1="${r1(y)}" x2="${r1(x + w + 90 * s)}" y2="${r1(y - 330 * s)}" stroke="#6b6b66" stroke-width="${r1(8 * s)}"/>
    <line x1="${r1(x + w + 60 * s)}" y1="${r1(y - 310 * s)}" x2="${r1(x + w + 120 * s)}" y2="${r1(y - 310 * s)}" stroke="#555" stroke-width="${r1(6 * s)}"/>
    <path d="M ${r1(x + w + 60 * s)} ${r1(y - 310 * s)} Q ${r1(x + w - 200 * s)} ${r1(y - 250 * s)} ${r1(x - 600 * s)} ${r1(y - 330 * s)}" stroke="#333" stroke-width="1.5" fill="none"/>
    <path d="M ${r1(x + w + 120 * s)} ${r1(y - 310 * s)} Q ${r1(x + w + 400 * s)} ${r1(y - 250 * s)} ${r1(x + w + 900 * s)} ${r1(y - 320 * s)}" stroke="#333" stroke-width="1.5" fill="none"/>
    <path d="M ${r1(x + w - 10 * s)} ${r1(y - h * 0.55)} L ${r1(x + w + 90 * s)} ${r1(y - 300 * s)}" stroke="#333" stroke-width="1.5"/>
    <rect x="${r1(x)}" y="${r1(y - h)}" width="${r1(w)}" height="${r1(h)}" fill="#a9573b"/>
    ${bricks}
    <rect x="${r1(x + w * 0.82)}" y="${r1(y - h)}" width="${r1(w * 0.18)}" height="${r1(h)}" fill="#000" opacity="0.18"/>
    <polygon points="${r1(x - 20 * s)},${r1(y - h)} ${r1(x + w + 20 * s)},${r1(y - h)} ${r1(x + w + 6 * s)},${r1(y - h - 40 * s)} ${r1(x - 6 * s)},${r1(y - h - 52 * s)}" fill="#8e979b"/>
    <polygon points="${r1(x - 20 * s)},${r1(y - h)} ${r1(x + w + 20 * s)},${r1(y - h)} ${r1(x + w + 20 * s)},${r1(y - h + 6 * s)} ${r1(x - 20 * s)},${r1(y - h + 6 * s)}" fill="#5f676a"/>
    <rect x="${r1(x + w * 0.12)}" y="${r1(y - h * 0.72)}" width="${r1(w * 0.2)}" height="${r1(h * 0.72)}" fill="#2e5961"/>
    <rect x="${r1(x + w * 0.45)}" y="${r1(y - h * 0.75)}" width="${r1(w * 0.28)}" height="${r1(h * 0.3)}" fill="#f1f3f0"/>
    ${t(x + w * 0.59, y - h * 0.57, label, { size: r1(15 * s), bold: true, anchor: 'middle', fill: '#0b4a8a' })}
    ${t(x + w * 0.59, y - h * 0.5, upazila, { size: r1(12 * s), anchor: 'middle', fill: '#0b4a8a' })}
    <rect x="${r1(x + w * 0.6)}" y="${r1(y - h * 0.28)}" width="${r1(w * 0.5)}" height="${r1(16 * s)}" rx="${r1(8 * s)}" fill="#5c6468"/>
    <path d="M ${r1(x + w * 1.1)} ${r1(y - h * 0.24)} q ${r1(40 * s)} ${r1(4 * s)} ${r1(52 * s)} ${r1(60 * s)}" stroke="#dff1fb" stroke-width="${r1(16 * s)}" fill="none" opacity="0.85"/>
    <rect x="${r1(x + w * 1.05)}" y="${r1(y - 14 * s)}" width="${r1(150 * s)}" height="${r1(34 * s)}" fill="#b9b9b2"/>
    <ellipse cx="${r1(x + w * 1.05 + 75 * s)}" cy="${r1(y - 2 * s)}" rx="${r1(60 * s)}" ry="${r1(10 * s)}" fill="#9fc3d6"/>
  </g>`;
}

/** A field channel (nala) carrying the water from the basin towards the camera. */
function channel(x0: number, y0: number, W: number, H: number): string {
  return `<path d="M ${r1(x0)} ${r1(y0)} C ${r1(x0 - 80)} ${r1(y0 + (H - y0) * 0.4)}, ${r1(W * 0.3)} ${r1(H * 0.85)}, ${r1(W * 0.18)} ${H} L ${r1(W * 0.36)} ${H} C ${r1(W * 0.42)} ${r1(H * 0.85)}, ${r1(x0 + 40)} ${r1(y0 + (H - y0) * 0.4)}, ${r1(x0 + 30)} ${r1(y0)} Z" fill="#8b6a45"/>
  <path d="M ${r1(x0 + 8)} ${r1(y0 + 4)} C ${r1(x0 - 60)} ${r1(y0 + (H - y0) * 0.4)}, ${r1(W * 0.32)} ${r1(H * 0.86)}, ${r1(W * 0.22)} ${H} L ${r1(W * 0.32)} ${H} C ${r1(W * 0.39)} ${r1(H * 0.86)}, ${r1(x0 + 26)} ${r1(y0 + (H - y0) * 0.4)}, ${r1(x0 + 22)} ${r1(y0 + 4)} Z" fill="#9cc2d4"/>`;
}

/** Soft-edged clouds from a gradient: a blur filter over the sky cost more than the rest of the scene. */
const sceneDefs = `<defs><radialGradient id="cloud"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;

/** A paddy field with a deep tube-well's pump house (slider and gallery). */
export async function fieldWithPumpHouse(
  seed: number,
  opts: { width: number; height: number; upazila: string; ripe?: boolean; warm?: boolean },
): Promise<Uint8Array> {
  const rnd = random(seed * 613 + 1);
  const { width: W, height: H } = opts;
  const horizon = H * between(rnd, 0.36, 0.44);
  const s = W / 1600;
  const px = W * between(rnd, 0.52, 0.64);
  const py = horizon + H * 0.1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${sceneDefs}${sky(W, horizon, !!opts.warm)}
  ${clouds(rnd, W, horizon)}
  ${treeLine(rnd, W, horizon, s)}
  ${paddy(rnd, W, H, horizon, !!opts.ripe)}
  ${channel(px + 260 * s * 1.05 + 60 * s, py + 10 * s, W, H)}
  ${pumpHouse(px, py, s * 0.9, `গভীর নলকূপ নং ${bn(seed + 3)}`, opts.upazila)}
</svg>`;
  return render(svg, { grain: 6, quality: 80, blur: 0.5 });
}

/** A close view of a deep tube-well's outlet pouring into the channel, seedlings around it. */
export async function outletCloseUp(seed: number, opts: { width: number; height: number }): Promise<Uint8Array> {
  const rnd = random(seed * 337 + 9);
  const { width: W, height: H } = opts;
  const horizon = H * 0.3;
  const s = W / 1600;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${sceneDefs}${sky(W, horizon, false)}
  ${treeLine(rnd, W, horizon, s * 1.3)}
  ${paddy(rnd, W, H, horizon, false)}
  <path d="M 0 ${r1(H * 0.62)} L ${r1(W * 0.5)} ${r1(H * 0.5)} L ${r1(W * 0.62)} ${r1(H * 0.56)} L ${r1(W * 0.62)} ${r1(H * 0.82)} L 0 ${r1(H * 0.92)} Z" fill="#b7b4aa"/>
  <path d="M 0 ${r1(H * 0.66)} L ${r1(W * 0.46)} ${r1(H * 0.55)} L ${r1(W * 0.56)} ${r1(H * 0.6)} L ${r1(W * 0.56)} ${r1(H * 0.78)} L 0 ${r1(H * 0.86)} Z" fill="#8fb9cf"/>
  <rect x="${r1(W * 0.05)}" y="${r1(H * 0.38)}" width="${r1(W * 0.3)}" height="${r1(60 * s)}" fill="#55595b"/>
  <ellipse cx="${r1(W * 0.35)}" cy="${r1(H * 0.38 + 30 * s)}" rx="${r1(14 * s)}" ry="${r1(30 * s)}" fill="#3e4244"/>
  <path d="M ${r1(W * 0.35)} ${r1(H * 0.38 + 4 * s)} q ${r1(120 * s)} ${r1(10 * s)} ${r1(150 * s)} ${r1(150 * s)} l ${r1(-70 * s)} 0 q ${r1(-10 * s)} ${r1(-90 * s)} ${r1(-80 * s)} ${r1(-100 * s)} Z" fill="#e8f6fd" opacity="0.9"/>
  ${Array.from({ length: 40 }, () => `<circle cx="${r1(W * 0.42 + between(rnd, -60, 90) * s)}" cy="${r1(H * 0.56 + between(rnd, -30, 20) * s)}" r="${r1(between(rnd, 2, 7) * s)}" fill="#fff" opacity="0.8"/>`).join('')}
  <path d="M ${r1(W * 0.56)} ${r1(H * 0.66)} C ${r1(W * 0.7)} ${r1(H * 0.7)}, ${r1(W * 0.8)} ${r1(H * 0.86)}, ${r1(W * 0.9)} ${H} L ${r1(W * 1.1)} ${H} C ${r1(W * 0.9)} ${r1(H * 0.84)}, ${r1(W * 0.76)} ${r1(H * 0.64)}, ${r1(W * 0.58)} ${r1(H * 0.6)} Z" fill="#98bfd2"/>
</svg>`;
  return render(svg, { grain: 6, quality: 80, blur: 0.5 });
}

/** The upazila irrigation office with its signboard (slider); `place` is the board's second line. */
export async function officeSignboard(
  seed: number,
  opts: { width: number; height: number; place: string },
): Promise<Uint8Array> {
  const rnd = random(seed * 181 + 4);
  const { width: W, height: H } = opts;
  const s = W / 1600;
  const ground = H * 0.7;
  const bx = W * 0.12;
  const bw = W * 0.76;
  const bh = H * 0.46;
  const windows = [0, 1]
    .flatMap((floor) =>
      Array.from({ length: 9 }, (_, i) => {
        const x = bx + bw * 0.05 + i * bw * 0.105;
        const y = ground - bh + 40 * s + floor * bh * 0.45;
        return i === 4 && floor === 0
          ? ''
          : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(bw * 0.06)}" height="${r1(bh * 0.24)}" fill="#2d4a44"/><rect x="${r1(x)}" y="${r1(y)}" width="${r1(bw * 0.06)}" height="${r1(bh * 0.24)}" fill="none" stroke="#1f6b4a" stroke-width="${r1(4 * s)}"/><line x1="${r1(x + bw * 0.03)}" y1="${r1(y)}" x2="${r1(x + bw * 0.03)}" y2="${r1(y + bh * 0.24)}" stroke="#1f6b4a" stroke-width="${r1(3 * s)}"/>`;
      }),
    )
    .join('');
  // The signboard stands on two posts in front of the building, as at the office gate.
  const sx = W * 0.24;
  const sy = H * 0.83;
  const sw = W * 0.52;
  const sh = H * 0.2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  ${sceneDefs}${sky(W, ground, false)}
  ${clouds(rnd, W, ground * 0.6)}
  ${treeLine(rnd, W, ground - bh * 0.6, s * 1.6)}
  <rect x="${r1(bx)}" y="${r1(ground - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="#efe2b6"/>
  <rect x="${r1(bx - 10 * s)}" y="${r1(ground - bh - 18 * s)}" width="${r1(bw + 20 * s)}" height="${r1(22 * s)}" fill="#f7f3e6"/>
  <rect x="${r1(bx)}" y="${r1(ground - bh * 0.52)}" width="${r1(bw)}" height="${r1(10 * s)}" fill="#f7f3e6"/>
  ${windows}
  <rect x="${r1(bx + bw * 0.45)}" y="${r1(ground - bh * 0.5)}" width="${r1(bw * 0.1)}" height="${r1(bh * 0.5)}" fill="#5a3b22"/>
  <rect y="${r1(ground)}" width="${W}" height="${r1(H - ground)}" fill="#5f8f3a"/>
  <path d="M ${r1(W * 0.45)} ${r1(ground)} L ${r1(W * 0.55)} ${r1(ground)} L ${r1(W * 0.66)} ${H} L ${r1(W * 0.34)} ${H} Z" fill="#c9b48e"/>
  <rect x="${r1(sx + sw * 0.12)}" y="${r1(sy)}" width="${r1(14 * s)}" height="${r1(H * 0.97 - sy)}" fill="#3d3d3d"/>
  <rect x="${r1(sx + sw * 0.88 - 14 * s)}" y="${r1(sy)}" width="${r1(14 * s)}" height="${r1(H * 0.97 - sy)}" fill="#3d3d3d"/>
  <rect x="${r1(sx + 8 * s)}" y="${r1(sy - sh + 10 * s)}" width="${r1(sw)}" height="${r1(sh)}" fill="#000" opacity="0.3"/>
  <rect x="${r1(sx)}" y="${r1(sy - sh)}" width="${r1(sw)}" height="${r1(sh)}" fill="#0b6b3a" stroke="#f4f4f4" stroke-width="${r1(8 * s)}"/>
  <circle cx="${r1(sx + sw * 0.1)}" cy="${r1(sy - sh / 2)}" r="${r1(sh * 0.3)}" fill="#d62828" stroke="#fff" stroke-width="${r1(4 * s)}"/>
  ${t(sx + sw * 0.56, sy - sh * 0.64, 'উপজেলা সেচ কমিটি', { size: r1(56 * s), bold: true, anchor: 'middle', fill: '#fff' })}
  ${t(sx + sw * 0.56, sy - sh * 0.36, opts.place, { size: r1(36 * s), anchor: 'middle', fill: '#fff' })}
  ${t(sx + sw * 0.56, sy - sh * 0.12, 'নলকূপ স্থাপন লাইসেন্স শাখা', { size: r1(27 * s), anchor: 'middle', fill: '#ffd54f' })}
</svg>`;
  return render(svg, { grain: 5, quality: 80, blur: 0.4 });
}

/**
 * A GEO-database sheet: a satellite-like view of fields with the union's deep tube-wells marked
 * and their positions in English, as the legacy GEO gallery asks (spec 2, Slider and Photo Gallery).
 * `centre` is where the upazila's wells lie; the sheets step north-east of it with the seed.
 */
export async function geoMap(
  seed: number,
  union: string,
  opts: { width: number; height: number; upazila: string; centre: { latitude: number; longitude: number } },
): Promise<Uint8Array> {
  const rnd = random(seed * 997 + 13);
  const { width: W, height: H } = opts;
  const cell = 70;
  let fields = '';
  for (let y = 0; y < H; y += cell) {
    for (let x = 0; x < W; x += cell * between(rnd, 0.8, 1.6)) {
      const w = cell * between(rnd, 0.8, 1.8);
      fields += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${cell}" fill="${pick(rnd, ['#6f9a45', '#7fa852', '#93b45c', '#5d8a3a', '#a9b96a', '#8c9d55', '#6a8f4f'])}" stroke="#4d6b33" stroke-width="1.5" stroke-opacity="0.6"/>`;
    }
  }
  const villages = Array.from({ length: 4 }, () => {
    const x = between(rnd, 80, W - 80);
    const y = between(rnd, 120, H - 80);
    return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(rnd, 50, 90))}" fill="#2f5a2a" opacity="0.85"/>${Array.from({ length: 10 }, () => `<rect x="${r1(x + between(rnd, -50, 40))}" y="${r1(y + between(rnd, -40, 40))}" width="10" height="8" fill="#c9c3b5"/>`).join('')}`;
  }).join('');
  const lat0 = opts.centre.latitude - 0.02 + seed * 0.013;
  const lon0 = opts.centre.longitude - 0.03 + seed * 0.011;
  const wells = Array.from({ length: 6 }, (_, i) => {
    const x = between(rnd, 120, W - 260);
    const y = between(rnd, 200, H - 80);
    const lat = (lat0 + (1 - y / H) * 0.04).toFixed(4);
    const lon = (lon0 + (x / W) * 0.05).toFixed(4);
    return `<g><path d="M ${r1(x)} ${r1(y)} c -14 -20 -18 -26 -18 -36 a 18 18 0 1 1 36 0 c 0 10 -4 16 -18 36 Z" fill="#d32f2f" stroke="#fff" stroke-width="2.5"/><circle cx="${r1(x)}" cy="${r1(y - 36)}" r="6" fill="#fff"/>
      <rect x="${r1(x + 22)}" y="${r1(y - 56)}" width="200" height="46" rx="6" fill="#fff" opacity="0.88"/>
      ${t(x + 30, y - 38, `DTW-${String(seed * 10 + i + 1).padStart(2, '0')}`, { size: 15, bold: true, latin: true, fill: '#b71c1c' })}
      ${t(x + 30, y - 18, `${lat}, ${lon}`, { size: 15, latin: true, fill: '#222' })}</g>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#6f9447"/>
  ${fields}
  <path d="M -20 ${r1(H * between(rnd, 0.2, 0.8))} C ${r1(W * 0.3)} ${r1(H * between(rnd, 0, 1))}, ${r1(W * 0.6)} ${r1(H * between(rnd, 0, 1))}, ${W + 20} ${r1(H * between(rnd, 0.2, 0.8))}" stroke="#4f7fa8" stroke-width="26" fill="none"/>
  <path d="M ${r1(W * between(rnd, 0.1, 0.9))} -10 L ${r1(W * between(rnd, 0.1, 0.9))} ${H + 10}" stroke="#e0d6c0" stroke-width="10"/>
  ${villages}
  ${wells}
  <rect x="20" y="20" width="${Math.min(W - 40, 720)}" height="92" rx="8" fill="#fff" opacity="0.92"/>
  ${t(40, 60, `গভীর নলকূপের অবস্থান — ${union} ইউনিয়ন, ${opts.upazila}`, { size: 28, bold: true, fill: '#0b4a2a' })}
  ${t(40, 96, 'Deep tube-wells (DTW), latitude, longitude (WGS 84)', { size: 18, latin: true, fill: '#333' })}
  <g transform="translate(${W - 70} ${H - 110})"><circle r="34" fill="#fff" opacity="0.9"/><path d="M 0 -26 L 10 8 L 0 2 L -10 8 Z" fill="#222"/>${t(0, 26, 'N', { size: 16, bold: true, latin: true, anchor: 'middle' })}</g>
  <g transform="translate(30 ${H - 40})"><rect x="-10" y="-28" width="200" height="44" fill="#fff" opacity="0.9"/><line x1="0" y1="0" x2="160" y2="0" stroke="#222" stroke-width="4"/>${t(0, -8, '0', { size: 14, latin: true })}${t(160, -8, '500 m', { size: 14, latin: true, anchor: 'end' })}</g>
</svg>`;
  return render(svg, { grain: 5, quality: 80, blur: 0.7 });
}

// ---------------------------------------------------------------------------------------------
// Papers of the other request kinds: electricity bill, licence copy, fee slip, typed letters

/** A sheet of paper photographed on a wooden table, a little askew (the way phones photograph papers). */
function onTable(rnd: () => number, W: number, H: number, sheet: { w: number; h: number; body: string }): string {
  const x = (W - sheet.w) / 2;
  const y = (H - sheet.h) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7a5230"/><stop offset="1" stop-color="#5a3a20"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#table)"/>
  ${Array.from({ length: Math.ceil(H / 100) }, (_, i) => `<path d="M 0 ${60 + i * 100} Q ${W / 2} ${40 + i * 100 + rnd() * 30} ${W} ${70 + i * 100}" stroke="#3e2814" stroke-opacity="0.35" stroke-width="3" fill="none"/>`).join('')}
  <g transform="rotate(${r1(between(rnd, -2.5, 2.5))} ${W / 2} ${H / 2})">
    ${softShadow(x + 10, y + 10, sheet.w, sheet.h, { opacity: 0.35, spread: 12 })}
    <g transform="translate(${x} ${y})">${sheet.body}</g>
  </g>
</svg>`;
}

/** Label and value lines of a form, from (x, y) down, one every `step` pixels. */
function formLines(lines: [string, string][], x: number, y: number, step: number, valueX: number): string {
  return lines
    .map(
      ([k, v], i) =>
        t(x, y + i * step, k, { size: 26, fill: '#333' }) + t(valueX, y + i * step, v, { size: 28, fill: '#1b2a6b' }),
    )
    .join('');
}

/**
 * The pump's electricity bill from the rural electricity co-operative (the seventh paper of an
 * existing well, spec 3 §3), its account number matching the form's bill number.
 */
export async function electricityBill(a: Applicant & { account: string }): Promise<Uint8Array> {
  const rnd = random(a.seed * 193 + 31);
  const units = Math.floor(between(rnd, 800, 4200));
  const body = `
    <rect width="1000" height="820" fill="#fdfdf8"/>
    <rect width="1000" height="120" fill="#1d5fa8"/>
    ${t(500, 56, `${a.district} পল্লী বিদ্যুৎ সমিতি`, { size: 38, bold: true, anchor: 'middle', fill: '#fff' })}
    ${t(500, 100, 'বিদ্যুৎ বিল — সেচ (কৃষি) সংযোগ', { size: 26, anchor: 'middle', fill: '#e3f0ff' })}
    ${formLines(
      [
        ['হিসাব নং:', bn(a.account)],
        ['গ্রাহকের নাম:', a.name],
        ['ঠিকানা:', `${a.village}, ${a.upazila}`],
        ['মিটার নং:', bn(Math.floor(between(rnd, 100000, 999999)))],
        ['বিলের মাস:', pick(rnd, ['বৈশাখ', 'জ্যৈষ্ঠ', 'ফাল্গুন', 'চৈত্র']) + ' ' + bn(1432)],
        ['ব্যবহৃত ইউনিট:', `${bn(units)} কি.ও.ঘ.`],
        ['মোট টাকা:', `${bn(Math.round(units * 4.16))} টাকা`],
      ],
      60,
      200,
      70,
      330,
    )}
    <rect x="60" y="700" width="880" height="70" fill="#fff3cd" stroke="#d39e00"/>
    ${t(500, 746, 'পরিশোধিত — ধন্যবাদ', { size: 30, bold: true, anchor: 'middle', fill: '#8a6d00' })}
    ${stamp(820, 620, 'পল্লী বিদ্যুৎ সমিতি', `${a.upazila} জোনাল অফিস`, '#1d5fa8')}`;
  return render(onTable(rnd, 1240, 1000, { w: 1000, h: 820, body }), { grain: 6, quality: 78, blur: 0.5 });
}

/** A phone photo of the printed licence (the renewal's and the copy request's "licence copy"). */
export async function licenceCopy(a: Applicant & { licenceNumber: number; validTo: string }): Promise<Uint8Array> {
  const rnd = random(a.seed * 211 + 3);
  const body = `
    <rect width="1000" height="1300" fill="#fffdf4"/>
    <rect x="24" y="24" width="952" height="1252" fill="none" stroke="#0b6b3a" stroke-width="10"/>
    <rect x="44" y="44" width="912" height="1212" fill="none" stroke="#c9a227" stroke-width="3" stroke-dasharray="14 6"/>
    <circle cx="500" cy="150" r="56" fill="#0b6b3a"/><circle cx="494" cy="150" r="30" fill="#d62828"/>
    ${t(500, 260, `উপজেলা সেচ কমিটি, ${a.upazila}`, { size: 34, bold: true, anchor: 'middle', fill: '#0b4a2a' })}
    ${t(500, 320, 'নলকূপ স্থাপন ও পরিচালনার লাইসেন্স', { size: 42, bold: true, anchor: 'middle', fill: '#7a1c1c' })}
    ${t(500, 390, `লাইসেন্স নং: ${bn(a.licenceNumber)}`, { size: 34, bold: true, anchor: 'middle' })}
    ${formLines(
      [
        ['লাইসেন্সধারীর নাম:', a.name],
        ['পিতা/স্বামী:', a.father],
        ['মৌজা:', a.mouza],
        ['দাগ নং:', bn(a.dag)],
        ['মেয়াদ শেষ:', bn(a.validTo.split('-').reverse().join('/'))],
      ],
      100,
      500,
      76,
      400,
    )}
    ${t(500, 960, 'শর্তসাপেক্ষে এই লাইসেন্স প্রদান করা হলো।', { size: 26, anchor: 'middle', fill: '#333' })}
    ${stamp(760, 1110, 'সভাপতি', 'উপজেলা সেচ কমিটি')}
    <path d="M 150 1130 c 30 -40 60 10 90 -12 s 50 -20 90 6" stroke="#1a2f8a" stroke-width="3" fill="none"/>
    ${t(150, 1180, 'সদস্য সচিব', { size: 24, fill: '#333' })}`;
  return render(onTable(rnd, 1200, 1500, { w: 1000, h: 1300, body }), { grain: 6, quality: 76, blur: 0.5 });
}

/** A bank's deposit slip for an office fee (renewal fee, change fee, copy fee), photographed. */
export async function depositSlip(a: Applicant & { amount: number; purpose: string }): Promise<Uint8Array> {
  const rnd = random(a.seed * 227 + 19);
  const body = `
    <rect width="1000" height="560" fill="#eef6ee"/>
    <rect width="1000" height="90" fill="#0b6b3a"/>
    ${t(40, 58, `সোনালী ব্যাংক পিএলসি, ${a.upazila} শাখা`, { size: 32, bold: true, fill: '#fff' })}
    ${t(960, 58, 'জমা রসিদ', { size: 28, anchor: 'end', fill: '#ffd54f' })}
    ${formLines(
      [
        ['জমাকারীর নাম:', a.name],
        ['হিসাবের নাম:', `উপজেলা সেচ কমিটি, ${a.upazila}`],
        ['উদ্দেশ্য:', a.purpose],
        ['টাকার পরিমাণ:', `${bn(a.amount)} টাকা`],
        ['স্লিপ নং:', bn(Math.floor(between(rnd, 10000, 99999)))],
      ],
      40,
      160,
      64,
      300,
    )}
    ${stamp(850, 430, 'সোনালী ব্যাংক', 'গৃহীত', '#0b6b3a')}`;
  return render(onTable(rnd, 1200, 760, { w: 1000, h: 560, body }), { grain: 6, quality: 78, blur: 0.5 });
}

/** A typed letter on plain paper (a complaint, a chairman's certificate, a GD copy), photographed. */
export async function typedLetter(
  a: Applicant,
  letter: { title: string; lines: string[]; signedBy: string; stampLines?: [string, string] },
): Promise<Uint8Array> {
  const rnd = random(a.seed * 241 + letter.title.length);
  const body = `
    <rect width="1000" height="1300" fill="#fbfaf5"/>
    ${t(500, 120, letter.title, { size: 40, bold: true, anchor: 'middle' })}
    <line x1="80" y1="150" x2="920" y2="150" stroke="#444" stroke-width="2"/>
    ${letter.lines.map((line, i) => t(80, 230 + i * 56, line, { size: 28, fill: '#222' })).join('')}
    <path d="M 620 1080 c 30 -40 60 10 90 -12 s 50 -20 90 6" stroke="#1a2f8a" stroke-width="3" fill="none"/>
    ${t(620, 1130, letter.signedBy, { size: 26, fill: '#333' })}
    ${letter.stampLines ? stamp(250, 1090, ...letter.stampLines) : ''}`;
  return render(onTable(rnd, 1200, 1500, { w: 1000, h: 1300, body }), { grain: 5, quality: 76, blur: 0.5 });
}
