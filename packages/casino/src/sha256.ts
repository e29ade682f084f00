/**
 * SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) in plain TypeScript, synchronous.
 *
 * Why not Web Crypto: `crypto.subtle.digest` is asynchronous, and dealing a round hashes a few times per card; a
 * promise per hash would make every rule and the 10-million-round house-edge bench asynchronous for no gain. This
 * code uses nothing but integers and typed arrays, so the server and the site's verification page (any browser) run
 * the very same function and get the same bytes. The tests check it against the FIPS and RFC 4231 vectors.
 */

// Int32Array and `| 0` throughout: V8 keeps 32-bit signed values as small integers, whereas a Uint32Array element or
// a `>>> 0` result at or above 2^31 becomes a heap number, which made every round several times slower (measured in
// bench/casino-rtp.bench.ts). The bits are the same; only the final bytes are read out unsigned.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

// Scratch space for one digest at a time: the code is synchronous and never re-entered, so one copy serves all calls
// (a worker thread has its own module instance).
const W = new Int32Array(64);
const H = new Int32Array(8);

/** One 64-byte block of `bytes` from `offset` into the state `h` (FIPS 180-4, 6.2.2). */
function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = W;
  for (let t = 0; t < 16; t++) {
    const i = offset + t * 4;
    w[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = w[t - 15]!;
    const w2 = w[t - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let t = 0; t < 64; t++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[t]! + w[t]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/** SHA-256 of bytes, 32 bytes. */
export function sha256(message: Uint8Array): Uint8Array {
  // Padding: 0x80, zeros, then the bit length as 64-bit big-endian, to a multiple of 64 bytes.
  const bitLength = message.length * 8;
  const blocks = Math.ceil((message.length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const end = padded.length;
  // Messages here are far below 2^32 bytes; the high word carries what a 32-bit shift would lose.
  writeWord(padded, end - 8, Math.floor(bitLength / 0x1_0000_0000));
  writeWord(padded, end - 4, bitLength);

  const h = H;
  h.set(INITIAL);
  for (let offset = 0; offset < end; offset += 64) compress(h, padded, offset);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) writeWord(out, i * 4, h[i]!);
  return out;
}

/** Big-endian 32 bits of `value` (signed or unsigned, the same bits) at `offset`; a Uint8Array keeps the low byte. */
function writeWord(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = value >>> 24;
  bytes[offset + 1] = value >>> 16;
  bytes[offset + 2] = value >>> 8;
  bytes[offset + 3] = value;
}

/** HMAC-SHA256 (RFC 2104): keys longer than the 64-byte block are hashed first, shorter ones zero-padded. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36;
    outer[i] = block[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

/**
 * UTF-8 bytes of a string. Written out rather than TextEncoder so the package needs no DOM or Node typings; the
 * inputs are hex seeds and ASCII table codes, but any string encodes as the standard says.
 */
export function utf8(text: string): Uint8Array {
  // ASCII (every seed and round message) is one byte a character: no intermediate array, once per HMAC block.
  const ascii = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return utf8Any(text);
    ascii[i] = code;
  }
  return ascii;
}

function utf8Any(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(bytes);
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex: what `printf %s TEXT | sha256sum` prints. */
export function sha256Hex(text: string): string {
  return toHex(sha256(utf8(text)));
}
