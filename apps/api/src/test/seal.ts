import forge from 'node-forge';

/**
 * A self-signed RSA seal made in the test (issue 52): its PKCS#12 file (DER) with `password`.
 * ASCII names (node-forge writes strings as bytes). 2048 bits keeps node-forge's key generation under a second or two.
 */
export function makeSealP12(password: string, commonName = 'Centre de Formation Demo seal'): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'countryName', value: 'TN' },
    { name: 'organizationName', value: 'Centre de Formation Demo' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
