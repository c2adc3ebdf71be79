/** Plain HTTP calls the benchmark makes before measuring. */
import { BENCH_PASSWORD, type Buyer } from './database.js';

/** Signs every buyer in through the API (8 at a time) and answers their bearer tokens. */
export async function signIn(baseUrl: string, buyers: Buyer[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < buyers.length; i += 8) {
    const batch = buyers.slice(i, i + 8).map(async ({ email }) => {
      const res = await fetch(`${baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      if (!res.ok)
        throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** The ETag a catalogue GET answers (the benchmark's 304 path replays it), if any. */
export async function fetchEtag(url: string): Promise<string | undefined> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.headers.get('etag') ?? undefined;
}
