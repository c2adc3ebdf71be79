import { describe, expect, it } from 'vitest';
import { LANGUAGES, SESSION_TEXT_MAX } from '@shop/shared';
import { fitsOneSms, smsSize, toGsm7 } from './sms-segments.js';
import { renderSms, renderText, shortLink, tunisDigits, whatsappParams, type TextEvent } from './text-message-texts.js';

// The longest texts the shop allows: course names (200), session places (SESSION_TEXT_MAX), amounts, reasons.
const LONGEST_NAMES = [
  'Pâtisserie française et viennoiserie : '.repeat(6).slice(0, 200),
  'دورة تدريبية متقدمة في إدارة المشاريع والقيادة '.repeat(5).slice(0, 200),
  'Advanced project management and leadership workshop '.repeat(4).slice(0, 200),
];
const LONGEST_PLACE = 'Centre de formation, 12 avenue Habib Bourguiba, 1000 Tunis, salle 3 '.repeat(3).slice(0, SESSION_TEXT_MAX);
const ARABIC_PLACE = 'مركز التكوين، شارع الحبيب بورقيبة، تونس '.repeat(6).slice(0, SESSION_TEXT_MAX);
const REASON = 'Le montant du virement ne correspond pas au total de la commande, merci de vérifier '.repeat(6).slice(0, 500);
const ORDER_ID = '3d979405-0e60-4205-ae7f-183843331ab5';
const startsAt = new Date('2026-12-03T08:00:00Z');

function everyEvent(course: string, place: string): TextEvent[] {
  const order = { kind: 'order' as const, id: ORDER_ID };
  return [
    { template: 'session_reminder', course, startsAt, place, link: order },
    { template: 'waitlist_offer', course, seats: 100, until: startsAt, link: { kind: 'course', id: ORDER_ID } },
    { template: 'payment_received', course, amount: 99_999_999.99, link: order },
    { template: 'proof_rejected', reason: REASON, link: order },
    { template: 'session_changed', change: 'moved', course, startsAt, place, link: order },
    { template: 'session_changed', change: 'cancelled', course, startsAt, place, link: order },
  ];
}

describe('texts that fit one SMS (issue 53)', () => {
  it('counts GSM-7 (160, extension characters twice) and Unicode (70) as operators do', () => {
    expect(smsSize('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', length: 160, limit: 160 });
    expect(smsSize('€')).toMatchObject({ encoding: 'GSM-7', length: 2 });
    expect(smsSize('تذكير')).toMatchObject({ encoding: 'UCS-2', length: 5, limit: 70 });
    expect(fitsOneSms(`${'a'.repeat(159)}ê`)).toBe(false);
    expect(toGsm7('Pâtisserie « fine » – leçon')).toBe('Patisserie " fine " - lecon');
  });

  for (const appUrl of ['http://shop.test', 'https://www.centre-formation-tunis.tn'])
    for (const language of LANGUAGES)
      for (const course of LONGEST_NAMES)
        for (const place of [LONGEST_PLACE, ARABIC_PLACE])
          it(`fits every ${language} text in one SMS, with the date and link whole (${appUrl}, ${course.slice(0, 12)}…, ${place.slice(0, 6)}…)`, () => {
            for (const event of everyEvent(course, place)) {
              const sms = renderSms(event, language, appUrl);
              const { length, limit } = smsSize(sms);
              expect(length, sms).toBeLessThanOrEqual(limit);
              const links = [`${appUrl}/${event.link.kind}/${ORDER_ID}`, shortLink(appUrl, event.link)];
              expect(links.some((l) => sms.endsWith(l)), sms).toBe(true);
              if ('startsAt' in event) expect(sms).toContain(tunisDigits(event.startsAt, false));
              if (event.template === 'waitlist_offer') expect(sms).toContain(tunisDigits(event.until, false));
              if (event.template === 'payment_received') expect(sms).toContain('99999999.99 TND');
            }
          });

  it('uses the full link when it fits and shortens the names, not the date', () => {
    const sms = renderSms(
      { template: 'session_reminder', course: LONGEST_NAMES[0] ?? '', startsAt, place: 'Tunis', link: { kind: 'order', id: ORDER_ID } },
      'fr',
      'http://shop.test',
    );
    expect(sms).toMatch(/^Rappel : Patisserie francaise .*\.\.\. le 03\/12 09:00 Tunis http:\/\/shop\.test\/order\/3d979405-0e60-4205-ae7f-183843331ab5$/);
    expect(sms.length).toBeLessThanOrEqual(160);
  });

  it('writes an Arabic SMS in Arabic with the short link, which names the same order', () => {
    const sms = renderSms(
      { template: 'payment_received', course: 'الطبخ', amount: 350, link: { kind: 'order', id: ORDER_ID } },
      'ar',
      'http://shop.test',
    );
    expect(sms).toContain('تم استلام 350.00 TND');
    const code = sms.split('/o/')[1] ?? '';
    expect(Buffer.from(code, 'base64url').toString('hex')).toBe(ORDER_ID.replace(/-/g, ''));
    expect(sms.length).toBeLessThanOrEqual(70);
  });

  it('gives WhatsApp the parameters in the documented order, whole, on one line each', () => {
    const event: TextEvent = { template: 'session_reminder', course: 'Cuisine\ntunisienne', startsAt, place: 'Sfax', link: { kind: 'order', id: ORDER_ID } };
    expect(whatsappParams(event, 'fr', 'Amira', 'http://shop.test')).toEqual([
      'Amira',
      'Cuisine tunisienne',
      '03/12/2026 09:00',
      'Sfax',
      `http://shop.test/order/${ORDER_ID}`,
    ]);
    expect(renderText(event, 'en', 'Amira', 'http://shop.test').whatsapp).toBe(
      `Hello Amira, a reminder: your session of Cuisine tunisienne starts on 03/12/2026 09:00 (Tunis time) at Sfax. Details: http://shop.test/order/${ORDER_ID}`,
    );
  });
});
