import { startPortal, preparedOffice } from '../lib/portal.js';
let t = Date.now();
const lap = (w: string) => { const n = Date.now(); console.log(w, n - t); t = n; };
preparedOffice(); lap('prepared');
for (let i = 0; i < 3; i++) { const p = await startPortal({ smsUrl: 'http://127.0.0.1:9', smsToken: 'x' }); lap('start'); await p.stop(); lap('stop'); }
process.exit(0);
