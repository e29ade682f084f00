import { get } from '../api/client';

let keyPromise: Promise<CryptoKey> | null = null;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The server's public key, fetched once per page life (a failed fetch is retried on the next call). */
function publicKey(): Promise<CryptoKey> {
  keyPromise ??= get('publicKey')
    .then(({ key }) =>
      crypto.subtle.importKey('spki', base64ToBytes(key), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']),
    )
    .catch((error: unknown) => {
      keyPromise = null;
      throw error;
    });
  return keyPromise;
}

/** RSA-OAEP with SHA-256, base64 output: how every password leaves the browser (spec section 7). */
export async function encryptPassword(plain: string): Promise<string> {
  const key = await publicKey();
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return bytesToBase64(new Uint8Array(cipher));
}
