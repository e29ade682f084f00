/** A real RSA-OAEP key pair, so tests can decrypt what the page sent and compare with what was typed. */
export async function createKeyPair(): Promise<{ publicKey: string; decrypt: (cipher: string) => Promise<string> }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return {
    publicKey: btoa(String.fromCharCode(...spki)),
    decrypt: async (cipher) => {
      const bytes = Uint8Array.from(atob(cipher), (char) => char.charCodeAt(0));
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes));
    },
  };
}
