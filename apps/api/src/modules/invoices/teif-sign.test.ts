import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSealP12 } from '../../test/seal.js';
import { validateTeifXsd } from '../../test/teif-xsd.js';
import { buildTeif } from './teif.js';
import { checkTeif } from './teif-check.js';
import { loadSeal, openSeal, signTeif, verifyTeif } from './teif-sign.js';
import { TWO_RATES } from './teif.fixtures.js';

const p12 = makeSealP12('s3cret');

describe('TEIF seal: enveloped XAdES-BES (issue 52)', () => {
  it('signs with Id="SigFrs", RSA-SHA256, exclusive c14n and TTN’s policy; the signature verifies', async () => {
    const seal = await openSeal(p12, 's3cret');
    const signed = await signTeif(buildTeif(TWO_RATES), seal);
    expect(signed).toMatch(/<ds:Signature [^>]*Id="SigFrs"/);
    expect(signed).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(signed).toContain('Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"');
    expect(signed).toContain('Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"');
    expect(signed).toContain('not(ancestor-or-self::RefTtnVal)');
    expect(signed).toMatch(/<xades:Identifier Qualifier="OIDAsURN">urn:2\.16\.788\.1\.2\.1\.3<\/xades:Identifier>/);
    expect(signed).toContain('SignedProperties');
    expect(signed).toContain('X509Certificate');
    expect(await verifyTeif(signed)).toBe(true);
    // The document under the signature is still TTN's and still adds up.
    const unsigned = signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(await validateTeifXsd(unsigned)).toEqual([]);
    expect(checkTeif(signed)).toEqual([]);
  });

  it('a changed amount fails verification; a RefTtnVal added by TTN does not', async () => {
    const seal = await openSeal(p12, 's3cret');
    const signed = await signTeif(buildTeif(TWO_RATES), seal);
    expect(await verifyTeif(signed.replace('>399.820<', '>299.820<'))).toBe(false);
    expect(await verifyTeif(signed.replace('>51.300<', '>1.300<'))).toBe(false);
    const withTtn = signed.replace(
      '<ds:Signature',
      '<RefTtnVal><ReferenceTTN refID="I-88">0736202XAM00012345</ReferenceTTN><ReferenceCEV>QR</ReferenceCEV>' +
        '<ReferenceDate><DateText format="ddMMyy" functionCode="I-37">150526</DateText></ReferenceDate></RefTtnVal><ds:Signature',
    );
    expect(await verifyTeif(withTtn)).toBe(true);
  });

  it('refuses a seal it cannot open, saying why', async () => {
    await expect(openSeal(p12, 'wrong')).rejects.toThrow(/cannot open the PKCS#12 seal/);
    await expect(openSeal(Buffer.from('not a p12'), 's3cret')).rejects.toThrow(/cannot open/);
    const dir = mkdtempSync(join(tmpdir(), 'seal-'));
    await expect(loadSeal(join(dir, 'missing.p12'), 'x')).rejects.toThrow(/TEIF_SEAL_P12: cannot read/);
    writeFileSync(join(dir, 'seal.p12'), p12);
    await expect(loadSeal(join(dir, 'seal.p12'), 's3cret')).resolves.toMatchObject({ subject: expect.stringContaining('CN=') });
  });
});
