import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { webcrypto } from 'node:crypto';
import * as xmldom from '@xmldom/xmldom';
import forge from 'node-forge';
import * as xadesjs from 'xadesjs';

/** xpath (xadesjs's XPath engine in node), loaded untyped: its typings pull the DOM library into the whole API. */
const xpath: unknown = createRequire(import.meta.url)('xpath');

/**
 * The centre's seal on its TEIF documents (issue 52, decision 0436): enveloped XAdES-BES,
 * `Id="SigFrs"`, RSA-SHA256, exclusive canonicalisation, signature policy
 * `urn:2.16.788.1.2.1.3`, the signed content leaving out `ds:Signature` (enveloped transform)
 * and `RefTtnVal` (an XPath transform). xadesjs (PeculiarVentures: XAdES-BES with signature
 * policies, on node's WebCrypto and @xmldom/xmldom) signs and verifies; node-forge opens the
 * PKCS#12 file (WebCrypto cannot).
 */

let dependenciesSet = false;
function useNode(): void {
  if (dependenciesSet) return;
  xadesjs.setNodeDependencies({
    XMLSerializer: xmldom.XMLSerializer,
    DOMParser: xmldom.DOMParser,
    DOMImplementation: xmldom.DOMImplementation,
    xpath,
  });
  xadesjs.Application.setEngine('NodeJS', webcrypto as unknown as Parameters<typeof xadesjs.Application.setEngine>[1]);
  dependenciesSet = true;
}

export const TEIF_SIGNATURE_POLICY = 'urn:2.16.788.1.2.1.3';

/** The seal: its private key (WebCrypto) and certificate (base64 DER). */
export interface TeifSeal {
  key: webcrypto.CryptoKey;
  certificate: string;
  subject: string;
}

const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

const bagsOf = (store: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag[] => store.getBags({ bagType: type })[type] ?? [];

/**
 * Opens a PKCS#12 file with its password: the first key and the certificate that goes with it.
 * Throws an Error saying why (unreadable file, wrong password, no key or certificate, not RSA).
 */
export async function openSeal(p12: Buffer, password: string): Promise<TeifSeal> {
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
    store = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    throw new Error(`cannot open the PKCS#12 seal (wrong password or not a PKCS#12 file): ${(err as Error).message}`);
  }
  const keyBags = [
    ...bagsOf(store, forge.pki.oids.pkcs8ShroudedKeyBag!),
    ...bagsOf(store, forge.pki.oids.keyBag!),
  ];
  const certBags = bagsOf(store, forge.pki.oids.certBag!);
  const privateKey = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey) throw new Error('the PKCS#12 seal holds no private key');
  const cert =
    certBags.find((b: forge.pkcs12.Bag) => {
      const pub = b.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return pub?.n && privateKey.n && pub.n.equals(privateKey.n);
    })?.cert ?? certBags[0]?.cert;
  if (!cert) throw new Error('the PKCS#12 seal holds no certificate');
  if (!privateKey.n) throw new Error('the seal’s key is not an RSA key');
  const pkcs8 = forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(privateKey))).getBytes();
  const key = await webcrypto.subtle.importKey('pkcs8', Buffer.from(pkcs8, 'binary'), RSA_SHA256, false, ['sign']);
  const certificate = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary').toString('base64');
  const subject = cert.subject.attributes.map((a: forge.pki.CertificateField) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ');
  return { key, certificate, subject };
}

/** The seal of the settings' file: throws (at start) when it cannot be read or opened. */
export async function loadSeal(path: string, password: string): Promise<TeifSeal> {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (err) {
    throw new Error(`TEIF_SEAL_P12: cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    return await openSeal(file, password);
  } catch (err) {
    throw new Error(`TEIF_SEAL_P12 (${path}): ${(err as Error).message}`);
  }
}

const opened = new Map<string, Promise<TeifSeal>>();

/**
 * The seal of the settings (TEIF_SEAL_P12/TEIF_SEAL_PASSWORD), opened once per process; a
 * failure is not kept (the next call tries again).
 */
export function openConfiguredSeal(settings: { path: string; password: string }): Promise<TeifSeal> {
  const key = `${settings.path}\0${settings.password}`;
  let seal = opened.get(key);
  if (!seal) {
    seal = loadSeal(settings.path, settings.password);
    seal.catch(() => opened.delete(key));
    opened.set(key, seal);
  }
  return seal;
}

/** The signed content: the document without its TTN validation block (the signature goes by the enveloped transform). */
const NOT_REF_TTN_VAL = 'not(ancestor-or-self::RefTtnVal)';

/** A TEIF document signed with the seal (enveloped XAdES-BES, `Id="SigFrs"`), as text. */
export async function signTeif(xml: string, seal: TeifSeal, signingTime = new Date()): Promise<string> {
  useNode();
  const doc = xadesjs.Parse(xml);
  const signed = new xadesjs.SignedXml();
  await signed.Sign(RSA_SHA256, seal.key, doc, {
    id: 'SigFrs',
    x509: [seal.certificate],
    references: [
      {
        id: 'r-id-frs',
        uri: '',
        hash: 'SHA-256',
        transforms: ['enveloped', { name: 'xpath', selector: NOT_REF_TTN_VAL }, 'exc-c14n'],
      },
    ],
    signingCertificate: { certificate: seal.certificate, digestAlgorithm: 'SHA-256' },
    signingTime: { value: signingTime },
    policy: {
      identifier: { qualifier: 'OIDAsURN', value: TEIF_SIGNATURE_POLICY },
      hash: 'SHA-256',
      // TTN publishes no policy document to digest: the digest of the identifier stands in (decision 0436).
      digestValue: Buffer.from(
        await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(TEIF_SIGNATURE_POLICY)),
      ).toString('base64'),
    },
  });
  doc.documentElement.appendChild(signed.GetXml()!);
  return new xmldom.XMLSerializer().serializeToString(doc);
}

/** Whether a signed TEIF document's `SigFrs` signature verifies (with the certificate it carries). */
export async function verifyTeif(xml: string): Promise<boolean> {
  useNode();
  const doc = xadesjs.Parse(xml);
  const signatures = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature');
  const signature = Array.from({ length: signatures.length }, (_, i) => signatures.item(i)).find(
    (s) => s?.getAttribute('Id') === 'SigFrs',
  );
  if (!signature) return false;
  const signed = new xadesjs.SignedXml(doc);
  signed.LoadXml(signature);
  try {
    return await signed.Verify();
  } catch {
    return false;
  }
}
