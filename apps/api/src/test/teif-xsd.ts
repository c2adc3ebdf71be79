import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

/**
 * TTN's XSD 1.1 schema reduced to XSD 1.0 for libxml (decision 0435): the `xs:assert`s
 * (identifier forms, checked by `checkTeif` instead) and the `xs:alternative`s (the seller's
 * `PartnerDetails` type: the stricter `PartDetailTestType` is used for every partner) removed,
 * the xmldsig import (fetched from the web, used by no unsigned element) dropped.
 */
export function teifXsd10(): string {
  const xsd = readFileSync(new URL('../modules/invoices/schema/elfatoora-1.8.9.xsd', import.meta.url), 'utf8');
  return xsd
    .replace(/<xs:import [^>]*xmldsig[^>]*\/>/, '')
    .replace(/\s*vc:minVersion="1\.1"/, '')
    .replace(/<xs:assert [^>]*\/>/g, '')
    .replace(/<xs:element name="PartnerDetails" maxOccurs="unbounded">\s*<xs:alternative[^>]*\/>\s*<xs:alternative[^>]*\/>\s*<\/xs:element>/, '<xs:element name="PartnerDetails" type="PartDetailTestType" maxOccurs="unbounded"/>');
}

/** Validates an unsigned TEIF document against the 1.0 reduction; answers libxml's errors. */
export async function validateTeifXsd(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'teif.xml', contents: xml },
    schema: { fileName: 'teif.xsd', contents: teifXsd10() },
  });
  return result.errors.map((e) => e.message);
}
