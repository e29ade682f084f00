import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256, sha256Hex, toHex, utf8 } from './sha256';

const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));

describe('sha256', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // 56 bytes: the padding spills into a second block.
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('pads every length from 0 to 130 bytes into whole blocks without throwing, and differs per length', () => {
    const seen = new Set<string>();
    for (let n = 0; n <= 130; n++) seen.add(toHex(sha256(new Uint8Array(n))));
    expect(seen.size).toBe(131);
  });
});

describe('hmacSha256', () => {
  it('gives the RFC 4231 test case 1, 2 and 6 results', () => {
    expect(toHex(hmacSha256(new Uint8Array(20).fill(0x0b), utf8('Hi There')))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    // A 131-byte key is hashed to 32 bytes first.
    expect(
      toHex(hmacSha256(new Uint8Array(131).fill(0xaa), utf8('Test Using Larger Than Block-Size Key - Hash Key First'))),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
    expect(hex('0b0c')).toEqual(Uint8Array.from([11, 12]));
  });
});

// The platform's encoder, reached without DOM or Node typings (the package compiles with neither).
const platformEncoder = new (
  globalThis as unknown as { TextEncoder: new () => { encode(text: string): Uint8Array } }
).TextEncoder();

describe('utf8', () => {
  it('encodes like the standard for any string', () => {
    fc.assert(
      // Graphemes: well-formed text from every plane (lone surrogates are not text and never reach this code).
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(Array.from(utf8(text))).toEqual(Array.from(platformEncoder.encode(text)));
      }),
    );
  });
});
