import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type PasswordCipher = {
  /** Base64 SPKI DER, what GET member/publicKey serves. */
  publicKeyBase64: string;
  /** Returns the plaintext, or null for anything that is not our ciphertext (callers answer uniformly). */
  decrypt(ciphertextBase64: string): string | null;
};

/**
 * The key pair browsers encrypt passwords with (RSA-OAEP, SHA-256). Given by configuration, or generated on first
 * start into the data folder so restarts keep it. Several processes must share one key: configure it for them.
 */
export function loadPasswordCipher(options: { pem?: string; dataDir: string }): PasswordCipher {
  let privateKey: KeyObject;
  if (options.pem) {
    privateKey = createPrivateKey(options.pem);
  } else {
    const file = path.join(options.dataDir, 'keys', 'rsa-private.pem');
    if (existsSync(file)) {
      privateKey = createPrivateKey(readFileSync(file, 'utf8'));
    } else {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
      privateKey = pair.privateKey;
    }
  }
  const publicKeyBase64 = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');

  return {
    publicKeyBase64,
    decrypt(ciphertextBase64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertextBase64)) return null;
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertextBase64, 'base64'),
        ).toString('utf8');
        return plain.length > 0 && plain.length <= 128 ? plain : null;
      } catch {
        return null;
      }
    },
  };
}
