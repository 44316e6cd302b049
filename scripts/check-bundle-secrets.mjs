// No secret in the client bundle (docs/decisions/018-service-targets.md): the built files must not contain the gateway
// token used by the browser scenario, nor any configured SMS_GATEWAY_TOKEN, nor server-only names.
import fs from 'node:fs';
import path from 'node:path';

const dist = 'client/dist';
const needles = ['e2e-gateway-token-7f3a', 'smsGatewayToken', 'password_hash'];
if (process.env.SMS_GATEWAY_TOKEN) needles.push(process.env.SMS_GATEWAY_TOKEN);
const hits = [];
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (/\.(js|html|css|json|webmanifest)$/.test(entry.name)) {
      const text = fs.readFileSync(p, 'utf8');
      for (const n of needles) if (text.includes(n)) hits.push(`${p}: ${n}`);
    }
  }
}
walk(dist);
if (hits.length) {
  console.error('Secrets found in the client bundle:\n' + hits.join('\n'));
  process.exit(1);
}
console.log(`Bundle secret check: none of ${needles.length} secrets found in ${dist}.`);
