/**
 * Why a new password would be easy to guess (docs/decisions/018-service-targets.md: "rejected if in a common-password
 * list"; NIST SP 800-63B-4 §3.1.1.2: compare with breached, dictionary and context-specific values).
 * No composition rules (decision 014): only these three reasons, each with its own Bangla message.
 *
 * Passwords are compared in lower case with spaces, dashes, dots and underscores removed, so
 * "Password Password" is "passwordpassword". Only entries of PASSWORD_MIN (15) or more characters
 * can matter, shorter ones fail the length rule first: the list holds the long entries of public
 * breach lists, keyboard walks, and local favourites.
 */
const LIST = `
passwordpassword password12345678 password123456789 password1234567890 passwordpassword1
mypasswordispassword thisismypassword thisisapassword mysecretpassword supersecretpassword
123456789012345 1234567890123456 12345678901234567890 123456789123456789 123456789987654321
1234567891011121314 147258369147258369 159753159753159 741852963741852963 369258147369258147
qwertyuiopasdfgh qwertyuiopasdfghjkl qwertyuiopasdfghjklzxcvbnm qwertyuiop123456 qwertyuiop1234567890
1qaz2wsx3edc4rfv 1qaz2wsx3edc4rfv5tgb 1q2w3e4r5t6y7u8i 1q2w3e4r5t6y7u8i9o0p zaq12wsxcde34rfv
qazwsxedcrfvtgbyhn qazwsxedcrfvtgb asdfghjklzxcvbnm zxcvbnmasdfghjkl qweasdzxcqweasdzxc
abcdefghijklmnopqrstuvwxyz abcd1234abcd1234 iloveyouiloveyou iloveyouforever iloveyou1234567
iloveyousomuch123 administrator123 administrator1234 adminadminadmin123 changemechangeme
welcome123456789 welcometothejungle letmeinletmein1 trustno1trustno1 thequickbrownfox
thequickbrownfoxjumpsoverthelazydog correcthorsebatterystaple nevergonnagiveyouup
bangladesh123456 bangladesh1234567 iloveyoubangladesh ilovebangladesh amarsonarbangla
amarsonarbangla71 joybanglajoybangabandhu bangabandhusheikhmujibur sheikhmujiburrahman
bismillahirrahmanirrahim bismillahirrahmanirrahim1 lailahaillallah lailahaillallahmuhammadurrasulullah
allahuakbarallahuakbar subhanallahalhamdulillah alhamdulillah123 mashallahmashallah
017123456789012 upazilairrigation upazilaparishad1234
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export type WeakReason = 'common' | 'repetitive' | 'containsEmail';

/** At most two different characters, or one piece of up to 8 said again and again ("abcabcab…", "passwordpassword"). */
function isRepetitive(p: string): boolean {
  const chars = [...p];
  if (new Set(chars).size <= 2) return true;
  for (let unit = 1; unit <= 8 && unit * 2 <= chars.length; unit++) {
    if (chars.every((ch, i) => ch === chars[i % unit])) return true;
  }
  return false;
}

/** A run like "abcdefghijklmnop", "123456789012345" or "987654321098765": each character one step from the last. */
function isSequence(p: string): boolean {
  const codes = [...p].map((ch) => ch.codePointAt(0)!);
  for (const step of [1, -1]) {
    const follows = codes.every((code, i) => {
      if (i === 0) return true;
      const prev = codes[i - 1]!;
      if (code - prev === step) return true;
      // Digits wrap around: ...8 9 0 1... and ...1 0 9 8...
      const digit = (n: number) => n >= 48 && n <= 57;
      return digit(prev) && digit(code) && code - prev === step * -9;
    });
    if (follows) return true;
  }
  return false;
}

/** Null when the password is fine; otherwise why it is easy to guess. */
export function weakPasswordReason(password: string, email?: string): WeakReason | null {
  const p = password.normalize('NFKC').toLowerCase();
  const compact = p.replace(/[\s._-]+/gu, '');
  if (COMMON.has(p) || COMMON.has(compact)) return 'common';
  if (isRepetitive(compact) || isSequence(compact)) return 'repetitive';
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && compact.includes(local.replace(/[\s._-]+/gu, ''))) return 'containsEmail';
  return null;
}
