import { describe, expect, it } from 'vitest';
import { validateTeifXsd } from '../../test/teif-xsd.js';
import { buildTeif, teifAmount, teifDate } from './teif.js';
import { checkTeif } from './teif-check.js';
import { TWO_RATES } from './teif.fixtures.js';

describe('TEIF 1.8.9 builder (issue 52)', () => {
  it('writes amounts with three decimals and dates as Tunis ddMMyy', () => {
    expect(teifAmount(1)).toBe('1.000');
    expect(teifAmount(72.45)).toBe('72.450');
    expect(teifAmount(0.1 + 0.2)).toBe('0.300');
    expect(teifAmount(-5.07)).toBe('-5.070');
    expect(teifDate(new Date('2026-05-14T23:30:00Z'))).toBe('150526');
  });

  it('an invoice with two rates, a coupon and the stamp duty: valid against the schema (XSD 1.0 reduction) and its asserts', async () => {
    const xml = buildTeif(TWO_RATES);
    expect(xml).toMatch(/<TEIF controlingAgency="TTN" version="1.8.9">/);
    expect(xml).toContain('<DocumentType code="I-11">');
    expect(xml).toContain('<PartnerDetails functionCode="I-62">');
    expect(xml).toContain('<PartnerDetails functionCode="I-64">');
    expect(xml.match(/<Lin>/g)).toHaveLength(2);
    expect(xml).toContain('<TaxTypeName code="I-1601">');
    expect(xml.match(/<TaxTypeName code="I-1602">/g)).toHaveLength(4); // two lines, two rates
    expect(xml).toContain('<Amount currencyIdentifier="TND">399.820</Amount>');
    expect(await validateTeifXsd(xml)).toEqual([]);
    expect(checkTeif(xml)).toEqual([]);
  });

  it('a credit note to a person (CIN) refers to its invoice and validates', async () => {
    const xml = buildTeif({
      ...TWO_RATES,
      kind: 'credit-note',
      number: 'AV-2026-00003',
      issuedAt: new Date('2026-06-01T10:00:00Z'),
      cancels: { number: '2026-00042', issuedAt: TWO_RATES.issuedAt, ttnReference: 'TTN-0042-XYZ' },
      buyer: { name: 'Amira Ben Salah', taxId: '01234567', idType: 'I-02', address: 'Ariana', country: 'TN' },
      shipping: 100,
      total: 499.82,
    });
    expect(xml).toContain('<DocumentType code="I-12">');
    expect(xml).toMatch(/<Reference refID="I-85">2026-00042<\/Reference>/);
    expect(xml).toContain('<PartnerIdentifier type="I-02">01234567</PartnerIdentifier>');
    expect(await validateTeifXsd(xml)).toEqual([]);
    expect(checkTeif(xml)).toEqual([]);
  });

  it('the checks catch a planted wrong total, a wrong tax and a bad matricule; libxml a malformed amount', async () => {
    const xml = buildTeif(TWO_RATES);
    expect(checkTeif(xml.replace('399.820', '398.820'))).toEqual([expect.stringMatching(/^total /)]);
    expect(checkTeif(xml.replace('>51.300<', '>51.310<')).join()).toMatch(/tax at 19 %/);
    expect(checkTeif(xml.replaceAll('7654321BAM000', '7654321IAM000')).join()).toMatch(/not a valid I-01/);
    expect((await validateTeifXsd(xml.replace('399.820', '399,82 TND'))).length).toBeGreaterThan(0);
    expect((await validateTeifXsd(xml.replace('<Dtm>', '<Dtm><Bogus/>'))).length).toBeGreaterThan(0);
  });
});
