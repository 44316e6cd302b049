/**
 * Passwords refused at registration, reset and change (guide/QUALITY.md: "rejected if in a
 * common-password list"). Only entries of 8 or more characters matter, shorter ones fail the length
 * rule first. Drawn from the most frequent entries of public breach lists, plus local favourites.
 * Compared in lower case.
 */
const LIST = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword passpass
12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 87654321 123123123
11111111 111111111 1111111111 00000000 000000000 0000000000 22222222 55555555 66666666 88888888
99999999 12121212 11223344 112233445566 12341234 123412341234 123321123 147258369 159753456
qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsxedc
asdfghjk asdfghjkl zxcvbnm1 zxcvbnmm abcd1234 abcdefgh abc12345 abc123456 a1b2c3d4 aa123456
iloveyou iloveyou1 sunshine princess football baseball superman batman123 starwars dragon12
welcome1 welcome123 letmein1 letmein123 trustno1 whatever computer internet monkey123 michael1
jennifer jordan23 charlie1 shadow12 master12 mustang1 access14 freedom1 secret123 changeme
changeme1 administrator admin123 admin1234 adminadmin root1234 test1234 testtest guest123
default1 login123 user1234 google123 facebook samsung1 nokia1234 computer1 chocolate
bangladesh bangladesh1 bangladesh71 bangla123 dhaka123 dhaka1234 joybangla sonarbangla
allahuakbar bismillah bismillah1 alhamdulillah mdrahman rahman123 hasan123 hossain1
01711111111 01712345678 01812345678 01912345678 01711223344
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

/** True when the password is too easy to guess: on the list, one repeated character, or the e-mail's name. */
export function isWeakPassword(password: string, email?: string): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  if (new Set(p).size <= 2) return true;
  const local = email?.split('@')[0]?.toLowerCase();
  return Boolean(local && local.length >= 4 && p.includes(local));
}
