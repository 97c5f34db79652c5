// The packed replay's text read back as bytes (game/flows/web_text.py writes it): 76
// characters a link's fragment keeps as they are, seven bytes in nine characters, the
// text ending in "z".

import { Damaged } from "./damaged.js";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~!$*+,;=:@/";
const BASE = BigInt(ALPHABET.length);
const VALUE = new Map([...ALPHABET].map((c, k) => [c, BigInt(k)]));
const BYTES = new Map([[2, 1], [3, 2], [4, 3], [6, 4], [7, 5], [8, 6], [9, 7]]);
const END = "z";

export function fromText(text) {
  if (!text.endsWith(END)) throw new Damaged("it does not end as a replay's text ends");
  const body = text.slice(0, -1);
  const out = new Uint8Array(Math.ceil(body.length / 9) * 7);
  let size = 0;
  for (let at = 0; at < body.length; at += 9) {
    const group = body.slice(at, at + 9);
    const n = BYTES.get(group.length);
    if (n === undefined) throw new Damaged("it has characters a replay's text has not");
    let value = 0n;
    for (const c of group) {
      const digit = VALUE.get(c);
      if (digit === undefined) throw new Damaged("it has characters a replay's text has not");
      value = value * BASE + digit;
    }
    if (value >= 1n << BigInt(8 * n)) throw new Damaged("a group of its characters is too large");
    for (let k = n - 1; k >= 0; k--) {
      out[size + k] = Number(value & 255n);
      value >>= 8n;
    }
    size += n;
  }
  return out.subarray(0, size);
}
